-- Issue 37: where each message is. A receipt says that one side of a chat
-- (the visitor, `user`, or the agents, `agent`) has every message up to
-- `through_message_id` on a device (`delivered`) or had it in view (`seen`).
-- Ids are UUIDv7, so "up to" is the id order. Rows are only ever added, each
-- one further than the last of its kind (the `chat` worker's receipts
-- consumer, the one writer, inserts a row only when it moves the mark on):
-- a receipt never moves a state backwards, and a table that is only appended
-- to leaves nothing for vacuum to clean. A message's time of delivery (or
-- sight) is that of the first row reaching it.
create table chat_receipts (
    session_id uuid not null references chat_sessions (id) on delete cascade,
    reader text not null check (reader in ('user', 'agent')),
    state text not null check (state in ('delivered', 'seen')),
    through_message_id uuid not null,
    at timestamptz not null,
    primary key (session_id, reader, state, through_message_id)
);

-- The agents' read mark becomes their "seen" receipt: through the last
-- message each chat had when it was last marked read.
insert into chat_receipts (session_id, reader, state, through_message_id, at)
select s.id, 'agent', kind.state, last.id, s.agents_read_at
from chat_sessions s
cross join (values ('delivered'), ('seen')) as kind (state)
join lateral (
    select m.id from chat_messages m
    where m.session_id = s.id and m.created_at <= s.agents_read_at
    order by m.id desc limit 1
) last on true
where s.agents_read_at > '-infinity';

-- The inbox's unread count follows the agents' seen receipt: the visitor's
-- messages after it. Otherwise as in
-- 20261201010000_agent_profiles_and_sender_names.sql.
create or replace view chat_summaries as
with summary as (
    select s.id as session_id, s.visitor_name, s.visitor_email, s.status,
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
             order by r.id limit 1) as first_reply_at
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
       first_reply_at
from summary;

alter table chat_sessions drop column agents_read_at;
