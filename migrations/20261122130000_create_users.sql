-- Accounts. Emails are stored normalised (trimmed, lower-case) by the
-- accounts worker, so the unique index is a plain one.
create table users (
    id uuid primary key,
    email text not null,
    username text not null,
    name text not null,
    phone text not null,
    password_hash text not null,
    is_admin boolean not null default false,
    created_at timestamptz not null default now(),
    constraint users_email_key unique (email)
);
