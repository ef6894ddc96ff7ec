-- Blog posts. `search` is maintained by Postgres itself; the 'simple'
-- configuration (no stemming) keeps prefix queries predictable: "infra:*"
-- matches "infrastructure", "securi:*" matches "security".
create table blog_posts (
    id uuid primary key,
    title text not null,
    excerpt text not null,
    full_content text not null,
    category text not null,
    author text not null,
    published_at timestamptz not null default now(),
    read_time text not null default '5 min read',
    image text,
    -- An inline image (data URL) for posts imported with one.
    image_data text,
    source_url text,
    -- The view count.
    uvm bigint not null default 0,
    featured boolean not null default false,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    search tsvector generated always as (
        setweight(to_tsvector('simple', title), 'A')
        || setweight(to_tsvector('simple', category), 'B')
        || setweight(to_tsvector('simple', excerpt), 'B')
        || setweight(to_tsvector('simple', full_content), 'C')
    ) stored
);

create index blog_posts_search_idx on blog_posts using gin (search);
-- Newest first, overall and within a category.
create index blog_posts_published_at_idx on blog_posts (published_at desc, id desc);
create index blog_posts_category_published_at_idx on blog_posts (category, published_at desc, id desc);
