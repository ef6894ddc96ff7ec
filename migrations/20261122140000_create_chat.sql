-- Live chat. Sessions are created by the gateway; messages are written only
-- by the chat worker, idempotently by their UUIDv7 id (which orders them).
create table chat_sessions (
    id uuid primary key,
    visitor_name text not null,
    visitor_email text not null,
    -- Random token kept in the starting browser's cookie session: the owner.
    owner_token uuid not null,
    -- The signed-in user who started it, if any (also owns it).
    user_id uuid references users (id) on delete set null,
    status text not null default 'open' check (status in ('open', 'resolved')),
    assigned_agent_id uuid references users (id) on delete set null,
    page_url text,
    user_agent text,
    -- Visitor messages after this instant are unread by agents.
    agents_read_at timestamptz not null default '-infinity',
    created_at timestamptz not null default now(),
    last_message_at timestamptz not null default now()
);

create index chat_sessions_last_message_at_idx on chat_sessions (last_message_at desc);

create table chat_messages (
    id uuid primary key,
    session_id uuid not null references chat_sessions (id) on delete cascade,
    sender_type text not null check (sender_type in ('user', 'agent', 'system')),
    agent_id uuid references users (id) on delete set null,
    message text not null,
    created_at timestamptz not null
);

create index chat_messages_session_id_idx on chat_messages (session_id, id);
