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
