//! Every query of the passkeys (`user_passkeys`), and the recovery codes'
//! fate when a factor goes.

use contract::second_factor::PasskeySummary;
use sqlx::types::Json;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;
use webauthn_rs::prelude::Passkey;

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

/// Stores a new passkey; `None` when its credential is enrolled already
/// (on any account: an authenticator makes a new id per registration).
pub async fn insert(
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
pub async fn record_use(
    conn: &mut PgConnection,
    user_id: Uuid,
    passkey: &Passkey,
) -> sqlx::Result<()> {
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
pub async fn remove(conn: &mut PgConnection, user_id: Uuid, id: Uuid) -> sqlx::Result<bool> {
    let removed = sqlx::query!(
        "delete from user_passkeys where id = $1 and user_id = $2",
        id,
        user_id
    )
    .execute(conn)
    .await?;
    Ok(removed.rows_affected() == 1)
}

/// Whether the account has recovery codes (used or not): a second factor
/// enrolled after the first keeps them.
pub async fn has_recovery_codes(conn: &mut PgConnection, user_id: Uuid) -> sqlx::Result<bool> {
    let found = sqlx::query_scalar!(
        r#"select exists(select 1 from user_recovery_codes where user_id = $1) as "found!""#,
        user_id
    )
    .fetch_one(conn)
    .await?;
    Ok(found)
}

/// Deletes the recovery codes once the account has no factor left: they
/// are a way around a factor, not one of their own.
pub async fn drop_recovery_codes_without_factor(
    conn: &mut PgConnection,
    user_id: Uuid,
) -> sqlx::Result<()> {
    sqlx::query!(
        "delete from user_recovery_codes where user_id = $1
           and not exists(select 1 from user_totp where user_id = $1 and confirmed_at is not null)
           and not exists(select 1 from user_passkeys where user_id = $1)",
        user_id
    )
    .execute(conn)
    .await?;
    Ok(())
}
