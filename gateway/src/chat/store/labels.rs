//! Labels on chats.

use sqlx::PgPool;
use uuid::Uuid;

/// Replaces the chat's labels; returns whether they changed.
pub async fn set_labels(
    pool: &PgPool,
    chat_id: Uuid,
    labels: &[String],
) -> Result<bool, sqlx::Error> {
    let changed = sqlx::query!(
        "update chat_sessions set labels = $2 where id = $1 and labels <> $2",
        chat_id,
        labels
    )
    .execute(pool)
    .await?
    .rows_affected();
    Ok(changed > 0)
}

/// Labels in use on any chat, most used first (for the filter and the
/// label editor's suggestions).
pub async fn labels_in_use(pool: &PgPool) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select label as "label!" from chat_sessions, unnest(labels) as label
           group by label order by count(*) desc, label limit 100"#
    )
    .fetch_all(pool)
    .await
}
