//! The record of how outgoing email fares (`email_health`, written only
//! here): whether SMTP is configured, as the workers start, and the last
//! success and failure of a send. The gateway reads it to warn the admin
//! and to keep public texts from promising an email that is never sent.

use sqlx::PgPool;

/// Records, at start-up, whether SMTP is configured.
pub async fn record_configured(pool: &PgPool, configured: bool) -> sqlx::Result<()> {
    sqlx::query!(
        "insert into email_health (configured) values ($1)
         on conflict (singleton) do update set configured = excluded.configured, reported_at = now()",
        configured,
    )
    .execute(pool)
    .await?;
    Ok(())
}

/// Records that the SMTP server accepted an email.
pub async fn record_success(pool: &PgPool) -> sqlx::Result<()> {
    sqlx::query!(
        "insert into email_health (configured, last_success_at) values (true, now())
         on conflict (singleton) do update set last_success_at = now()",
    )
    .execute(pool)
    .await?;
    Ok(())
}

/// Records that a send failed at the SMTP server, with its error (the
/// addresses in it left out: a refusal names its recipient, and this row is
/// shown to every admin and kept past any erasure of that person).
pub async fn record_failure(pool: &PgPool, error: &str) -> sqlx::Result<()> {
    sqlx::query!(
        "insert into email_health (configured, last_failure_at, last_error) values (true, now(), $1)
         on conflict (singleton) do update set last_failure_at = now(), last_error = excluded.last_error",
        without_addresses(error),
    )
    .execute(pool)
    .await?;
    Ok(())
}

/// `error` with every word holding an `@` (an address, bracketed or not)
/// replaced by `[address]`.
fn without_addresses(error: &str) -> String {
    error
        .split(' ')
        .map(|word| {
            if word.contains('@') {
                "[address]"
            } else {
                word
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::without_addresses;

    #[test]
    fn a_refusal_keeps_its_words_but_not_its_recipient() {
        assert_eq!(
            without_addresses(
                "permanent error (550): 5.1.1 <amina@example.com>: Recipient address rejected"
            ),
            "permanent error (550): 5.1.1 [address] Recipient address rejected"
        );
        assert_eq!(
            without_addresses("connection refused"),
            "connection refused"
        );
    }
}
