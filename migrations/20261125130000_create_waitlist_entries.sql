-- The waitlist: one row per address and interest. The intake worker inserts
-- (a repeat of the same address and interest changes nothing); admins read
-- and export it.
create table waitlist_entries (
    id uuid primary key,
    -- Normalised: trimmed and lower-cased.
    email text not null,
    name text,
    -- A fixed list of short codes (contract::waitlist::WaitlistInterest).
    interest text not null check (interest in ('general', 'gpu-cluster')),
    -- When the gateway accepted the first request.
    created_at timestamptz not null,
    unique (email, interest)
);

create index waitlist_entries_created_idx on waitlist_entries (created_at desc, id desc);
