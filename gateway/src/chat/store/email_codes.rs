//! A chat's address is confirmed with a one-time code emailed to it before
//! anything else is emailed there: anyone can type any address when they
//! start a chat. The code is kept as a SHA-256 of the chat id and the code;
//! five wrong entries void it.

use sha2::{Digest as _, Sha256};
use sqlx::PgPool;
use time::OffsetDateTime;
use uuid::Uuid;

/// Wrong codes that void the current one.
const MAX_ATTEMPTS: i16 = 5;

/// The code's hash, bound to its chat.
pub fn code_hash(chat_id: Uuid, code: &str) -> Vec<u8> {
    let mut hasher = Sha256::new();
    hasher.update(chat_id.as_bytes());
    hasher.update(code.as_bytes());
    hasher.finalize().to_vec()
}

/// A new 6-digit code from the system's random source.
pub fn new_code() -> String {
    let random = Uuid::new_v4().as_u128();
    format!("{:06}", random % 1_000_000)
}

/// The chat's address and whether it is confirmed.
pub async fn chat_address(pool: &PgPool, chat_id: Uuid) -> sqlx::Result<(String, bool)> {
    let row = sqlx::query!(
        r#"select visitor_email, email_confirmed_at is not null as "confirmed!"
           from chat_sessions where id = $1"#,
        chat_id
    )
    .fetch_one(pool)
    .await?;
    Ok((row.visitor_email, row.confirmed))
}

/// Keeps a new code for the chat (the one emailed), replacing any before.
pub async fn set_code(
    pool: &PgPool,
    chat_id: Uuid,
    hash: &[u8],
    expires_at: OffsetDateTime,
) -> sqlx::Result<()> {
    sqlx::query!(
        "update chat_sessions
         set email_code_hash = $2, email_code_expires_at = $3, email_code_attempts = 0
         where id = $1",
        chat_id,
        hash,
        expires_at
    )
    .execute(pool)
    .await?;
    Ok(())
}

/// What an entered code did.
#[derive(Debug, PartialEq, Eq)]
pub enum CodeCheck {
    /// The address is confirmed (now, or it was before).
    Confirmed,
    /// Not the code; it stays valid until its fifth wrong entry.
    Wrong,
    /// No code is valid: none was sent, it expired, or it was voided.
    Expired,
}

/// Checks an entered code against the chat's, confirming the address when
/// it matches. One transaction, the row locked: two entries at once are
/// counted one after the other.
pub async fn check_code(
    pool: &PgPool,
    chat_id: Uuid,
    hash: &[u8],
    now: OffsetDateTime,
) -> sqlx::Result<CodeCheck> {
    let mut tx = pool.begin().await?;
    let row = sqlx::query!(
        r#"select email_confirmed_at is not null as "confirmed!", email_code_hash,
                  email_code_expires_at, email_code_attempts
           from chat_sessions where id = $1 for update"#,
        chat_id
    )
    .fetch_one(&mut *tx)
    .await?;
    if row.confirmed {
        return Ok(CodeCheck::Confirmed);
    }
    let live = row.email_code_expires_at.is_some_and(|at| at > now)
        && row.email_code_attempts < MAX_ATTEMPTS;
    let Some(stored) = row.email_code_hash.filter(|_| live) else {
        return Ok(CodeCheck::Expired);
    };
    // Compared in constant time: the time taken tells nothing of the code.
    let same = stored.len() == hash.len()
        && stored
            .iter()
            .zip(hash)
            .fold(0u8, |acc, (a, b)| acc | (a ^ b))
            == 0;
    let outcome = if same {
        sqlx::query!(
            "update chat_sessions
             set email_confirmed_at = $2, email_code_hash = null,
                 email_code_expires_at = null, email_code_attempts = 0
             where id = $1",
            chat_id,
            now
        )
        .execute(&mut *tx)
        .await?;
        CodeCheck::Confirmed
    } else {
        sqlx::query!(
            "update chat_sessions set email_code_attempts = email_code_attempts + 1 where id = $1",
            chat_id
        )
        .execute(&mut *tx)
        .await?;
        CodeCheck::Wrong
    };
    tx.commit().await?;
    Ok(outcome)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_six_digits_and_hashes_are_bound_to_their_chat() {
        for _ in 0..100 {
            let code = new_code();
            assert_eq!(code.len(), 6);
            assert!(code.bytes().all(|b| b.is_ascii_digit()), "{code}");
        }
        let (a, b) = (Uuid::now_v7(), Uuid::now_v7());
        assert_ne!(code_hash(a, "123456"), code_hash(b, "123456"));
        assert_eq!(code_hash(a, "123456"), code_hash(a, "123456"));
    }
}
