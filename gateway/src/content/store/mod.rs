//! Every query of posts and events: the read API's and the admin's writes
//! (each write with its `audit_log` row); uploads are [`uploads`]. This
//! module owns `blog_posts`, `events` and `deleted_blog_posts` (the sample
//! seeding of a new install aside); a post's view count (`uvm`) is read from
//! `blog_post_views`, which the `views` worker owns.

pub mod facets;
pub mod uploads;

use contract::content::{
    AdminBlogList, BlogPost, BlogPostInput, ContentFormat, Event, EventInput, EventList,
    EventStatus, ImageData, Pagination, PostStatus,
};
use sqlx::PgPool;
use time::{Date, OffsetDateTime, UtcOffset};
use uuid::Uuid;

use super::markdown;

/// Africa/Nairobi is UTC+3 all year (no daylight saving since 1942).
const NAIROBI: UtcOffset = match UtcOffset::from_hms(3, 0, 0) {
    Ok(offset) => offset,
    Err(_) => UtcOffset::UTC,
};

/// Today's date in Nairobi: an event before it is completed.
pub fn today() -> Date {
    OffsetDateTime::now_utc().to_offset(NAIROBI).date()
}

/// The words of a search, lower-cased, split on anything that is not a
/// letter or digit (so nothing of tsquery's syntax survives).
pub fn search_terms(search: &str) -> Vec<String> {
    search
        .split(|c: char| !c.is_alphanumeric())
        .filter(|term| !term.is_empty())
        .map(str::to_lowercase)
        .collect()
}

/// A tsquery matching every term as a prefix: `infra:* & clou:*`.
fn prefix_query(terms: &[String]) -> String {
    terms
        .iter()
        .map(|term| format!("{term}:*"))
        .collect::<Vec<_>>()
        .join(" & ")
}

/// A validated list request, also the cache key of its answer.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ListQuery {
    pub page: u32,
    pub limit: u32,
    /// The search's words; `None` without a search (or one without words).
    pub terms: Option<Vec<String>>,
    pub category: Option<String>,
    /// Whether drafts and posts scheduled for later are listed too (the
    /// admin's list); events ignore it.
    pub everything: bool,
}

impl ListQuery {
    fn offset(&self) -> i64 {
        i64::from(self.page - 1) * i64::from(self.limit)
    }

    fn tsquery(&self) -> Option<String> {
        self.terms.as_deref().map(prefix_query)
    }
}

/// Newest first; ranked first when there is a search. The public list has
/// only published posts whose time has come, without their content; the
/// admin's has every post, whole.
pub async fn list_posts(pool: &PgPool, query: &ListQuery) -> sqlx::Result<AdminBlogList> {
    let tsquery = query.tsquery();
    let total = sqlx::query_scalar!(
        r#"select count(*) as "count!" from blog_posts
           where ($1::text is null or search @@ to_tsquery('simple', $1))
             and ($2::text is null or category = $2)
             and ($3 or (status = 'published' and published_at <= now()))"#,
        tsquery.as_deref(),
        query.category.as_deref(),
        query.everything,
    )
    .fetch_one(pool)
    .await?;
    // Lists leave the inline image and the rendered content out (the
    // public one drops the content too: `BlogPostSummary`).
    let posts = sqlx::query_as!(
        BlogPost,
        r#"select id, title, excerpt, full_content, category, author, published_at, read_time,
                  image, null::text as image_data, source_url,
                  coalesce(v.views, 0) as "uvm!", featured,
                  status as "status!: PostStatus",
                  content_format as "content_format!: ContentFormat",
                  null::text as content_html, read_time_auto
           from blog_posts left join blog_post_views v on v.post_id = blog_posts.id
           where ($1::text is null or search @@ to_tsquery('simple', $1))
             and ($2::text is null or category = $2)
             and ($5 or (status = 'published' and published_at <= now()))
           order by case when $1::text is null then 0
                    else ts_rank(search, to_tsquery('simple', $1)) end desc,
                    published_at desc, id desc
           limit $3 offset $4"#,
        tsquery.as_deref(),
        query.category.as_deref(),
        i64::from(query.limit),
        query.offset(),
        query.everything,
    )
    .fetch_all(pool)
    .await?;
    Ok(AdminBlogList {
        posts,
        pagination: Pagination::new(query.page, query.limit, total),
    })
}

