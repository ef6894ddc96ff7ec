-- The admin's audit screen (GET /api/admin/audit): newest first, paged by
-- the key (at, id), filtered by actor, entity or action. Each index leads
-- with the filter's column and ends with the key, so a filtered page is an
-- index range read backwards and stops after a page (docs/OPERATIONS.md,
-- "The audit log").
create index audit_log_at_id_idx on audit_log (at, id);
create index audit_log_actor_at_idx on audit_log (actor_id, at, id);
create index audit_log_entity_at_idx on audit_log (entity, at, id);
create index audit_log_action_at_idx on audit_log (action, at, id);
-- The key index serves everything the plain `at` index did.
drop index audit_log_at_idx;

-- A row with no actor is either one no signed-in user did (a person
-- following an emailed link) or one whose actor's account was deleted
-- since (`on delete set null`): this tells them apart.
alter table audit_log add column unattributed boolean not null default false;
update audit_log set unattributed = true where actor_id is null;
