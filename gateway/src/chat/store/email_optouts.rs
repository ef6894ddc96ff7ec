//! `chat_email_optouts`, whose one writer this is: the addresses that
//! stopped the emails of their chats' unseen replies (the `notify` role
//! reads it before each email).

use sqlx::PgPool;
use uuid::Uuid;

/// Stops the reply emails to chat `chat_id`'s address (all its chats');
/// the address, or `None` for a chat unknown or without one (erased).
/// Stopping twice is fine.
pub async fn stop_chat_emails(pool: &PgPool, chat_id: Uuid) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar!(
        r#"with chat as (
               select lower(btrim(visitor_email)) as email from chat_sessions
               where id = $1 and btrim(visitor_email) <> ''
           ),
           added as (
               insert into chat_email_optouts (email) select email from chat
               on conflict (email) do nothing
           )
           select email as "email!" from chat"#,
        chat_id
    )
    .fetch_optional(pool)
    .await
}

/// Undoes [`stop_chat_emails`]; the same answer.
pub async fn resume_chat_emails(pool: &PgPool, chat_id: Uuid) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar!(
        r#"with chat as (
               select lower(btrim(visitor_email)) as email from chat_sessions
               where id = $1 and btrim(visitor_email) <> ''
           ),
           removed as (
               delete from chat_email_optouts o using chat where o.email = chat.email
           )
           select email as "email!" from chat"#,
        chat_id
    )
    .fetch_optional(pool)
    .await
}

/// A data subject's erasure: forgets that `email` (normalised) stopped
/// these emails. Returns the rows removed (0 or 1).
pub async fn erase_chat_email_optout(pool: &PgPool, email: &str) -> sqlx::Result<u64> {
    Ok(sqlx::query!(
        "delete from chat_email_optouts where email = lower(btrim($1))",
        email
    )
    .execute(pool)
    .await?
    .rows_affected())
}