/// The newest published featured post matching the list's search and
/// category, whichever page it is on: the blog page's Featured card.
pub async fn featured_post(pool: &PgPool, query: &ListQuery) -> sqlx::Result<Option<BlogPost>> {
    let tsquery = query.tsquery();
    sqlx::query_as!(
        BlogPost,
        r#"select id, title, excerpt, full_content, category, author, published_at, read_time,
                  image, null::text as image_data, source_url,
                  coalesce(v.views, 0) as "uvm!", featured,
                  status as "status!: PostStatus",
                  content_format as "content_format!: ContentFormat",
                  null::text as content_html, read_time_auto
           from blog_posts left join blog_post_views v on v.post_id = blog_posts.id
           where featured and status = 'published' and published_at <= now()
             and ($1::text is null or search @@ to_tsquery('simple', $1))
             and ($2::text is null or category = $2)
           order by published_at desc, id desc
           limit 1"#,
        tsquery.as_deref(),
        query.category.as_deref(),
    )
    .fetch_optional(pool)
    .await
}

/// The post's HTML, rendered from its source by the current renderer and
/// policy on every read (the answer cache keeps the result): HTML stored by
/// an older renderer, or written into the row by hand, is never served.
fn rendered(mut post: BlogPost) -> BlogPost {
    post.content_html = Some(markdown::render(post.content_format, &post.full_content));
    post
}

/// A public post: published, and its time has come.
pub async fn find_post(pool: &PgPool, id: Uuid) -> sqlx::Result<Option<BlogPost>> {
    let post = sqlx::query_as!(
        BlogPost,
        r#"select id, title, excerpt, full_content, category, author, published_at, read_time,
                  image, image_data, source_url, coalesce(v.views, 0) as "uvm!", featured,
                  status as "status!: PostStatus",
                  content_format as "content_format!: ContentFormat",
                  content_html, read_time_auto
           from blog_posts left join blog_post_views v on v.post_id = blog_posts.id
           where id = $1 and status = 'published' and published_at <= now()"#,
        id,
    )
    .fetch_optional(pool)
    .await?;
    Ok(post.map(rendered))
}

/// Whether a post with this id was deleted.
pub async fn post_was_deleted(pool: &PgPool, id: Uuid) -> sqlx::Result<bool> {
    sqlx::query_scalar!(
        r#"select exists (select 1 from deleted_blog_posts where id = $1) as "deleted!""#,
        id
    )
    .fetch_one(pool)
    .await
}

/// When the next scheduled post becomes public, if one is waiting.
pub async fn next_scheduled(pool: &PgPool) -> sqlx::Result<Option<OffsetDateTime>> {
    sqlx::query_scalar!(
        "select min(published_at) from blog_posts
         where status = 'published' and published_at > now()"
    )
    .fetch_one(pool)
    .await
}

pub async fn find_image_data(pool: &PgPool, id: Uuid) -> sqlx::Result<Option<ImageData>> {
    sqlx::query_as!(
        ImageData,
        "select image_data from blog_posts
         where id = $1 and status = 'published' and published_at <= now()",
        id
    )
    .fetch_optional(pool)
    .await
}

/// A validated events request, also the cache key of its answer (with the
/// day it was answered on, since status depends on it).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct EventsQuery {
    pub list: ListQuery,
    pub status: Option<EventStatus>,
}

