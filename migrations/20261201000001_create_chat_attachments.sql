-- Files sent in chats (images and PDFs). The gateway writes a row when one
-- is uploaded (the one writer of this table); the chat worker links it to
-- its message through chat_messages.attachment_id. The bytes live in
-- Postgres, like admin uploads: durable with the chat, served by every
-- gateway, gone with the chat (cascade).
create table chat_attachments (
    id uuid primary key,
    session_id uuid not null references chat_sessions (id) on delete cascade,
    -- Who uploaded it: 'user' (the chat's visitor) or 'agent'.
    uploader_type text not null check (uploader_type in ('user', 'agent')),
    uploader_agent_id uuid references users (id) on delete set null,
    kind text not null check (kind in ('image', 'pdf')),
    -- Decided from the bytes (after re-encoding, for images).
    content_type text not null,
    -- The client's file name, cleaned (no path, no control characters).
    filename text not null,
    byte_size integer not null check (byte_size > 0),
    width integer,
    height integer,
    data bytea not null,
    -- A small image for the chat log (images only).
    thumbnail bytea,
    thumbnail_type text,
    created_at timestamptz not null default now(),
    -- Lets chat_messages name (attachment, chat) together, so a message
    -- can never carry another chat's attachment.
    unique (id, session_id)
);

create index chat_attachments_session_id_idx on chat_attachments (session_id);

alter table chat_messages add column attachment_id uuid;
alter table chat_messages add constraint chat_messages_attachment_fk
    foreign key (attachment_id, session_id) references chat_attachments (id, session_id);
-- One message per attachment.
create unique index chat_messages_attachment_id_idx on chat_messages (attachment_id)
    where attachment_id is not null;
