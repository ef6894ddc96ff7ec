//! How outgoing email fares, as the workers (the senders) record it in
//! `email_health`: the admin's banner and tile, and the one boolean the
//! public pages need so that no text promises an email that is not sent.

use axum::Json;
use axum::extract::State;
use contract::email_health::{EmailHealth, EmailState, EmailStatus};
use sqlx::PgPool;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::Admin;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(admin_email_health))
        .routes(routes!(email_status))
}

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

/// Whether email is configured and going out, with the last success and
/// the last failure (and its error).
#[utoipa::path(get, path = "/admin/email-health", tag = "admin",
    security(("session" = [])),
    responses(
        (status = 200, description = "The state of outgoing email", body = EmailHealth),
        (status = 403, description = "Only admins can do this", body = ErrorBody),
    ))]
async fn admin_email_health(
    State(state): State<AppState>,
    Admin(_): Admin,
) -> Result<Json<EmailHealth>, ApiError> {
    Ok(Json(email_health(&state.pool).await?))
}

/// Whether the site sends email at all (see [`email_enabled`]).
#[utoipa::path(get, path = "/email-status", tag = "content",
    responses(
        (status = 200, description = "Whether email is sent", body = EmailStatus),
    ))]
async fn email_status(State(state): State<AppState>) -> Result<Json<EmailStatus>, ApiError> {
    Ok(Json(EmailStatus {
        email_enabled: email_enabled(&state.pool).await?,
    }))
}
