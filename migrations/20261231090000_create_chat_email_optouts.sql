-- Issue 38: the addresses that stopped the emails about their chats (the
-- unseen agent replies) with the emails' one-click unsubscribe (RFC 8058)
-- or the page it opens. The `notify` role's sweep emails no address listed
-- here. Written only by the gateway's chat store (chat/store/email_optouts.rs);
-- a data subject's erasure removes their row.
create table chat_email_optouts (
    -- Normalised: trimmed and lower-cased, as chat_sessions_visitor_email_idx.
    email text primary key check (email = lower(btrim(email)) and email <> ''),
    created_at timestamptz not null default now()
);
