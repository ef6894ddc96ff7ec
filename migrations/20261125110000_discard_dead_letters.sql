-- An operator may discard a dead letter that needs no replay (from
-- /admin/database). Pending means neither replayed nor discarded.
alter table dead_letters add column discarded_at timestamptz;

drop index dead_letters_pending_idx;
create index dead_letters_pending_idx on dead_letters (role, reason)
    where replayed_at is null and discarded_at is null;
