//! The audit log's mentions of a person being erased (`audit_log`, whose
//! queries are `platform::audit`'s).

use sqlx::PgPool;

/// Takes `email` out of every audit record naming it: how many changed.
pub async fn forget_audited_email(pool: &PgPool, email: &str) -> sqlx::Result<u64> {
    let mut conn = pool.acquire().await?;
    crate::platform::audit::forget_email(&mut conn, email).await
}
