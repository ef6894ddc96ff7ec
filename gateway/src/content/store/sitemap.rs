//! The ids of every published post and event, for the sitemap.

use contract::language::Language;
use sqlx::PgPool;
use uuid::Uuid;

/// Every public post (with its language) and every event id, for the
/// sitemap.
pub async fn all_ids(pool: &PgPool) -> sqlx::Result<(Vec<(Uuid, Language)>, Vec<Uuid>)> {
    let posts = sqlx::query!(
        r#"select id, language as "language!: Language" from blog_posts
           where status = 'published' and published_at <= now()
           order by published_at desc, id"#
    )
    .fetch_all(pool)
    .await?
    .into_iter()
    .map(|post| (post.id, post.language))
    .collect();
    let events = sqlx::query_scalar!("select id from events order by date desc, id")
        .fetch_all(pool)
        .await?;
    Ok((posts, events))
}
