//! The canned replies (`canned_responses`): every change is audited in its
//! own transaction.

use contract::agents::{CannedResponse, CannedResponseInput};
use contract::language::Language;
use serde_json::json;
use sqlx::PgPool;
use uuid::Uuid;

use crate::chat::error::ChatError;
use crate::platform::audit;

/// A unique-shortcut violation as its own error; anything else stays a
/// database error.
fn on_taken_shortcut(error: sqlx::Error) -> ChatError {
    match &error {
        sqlx::Error::Database(db)
            if db.constraint() == Some("canned_responses_shortcut_language_key") =>
        {
            ChatError::ShortcutTaken
        }
        _ => error.into(),
    }
}

/// Every canned reply, by shortcut.
pub async fn canned_responses(pool: &PgPool) -> Result<Vec<CannedResponse>, ChatError> {
    let replies = sqlx::query_as!(
        CannedResponse,
        r#"select id, shortcut, title, body, language as "language: Language", created_at, updated_at
           from canned_responses order by shortcut, language"#
    )
    .fetch_all(pool)
    .await?;
    Ok(replies)
}

/// Adds a canned reply, audited as `admin`'s.
pub async fn create_canned(
    pool: &PgPool,
    admin: Uuid,
    body: &CannedResponseInput,
) -> Result<CannedResponse, ChatError> {
    let mut tx = pool.begin().await?;
    let reply = sqlx::query_as!(
        CannedResponse,
        r#"insert into canned_responses (id, shortcut, title, body, language)
           values ($1, $2, $3, $4, $5)
           returning id, shortcut, title, body, language as "language: Language", created_at,
                     updated_at"#,
        Uuid::now_v7(),
        body.shortcut,
        body.title,
        body.body,
        body.language.unwrap_or_default().code(),
    )
    .fetch_one(&mut *tx)
    .await
    .map_err(on_taken_shortcut)?;
    let details = json!({ "shortcut": reply.shortcut });
    audit::record(
        &mut tx,
        admin,
        "create",
        "canned_response",
        reply.id,
        details,
    )
    .await?;
    tx.commit().await?;
    Ok(reply)
}

/// Replaces canned reply `id`, audited as `admin`'s; `None` when there is
/// no such one.
pub async fn update_canned(
    pool: &PgPool,
    admin: Uuid,
    id: Uuid,
    body: &CannedResponseInput,
) -> Result<Option<CannedResponse>, ChatError> {
    let mut tx = pool.begin().await?;
    let reply = sqlx::query_as!(
        CannedResponse,
        r#"update canned_responses
           set shortcut = $2, title = $3, body = $4, language = $5, updated_at = now()
           where id = $1
           returning id, shortcut, title, body, language as "language: Language", created_at,
                     updated_at"#,
        id,
        body.shortcut,
        body.title,
        body.body,
        body.language.unwrap_or_default().code(),
    )
    .fetch_optional(&mut *tx)
    .await
    .map_err(on_taken_shortcut)?;
    let Some(reply) = reply else {
        return Ok(None);
    };
    let details = json!({ "shortcut": reply.shortcut, "language": reply.language });
    audit::record(&mut tx, admin, "update", "canned_response", id, details).await?;
    tx.commit().await?;
    Ok(Some(reply))
}

/// Deletes canned reply `id`, audited as `admin`'s; `false` when there is
/// no such one.
pub async fn delete_canned(pool: &PgPool, admin: Uuid, id: Uuid) -> Result<bool, ChatError> {
    let mut tx = pool.begin().await?;
    let shortcut = sqlx::query_scalar!(
        "delete from canned_responses where id = $1 returning shortcut",
        id
    )
    .fetch_optional(&mut *tx)
    .await?;
    let Some(shortcut) = shortcut else {
        return Ok(false);
    };
    let details = json!({ "shortcut": shortcut });
    audit::record(&mut tx, admin, "delete", "canned_response", id, details).await?;
    tx.commit().await?;
    Ok(true)
}
