//! Using up a code, once, whichever table holds it: a TOTP step
//! (`user_totp.last_used_step`) or a recovery code
//! (`user_recovery_codes.used_at`). Runtime-checked SQL: see
//! docs/DECISIONS.md.

use serde_json::json;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use super::user_recovery_codes::use_recovery_code;
use crate::accounts::second_factor::claim::{Claim, Proof};
use crate::platform::audit;

/// Uses up `claim` for the second step of a sign-in (a recovery code's use
/// audited), in one transaction; false when it was used already.
pub async fn sign_in_with_code(pool: &PgPool, user_id: Uuid, claim: Claim) -> sqlx::Result<bool> {
    let mut tx = pool.begin().await?;
    if !use_claim(&mut tx, user_id, claim).await? {
        return Ok(false);
    }
    if claim.proof() == Proof::RecoveryCode {
        audit::record(
            &mut tx,
            user_id,
            "use_recovery_code",
            "second_factor",
            user_id,
            json!({}),
        )
        .await?;
    }
    tx.commit().await?;
    Ok(true)
}

/// Uses up `claim` within `conn`: the TOTP step (each once) or the
/// recovery code; false when it was used already (a replay, or two tabs at
/// once).
pub(super) async fn use_claim(
    conn: &mut PgConnection,
    user_id: Uuid,
    claim: Claim,
) -> sqlx::Result<bool> {
    match claim {
        Claim::Totp(step) => use_step(conn, user_id, step, false).await,
        Claim::RecoveryCode(id) => use_recovery_code(conn, id).await,
    }
}

/// Records that the code of `step` was used, confirming the secret when
/// `confirming`; false when that step (or a later one) was used already, or
/// the secret is not in the state expected: each code counts once, on
/// every gateway, since the row is the arbiter.
pub(super) async fn use_step(
    conn: &mut PgConnection,
    user_id: Uuid,
    step: i64,
    confirming: bool,
) -> sqlx::Result<bool> {
    let used = sqlx::query(
        "update user_totp set last_used_step = $2, confirmed_at = coalesce(confirmed_at, now())
         where user_id = $1 and last_used_step < $2 and (confirmed_at is null) = $3",
    )
    .bind(user_id)
    .bind(step)
    .bind(confirming)
    .execute(conn)
    .await?;
    Ok(used.rows_affected() == 1)
}
