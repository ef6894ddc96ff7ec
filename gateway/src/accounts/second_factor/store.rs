//! The queries of TOTP and the recovery codes (`user_totp`,
//! `user_recovery_codes`). Runtime-checked SQL: see docs/DECISIONS.md (the
//! passkeys' queries, in `passkey_store`, are checked at compile time).

use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

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

/// Records that the code of `step` was used, confirming the secret when
/// `confirming`; false when that step (or a later one) was used already, or
/// the secret is not in the state expected: each code counts once, on
/// every gateway, since the row is the arbiter.
pub async fn use_step(
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

/// Replaces the user's recovery codes with these hashes.
pub async fn replace_recovery_codes(
    conn: &mut PgConnection,
    user_id: Uuid,
    hashes: &[String],
) -> sqlx::Result<()> {
    sqlx::query("delete from user_recovery_codes where user_id = $1")
        .bind(user_id)
        .execute(&mut *conn)
        .await?;
    for hash in hashes {
        sqlx::query("insert into user_recovery_codes (id, user_id, code_hash) values ($1, $2, $3)")
            .bind(Uuid::now_v7())
            .bind(user_id)
            .bind(hash)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

/// The unused recovery codes' ids and hashes.
pub async fn unused_recovery_codes(
    pool: &PgPool,
    user_id: Uuid,
) -> sqlx::Result<Vec<(Uuid, String)>> {
    sqlx::query_as(
        "select id, code_hash from user_recovery_codes where user_id = $1 and used_at is null",
    )
    .bind(user_id)
    .fetch_all(pool)
    .await
}

/// Marks recovery code `id` used; false when it was used already (by a
/// request that got there first).
pub async fn use_recovery_code(conn: &mut PgConnection, id: Uuid) -> sqlx::Result<bool> {
    let used = sqlx::query(
        "update user_recovery_codes set used_at = now() where id = $1 and used_at is null",
    )
    .bind(id)
    .execute(conn)
    .await?;
    Ok(used.rows_affected() == 1)
}

/// Removes the user's TOTP secret (the recovery codes go too when no
/// passkey is left: `passkey_store::drop_recovery_codes_without_factor`).
pub async fn remove_totp(conn: &mut PgConnection, user_id: Uuid) -> sqlx::Result<()> {
    sqlx::query("delete from user_totp where user_id = $1")
        .bind(user_id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}
