-- The support team: an admin can deactivate an account (it can no longer
-- sign in), and invites agents, whose account has no password until they
-- choose one with the emailed link (a null hash matches no password).
alter table users
    add column active boolean not null default true,
    add column capacity integer not null default 8
        constraint users_capacity_check check (capacity between 1 and 100),
    add column invited_at timestamptz,
    alter column password_hash drop not null;

create index users_staff_idx on users (role) where role <> 'user';
