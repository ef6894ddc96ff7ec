-- First-party page views (only from visitors who accepted cookies), added
-- up by the analytics worker: one row per day (in Africa/Nairobi), path and
-- referrer host ('' when the visitor came from nowhere or from this site).
create table page_views_daily (
    day date not null,
    path text not null,
    referrer_host text not null default '',
    views bigint not null default 0,
    primary key (day, path, referrer_host)
);

-- The page views already added to `page_views_daily`, so a view delivered
-- again (counted, then the worker died before acking it) is not counted
-- twice. Rows are deleted once the analytics consumer's ack floor passes
-- their stream sequence: JetStream never delivers those again.
create table counted_page_views (
    view_id uuid primary key,
    stream_seq bigint not null
);

create index counted_page_views_stream_seq_idx on counted_page_views (stream_seq);
