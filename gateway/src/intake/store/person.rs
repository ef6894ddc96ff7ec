//! One person's intake data across the tables, for the data-subject
//! requests: erased, or their address corrected, in one transaction.

use sqlx::PgPool;

use crate::intake::error::IntakeError;

/// A data subject's erasure: deletes their contact and demo requests and
/// their subscriptions. Returns (contact requests, subscriptions) deleted;
/// running it again deletes nothing more.
pub async fn erase_person(pool: &PgPool, email: &str) -> Result<(u64, u64), IntakeError> {
    let mut tx = pool.begin().await?;
    let requests = sqlx::query!(
        "delete from contact_requests where lower(email) = $1",
        email
    )
    .execute(&mut *tx)
    .await?
    .rows_affected();
    let subscriptions = sqlx::query!("delete from subscriptions where lower(email) = $1", email)
        .execute(&mut *tx)
        .await?
        .rows_affected();
    tx.commit().await?;
    Ok((requests, subscriptions))
}

/// A data subject's correction of their contact requests (name, email,
/// phone) and subscriptions (email); returns the rows changed.
pub async fn correct_person(
    pool: &PgPool,
    email: &str,
    name: Option<&str>,
    new_email: Option<&str>,
    phone: Option<&str>,
) -> Result<u64, IntakeError> {
    let mut tx = pool.begin().await?;
    let mut changed = sqlx::query!(
        "update contact_requests
         set name = coalesce($2, name), email = coalesce($3, email), phone = coalesce($4, phone)
         where lower(email) = $1",
        email,
        name,
        new_email,
        phone,
    )
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if let Some(new_email) = new_email {
        // An address subscribed under both emails keeps the new one's row.
        changed += sqlx::query!(
            "update subscriptions s set email = $2
             where lower(s.email) = $1
               and not exists (select 1 from subscriptions t
                               where t.email = $2 and t.topic = s.topic)",
            email,
            new_email,
        )
        .execute(&mut *tx)
        .await?
        .rows_affected();
    }
    tx.commit().await?;
    Ok(changed)
}
