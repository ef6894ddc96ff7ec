-- Contact and demo requests. The intake worker inserts each request once
-- (its id is the request's id, so a redelivered message changes nothing);
-- the admin API owns the workflow columns (status, assignment, handling).
create table contact_requests (
    id uuid primary key,
    name text not null,
    email text not null,
    subject text not null,
    message text not null,
    phone text,
    company text,
    -- The site path the request was sent from, e.g. '/finance'.
    source text,
    status text not null default 'new' check (status in ('new', 'handled')),
    assigned_to uuid references users (id) on delete set null,
    handled_by uuid references users (id) on delete set null,
    handled_at timestamptz,
    -- When the gateway accepted it (not when the worker stored it).
    created_at timestamptz not null
);

create index contact_requests_created_idx on contact_requests (created_at desc, id desc);
create index contact_requests_new_idx on contact_requests (created_at desc) where status = 'new';

-- The emails the workers send, one row per (what it is about, which email):
-- claimed before the SMTP exchange, `sent_at` set once the SMTP server
-- accepted it. A redelivered message skips the emails already sent, and
-- waits while another delivery holds a fresh claim, so an email goes out
-- once even when its message is handled again. `key` is what the email is
-- about (a request id, a user id, a chat id), `kind` which email it is.
create table sent_emails (
    key uuid not null,
    kind text not null,
    recipient text not null,
    claimed_at timestamptz not null default now(),
    -- Null while a delivery is sending it (or crashed doing so).
    sent_at timestamptz,
    primary key (key, kind)
);
