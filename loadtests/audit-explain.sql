-- 1,000,000 audit rows over 400 days, 20 actors, 12 entities, 8 actions.
truncate audit_log;
insert into audit_log (id, actor_id, action, entity, entity_id, at, details)
select gen_random_uuid(), null,
       (array['create','update','delete','export','sign_in','invite','replay','fulfil'])[1 + n % 8],
       (array['blog_post','event','upload','site_settings','agent','account','privacy_request','waitlist','canned_response','dead_letter','contact_request','audit_log'])[1 + n % 12],
       gen_random_uuid(), now() - make_interval(secs => n * 34.56),
       jsonb_build_object('title', 'Post number ' || n)
from generate_series(1, 1000000) n;
analyze audit_log;
