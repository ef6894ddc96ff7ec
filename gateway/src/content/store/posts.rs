//! The posts (`blog_posts`, and `deleted_blog_posts`, the ids of deleted
//! posts so a link to one answers 410): the read API's queries and the
//! admin's writes, each write with its `audit_log` row. A post's view
//! count (`uvm`) is read from `blog_post_views`, which the `views` worker
//! owns.

use contract::content::{
    AdminBlogList, BlogPost, BlogPostInput, ContentFormat, ImageData, Pagination, PostStatus,
};
use contract::language::Language;
use sqlx::PgPool;
use time::OffsetDateTime;
use uuid::Uuid;

use super::shared::{Action, ListQuery, audit};
use super::translations::{self, ONE_PER_LANGUAGE};
use crate::content::markdown;
use crate::platform::error::ApiError;

/// A `blog_posts` row as the queries read it: a [`BlogPost`] but its
/// translations, with its translation group.
struct PostRow {
    id: Uuid,
    title: String,
    excerpt: String,
    full_content: String,
    category: String,
    author: String,
    published_at: OffsetDateTime,
    read_time: String,
    image: Option<String>,
    image_data: Option<String>,
    source_url: Option<String>,
    uvm: i64,
    featured: bool,
    status: PostStatus,
    content_format: ContentFormat,
    content_html: Option<String>,
    read_time_auto: bool,
    language: Language,
    translation_group: Option<Uuid>,
}

impl PostRow {
    fn into_post(self, groups: &translations::Groups) -> BlogPost {
        let translations = translations::others(groups, self.translation_group, self.id);
        BlogPost {
            translation_of: self.translation_group.filter(|group| *group != self.id),
            translations,
            id: self.id,
            title: self.title,
            excerpt: self.excerpt,
            full_content: self.full_content,
            category: self.category,
            author: self.author,
            published_at: self.published_at,
            read_time: self.read_time,
            image: self.image,
            image_data: self.image_data,
            source_url: self.source_url,
            uvm: self.uvm,
            featured: self.featured,
            status: self.status,
            content_format: self.content_format,
            content_html: self.content_html,
            read_time_auto: self.read_time_auto,
            language: self.language,
        }
    }
}

/// The rows as posts, with their translations (`public`: the public ones
/// only).
async fn with_translations(
    pool: &PgPool,
    rows: Vec<PostRow>,
    public: bool,
) -> sqlx::Result<Vec<BlogPost>> {
    let groups: Vec<Uuid> = rows
        .iter()
        .filter_map(|row| row.translation_group)
        .collect();
    let groups = if groups.is_empty() {
        translations::Groups::new()
    } else {
        let mut db = pool.acquire().await?;
        translations::of_groups(&mut db, &groups, public).await?
    };
    Ok(rows.into_iter().map(|row| row.into_post(&groups)).collect())
}

/// The query's language first (when it names one), then newest first;
/// ranked first when there is a search. The public list has
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
    let rows = sqlx::query_as!(
        PostRow,
        r#"select id, title, excerpt, full_content, category, author, published_at, read_time,
                  image, null::text as image_data, source_url,
                  coalesce(v.views, 0) as "uvm!", featured,
                  status as "status!: PostStatus",
                  content_format as "content_format!: ContentFormat",
                  null::text as content_html, read_time_auto,
                  language as "language!: Language", translation_group
           from blog_posts left join blog_post_views v on v.post_id = blog_posts.id
           where ($1::text is null or search @@ to_tsquery('simple', $1))
             and ($2::text is null or category = $2)
             and ($5 or (status = 'published' and published_at <= now()))
           order by ($6::text is null or language = $6) desc,
                    case when $1::text is null then 0
                    else ts_rank(search, to_tsquery('simple', $1)) end desc,
                    published_at desc, id desc
           limit $3 offset $4"#,
        tsquery.as_deref(),
        query.category.as_deref(),
        i64::from(query.limit),
        query.offset(),
        query.everything,
        query.language.map(Language::code),
    )
    .fetch_all(pool)
    .await?;
    // The public list's cards show no translations; the admin's rows do.
    let posts = if query.everything {
        with_translations(pool, rows, false).await?
    } else {
        rows.into_iter()
            .map(|row| row.into_post(&translations::Groups::new()))
            .collect()
    };
    Ok(AdminBlogList {
        posts,
        pagination: Pagination::new(query.page, query.limit, total),
    })
}

/// The newest published featured post matching the list's search and
/// category, whichever page it is on (one in the query's language first):
/// the blog page's Featured card.
pub async fn featured_post(pool: &PgPool, query: &ListQuery) -> sqlx::Result<Option<BlogPost>> {
    let tsquery = query.tsquery();
    let row = sqlx::query_as!(
        PostRow,
        r#"select id, title, excerpt, full_content, category, author, published_at, read_time,
                  image, null::text as image_data, source_url,
                  coalesce(v.views, 0) as "uvm!", featured,
                  status as "status!: PostStatus",
                  content_format as "content_format!: ContentFormat",
                  null::text as content_html, read_time_auto,
                  language as "language!: Language", translation_group
           from blog_posts left join blog_post_views v on v.post_id = blog_posts.id
           where featured and status = 'published' and published_at <= now()
             and ($1::text is null or search @@ to_tsquery('simple', $1))
             and ($2::text is null or category = $2)
           order by ($3::text is null or language = $3) desc, published_at desc, id desc
           limit 1"#,
        tsquery.as_deref(),
        query.category.as_deref(),
        query.language.map(Language::code),
    )
    .fetch_optional(pool)
    .await?;
    Ok(row.map(|row| row.into_post(&translations::Groups::new())))
}

