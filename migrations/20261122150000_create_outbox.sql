-- Transactional outbox: events written in the same transaction as the change
-- they announce, published to JetStream afterwards (and again by a relay
-- until acknowledged), so a crash between commit and publish loses nothing.
create table outbox (
    -- Also the JetStream message id, so a re-publish is deduplicated.
    id uuid primary key,
    subject text not null,
    payload bytea not null,
    created_at timestamptz not null default now()
);
