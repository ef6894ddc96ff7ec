//! Seeding of the admin account, idempotent so that `infra/run` can call it
//! on every start.

use contract::accounts::normalize_email;
use rand::Rng as _;
use rand::distributions::Alphanumeric;
use sqlx::PgPool;

use crate::accounts::{email_taken, hash_off_runtime, users};

/// What seeding did, for the start-up banner.
#[derive(Debug, PartialEq, Eq)]
pub enum Seeded {
    /// A new admin was created with this password (generated when none was given).
    Created { password: String },
    /// The account existed; it is an admin now, and its password was replaced
    /// only if one was given.
    Existing { password_changed: bool },
}

/// Ensures an admin account with `email` exists.
pub async fn seed_admin(
    pool: &PgPool,
    email: &str,
    password: Option<String>,
) -> anyhow::Result<Seeded> {
    let email = normalize_email(email);
    if email_taken(pool, &email).await? {
        let password_hash = match password {
            Some(password) => Some(hash_off_runtime(password).await?),
            None => None,
        };
        users::promote_admin(pool, &email, password_hash.as_deref()).await?;
        return Ok(Seeded::Existing {
            password_changed: password_hash.is_some(),
        });
    }
    let password = password.unwrap_or_else(|| {
        rand::thread_rng()
            .sample_iter(&Alphanumeric)
            .take(20)
            .map(char::from)
            .collect()
    });
    let password_hash = hash_off_runtime(password.clone()).await?;
    users::insert_admin(pool, &email, &password_hash).await?;
    Ok(Seeded::Created { password })
}