/// The post's HTML, rendered from its source by the current renderer and
/// policy on every read (the answer cache keeps the result): HTML stored by
/// an older renderer, or written into the row by hand, is never served.
fn rendered(mut post: BlogPost) -> BlogPost {
    post.content_html = Some(markdown::render(post.content_format, &post.full_content));
    post
}

/// A public post: published, and its time has come; with its public
/// translations.
pub async fn find_post(pool: &PgPool, id: Uuid) -> sqlx::Result<Option<BlogPost>> {
    let row = sqlx::query_as!(
        PostRow,
        r#"select id, title, excerpt, full_content, category, author, published_at, read_time,
                  image, image_data, source_url, coalesce(v.views, 0) as "uvm!", featured,
                  status as "status!: PostStatus",
                  content_format as "content_format!: ContentFormat",
                  content_html, read_time_auto,
                  language as "language!: Language", translation_group
           from blog_posts left join blog_post_views v on v.post_id = blog_posts.id
           where id = $1 and status = 'published' and published_at <= now()"#,
        id,
    )
    .fetch_optional(pool)
    .await?;
    let posts = with_translations(pool, row.into_iter().collect(), true).await?;
    Ok(posts.into_iter().next().map(rendered))
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
) -> Result<Option<BlogPost>, ApiError> {
    let mut tx = pool.begin().await?;
    // A new post is Markdown, published and English unless it says
    // otherwise; an update keeps what the post had.
    let (format, status, language, current_group) = match id {
        Some(id) => {
            let current = sqlx::query!(
                r#"select content_format as "content_format: ContentFormat",
                          status as "status: PostStatus",
                          language as "language: Language", translation_group
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
                input.language.unwrap_or(current.language),
                current.translation_group,
            )
        }
        None => (
            input.content_format.unwrap_or(ContentFormat::Markdown),
            input.status.unwrap_or(PostStatus::Published),
            input.language.unwrap_or_default(),
            None,
        ),
    };
    let new_id = id.unwrap_or_else(Uuid::new_v4);
    let group =
        translations::group_for(&mut tx, id, current_group, language, input.translation_of).await?;
    let html = markdown::render(format, &input.full_content);
    let (read_time, read_time_auto) = match &input.read_time {
        Some(chosen) => (chosen.clone(), false),
        None => (
            markdown::read_time(language, markdown::word_count(format, &input.full_content)),
            true,
        ),
    };
    // `published_at` was checked by `Input::check` (RFC 3339).
    let row = sqlx::query_as!(
        PostRow,
        r#"insert into blog_posts (id, title, excerpt, full_content, category, author,
             published_at, read_time, image, source_url, featured, status, content_format,
             content_html, read_time_auto, language, translation_group)
           values ($1, $2, $3, $4, $5, $8, coalesce($6::text::timestamptz, now()), $7, $9, $10,
                   coalesce($11, false), $12, $13, $14, $15, $16, $17)
           on conflict (id) do update set (title, excerpt, full_content, category, author,
             published_at, read_time, image, source_url, featured, status, content_format,
             content_html, read_time_auto, language, translation_group, updated_at)
           = (excluded.title, excluded.excerpt, excluded.full_content, excluded.category,
              excluded.author, excluded.published_at, excluded.read_time, excluded.image,
              excluded.source_url, excluded.featured, excluded.status, excluded.content_format,
              excluded.content_html, excluded.read_time_auto, excluded.language,
              excluded.translation_group, now())
           returning id, title, excerpt, full_content, category, author, published_at,
                     read_time, image, image_data, source_url,
                     coalesce((select views from blog_post_views
                               where post_id = blog_posts.id), 0) as "uvm!",
                     featured, status as "status!: PostStatus",
                     content_format as "content_format!: ContentFormat",
                     content_html, read_time_auto,
                     language as "language!: Language", translation_group"#,
        new_id,
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
        language.code(),
        group,
    )
    .fetch_one(&mut *tx)
    .await
    .map_err(one_per_language)?;
    let groups = match row.translation_group {
        Some(group) => translations::of_groups(&mut tx, &[group], false).await?,
        None => translations::Groups::new(),
    };
    let post = row.into_post(&groups);
    let action = if id.is_some() {
        Action::Update
    } else {
        Action::Create
    };
    audit(&mut tx, actor, action, "blog_post", post.id, &post.title).await?;
    tx.commit().await?;
    Ok(Some(post))
}

/// A race past [`translations::group_for`]'s check still meets the
/// constraint: the same refusal.
fn one_per_language(error: sqlx::Error) -> ApiError {
    match &error {
        sqlx::Error::Database(db) if db.constraint() == Some(ONE_PER_LANGUAGE) => {
            ApiError::Conflict("This post's translations already have one in that language".into())
        }
        _ => ApiError::from(error),
    }
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
