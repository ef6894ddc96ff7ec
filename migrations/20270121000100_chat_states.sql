-- Issue 40: a chat's state. `open` needs an agent, `pending` waits on the
-- visitor, `snoozed` is put aside until `snoozed_until` (or until the
-- visitor writes), `resolved` is done. Visitors see pending and snoozed
-- as open. `state_changed_at` is when the state last changed: a message
-- stored before it (a redelivery) never moves the state again.
alter table chat_sessions drop constraint chat_sessions_status_check;
alter table chat_sessions
    add constraint chat_sessions_status_check
        check (status in ('open', 'pending', 'snoozed', 'resolved')),
    add column snoozed_until timestamptz,
    add column state_changed_at timestamptz not null default now(),
    add constraint chat_sessions_snoozed_until_check
        check ((status = 'snoozed') = (snoozed_until is not null));

-- The sweep that ends snoozes reads the earliest ends first.
create index chat_sessions_snoozed_until_idx on chat_sessions (snoozed_until)
    where status = 'snoozed';
-- The inbox counts per state.
create index chat_sessions_status_idx on chat_sessions (status);

-- A state change is an event on the agents' side of the chat, with what
-- the SLA clocks will need to read back: the state left and entered.
alter table chat_notes drop constraint chat_notes_kind_check;
alter table chat_notes
    add constraint chat_notes_kind_check check (kind in ('note', 'event', 'state')),
    add column from_state text,
    add column to_state text,
    add constraint chat_notes_state_check
        check ((kind = 'state') = (to_state is not null and from_state is not null));
create index chat_notes_state_idx on chat_notes (session_id, id) where kind = 'state';

-- The inbox row: `status` stays open or resolved (pending and snoozed are
-- open chats), `state` is the four-way state, with `snoozed_until`.
-- Otherwise as in 20261230090000_create_chat_receipts.sql.
create or replace view chat_summaries as
with summary as (
    select s.id as session_id, s.visitor_name, s.visitor_email,
           case when s.status = 'resolved' then 'resolved' else 'open' end as status,
           s.assigned_agent_id, coalesce(p.display_name, a.name) as assigned_agent_name,
           (select count(*) from chat_messages m
             where m.session_id = s.id and m.sender_type = 'user'
               and m.id > coalesce((select r.through_message_id from chat_receipts r
                                     where r.session_id = s.id and r.reader = 'agent'
                                       and r.state = 'seen'
                                     order by r.through_message_id desc limit 1),
                                   '00000000-0000-0000-0000-000000000000')) as unread_count,
           left(coalesce(nullif(last.message, ''),
                         (select 'Attachment: ' || f.filename from chat_attachments f
                           where f.id = last.attachment_id)), 140) as last_message_preview,
           greatest(s.created_at, latest.created_at) as last_message_at,
           s.created_at, s.page_url, s.user_agent, s.labels,
           rating.score as rating, rating.comment as rating_comment,
           s.status = 'open' and coalesce(last.sender_type = 'user', true) as awaiting_reply,
           case when s.status = 'open' and s.assigned_agent_id is null then
               (select count(*) from chat_sessions q
                 where q.status = 'open' and q.assigned_agent_id is null
                   and (q.created_at, q.id) <= (s.created_at, s.id))
           end as queue_position,
           (select min(m.created_at) from chat_messages m
             where m.session_id = s.id and m.sender_type = 'user'
               and m.id > coalesce((select r.id from chat_messages r
                                     where r.session_id = s.id and r.sender_type = 'agent'
                                     order by r.id desc limit 1),
                                   '00000000-0000-0000-0000-000000000000')) as first_unanswered_at,
           -- Ids are UUIDv7: the first agent message by id is the first reply.
           (select r.created_at from chat_messages r
             where r.session_id = s.id and r.sender_type = 'agent'
             order by r.id limit 1) as first_reply_at,
           s.status as state, s.snoozed_until
    from chat_sessions s
    left join users a on a.id = s.assigned_agent_id
    left join agent_profiles p on p.agent_id = s.assigned_agent_id
    left join chat_ratings rating on rating.session_id = s.id
    left join lateral (
        select m.message, m.sender_type, m.attachment_id from chat_messages m
        where m.session_id = s.id and m.sender_type <> 'system'
        order by m.id desc limit 1
    ) last on true
    left join lateral (
        select m.created_at from chat_messages m
        where m.session_id = s.id
        order by m.id desc limit 1
    ) latest on true
)
select session_id, visitor_name, visitor_email, status, assigned_agent_id,
       assigned_agent_name, unread_count, last_message_preview, last_message_at,
       created_at, page_url, user_agent, awaiting_reply, queue_position, rating, rating_comment, labels,
       case when awaiting_reply then coalesce(first_unanswered_at, created_at) end as waiting_since,
       first_reply_at, state, snoozed_until
from summary;
