-- Unique visitors. A visitor is the SHA-256 of (the day's salt, the client's
-- address, its user agent), computed by the gateway; the salt is made on the
-- day's first page view and deleted once the day (in Africa/Nairobi) is
-- over, after which a stored hash cannot be tied to an address or to the
-- same visitor on another day.
create table visitor_salts (
    day date primary key,
    salt bytea not null check (length(salt) = 32)
);

-- One row per visitor per day, added by the analytics worker with the views.
create table page_visitors_daily (
    day date not null,
    visitor bytea not null check (length(visitor) = 32),
    primary key (day, visitor)
);
