//! `user_passkeys`, whose one writer this is: the account's passkeys,
//! each added or removed in one transaction with the recovery codes' fate,
//! the audit record and the end of the account's stored sessions; and
//! each use at sign-in.

use contract::second_factor::PasskeySummary;
use serde_json::json;
use sqlx::types::Json;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;
use webauthn_rs::prelude::Passkey;

use super::user_recovery_codes::{
    drop_recovery_codes_without_factor, has_recovery_codes, replace_recovery_codes,
};
use crate::platform::{audit, sessions};

/// The account's passkeys as the security page lists them, oldest first.
pub async fn summaries(pool: &PgPool, user_id: Uuid) -> sqlx::Result<Vec<PasskeySummary>> {
    sqlx::query_as!(
        PasskeySummary,
        "select id, name, created_at, last_used_at from user_passkeys
         where user_id = $1 order by created_at, id",
        user_id
    )
    .fetch_all(pool)
    .await
}

/// The account's passkeys as webauthn-rs reads them.
pub async fn credentials(pool: &PgPool, user_id: Uuid) -> sqlx::Result<Vec<Passkey>> {
    let rows = sqlx::query!(
        r#"select passkey as "passkey: Json<Passkey>" from user_passkeys where user_id = $1"#,
        user_id
    )
    .fetch_all(pool)
    .await?;
    Ok(rows.into_iter().map(|row| row.passkey.0).collect())
}

/// What adding a passkey did.
pub struct AddedPasskey {
    pub passkey: PasskeySummary,
    /// The new recovery codes (shown once), when the account had none.
    pub recovery_codes: Vec<String>,
    /// The account's stored sessions ended.
    pub ended: Vec<String>,
}

/// Adds `passkey` under `name`, with recovery codes from `fresh_codes`
/// (codes and their hashes) when the account has none, audited, and ends
/// the account's stored sessions, in one transaction; `None` when the
/// credential is enrolled already (nothing changes).
pub async fn add_passkey<E: From<sqlx::Error>>(
    pool: &PgPool,
    user_id: Uuid,
    passkey: &Passkey,
    name: &str,
    fresh_codes: impl AsyncFnOnce() -> Result<(Vec<String>, Vec<String>), E>,
) -> Result<Option<AddedPasskey>, E> {
    let mut tx = pool.begin().await?;
    let Some(added) = insert(&mut tx, user_id, passkey, name).await? else {
        return Ok(None);
    };
    let recovery_codes = if has_recovery_codes(&mut tx, user_id).await? {
        Vec::new()
    } else {
        let (codes, hashes) = fresh_codes().await?;
        replace_recovery_codes(&mut tx, user_id, &hashes).await?;
        codes
    };
    audit::record(
        &mut tx,
        user_id,
        "enrol",
        "second_factor",
        user_id,
        json!({ "factor": "passkey", "passkeyId": added.id }),
    )
    .await?;
    let ended = sessions::delete_of_user(&mut tx, user_id).await?;
    tx.commit().await?;
    Ok(Some(AddedPasskey {
        passkey: added,
        recovery_codes,
        ended,
    }))
}

/// Removes passkey `id` of the account (the recovery codes too when it was
/// the last factor), audited, and ends the account's stored sessions, in
/// one transaction; the sessions ended, `None` when the account has no
/// such passkey (nothing changes).
pub async fn remove_passkey(
    pool: &PgPool,
    user_id: Uuid,
    id: Uuid,
) -> sqlx::Result<Option<Vec<String>>> {
    let mut tx = pool.begin().await?;
    if !remove(&mut tx, user_id, id).await? {
        return Ok(None);
    }
    drop_recovery_codes_without_factor(&mut tx, user_id).await?;
    audit::record(
        &mut tx,
        user_id,
        "remove",
        "second_factor",
        user_id,
        json!({ "factor": "passkey", "passkeyId": id }),
    )
    .await?;
    let ended = sessions::delete_of_user(&mut tx, user_id).await?;
    tx.commit().await?;
    Ok(Some(ended))
}

/// Saves `passkey` after a sign-in with it (its counter moves on), in one
/// transaction.
pub async fn record_passkey_use(
    pool: &PgPool,
    user_id: Uuid,
    passkey: &Passkey,
) -> sqlx::Result<()> {
    let mut tx = pool.begin().await?;
    record_use(&mut tx, user_id, passkey).await?;
    tx.commit().await?;
    Ok(())
}

/// Stores a new passkey; `None` when its credential is enrolled already
/// (on any account: an authenticator makes a new id per registration).
async fn insert(
    conn: &mut PgConnection,
    user_id: Uuid,
    passkey: &Passkey,
    name: &str,
) -> sqlx::Result<Option<PasskeySummary>> {
    sqlx::query_as!(
        PasskeySummary,
        "insert into user_passkeys (id, user_id, credential_id, passkey, name)
         values ($1, $2, $3, $4, $5)
         on conflict (credential_id) do nothing
         returning id, name, created_at, last_used_at",
        Uuid::now_v7(),
        user_id,
        passkey.cred_id().as_ref(),
        Json(passkey) as _,
        name
    )
    .fetch_optional(conn)
    .await
}

/// Saves `passkey` (its counter, after a sign-in) and when it was used.
async fn record_use(conn: &mut PgConnection, user_id: Uuid, passkey: &Passkey) -> sqlx::Result<()> {
    sqlx::query!(
        "update user_passkeys set passkey = $3, last_used_at = now()
         where user_id = $1 and credential_id = $2",
        user_id,
        passkey.cred_id().as_ref(),
        Json(passkey) as _
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// Removes passkey `id` of the account; false when the account has no
/// such passkey (another account's id included).
async fn remove(conn: &mut PgConnection, user_id: Uuid, id: Uuid) -> sqlx::Result<bool> {
    let removed = sqlx::query!(
        "delete from user_passkeys where id = $1 and user_id = $2",
        id,
        user_id
    )
    .execute(conn)
    .await?;
    Ok(removed.rows_affected() == 1)
}
