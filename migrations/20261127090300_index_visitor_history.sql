-- The agents' side panel lists a visitor's earlier chats: same email
-- (whatever its case) or same account.
create index chat_sessions_visitor_email_idx on chat_sessions (lower(visitor_email), created_at desc);
create index chat_sessions_user_id_idx on chat_sessions (user_id, created_at desc) where user_id is not null;
