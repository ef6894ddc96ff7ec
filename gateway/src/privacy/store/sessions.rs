//! The sign-ins of a person being erased (`tower_sessions.session`, whose
//! queries are `platform::sessions`'s).

use sqlx::PgPool;
use uuid::Uuid;

/// Ends every sign-in of `user_id`: the ids of the sessions deleted, for
/// the other gateways to forget.
pub async fn end_sessions_of(pool: &PgPool, user_id: Uuid) -> sqlx::Result<Vec<String>> {
    let mut conn = pool.acquire().await?;
    crate::platform::sessions::delete_of_user(&mut conn, user_id).await
}