/// Upcoming soonest first, then completed most recent first; ranked first
/// when there is a search.
pub async fn list_events(
    pool: &PgPool,
    query: &EventsQuery,
    today: Date,
) -> sqlx::Result<EventList> {
    let tsquery = query.list.tsquery();
    let status = query.status.map(|status| match status {
        EventStatus::Upcoming => "upcoming",
        EventStatus::Completed => "completed",
    });
    let total = sqlx::query_scalar!(
        r#"select count(*) as "count!" from events
           where ($2::text is null or search @@ to_tsquery('simple', $2))
             and ($3::text is null or category = $3)
             and ($4::text is null or ($4 = 'completed') = (date < $1 or marked_completed))"#,
        today,
        tsquery.as_deref(),
        query.list.category.as_deref(),
        status,
    )
    .fetch_one(pool)
    .await?;
    // An event is completed from the day after its date, or once marked.
    let events = sqlx::query_as!(
        Event,
        r#"select id, title, description, category,
                  case when date < $1 or marked_completed then 'completed' else 'upcoming' end
                    as "status!: EventStatus",
                  marked_completed, to_char(date, 'YYYY-MM-DD') as "date!", time, location,
                  image, highlights, register_link
           from events
           where ($2::text is null or search @@ to_tsquery('simple', $2))
             and ($3::text is null or category = $3)
             and ($4::text is null or ($4 = 'completed') = (date < $1 or marked_completed))
           order by case when $2::text is null then 0
                    else ts_rank(search, to_tsquery('simple', $2)) end desc,
                    date < $1 or marked_completed,
                    case when date >= $1 and not marked_completed then date end asc,
                    date desc, id
           limit $5 offset $6"#,
        today,
        tsquery.as_deref(),
        query.list.category.as_deref(),
        status,
        i64::from(query.list.limit),
        query.list.offset(),
    )
    .fetch_all(pool)
    .await?;
    Ok(EventList {
        events,
        pagination: Pagination::new(query.list.page, query.list.limit, total),
    })
}

pub async fn find_event(pool: &PgPool, id: Uuid, today: Date) -> sqlx::Result<Option<Event>> {
    sqlx::query_as!(
        Event,
        r#"select id, title, description, category,
                  case when date < $1 or marked_completed then 'completed' else 'upcoming' end
                    as "status!: EventStatus",
                  marked_completed, to_char(date, 'YYYY-MM-DD') as "date!", time, location,
                  image, highlights, register_link
           from events where id = $2"#,
        today,
        id,
    )
    .fetch_optional(pool)
    .await
}

/// Every public post and every event id, for the sitemap.
pub async fn all_ids(pool: &PgPool) -> sqlx::Result<(Vec<Uuid>, Vec<Uuid>)> {
    let posts = sqlx::query_scalar!(
        "select id from blog_posts where status = 'published' and published_at <= now()
         order by published_at desc, id"
    )
    .fetch_all(pool)
    .await?;
    let events = sqlx::query_scalar!("select id from events order by date desc, id")
        .fetch_all(pool)
        .await?;
    Ok((posts, events))
}

/// What an admin did, for the audit log.
#[derive(Clone, Copy, Debug)]
pub enum Action {
    Create,
    Update,
    Delete,
}

impl Action {
    fn as_str(self) -> &'static str {
        match self {
            Action::Create => "create",
            Action::Update => "update",
            Action::Delete => "delete",
        }
    }
}

async fn audit(
    tx: &mut sqlx::PgConnection,
    actor: Uuid,
    action: Action,
    entity: &str,
    entity_id: Uuid,
    title: &str,
) -> sqlx::Result<()> {
    let details = serde_json::json!({ "title": title });
    crate::platform::audit::record(tx, actor, action.as_str(), entity, entity_id, details).await
}

fn format_name(format: ContentFormat) -> &'static str {
    match format {
        ContentFormat::Plain => "plain",
        ContentFormat::Markdown => "markdown",
    }
}

