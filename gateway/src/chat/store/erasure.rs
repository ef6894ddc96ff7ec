//! A data subject's erasure and correction, for the chat tables this store
//! owns (`chat_sessions`, `chat_notes`, `chat_ratings`), and a visitor's
//! unsent uploads in `chat_attachments`. Their chats are kept, shown
//! to agents as "Erased visitor"; the `chat` worker blanks their messages
//! first (it owns `chat_messages`), so their attachments are no longer
//! named by any message when they are deleted here.

use contract::privacy::ERASED_VISITOR;
use sqlx::PgPool;
use uuid::Uuid;

/// The chats a person had: started under their email, or while signed in.
pub async fn chats_of_person(
    pool: &PgPool,
    email: &str,
    user_id: Option<Uuid>,
) -> sqlx::Result<Vec<Uuid>> {
    sqlx::query_scalar!(
        "select id from chat_sessions
         where lower(visitor_email) = $1 or (user_id is not null and user_id = $2)
         order by id",
        email,
        user_id,
    )
    .fetch_all(pool)
    .await
}

/// What [`erase_chats`] removed.
#[derive(Debug, Default, Clone, Copy, serde::Serialize)]
pub struct ErasedChats {
    pub chats: u64,
    pub attachments: u64,
    pub ratings: u64,
    pub notes: u64,
}

/// Anonymises the chats `chat_ids`: the visitor is "Erased visitor" with an
/// empty email, no account, page or browser, and a new owner token (the old browser
/// loses access); their uploads, ratings and the notes about them are
/// deleted. Safe to run again.
pub async fn erase_chats(pool: &PgPool, chat_ids: &[Uuid]) -> sqlx::Result<ErasedChats> {
    let mut tx = pool.begin().await?;
    let attachments = sqlx::query!(
        "delete from chat_attachments a
         where a.session_id = any($1) and a.uploader_type = 'user'
           and not exists (select 1 from chat_messages m where m.attachment_id = a.id)",
        chat_ids,
    )
    .execute(&mut *tx)
    .await?
    .rows_affected();
    let ratings = sqlx::query!(
        "delete from chat_ratings where session_id = any($1)",
        chat_ids
    )
    .execute(&mut *tx)
    .await?
    .rows_affected();
    let notes = sqlx::query!(
        "delete from chat_notes where session_id = any($1) and kind = 'note'",
        chat_ids
    )
    .execute(&mut *tx)
    .await?
    .rows_affected();
    let chats = sqlx::query!(
        "update chat_sessions
         set visitor_name = $2, visitor_email = '', user_id = null,
             page_url = null, user_agent = null, owner_token = gen_random_uuid()
         where id = any($1)
           and (visitor_name <> $2 or visitor_email <> ''
                or user_id is not null or page_url is not null or user_agent is not null)",
        chat_ids,
        ERASED_VISITOR,
    )
    .execute(&mut *tx)
    .await?
    .rows_affected();
    tx.commit().await?;
    Ok(ErasedChats {
        chats,
        attachments,
        ratings,
        notes,
    })
}

/// Corrects the visitor's name or email on the chats of `email`; returns
/// the chats changed.
pub async fn correct_chats(
    pool: &PgPool,
    email: &str,
    name: Option<&str>,
    new_email: Option<&str>,
) -> sqlx::Result<Vec<Uuid>> {
    sqlx::query_scalar!(
        "update chat_sessions
         set visitor_name = coalesce($2, visitor_name),
             visitor_email = coalesce($3, visitor_email)
         where lower(visitor_email) = $1
         returning id",
        email,
        name,
        new_email,
    )
    .fetch_all(pool)
    .await
}
