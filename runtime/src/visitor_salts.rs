//! The daily salts unique visitors are counted with (table `visitor_salts`,
//! written only here): the gateway makes the day's salt, the `analytics`
//! role deletes past ones, so a stored hash can no longer be tied to an
//! address, nor to the same visitor on another day.

use rand::RngCore as _;
use sqlx::PgPool;
use time::Date;

/// The salt of `day`, made (32 random bytes) if this is the day's first
/// view; making it deletes the salts of the days before.
pub async fn salt_for(pool: &PgPool, day: Date) -> sqlx::Result<Vec<u8>> {
    let mut fresh = vec![0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut fresh);
    // Twice at most: when another gateway makes the day's salt at the same
    // instant, this statement's snapshot cannot see it, the next one can.
    for _ in 0..2 {
        let salt = sqlx::query_scalar!(
            r#"with made as (
                   insert into visitor_salts (day, salt) values ($1, $2)
                   on conflict (day) do nothing
                   returning salt
               ), discarded as (
                   delete from visitor_salts where day < $1 and exists (select from made)
               )
               select salt as "salt!" from made
               union all
               select salt from visitor_salts where day = $1
               limit 1"#,
            day,
            &fresh,
        )
        .fetch_optional(pool)
        .await?;
        if let Some(salt) = salt {
            return Ok(salt);
        }
    }
    Err(sqlx::Error::RowNotFound)
}

/// Deletes the salts of the days before `today`; returns how many.
pub async fn discard_past_salts(pool: &PgPool, today: Date) -> sqlx::Result<u64> {
    let deleted = sqlx::query!("delete from visitor_salts where day < $1", today)
        .execute(pool)
        .await?;
    Ok(deleted.rows_affected())
}
