-- An admin may mark an event completed before its date (ended early,
-- cancelled, moved online-only and closed). Status stays computed: an event
-- is completed when its date has passed or an admin marked it so.
alter table events add column marked_completed boolean not null default false;
