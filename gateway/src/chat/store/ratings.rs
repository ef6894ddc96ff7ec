//! The visitor's rating of a resolved chat.

use contract::chat::ChatRating;

use sqlx::PgPool;
use uuid::Uuid;

/// What became of a rating.
#[derive(Debug, PartialEq, Eq)]
pub enum Rated {
    Saved,
    AlreadyRated,
    NotResolved,
}

/// Saves the visitor's rating of a resolved chat, once; the agent who had
/// the chat is recorded with it.
pub async fn rate(
    pool: &PgPool,
    chat_id: Uuid,
    score: i16,
    comment: Option<&str>,
) -> Result<Rated, sqlx::Error> {
    let saved = sqlx::query_scalar!(
        "insert into chat_ratings (session_id, score, comment, agent_id)
         select id, $2, $3, assigned_agent_id from chat_sessions
         where id = $1 and status = 'resolved'
         on conflict (session_id) do nothing
         returning session_id",
        chat_id,
        score,
        comment
    )
    .fetch_optional(pool)
    .await?;
    if saved.is_some() {
        return Ok(Rated::Saved);
    }
    Ok(match rating(pool, chat_id).await? {
        Some(_) => Rated::AlreadyRated,
        None => Rated::NotResolved,
    })
}

/// The chat's rating, if given.
pub async fn rating(pool: &PgPool, chat_id: Uuid) -> Result<Option<ChatRating>, sqlx::Error> {
    sqlx::query_as!(
        ChatRating,
        "select score, comment from chat_ratings where session_id = $1",
        chat_id
    )
    .fetch_optional(pool)
    .await
}
