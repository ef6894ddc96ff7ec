-- The site settings (contact details, mailboxes, links, partners): one row,
-- JSON whose missing keys take the defaults in contract/src/site_settings.rs.
create table site_settings (
    id boolean primary key default true check (id),
    settings jsonb not null default '{}'::jsonb,
    updated_at timestamptz not null default now(),
    updated_by uuid references users (id) on delete set null
);
