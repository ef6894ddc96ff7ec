-- Prepared answers agents insert in the chat reply box by typing `/` and
-- the shortcut. Written only by the gateway's admin API.
create table canned_responses (
    id uuid primary key,
    shortcut text not null,
    title text not null,
    body text not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint canned_responses_shortcut_key unique (shortcut)
);
