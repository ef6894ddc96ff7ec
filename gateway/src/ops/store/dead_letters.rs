//! The admin's two writes on `dead_letters` (owned by
//! `runtime::dead_letters`): a replay and a discard, each audited in its
//! own transaction.

use async_nats::jetstream;
use runtime::dead_letters;
use sqlx::PgPool;
use uuid::Uuid;

use crate::ops::error::OpsError;
use crate::platform::audit;

/// Publishes dead letter `id` again and audits it as `admin`'s, in one
/// transaction; [`OpsError::NoSuchDeadLetter`] when none is waiting.
pub async fn replay_dead_letter(
    pool: &PgPool,
    jetstream: &jetstream::Context,
    admin: Uuid,
    id: Uuid,
) -> Result<(), OpsError> {
    let mut tx = pool.begin().await?;
    if !dead_letters::replay_one(&mut tx, jetstream, id).await? {
        return Err(OpsError::NoSuchDeadLetter);
    }
    audit::record(
        &mut tx,
        admin,
        "replay",
        "dead_letter",
        id,
        serde_json::json!({}),
    )
    .await?;
    tx.commit().await?;
    Ok(())
}

/// Drops dead letter `id` for good and audits it as `admin`'s, in one
/// transaction; [`OpsError::NoSuchDeadLetter`] when none is waiting.
pub async fn discard_dead_letter(pool: &PgPool, admin: Uuid, id: Uuid) -> Result<(), OpsError> {
    let mut tx = pool.begin().await?;
    if !dead_letters::discard(&mut tx, id).await? {
        return Err(OpsError::NoSuchDeadLetter);
    }
    audit::record(
        &mut tx,
        admin,
        "discard",
        "dead_letter",
        id,
        serde_json::json!({}),
    )
    .await?;
    tx.commit().await?;
    Ok(())
}
