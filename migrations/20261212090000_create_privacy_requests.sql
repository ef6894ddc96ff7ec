-- Data subject requests (GDPR-style access, correction, erasure), taken from
-- the /privacy form. Written only by the gateway's privacy store
-- (gateway/src/privacy/store.rs). Due dates are computed from received_at:
-- acknowledge in 72 hours, initial response in 10 business days, fulfil in
-- 30 days (60 when marked complex).
create table privacy_requests (
    id uuid primary key,
    -- Normalised (trimmed, lower-cased). Emptied once an erasure is done,
    -- so the record of the request holds no personal data.
    email text not null,
    kind text not null check (kind in ('access', 'correction', 'erasure')),
    details text not null default '',
    received_at timestamptz not null default now(),
    -- The person clicked the emailed link: only then do staff see it.
    confirmed_at timestamptz,
    acknowledged_at timestamptz,
    responded_at timestamptz,
    completed_at timestamptz,
    complex boolean not null default false,
    -- What was done, without personal data (e.g. counts of rows erased).
    outcome jsonb
);

create index privacy_requests_open on privacy_requests (received_at)
    where confirmed_at is not null and completed_at is null;

-- The archive of an access request: one per request, downloadable through
-- a signed link until expires_at (7 days).
create table privacy_exports (
    request_id uuid primary key references privacy_requests (id) on delete cascade,
    archive bytea not null,
    created_at timestamptz not null default now(),
    expires_at timestamptz not null
);
