-- Labels agents put on chats (sales, billing, outage…), filterable in the
-- inbox; and full-text search over every message for the console.
alter table chat_sessions add column labels text[] not null default '{}';
create index chat_sessions_labels_idx on chat_sessions using gin (labels);

-- 'simple': no stemming or stop words, so names, product codes and
-- Swahili words match as typed.
create index chat_messages_search_idx on chat_messages
    using gin (to_tsvector('simple', message));
