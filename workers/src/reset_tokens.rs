//! Password-reset tokens: 32 random bytes, sent only in the reset email
//! (base64url, 43 characters); the database keeps their SHA-256, so a copy
//! of the database resets nobody's password.
//!
//! Owns table password_reset_tokens: the only module that writes it. The
//! requests role stores a token per emailed link, the accounts role uses
//! them up.

use std::time::Duration;

use anyhow::Context as _;
use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use rand::RngCore as _;
use sha2::{Digest as _, Sha256};
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

/// A fresh token and the hash to store for it.
pub fn generate() -> (String, Vec<u8>) {
    let mut bytes = [0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    let token = URL_SAFE_NO_PAD.encode(bytes);
    let hash = hash(&token);
    (token, hash)
}

/// What is stored for (and looked up by) `token`.
pub fn hash(token: &str) -> Vec<u8> {
    Sha256::digest(token.as_bytes()).to_vec()
}

/// Stores the hash of a token emailed for `request_id`, valid for `lifetime`.
pub async fn store(
    pool: &PgPool,
    token_hash: &[u8],
    request_id: Uuid,
    user_id: Uuid,
    lifetime: Duration,
) -> sqlx::Result<()> {
    sqlx::query!(
        "insert into password_reset_tokens (token_hash, request_id, user_id, expires_at)
         values ($1, $2, $3, now() + make_interval(secs => $4))",
        token_hash,
        request_id,
        user_id,
        lifetime.as_secs_f64(),
    )
    .execute(pool)
    .await?;
    Ok(())
}

/// Whether the token with this hash is open: unused and unexpired.
pub async fn is_open(pool: &PgPool, token_hash: &[u8]) -> anyhow::Result<bool> {
    sqlx::query_scalar!(
        r#"select exists(select 1 from password_reset_tokens
                             where token_hash = $1 and used_at is null and expires_at > now())
                 as "open!""#,
        token_hash
    )
    .fetch_one(pool)
    .await
    .context("failed to look up the reset token")
}

/// Uses up the token with this hash if it is still open (taken under the
/// row lock: of two concurrent uses, one wins); returns its account.
pub async fn use_up(tx: &mut PgConnection, token_hash: &[u8]) -> anyhow::Result<Option<Uuid>> {
    sqlx::query_scalar!(
        "update password_reset_tokens set used_at = now()
             where token_hash = $1 and used_at is null and expires_at > now()
             returning user_id",
        token_hash
    )
    .fetch_optional(&mut *tx)
    .await
    .context("failed to use the reset token")
}

/// Closes every open token of `user_id` (the other links, once one was used).
pub async fn close_all_of(tx: &mut PgConnection, user_id: Uuid) -> anyhow::Result<()> {
    sqlx::query!(
        "update password_reset_tokens set used_at = now() where user_id = $1 and used_at is null",
        user_id
    )
    .execute(&mut *tx)
    .await
    .context("failed to close the other reset tokens")?;
    Ok(())
}

/// A data subject's erasure: deletes every reset token of `user_id`;
/// returns how many.
pub async fn erase_of_user(pool: &PgPool, user_id: Uuid) -> sqlx::Result<u64> {
    Ok(sqlx::query!(
        "delete from password_reset_tokens where user_id = $1",
        user_id
    )
    .execute(pool)
    .await?
    .rows_affected())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_random_url_safe_and_stored_only_as_their_hash() {
        let (a, hash_a) = generate();
        let (b, _) = generate();
        assert_ne!(a, b);
        assert_eq!(a.len(), 43);
        assert!(
            a.chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        );
        assert_eq!(hash_a, hash(&a));
        assert_eq!(hash_a.len(), 32);
        assert_ne!(hash_a, a.as_bytes());
    }
}