fn status_name(status: PostStatus) -> &'static str {
    match status {
        PostStatus::Draft => "draft",
        PostStatus::Published => "published",
    }
}

/// Creates (`id` is `None`) or replaces a post, with its audit row, in one
/// transaction; `None` when the post to replace does not exist. The content
/// is rendered here and stored with the post; without a read time one is
/// computed from the word count.
pub async fn save_post(
    pool: &PgPool,
    actor: Uuid,
    id: Option<Uuid>,
    input: &BlogPostInput,
) -> sqlx::Result<Option<BlogPost>> {
    let mut tx = pool.begin().await?;
    // A new post is Markdown and published unless it says otherwise; an
    // update keeps what the post had.
    let (format, status) = match id {
        Some(id) => {
            let current = sqlx::query!(
                r#"select content_format as "content_format: ContentFormat",
                          status as "status: PostStatus"
                   from blog_posts where id = $1 for update"#,
                id,
            )
            .fetch_optional(&mut *tx)
            .await?;
            let Some(current) = current else {
                return Ok(None);
            };
            (
                input.content_format.unwrap_or(current.content_format),
                input.status.unwrap_or(current.status),
            )
        }
        None => (
            input.content_format.unwrap_or(ContentFormat::Markdown),
            input.status.unwrap_or(PostStatus::Published),
        ),
    };
    let html = markdown::render(format, &input.full_content);
    let (read_time, read_time_auto) = match &input.read_time {
        Some(chosen) => (chosen.clone(), false),
        None => (
            markdown::read_time(markdown::word_count(format, &input.full_content)),
            true,
        ),
    };
    // `published_at` was checked by `Input::check` (RFC 3339).
    let post = sqlx::query_as!(
        BlogPost,
        r#"insert into blog_posts (id, title, excerpt, full_content, category, author,
             published_at, read_time, image, source_url, featured, status, content_format,
             content_html, read_time_auto)
           values ($1, $2, $3, $4, $5, $8, coalesce($6::text::timestamptz, now()), $7, $9, $10,
                   coalesce($11, false), $12, $13, $14, $15)
           on conflict (id) do update set (title, excerpt, full_content, category, author,
             published_at, read_time, image, source_url, featured, status, content_format,
             content_html, read_time_auto, updated_at)
           = (excluded.title, excluded.excerpt, excluded.full_content, excluded.category,
              excluded.author, excluded.published_at, excluded.read_time, excluded.image,
              excluded.source_url, excluded.featured, excluded.status, excluded.content_format,
              excluded.content_html, excluded.read_time_auto, now())
           returning id, title, excerpt, full_content, category, author, published_at,
                     read_time, image, image_data, source_url,
                     coalesce((select views from blog_post_views
                               where post_id = blog_posts.id), 0) as "uvm!",
                     featured, status as "status!: PostStatus",
                     content_format as "content_format!: ContentFormat",
                     content_html, read_time_auto"#,
        id.unwrap_or_else(Uuid::new_v4),
        input.title,
        input.excerpt,
        input.full_content,
        input.category,
        input.published_at,
        read_time,
        input.author,
        input.image,
        input.source_url,
        input.featured,
        status_name(status),
        format_name(format),
        html,
        read_time_auto,
    )
    .fetch_one(&mut *tx)
    .await?;
    let action = if id.is_some() {
        Action::Update
    } else {
        Action::Create
    };
    audit(&mut tx, actor, action, "blog_post", post.id, &post.title).await?;
    tx.commit().await?;
    Ok(Some(post))
}

/// Deletes a post with its audit row; whether it existed.
pub async fn delete_post(pool: &PgPool, actor: Uuid, id: Uuid) -> sqlx::Result<bool> {
    let mut tx = pool.begin().await?;
    let title = sqlx::query_scalar!("delete from blog_posts where id = $1 returning title", id)
        .fetch_optional(&mut *tx)
        .await?;
    let Some(title) = title else {
        return Ok(false);
    };
    // Its address answers 410 Gone from now on.
    sqlx::query!(
        "insert into deleted_blog_posts (id) values ($1) on conflict (id) do nothing",
        id
    )
    .execute(&mut *tx)
    .await?;
    audit(&mut tx, actor, Action::Delete, "blog_post", id, &title).await?;
    tx.commit().await?;
    Ok(true)
}

