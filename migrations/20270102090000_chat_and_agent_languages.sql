-- The language a chat's visitor started it in (issue 39): its notices,
-- transcript and emails are written in it, the console shows it, and
-- assignment prefers an agent who speaks it. Chats before this were English.
alter table chat_sessions add column language text not null default 'en'
    check (language in ('en', 'fr', 'sw'));

-- The languages an agent speaks, from their profile (English until they say).
alter table agent_profiles add column languages text[] not null default '{en}'
    check (cardinality(languages) between 1 and 3
           and languages <@ array['en', 'fr', 'sw']);
