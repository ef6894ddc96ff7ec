-- Sign-in gives a browser's anonymous chats to the account: find them by token.
create index chat_sessions_owner_token_idx on chat_sessions (owner_token);
