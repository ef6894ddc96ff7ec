//! The routes that show how outgoing email fares: the admin's banner and
//! tile (`/admin/email-health`), and the one boolean the public pages need
//! (`/email-status`).

use axum::Json;
use axum::extract::State;
use contract::email_health::{EmailHealth, EmailStatus};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::platform::email_health::{email_enabled, email_health};
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::Admin;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(admin_email_health))
        .routes(routes!(email_status))
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
