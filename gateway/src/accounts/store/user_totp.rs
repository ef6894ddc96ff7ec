//! `user_totp`, whose one writer this is: the authenticator app's secret,
//! from its set-up to its removal, each change one transaction with its
//! audit record and the end of the account's stored sessions; and whether
//! an account has a second factor at all. Runtime-checked SQL: see
//! docs/DECISIONS.md (the passkeys' queries are checked at compile time).

use serde_json::json;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use super::claims::{use_claim, use_step};
use super::user_recovery_codes::{drop_recovery_codes_without_factor, replace_recovery_codes};
use crate::accounts::second_factor::claim::Claim;
use crate::platform::{audit, sessions};

/// Whether user `user_id` has a second factor: a confirmed TOTP secret or
/// a passkey.
pub async fn has_factor(pool: &PgPool, user_id: Uuid) -> sqlx::Result<bool> {
    sqlx::query_scalar(
        "select exists(select 1 from user_totp where user_id = $1 and confirmed_at is not null)
             or exists(select 1 from user_passkeys where user_id = $1)",
    )
    .bind(user_id)
    .fetch_one(pool)
    .await
}

/// Whether TOTP is confirmed, and how many recovery codes are unused.
pub async fn status(pool: &PgPool, user_id: Uuid) -> sqlx::Result<(bool, i64)> {
    sqlx::query_as(
        "select exists(select 1 from user_totp where user_id = $1 and confirmed_at is not null),
                (select count(*) from user_recovery_codes where user_id = $1 and used_at is null)",
    )
    .bind(user_id)
    .fetch_one(pool)
    .await
}

/// Stores a new, unconfirmed secret (replacing an earlier unconfirmed one);
/// false when a confirmed one exists.
pub async fn save_pending(pool: &PgPool, user_id: Uuid, sealed: &[u8]) -> sqlx::Result<bool> {
    let saved = sqlx::query(
        "insert into user_totp (user_id, secret_sealed) values ($1, $2)
         on conflict (user_id) do update
             set secret_sealed = excluded.secret_sealed, created_at = now(), last_used_step = 0
             where user_totp.confirmed_at is null",
    )
    .bind(user_id)
    .bind(sealed)
    .execute(pool)
    .await?;
    Ok(saved.rows_affected() == 1)
}

/// The sealed secret and whether it is confirmed.
pub async fn secret(pool: &PgPool, user_id: Uuid) -> sqlx::Result<Option<(Vec<u8>, bool)>> {
    sqlx::query_as(
        "select secret_sealed, confirmed_at is not null from user_totp where user_id = $1",
    )
    .bind(user_id)
    .fetch_optional(pool)
    .await
}

/// Confirms the pending secret with the code of `step` and gives the
/// account the recovery codes `hashes`, audited, and ends the account's
/// stored sessions, in one transaction; the sessions ended, `None` when
/// there was nothing to confirm or the code was used (nothing changes).
pub async fn enrol_totp(
    pool: &PgPool,
    user_id: Uuid,
    step: i64,
    hashes: &[String],
) -> sqlx::Result<Option<Vec<String>>> {
    let mut tx = pool.begin().await?;
    if !use_step(&mut tx, user_id, step, true).await? {
        return Ok(None);
    }
    replace_recovery_codes(&mut tx, user_id, hashes).await?;
    audit::record(
        &mut tx,
        user_id,
        "enrol",
        "second_factor",
        user_id,
        json!({ "factor": "totp" }),
    )
    .await?;
    let ended = sessions::delete_of_user(&mut tx, user_id).await?;
    tx.commit().await?;
    Ok(Some(ended))
}

/// Uses up `claim` and removes the account's secret (the recovery codes
/// too when no passkey is left), audited, and ends the account's stored
/// sessions, in one transaction; the sessions ended, `None` when the claim
/// was used already (nothing changes).
pub async fn remove_totp(
    pool: &PgPool,
    user_id: Uuid,
    claim: Claim,
) -> sqlx::Result<Option<Vec<String>>> {
    let mut tx = pool.begin().await?;
    if !use_claim(&mut tx, user_id, claim).await? {
        return Ok(None);
    }
    delete_totp(&mut tx, user_id).await?;
    drop_recovery_codes_without_factor(&mut tx, user_id).await?;
    audit::record(
        &mut tx,
        user_id,
        "remove",
        "second_factor",
        user_id,
        json!({ "factor": "totp", "provenBy": format!("{:?}", claim.proof()) }),
    )
    .await?;
    let ended = sessions::delete_of_user(&mut tx, user_id).await?;
    tx.commit().await?;
    Ok(Some(ended))
}

/// Removes the user's TOTP secret (the recovery codes go too when no
/// passkey is left: `drop_recovery_codes_without_factor`).
async fn delete_totp(conn: &mut PgConnection, user_id: Uuid) -> sqlx::Result<()> {
    sqlx::query("delete from user_totp where user_id = $1")
        .bind(user_id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}
