-- Email as a way into and out of a chat (issue 38).

-- How a message came in: 'email' for a visitor's reply to a chat email.
-- The check is not validated against old rows (all 'web' by the default),
-- so adding it does not scan the table.
alter table chat_messages add column channel text not null default 'web';
alter table chat_messages add constraint chat_messages_channel_check
    check (channel in ('web', 'email')) not valid;
-- When an agent's message went to the visitor by email, unseen.
alter table chat_messages add column emailed_at timestamptz;

-- A hard bounce of the chat's emails: its address is written to no more,
-- and the console says why.
alter table chat_sessions add column email_bounced_at timestamptz;
alter table chat_sessions add column email_bounce text;

-- Email replies to a chat's address from someone other than the chat's
-- visitor: held for an agent to post into the chat or discard, never
-- posted as the visitor unseen.
create table chat_held_replies (
    id uuid primary key,
    session_id uuid not null references chat_sessions (id) on delete cascade,
    -- The email's Message-ID: the same email held once.
    message_id text not null,
    sender_email text not null,
    body text not null,
    received_at timestamptz not null default now(),
    decided_at timestamptz,
    decided_by uuid references users (id) on delete set null,
    posted boolean,
    unique (session_id, message_id)
);
create index chat_held_replies_undecided on chat_held_replies (session_id)
    where decided_at is null;
