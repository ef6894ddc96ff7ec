-- A chat's address receives a transcript (and, later, replies by email)
-- only once its visitor has proved it is theirs with a code emailed to it:
-- anyone can type any address when starting a chat.
alter table chat_sessions
    add column email_confirmed_at timestamptz,
    -- SHA-256 of the chat id and the 6-digit code last emailed; null once used.
    add column email_code_hash bytea,
    add column email_code_expires_at timestamptz,
    -- Wrong codes entered against the current code (5 void it).
    add column email_code_attempts smallint not null default 0;
