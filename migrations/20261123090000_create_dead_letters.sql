-- Messages a worker gave up on: data that can never be stored, or a
-- transient failure that outlasted its retries. Kept with their raw bytes so
-- an operator can see, count and replay them (`workers replay-dead-letters`).
create table dead_letters (
    id uuid primary key,
    -- The consumer (worker role) that gave up, e.g. 'chat' or 'notify'.
    role text not null,
    stream text not null,
    subject text not null,
    -- Header name to the list of its values, as published.
    headers jsonb not null default '{}',
    -- The payload exactly as delivered (it may hold NUL or non-UTF-8 bytes).
    payload bytea not null,
    error text not null,
    reason text not null check (reason in ('data', 'exhausted')),
    deliveries int not null,
    created_at timestamptz not null default now(),
    replayed_at timestamptz
);

-- Counting and replaying look only at the rows not replayed yet.
create index dead_letters_pending_idx on dead_letters (role, reason) where replayed_at is null;
