-- The ids of deleted blog posts, so their address answers 410 Gone rather
-- than 404 (a crawler then drops the page at once). Written in the same
-- transaction as the delete (a new post always gets a new id).
create table deleted_blog_posts (
    id uuid primary key,
    deleted_at timestamptz not null default now()
);
