-- A canned reply can have a version per language (issue 39): the picker
-- offers the one in the chat's language. A shortcut is unique per language.
alter table canned_responses add column language text not null default 'en'
    check (language in ('en', 'fr', 'sw'));
alter table canned_responses drop constraint canned_responses_shortcut_key;
alter table canned_responses add constraint canned_responses_shortcut_language_key
    unique (shortcut, language);
