-- The blog views already added to `blog_posts.uvm`, so a view delivered
-- again (counted, then the worker died before acking it) is not counted
-- twice. Rows are deleted once the views consumer's ack floor passes their
-- stream sequence: JetStream never delivers those again.
create table counted_views (
    view_id uuid primary key,
    stream_seq bigint not null
);

create index counted_views_stream_seq_idx on counted_views (stream_seq);