/// Creates (`id` is `None`) or replaces an event, with its audit row.
pub async fn save_event(
    pool: &PgPool,
    actor: Uuid,
    id: Option<Uuid>,
    input: &EventInput,
    today: Date,
) -> sqlx::Result<Option<Event>> {
    let mut tx = pool.begin().await?;
    // `date` was checked by `Input::check` (YYYY-MM-DD); `completed` left out
    // keeps an event's mark on update.
    let event = match id {
        Some(id) => {
            sqlx::query_as!(
                Event,
                r#"update events set (title, description, category, date, time, location, image,
                       highlights, register_link, marked_completed, updated_at)
                     = ($3, $4, $5, $6::text::date, $7, $8, $9, coalesce($10, '{}'::text[]), $11,
                        coalesce($12, marked_completed), now())
                   where id = $2
                   returning id, title, description, category,
                             case when date < $1 or marked_completed then 'completed'
                                  else 'upcoming' end as "status!: EventStatus",
                             marked_completed, to_char(date, 'YYYY-MM-DD') as "date!", time,
                             location, image, highlights, register_link"#,
                today,
                id,
                input.title,
                input.description,
                input.category,
                input.date,
                input.time,
                input.location,
                input.image,
                input.highlights.as_deref(),
                input.register_link,
                input.completed,
            )
            .fetch_optional(&mut *tx)
            .await?
        }
        None => {
            sqlx::query_as!(
                Event,
                r#"insert into events (id, title, description, category, date, time, location,
                       image, highlights, register_link, marked_completed)
                   values ($2, $3, $4, $5, $6::text::date, $7, $8, $9,
                           coalesce($10, '{}'::text[]), $11, coalesce($12, false))
                   returning id, title, description, category,
                             case when date < $1 or marked_completed then 'completed'
                                  else 'upcoming' end as "status!: EventStatus",
                             marked_completed, to_char(date, 'YYYY-MM-DD') as "date!", time,
                             location, image, highlights, register_link"#,
                today,
                Uuid::new_v4(),
                input.title,
                input.description,
                input.category,
                input.date,
                input.time,
                input.location,
                input.image,
                input.highlights.as_deref(),
                input.register_link,
                input.completed,
            )
            .fetch_optional(&mut *tx)
            .await?
        }
    };
    let Some(event) = event else {
        return Ok(None);
    };
    let action = if id.is_some() {
        Action::Update
    } else {
        Action::Create
    };
    audit(&mut tx, actor, action, "event", event.id, &event.title).await?;
    tx.commit().await?;
    Ok(Some(event))
}

/// Deletes an event with its audit row; whether it existed.
pub async fn delete_event(pool: &PgPool, actor: Uuid, id: Uuid) -> sqlx::Result<bool> {
    let mut tx = pool.begin().await?;
    let title = sqlx::query_scalar!("delete from events where id = $1 returning title", id)
        .fetch_optional(&mut *tx)
        .await?;
    let Some(title) = title else {
        return Ok(false);
    };
    audit(&mut tx, actor, Action::Delete, "event", id, &title).await?;
    tx.commit().await?;
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn search_terms_keep_only_words() {
        assert_eq!(search_terms("  Infra & cloud:*!|"), ["infra", "cloud"]);
        assert_eq!(
            prefix_query(&search_terms("Infra cloud")),
            "infra:* & cloud:*"
        );
        assert!(search_terms("!!! ' ").is_empty());
        assert_eq!(search_terms("Kenya's Edge"), ["kenya", "s", "edge"]);
    }
}
