//! The waitlist (`waitlist`): counted, paged and exported for the admin.

use contract::waitlist::{WaitlistEntry, WaitlistInterest};
use sqlx::PgPool;
use uuid::Uuid;

use crate::intake::error::IntakeError;

/// Waitlist entries of `interest` (any when `None`), counted.
pub async fn count_waitlist(
    pool: &PgPool,
    interest: Option<WaitlistInterest>,
) -> Result<i64, IntakeError> {
    let total = sqlx::query_scalar!(
        r#"select count(*) as "count!" from waitlist_entries
           where ($1::text is null or interest = $1)"#,
        interest as Option<WaitlistInterest>,
    )
    .fetch_one(pool)
    .await?;
    Ok(total)
}

/// The same entries, newest first, `limit` from `offset`.
pub async fn waitlist_page(
    pool: &PgPool,
    interest: Option<WaitlistInterest>,
    limit: i64,
    offset: i64,
) -> Result<Vec<WaitlistEntry>, IntakeError> {
    let items = sqlx::query_as!(
        WaitlistEntry,
        r#"select id, email, name, interest as "interest: WaitlistInterest", created_at
           from waitlist_entries
           where ($1::text is null or interest = $1)
           order by created_at desc, id desc
           limit $2 offset $3"#,
        interest as Option<WaitlistInterest>,
        limit,
        offset,
    )
    .fetch_all(pool)
    .await?;
    Ok(items)
}

/// Every such entry, newest first, for `admin`'s CSV export, which the
/// audit log records (an export is no row of its own: a new id names it).
pub async fn export_waitlist(
    pool: &PgPool,
    admin: Uuid,
    interest: Option<WaitlistInterest>,
) -> Result<Vec<WaitlistEntry>, IntakeError> {
    let entries = sqlx::query_as!(
        WaitlistEntry,
        r#"select id, email, name, interest as "interest: WaitlistInterest", created_at
           from waitlist_entries
           where ($1::text is null or interest = $1)
           order by created_at desc, id desc"#,
        interest as Option<WaitlistInterest>,
    )
    .fetch_all(pool)
    .await?;
    let details = serde_json::json!({
        "interest": interest.map_or("all", WaitlistInterest::code),
        "rows": entries.len(),
    });
    let mut conn = pool.acquire().await?;
    crate::platform::audit::record(
        &mut conn,
        admin,
        "export",
        "waitlist",
        Uuid::now_v7(),
        details,
    )
    .await?;
    Ok(entries)
}
