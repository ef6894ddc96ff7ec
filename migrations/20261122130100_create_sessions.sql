-- Cookie sessions (tower-sessions' Postgres store reads and writes this table;
-- it is created here so that the one schema lives in migrations/).
create schema if not exists tower_sessions;

create table if not exists tower_sessions.session (
    id text primary key not null,
    data bytea not null,
    expiry_date timestamptz not null
);

create index if not exists session_expiry_date_idx on tower_sessions.session (expiry_date);
