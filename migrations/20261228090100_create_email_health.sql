-- How outgoing email fares, written by the workers (the only senders) and
-- read by the gateway for the admin's banner and tile and for the public
-- texts that promise an email. One row: `configured` is whether SMTP_URL is
-- set, as the workers last started; the last success and the last failure
-- of a send (with its error) say whether the SMTP server takes our mail.
create table email_health (
    singleton boolean primary key default true check (singleton),
    configured boolean not null,
    reported_at timestamptz not null default now(),
    last_success_at timestamptz,
    last_failure_at timestamptz,
    last_error text
);
