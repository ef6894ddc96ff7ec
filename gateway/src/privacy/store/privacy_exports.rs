//! `privacy_exports`, whose one writer this is: an access request's
//! archive, kept until its link expires.

use sqlx::PgPool;
use time::OffsetDateTime;
use uuid::Uuid;

/// Keeps the archive of request `id` until `expires_at` (replacing an
/// earlier one), in one transaction.
pub async fn store_export(
    pool: &PgPool,
    id: Uuid,
    archive: &[u8],
    expires_at: OffsetDateTime,
) -> sqlx::Result<()> {
    let mut tx = pool.begin().await?;
    sqlx::query!(
        "insert into privacy_exports (request_id, archive, expires_at) values ($1, $2, $3)
         on conflict (request_id) do update
         set archive = excluded.archive, created_at = now(), expires_at = excluded.expires_at",
        id,
        archive,
        expires_at
    )
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(())
}

/// The archive of request `id` while it has not expired.
pub async fn export(pool: &PgPool, id: Uuid) -> sqlx::Result<Option<Vec<u8>>> {
    sqlx::query_scalar!(
        "select archive from privacy_exports where request_id = $1 and expires_at > now()",
        id
    )
    .fetch_optional(pool)
    .await
}
