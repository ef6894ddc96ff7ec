-- Second factors at sign-in (accounts::second_factor). The TOTP secret is
-- sealed (AES-256-GCM, key derived from SIGNING_KEY): a database reader
-- alone cannot compute codes. Recovery codes are kept as Argon2 hashes only.
create table user_totp (
    user_id uuid primary key references users (id) on delete cascade,
    secret_sealed bytea not null,
    -- Null until the first code from the app confirms the enrolment.
    confirmed_at timestamptz,
    -- The last 30-second step whose code was accepted: a code is used once.
    last_used_step bigint not null default 0,
    created_at timestamptz not null default now()
);

create table user_recovery_codes (
    id uuid primary key,
    user_id uuid not null references users (id) on delete cascade,
    code_hash text not null,
    used_at timestamptz
);

create index user_recovery_codes_by_user on user_recovery_codes (user_id);
