-- A chat's last activity is read from its messages (the last one by id, on
-- chat_messages_session_id_idx) instead of being copied into its row: the
-- chat worker used to update the chat's row with every message, so busy
-- chats were hot rows piling up dead versions. The column's index goes with it.
alter table chat_sessions drop column last_message_at;
