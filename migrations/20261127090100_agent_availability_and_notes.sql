-- Agents at scale: each agent's availability, the assignment queue and the
-- agent-only side of a conversation.

-- `agent_status` is what the agent chose in the console (online: takes new
-- chats; busy: keeps their own, takes none; away). `agent_seen_at` is when
-- the agent last had a console open.
alter table users
    add column agent_status text not null default 'online'
        constraint users_agent_status_check check (agent_status in ('online', 'busy', 'away')),
    add column agent_status_at timestamptz not null default now(),
    add column agent_seen_at timestamptz not null default '-infinity';

-- The agent consoles open right now, per gateway instance: a row while the
-- agent has a console socket on that gateway, deleted when the last one
-- closes, refreshed by the gateway's heartbeat so that the rows of a
-- gateway that died stop counting once stale.
create table agent_consoles (
    gateway_id uuid not null,
    agent_id uuid not null references users (id) on delete cascade,
    seen_at timestamptz not null,
    primary key (gateway_id, agent_id)
);

create index agent_consoles_agent_id_idx on agent_consoles (agent_id, seen_at);

-- The queue: open chats nobody is assigned to, oldest first.
create index chat_sessions_queue_idx on chat_sessions (created_at, id)
    where status = 'open' and assigned_agent_id is null;
-- An agent's load: their open chats.
create index chat_sessions_assigned_open_idx on chat_sessions (assigned_agent_id)
    where status = 'open';

-- What only agents see in a conversation: private notes written by an agent
-- and the assignment trail (assigned, transferred, returned to the queue).
-- A table of its own, so that no visitor path (messages API, chat socket,
-- transcript) can read it by mistake.
create table chat_notes (
    id uuid primary key,
    session_id uuid not null references chat_sessions (id) on delete cascade,
    kind text not null check (kind in ('note', 'event')),
    -- The agent who wrote the note; null for the system's events.
    author_id uuid references users (id) on delete set null,
    body text not null,
    created_at timestamptz not null default now()
);

create index chat_notes_session_id_idx on chat_notes (session_id, id);
