-- Events. Whether one is upcoming or completed is computed from `date`
-- (Africa/Nairobi today) when it is read, never stored.
create table events (
    id uuid primary key,
    title text not null,
    description text not null,
    category text not null,
    date date not null,
    time text not null,
    location text not null,
    image text,
    highlights text[] not null default '{}',
    register_link text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    search tsvector generated always as (
        setweight(to_tsvector('simple', title), 'A')
        || setweight(to_tsvector('simple', category), 'B')
        || setweight(to_tsvector('simple', description), 'B')
        || setweight(to_tsvector('simple', location), 'C')
    ) stored
);

create index events_search_idx on events using gin (search);
create index events_date_idx on events (date, id);
create index events_category_date_idx on events (category, date, id);
