-- Issue 24: each agent's alert preferences and display name, the name an
-- agent message was sent under, and when a chat got its first agent reply.

-- One row per agent who saved their profile (no row: the defaults below).
-- Written only by the gateway's chat store (gateway/src/chat/store/profiles.rs).
-- The event lists hold `new_chat`, `assigned`, `visitor_message` and
-- `waiting_too_long`.
create table agent_profiles (
    agent_id uuid primary key references users (id) on delete cascade,
    -- What visitors and agents see instead of the account name; null: the
    -- account name.
    display_name text
        constraint agent_profiles_display_name_check
        check (display_name is null or char_length(display_name) between 1 and 60),
    sound_enabled boolean not null default true,
    sound_events text[] not null
        default '{new_chat,assigned,visitor_message,waiting_too_long}'
        constraint agent_profiles_sound_events_check
        check (sound_events <@ '{new_chat,assigned,visitor_message,waiting_too_long}'),
    notify_events text[] not null
        default '{new_chat,assigned,visitor_message,waiting_too_long}'
        constraint agent_profiles_notify_events_check
        check (notify_events <@ '{new_chat,assigned,visitor_message,waiting_too_long}'),
    updated_at timestamptz not null default now()
);

-- The name an agent message was sent under, set by the gateway at send time
-- and carried by the durable path, so a later rename does not rewrite what
-- the visitor was told. Null for visitor and system messages, and for agent
-- messages stored before this column (shown as "Support").
alter table chat_messages add column sender_name text;

-- The inbox row: the assignee under their display name, and when the chat
-- got its first agent reply (null: none yet), for the "waiting too long"
-- highlight. Columns can only be added at the end of a view. The preview of
-- a message that is only an attachment stays "Attachment: <file name>"
-- (20261201000002_preview_chat_attachments.sql).
create or replace view chat_summaries as
with summary as (
    select s.id as session_id, s.visitor_name, s.visitor_email, s.status,
           s.assigned_agent_id, coalesce(p.display_name, a.name) as assigned_agent_name,
           (select count(*) from chat_messages m
             where m.session_id = s.id and m.sender_type = 'user'
               and m.created_at > s.agents_read_at) as unread_count,
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
    -- The chat's activity, system messages included: its last message's time.
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
