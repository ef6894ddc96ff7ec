-- Who changed what and when: one row per admin write, in the write's own
-- transaction.
create table audit_log (
    id uuid primary key,
    actor_id uuid references users (id) on delete set null,
    -- 'create', 'update' or 'delete'.
    action text not null,
    -- 'blog_post' or 'event'.
    entity text not null,
    entity_id uuid not null,
    at timestamptz not null default now(),
    details jsonb not null default '{}'
);

create index audit_log_entity_idx on audit_log (entity, entity_id, at desc);
create index audit_log_at_idx on audit_log (at desc);
