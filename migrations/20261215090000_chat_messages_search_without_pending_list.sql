-- The message search index takes each insert directly. With GIN's default
-- fastupdate, inserts go to a pending list, and the insert that fills it
-- (4 MB) moves the whole list into the index itself: a stall of about
-- 200 ms for that batch of chat messages, every few seconds at 4,000
-- messages/s, unless (auto)vacuum empties the list first. Measured in
-- loadtests/RESULTS.md (2026-11-26): the maximum delivery time fell from
-- 200-275 ms to under 50 ms, and p99 at 5,000/s from 88-129 ms to 11 ms.
alter index chat_messages_search_idx set (fastupdate = off);
-- What is pending now goes in at once, not at the next vacuum.
select gin_clean_pending_list('chat_messages_search_idx'::regclass);
