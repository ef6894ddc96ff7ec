//! Staff sign-ins in the audit log (`audit_log`, written through
//! `platform::audit`): each successful one, and each refused one on a
//! staff account (a wrong password or second factor, or a deactivated
//! account). Customers' sign-ins are not recorded. Details name only how
//! or why, never a password, code or token. Runtime-checked SQL: see
//! docs/DECISIONS.md.

use serde_json::json;
use sqlx::PgPool;
use uuid::Uuid;

use crate::platform::audit;

/// The audit log's name for a person's account signing in.
const ENTITY: &str = "account";

/// Records staff member `user_id`'s sign-in by `method`.
pub async fn record_sign_in(pool: &PgPool, user_id: Uuid, method: &str) -> sqlx::Result<()> {
    let mut conn = pool.acquire().await?;
    audit::record(
        &mut conn,
        user_id,
        "sign_in",
        ENTITY,
        user_id,
        json!({ "method": method }),
    )
    .await
}

/// Records a refused sign-in on the account of `email` for `reason`
/// when that account is a staff member's; nothing for anyone else (an
/// unknown address included, so the log holds no guesses).
pub async fn record_failed_sign_in(pool: &PgPool, email: &str, reason: &str) -> sqlx::Result<()> {
    let staff: Option<Uuid> =
        sqlx::query_scalar("select id from users where email = $1 and role <> 'user'")
            .bind(email)
            .fetch_optional(pool)
            .await?;
    match staff {
        Some(id) => record_failed(pool, id, reason).await,
        None => Ok(()),
    }
}

/// Records a refused second factor on account `user_id` for `reason` when
/// it is a staff member's.
pub async fn record_failed_second_factor(
    pool: &PgPool,
    user_id: Uuid,
    reason: &str,
) -> sqlx::Result<()> {
    let staff: bool =
        sqlx::query_scalar("select exists(select 1 from users where id = $1 and role <> 'user')")
            .bind(user_id)
            .fetch_one(pool)
            .await?;
    if staff {
        record_failed(pool, user_id, reason).await?;
    }
    Ok(())
}

async fn record_failed(pool: &PgPool, id: Uuid, reason: &str) -> sqlx::Result<()> {
    let mut conn = pool.acquire().await?;
    audit::record(
        &mut conn,
        id,
        "sign_in_failed",
        ENTITY,
        id,
        json!({ "reason": reason }),
    )
    .await
}
