-- Passkeys (WebAuthn) as a second factor (accounts::second_factor::passkey).
-- `passkey` is webauthn-rs's serialised `Passkey`: the credential's public
-- key and signature counter, nothing secret; `name` is the label the member
-- chose ("Work laptop").
create table user_passkeys (
    id uuid primary key,
    user_id uuid not null references users (id) on delete cascade,
    credential_id bytea not null unique,
    passkey jsonb not null,
    name text not null,
    created_at timestamptz not null default now(),
    last_used_at timestamptz
);

create index user_passkeys_by_user on user_passkeys (user_id);
