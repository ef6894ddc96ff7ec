-- The language of each post and event (issue 39): lists in a language show
-- its items first and label the others; a post's page is in its language.
-- Everything written before this was English.
alter table blog_posts add column language text not null default 'en'
    check (language in ('en', 'fr', 'sw'));
alter table events add column language text not null default 'en'
    check (language in ('en', 'fr', 'sw'));

-- A post's translations: the posts sharing a translation group, whose id is
-- the original post's (the original is in its own group). Null: no
-- translations. One post per language in a group, whatever writes it;
-- deleting the original dissolves the group.
alter table blog_posts add column translation_group uuid
    references blog_posts (id) on delete set null;
alter table blog_posts add constraint blog_posts_one_translation_per_language
    unique (translation_group, language);
