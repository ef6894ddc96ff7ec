-- The language a signed-in user chose (issue 39): saved when they pick one
-- in a switcher or register, applied when they sign in elsewhere. Null
-- until they choose; accounts before this had none.
alter table users add column language text
    check (language in ('en', 'fr', 'sw'));
