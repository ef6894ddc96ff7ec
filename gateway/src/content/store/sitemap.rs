//! The ids of every published post and event, for the sitemap.

use sqlx::PgPool;
use uuid::Uuid;

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
