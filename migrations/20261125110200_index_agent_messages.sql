-- The analytics report reads agents' messages by time (messages per agent,
-- first response times); visitors' messages are most of the table.
create index chat_messages_agent_created_at_idx on chat_messages (created_at)
    where sender_type = 'agent';

-- Chats and registrations per day.
create index chat_sessions_created_at_idx on chat_sessions (created_at);
create index users_created_at_idx on users (created_at);
