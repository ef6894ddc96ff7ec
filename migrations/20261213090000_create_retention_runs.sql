-- What the retention worker removed, one row per run: `removed` maps each
-- kind of data (contract::retention::Kind) to the rows it deleted. Written
-- only by the `retention` role; the database page lists the latest runs.
create table retention_runs (
    id uuid primary key,
    started_at timestamptz not null,
    finished_at timestamptz not null,
    removed jsonb not null default '{}'
);

create index retention_runs_started_idx on retention_runs (started_at desc);

-- Deleting by age finds the old rows through an index instead of reading
-- the whole table on every run.
create index dead_letters_created_idx on dead_letters (created_at);
create index password_reset_tokens_expires_idx on password_reset_tokens (expires_at);
-- Resolved chats are found by their start, oldest first (their last
-- message is checked per chat).
create index chat_sessions_resolved_created_idx on chat_sessions (created_at)
    where status = 'resolved';
