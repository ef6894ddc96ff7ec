-- Blog view counts get a table of their own, written only by the `views`
-- worker, so that `blog_posts` has one writer (the gateway's content
-- module). A post without a row here has no views yet. Deleting a post
-- deletes its count with it. `counted_views` now records the views added
-- here.
create table blog_post_views (
    post_id uuid primary key references blog_posts (id) on delete cascade,
    views bigint not null default 0
);

insert into blog_post_views (post_id, views)
select id, uvm from blog_posts where uvm <> 0;

alter table blog_posts drop column uvm;

