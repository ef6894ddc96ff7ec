-- Posts are written in Markdown from now on; the ones written before keep
-- their newlines as line breaks (`plain`, the column's default, which the
-- sample-content seed relies on too). The gateway writes `markdown` for
-- every new post.
--
-- `content_html` is the content rendered and sanitised by the gateway when
-- the post is written; null (rows written before, or by the seed) means the
-- gateway renders it when read. A change of the sanitiser's policy must set
-- it back to null here.
--
-- A draft is seen only by admins; a published post is public from its
-- `published_at` on (filtered at read, so no job has to publish it).
alter table blog_posts
    add column content_format text not null default 'plain'
        check (content_format in ('plain', 'markdown')),
    add column content_html text,
    add column status text not null default 'published'
        check (status in ('draft', 'published')),
    add column read_time_auto boolean not null default false;

-- A read time still at the old default was never chosen: compute it from
-- the word count (about 200 words a minute, at least 1), as the gateway now
-- does for a post without one.
update blog_posts
set read_time_auto = true,
    read_time = greatest(1, (coalesce(array_length(
        regexp_split_to_array(btrim(full_content, E' \t\r\n'), E'\\s+'), 1), 0) + 100) / 200)
        || ' min read'
where read_time = '5 min read';

-- The public lists: published posts, newest first.
create index blog_posts_public_published_at_idx on blog_posts (published_at desc, id desc)
    where status = 'published';
