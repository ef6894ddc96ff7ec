-- "How was your chat?": one rating per chat, by its visitor, once it is
-- resolved. `agent_id` is who had the chat when it was rated, so ratings
-- add up per agent on /admin/analytics.
create table chat_ratings (
    session_id uuid primary key references chat_sessions (id) on delete cascade,
    score smallint not null check (score between 1 and 5),
    comment text,
    agent_id uuid references users (id) on delete set null,
    created_at timestamptz not null default now()
);

create index chat_ratings_created_at_idx on chat_ratings (created_at);
