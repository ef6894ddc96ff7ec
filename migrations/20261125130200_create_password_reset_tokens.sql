-- Password-reset links. Only the SHA-256 of a token is kept (the token
-- itself is only ever in the email). The intake worker inserts one per
-- email it sends; the accounts worker marks it used in the transaction that
-- sets the new password (and then every other open token of that user).
create table password_reset_tokens (
    token_hash bytea primary key,
    -- The intake.password_reset request it was made for.
    request_id uuid not null,
    user_id uuid not null references users (id) on delete cascade,
    created_at timestamptz not null default now(),
    expires_at timestamptz not null,
    used_at timestamptz
);

create index password_reset_tokens_open_idx on password_reset_tokens (user_id) where used_at is null;
