//! A chat's state as the agents' state control reads it; the changes
//! themselves are the `chat` worker's (`workers/src/states.rs`), and
//! resolving and reopening `sessions.rs`'s.

use contract::chat::ChatState;
use sqlx::PgPool;
use time::OffsetDateTime;
use uuid::Uuid;

/// A chat's state now, with its snooze's end.
pub struct CurrentState {
    pub state: ChatState,
    pub snoozed_until: Option<OffsetDateTime>,
}

/// Chat `chat_id`'s state, `None` when there is no such chat.
pub async fn current_state(
    pool: &PgPool,
    chat_id: Uuid,
) -> Result<Option<CurrentState>, sqlx::Error> {
    sqlx::query_as!(
        CurrentState,
        r#"select status as "state: ChatState", snoozed_until
           from chat_sessions where id = $1"#,
        chat_id
    )
    .fetch_optional(pool)
    .await
}

/// Whether the state event `event_id` is in a trail (the worker applied
/// that change).
pub async fn state_event_stored(pool: &PgPool, event_id: Uuid) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(
        r#"select exists(select 1 from chat_notes where id = $1) as "stored!""#,
        event_id
    )
    .fetch_one(pool)
    .await
}
