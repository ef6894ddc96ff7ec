-- The retention worker deletes the record of each email sent 24 months
-- (by default) after sending, in batches found through this index instead
-- of reading the whole table on every run. A claim never marked sent (its
-- sender crashed) counts from the claim. `waitlist_entries` already has
-- `waitlist_entries_created_idx` on `created_at`.
create index sent_emails_sent_idx on sent_emails ((coalesce(sent_at, claimed_at)));
