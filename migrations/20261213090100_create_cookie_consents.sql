-- The cookie banner's choices, kept so the provider can show what a visitor
-- consented to and when. A visitor is only an anonymous consent id (a random
-- UUID in the `nyota_consent` cookie): no address, no user agent, no account.
-- One row per choice (a changed choice adds a row); the latest counts.
-- Written only by the gateway's `site` domain (site/consent.rs).
create table cookie_consents (
    id uuid primary key,
    consent_id uuid not null,
    -- Analytics cookies accepted (Accept All) or declined.
    accepted boolean not null,
    -- The Privacy Policy version shown with the choice (its "last updated" date).
    policy_version text not null,
    chosen_at timestamptz not null default now()
);

create index cookie_consents_consent_idx on cookie_consents (consent_id, chosen_at desc);
