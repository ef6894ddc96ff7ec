//! How outgoing email fares, as the workers (the senders) record it in
//! `email_health`: the state the admin's banner and tile show, and the one
//! boolean the public pages need so that no text promises an email that is
//! not sent. The routes that show them are `http/email_health.rs`.

use contract::email_health::{EmailHealth, EmailState};
use sqlx::PgPool;

/// What the workers last recorded (`Off` when they never did).
pub async fn email_health(pool: &PgPool) -> sqlx::Result<EmailHealth> {
    let row = sqlx::query!(
        "select configured, last_success_at, last_failure_at, last_error from email_health"
    )
    .fetch_optional(pool)
    .await?;
    Ok(match row {
        Some(row) => EmailHealth::from_record(
            Some(row.configured),
            row.last_success_at,
            row.last_failure_at,
            row.last_error,
        ),
        None => EmailHealth::from_record(None, None, None, None),
    })
}

/// Whether the site sends email at all: configured (a failing server is
/// retried, so its emails still go out later). Texts that promise an email
/// say something else when it is not.
pub async fn email_enabled(pool: &PgPool) -> sqlx::Result<bool> {
    Ok(email_health(pool).await?.state != EmailState::Off)
}
