//! The audit log: who changed what, when, written in the change's own
//! transaction (table `audit_log`).

use sqlx::PgConnection;
use uuid::Uuid;

/// Records that `actor` did `action` (`update`, `replay`, `discard`…) to
/// `entity` (`site_settings`, `dead_letter`…) `entity_id`, with `details`.
pub async fn record(
    tx: &mut PgConnection,
    actor: Uuid,
    action: &str,
    entity: &str,
    entity_id: Uuid,
    details: serde_json::Value,
) -> sqlx::Result<()> {
    sqlx::query!(
        "insert into audit_log (id, actor_id, action, entity, entity_id, details)
         values ($1, $2, $3, $4, $5, $6)",
        Uuid::now_v7(),
        actor,
        action,
        entity,
        entity_id,
        details,
    )
    .execute(tx)
    .await?;
    Ok(())
}

/// Records `action` on `entity` `entity_id` done by no signed-in user (a
/// person following an emailed link). `details` must hold no personal data.
pub async fn record_unattributed(
    tx: &mut PgConnection,
    action: &str,
    entity: &str,
    entity_id: Uuid,
    details: serde_json::Value,
) -> sqlx::Result<()> {
    sqlx::query!(
        "insert into audit_log (id, actor_id, unattributed, action, entity, entity_id, details)
         values ($1, null, true, $2, $3, $4, $5)",
        Uuid::now_v7(),
        action,
        entity,
        entity_id,
        details,
    )
    .execute(tx)
    .await?;
    Ok(())
}

/// A data subject's erasure: removes their email from the details of past
/// records (an invitation names the address invited); returns the records
/// changed.
pub async fn forget_email(tx: &mut PgConnection, email: &str) -> sqlx::Result<u64> {
    Ok(sqlx::query!(
        "update audit_log set details = details - 'email' where lower(details->>'email') = $1",
        email
    )
    .execute(tx)
    .await?
    .rows_affected())
}
