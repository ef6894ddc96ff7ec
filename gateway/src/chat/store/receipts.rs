//! Reads of `chat_receipts` (written only by the `chat` worker's receipts
//! consumer, `workers/src/receipts.rs`).

use contract::chat::{ReceiptMark, ReceiptState, SenderType};
use sqlx::PgPool;
use uuid::Uuid;

/// The chat's newest message, if it has any.
pub async fn newest_message(pool: &PgPool, chat_id: Uuid) -> Result<Option<Uuid>, sqlx::Error> {
    sqlx::query_scalar!(
        "select id from chat_messages where session_id = $1 order by id desc limit 1",
        chat_id
    )
    .fetch_optional(pool)
    .await
}

/// Whether `reader`'s `state` mark in the chat has reached `through`.
pub async fn receipt_reached(
    pool: &PgPool,
    chat_id: Uuid,
    reader: SenderType,
    state: ReceiptState,
    through: Uuid,
) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select exists(select 1 from chat_receipts
                          where session_id = $1 and reader = $2 and state = $3
                            and through_message_id >= $4) as "reached!""#,
        chat_id,
        reader.as_str(),
        state.as_str(),
        through
    )
    .fetch_one(pool)
    .await
}

/// Where each side's receipts stand in the chat: the furthest mark of each
/// reader and state.
pub async fn receipt_marks(pool: &PgPool, chat_id: Uuid) -> Result<Vec<ReceiptMark>, sqlx::Error> {
    sqlx::query_as!(
        ReceiptMark,
        r#"select distinct on (reader, state)
                  reader as "reader: SenderType", state as "state: ReceiptState",
                  through_message_id as through, at
           from chat_receipts where session_id = $1
           order by reader, state, through_message_id desc"#,
        chat_id
    )
    .fetch_all(pool)
    .await
}
