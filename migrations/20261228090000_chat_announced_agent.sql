-- The agent the visitor was last told joined the chat ("<name> joined the
-- chat"): a chat handed back to the same agent (after a return to the queue)
-- tells the visitor nothing new, so it says nothing.
alter table chat_sessions
    add column announced_agent_id uuid references users (id) on delete set null;
