//! `user_recovery_codes`, whose one writer this is: the one-time codes
//! that stand in for a second factor, given with the first factor an
//! account enrols, used up at sign-in and dropped with the last factor.
//! Runtime-checked SQL: see docs/DECISIONS.md.

use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

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

/// Replaces the user's recovery codes with these hashes.
pub(super) async fn replace_recovery_codes(
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

/// Marks recovery code `id` used; false when it was used already (by a
/// request that got there first).
pub(super) async fn use_recovery_code(conn: &mut PgConnection, id: Uuid) -> sqlx::Result<bool> {
    let used = sqlx::query(
        "update user_recovery_codes set used_at = now() where id = $1 and used_at is null",
    )
    .bind(id)
    .execute(conn)
    .await?;
    Ok(used.rows_affected() == 1)
}

/// Whether the account has recovery codes (used or not): a second factor
/// enrolled after the first keeps them.
pub(super) async fn has_recovery_codes(
    conn: &mut PgConnection,
    user_id: Uuid,
) -> sqlx::Result<bool> {
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
pub(super) async fn drop_recovery_codes_without_factor(
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
