-- The id a client gave its message: a browser's outbox resends a message
-- with the same id until it is stored, however long it waited, so the id is
-- kept with the message and one chat holds at most one message per id and
-- sender (the visitor, or each agent).
alter table chat_messages add column client_message_id uuid;

create unique index chat_messages_client_message_id
    on chat_messages (session_id, sender_type, agent_id, client_message_id) nulls not distinct
    where client_message_id is not null;
