-- The language of the page a data subject request was sent from (issue 39):
-- every email about the request (confirmation, acknowledgement, update,
-- export ready) is written in it. Requests before this were English.
alter table privacy_requests add column language text not null default 'en'
    check (language in ('en', 'fr', 'sw'));
