-- A computed read time is written in the post's language from now on
-- (runtime/texts/<code>.ftl, `post-read-time`): the French and Kiswahili
-- posts saved before with an English one get theirs, worded as the
-- catalogues word it. A read time an editor chose is left as written.
update blog_posts
set read_time = case language
        when 'fr' then minutes || ' min de lecture'
        when 'sw' then 'Dakika ' || minutes
            || case when minutes = '1' then ' ya kusoma' else ' za kusoma' end
    end
from (select id as post_id, substring(read_time from '^(\d+) min read$') as minutes
      from blog_posts) as parsed
where parsed.post_id = blog_posts.id
  and read_time_auto
  and language in ('fr', 'sw')
  and parsed.minutes is not null;
