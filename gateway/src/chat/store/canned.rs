//! The canned replies (`canned_responses`).

use contract::agents::{CannedResponse, CannedResponseInput};
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::chat::error::ChatError;

/// A unique-shortcut violation as its own error; anything else stays a
/// database error.
fn on_taken_shortcut(error: sqlx::Error) -> ChatError {
    match &error {
        sqlx::Error::Database(db) if db.constraint() == Some("canned_responses_shortcut_key") => {
            ChatError::ShortcutTaken
        }
        _ => error.into(),
    }
}

/// Every canned reply, by shortcut.
pub async fn canned_responses(pool: &PgPool) -> Result<Vec<CannedResponse>, ChatError> {
    let replies = sqlx::query_as!(
        CannedResponse,
        "select id, shortcut, title, body, created_at, updated_at from canned_responses order by shortcut"
    )
    .fetch_all(pool)
    .await?;
    Ok(replies)
}

/// Adds a canned reply.
pub async fn create_canned(
    tx: &mut PgConnection,
    body: &CannedResponseInput,
) -> Result<CannedResponse, ChatError> {
    let reply = sqlx::query_as!(
        CannedResponse,
        "insert into canned_responses (id, shortcut, title, body)
         values ($1, $2, $3, $4) returning id, shortcut, title, body, created_at, updated_at",
        Uuid::now_v7(),
        body.shortcut,
        body.title,
        body.body,
    )
    .fetch_one(&mut *tx)
    .await
    .map_err(on_taken_shortcut)?;
    Ok(reply)
}

/// Replaces canned reply `id`; `None` when there is no such one.
pub async fn update_canned(
    tx: &mut PgConnection,
    id: Uuid,
    body: &CannedResponseInput,
) -> Result<Option<CannedResponse>, ChatError> {
    let reply = sqlx::query_as!(
        CannedResponse,
        "update canned_responses set shortcut = $2, title = $3, body = $4, updated_at = now()
         where id = $1 returning id, shortcut, title, body, created_at, updated_at",
        id,
        body.shortcut,
        body.title,
        body.body,
    )
    .fetch_optional(&mut *tx)
    .await
    .map_err(on_taken_shortcut)?;
    Ok(reply)
}

/// Deletes canned reply `id`; its shortcut, or `None` when there is no such one.
pub async fn delete_canned(tx: &mut PgConnection, id: Uuid) -> Result<Option<String>, ChatError> {
    let shortcut = sqlx::query_scalar!(
        "delete from canned_responses where id = $1 returning shortcut",
        id
    )
    .fetch_optional(&mut *tx)
    .await?;
    Ok(shortcut)
}
