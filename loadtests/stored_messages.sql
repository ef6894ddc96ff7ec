-- Fills a migrated database with :messages stored chat messages in resolved
-- chats of 100 messages each (visitor and agent alternating, a minute
-- apart, ids time-ordered like the gateway's UUIDv7), so that a benchmark
-- runs against the table sizes and indexes of a platform that has been in
-- use, not a fresh one. Nothing is vacuumed afterwards: this Postgres runs
-- with autovacuum off, and a speed that depends on vacuum should show.
--
--   psql "$DATABASE_URL" -v messages=1000000 -f loadtests/stored_messages.sql
\set ON_ERROR_STOP on

-- A UUIDv7-shaped id for instant `at` and a sequence number `n`: the first
-- 48 bits are the milliseconds, so ids sort by time as the gateway's do.
create function pg_temp.time_ordered_id(at timestamptz, n bigint) returns uuid
language sql immutable as $$
    select (lpad(to_hex((extract(epoch from at) * 1000)::bigint), 12, '0')
            || '7' || lpad(to_hex(n % 4096), 3, '0')
            || '8' || lpad(to_hex(n % 281474976710656), 15, '0'))::uuid
$$;

begin;

insert into chat_sessions (id, visitor_name, visitor_email, owner_token, status,
                           created_at)
select pg_temp.time_ordered_id(started, chat),
       'Stored visitor ' || chat,
       'visitor' || chat || '@stored.example',
       gen_random_uuid(), 'resolved', started
from (
    select chat, now() - interval '400 days' + chat * interval '7 minutes' as started
    from generate_series(1, ceil(:messages / 100.0)::bigint) as chat
) chats;

insert into chat_messages (id, session_id, sender_type, message, created_at)
select pg_temp.time_ordered_id(s.created_at + n * interval '1 minute', s.chat * 100 + n),
       s.id,
       case when n % 2 = 0 then 'user' else 'agent' end,
       case when n % 2 = 0
            then 'Hello, our ' || (array['bare metal server', 'virtual server', 'storage bucket', 'BI dashboard', 'CCTV camera', 'mailbox'])[1 + (s.chat + n) % 6]
                 || ' in ' || (array['Nairobi', 'Lagos', 'Kigali', 'Accra', 'Johannesburg'])[1 + (s.chat * 7 + n) % 5]
                 || ' needs help with ' || (array['billing', 'an outage', 'a migration', 'backups', 'access'])[1 + (s.chat + n * 3) % 5]
                 || ', ticket ' || s.chat * 100 + n || '.'
            else 'Thanks for reaching out. I am checking ' || (array['the invoice', 'the node', 'the replication', 'the snapshot', 'the permissions'])[1 + (s.chat + n) % 5]
                 || ' for you now; reference ' || s.chat * 100 + n || '.'
       end,
       s.created_at + n * interval '1 minute'
from (
    select id, created_at, row_number() over (order by id) as chat
    from chat_sessions where visitor_email like '%@stored.example'
) s
cross join generate_series(0, 99) as n
where (s.chat - 1) * 100 + n < :messages;

-- Both sides received and read every message of every stored chat.
insert into chat_receipts (session_id, reader, state, through_message_id, at)
select s.id, reader, state, last.id, s.created_at + interval '2 hours'
from chat_sessions s
cross join (values ('user'), ('agent')) as readers (reader)
cross join (values ('delivered'), ('seen')) as states (state)
join lateral (
    select m.id from chat_messages m where m.session_id = s.id order by m.id desc limit 1
) last on true
where s.visitor_email like '%@stored.example';

commit;

select count(*) as stored_messages from chat_messages;
