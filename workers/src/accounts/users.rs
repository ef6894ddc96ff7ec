//! Owns table users: the only module that writes it (in the workers; the
//! gateway writes some columns too, see the table owners in docs/ARCHITECTURE.md).
//! Registration, a password reset and `seed-admin` all write through here.

use anyhow::Context as _;
use contract::accounts::{Role, User};
use contract::language::Language;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

/// Stores a new account; `None` when the email is taken (a concurrent
/// registration with the same email won the race).
pub(crate) async fn insert(
    tx: &mut PgConnection,
    email: &str,
    username: &str,
    name: &str,
    phone: &str,
    password_hash: String,
    language: Language,
) -> anyhow::Result<Option<User>> {
    sqlx::query_as!(
        User,
        r#"insert into users (id, email, username, name, phone, password_hash, language)
             values ($1, $2, $3, $4, $5, $6, $7)
             on conflict (email) do nothing
             returning id, email, username, name, name as "full_name!", phone, role as "role: Role", is_admin, created_at,
                       language as "language: Language""#,
        Uuid::now_v7(),
        email,
        username.trim(),
        name.trim(),
        phone.trim(),
        password_hash,
        language.code(),
    )
    .fetch_optional(&mut *tx)
    .await
    .context("failed to insert the user")
}

/// Replaces the password of `user_id`.
pub(crate) async fn set_password(
    tx: &mut PgConnection,
    user_id: Uuid,
    password_hash: &str,
) -> anyhow::Result<()> {
    sqlx::query!(
        "update users set password_hash = $2 where id = $1",
        user_id,
        password_hash
    )
    .execute(&mut *tx)
    .await
    .context("failed to set the password")?;
    Ok(())
}

/// Makes the account of `email` an admin, and replaces its password when
/// `password_hash` is given.
pub(crate) async fn promote_admin(
    pool: &PgPool,
    email: &str,
    password_hash: Option<&str>,
) -> anyhow::Result<()> {
    sqlx::query!(
        "update users set role = 'admin', password_hash = coalesce($2, password_hash)
             where email = $1",
        email,
        password_hash,
    )
    .execute(pool)
    .await
    .context("failed to update the admin")?;
    Ok(())
}

/// Creates the admin account of `email` (or promotes one a concurrent run
/// created).
pub(crate) async fn insert_admin(
    pool: &PgPool,
    email: &str,
    password_hash: &str,
) -> anyhow::Result<()> {
    sqlx::query!(
        "insert into users (id, email, username, name, phone, password_hash, role)
         values ($1, $2, $2, 'Administrator', '', $3, 'admin')
         on conflict (email) do update set role = 'admin'",
        Uuid::now_v7(),
        email,
        password_hash,
    )
    .execute(pool)
    .await
    .context("failed to insert the admin")?;
    Ok(())
}

/// A data subject's erasure: deletes the account `user_id` (a customer's;
/// a team member's is left to the team page). Its reset tokens go with it
/// (`on delete cascade`); its chats were anonymised by the gateway first.
/// Returns the accounts deleted.
pub async fn erase(pool: &PgPool, user_id: Uuid) -> sqlx::Result<u64> {
    Ok(
        sqlx::query!("delete from users where id = $1 and role = 'user'", user_id)
            .execute(pool)
            .await?
            .rows_affected(),
    )
}
