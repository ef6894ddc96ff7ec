-- Email subscriptions with double opt-in, one row per address and topic.
-- The intake worker inserts and records each request and the confirmation
-- email it earned; the gateway's signed links set confirmed_at and
-- unsubscribed_at. A subscription counts when it was confirmed after its
-- last unsubscribe.
create table subscriptions (
    id uuid primary key,
    -- Normalised: trimmed and lower-cased.
    email text not null,
    topic text not null check (topic in ('blog', 'events')),
    created_at timestamptz not null,
    -- The latest subscribe request.
    requested_at timestamptz not null,
    -- The request that was last sent a confirmation, and when: at most one
    -- confirmation an hour per address and topic.
    confirmation_request uuid,
    confirmation_sent_at timestamptz,
    confirmed_at timestamptz,
    unsubscribed_at timestamptz,
    unique (email, topic)
);

create index subscriptions_topic_idx on subscriptions (topic);
