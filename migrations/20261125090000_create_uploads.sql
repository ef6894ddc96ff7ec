-- Images uploaded by admins, served at /objects/{id}. The bytes live in
-- Postgres so every gateway can serve every image (no local disk); an
-- upload never changes, it is only deleted.
create table uploads (
    id uuid primary key,
    -- The client's file name, cleaned (no path, no control characters).
    filename text not null,
    -- Decided from the bytes: image/png, image/jpeg, image/webp or image/gif.
    content_type text not null,
    byte_size integer not null,
    width integer not null,
    height integer not null,
    data bytea not null,
    uploaded_by uuid references users (id) on delete set null,
    created_at timestamptz not null default now()
);

-- The admin's list, newest first.
create index uploads_created_at_idx on uploads (created_at desc);
