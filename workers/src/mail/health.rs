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

/// Records that a send failed at the SMTP server, with its error.
pub async fn record_failure(pool: &PgPool, error: &str) -> sqlx::Result<()> {
    sqlx::query!(
        "insert into email_health (configured, last_failure_at, last_error) values (true, now(), $1)
         on conflict (singleton) do update set last_failure_at = now(), last_error = excluded.last_error",
        error,
    )
    .execute(pool)
    .await?;
    Ok(())
}
