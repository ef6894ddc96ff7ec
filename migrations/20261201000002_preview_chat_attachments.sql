-- The agents' inbox preview of a message that is only an attachment reads
-- "Attachment: <file name>" instead of nothing. The rest of the view is as
-- in 20261127090000_create_chat_summaries_view.sql.
create or replace view chat_summaries as
with summary as (
    select s.id as session_id, s.visitor_name, s.visitor_email, s.status,
           s.assigned_agent_id, a.name as assigned_agent_name,
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
                                   '00000000-0000-0000-0000-000000000000')) as first_unanswered_at
    from chat_sessions s
    left join users a on a.id = s.assigned_agent_id
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
       case when awaiting_reply then coalesce(first_unanswered_at, created_at) end as waiting_since
from summary;
