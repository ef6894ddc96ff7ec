-- The files of a visitor's email reply, kept from the inbound mailbox until
-- the chat's owner has put them through the attachment pipeline (sniffed,
-- re-encoded, size limit) into the chat; deleted then, or with the chat.
create table chat_email_files (
    session_id uuid not null references chat_sessions (id) on delete cascade,
    -- The email's Message-ID (see chat_held_replies).
    message_id text not null,
    position int not null,
    filename text not null,
    content_type text not null,
    data bytea not null,
    created_at timestamptz not null default now(),
    primary key (session_id, message_id, position)
);
