-- Roles: 'admin' may do everything, 'support' answers chats and nothing
-- else of the admin area, 'user' is a customer account. `is_admin` becomes
-- a column derived from the role, so nothing can set one without the other.
alter table users
    add column role text not null default 'user'
        constraint users_role_check check (role in ('admin', 'support', 'user'));

update users set role = 'admin' where is_admin;

alter table users drop column is_admin;
alter table users add column is_admin boolean not null generated always as (role = 'admin') stored;
