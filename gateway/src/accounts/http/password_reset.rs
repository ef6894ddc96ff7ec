//! Password reset. `POST /api/password-reset` answers the same 202 whether
//! or not an account has the address — it publishes the request on the
//! `INTAKE` stream either way, so the answer and its timing say nothing —
//! and the `intake` worker emails a single-use link (valid 30 minutes) only
//! to an existing account. `POST /api/password-reset/confirm` hands the
//! token and the new password to the `accounts` worker (Argon2 never runs
//! on the gateway), which sets the password and uses up the token in one
//! transaction, having asked the sessions' owner (`platform::sessions`) to
//! delete every stored session of the user before it commits; then every
//! gateway closes that user's sockets.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use contract::accounts::normalize_email;
use contract::intake::Accepted;
use contract::password_reset::{
    LinkPurpose, PasswordResetConfirmInput, PasswordResetInput, PasswordResetRequested,
    ResetPasswordReply, ResetPasswordRequest,
};
use time::OffsetDateTime;
use uuid::Uuid;

use crate::accounts::revocation;
use crate::platform::error::ApiError;
use crate::platform::error::ErrorBody;
use crate::platform::extract::ClientIp;
use crate::platform::input::{self, AtField, Input, InputError, Label, ValidatedJson};
use crate::platform::limits::Limit;
use crate::platform::words::Words;
use crate::state::AppState;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(request))
        .routes(routes!(confirm))
}

/// The one answer to every reset request, account or not.
const SENT: Words = Words::text("reset-sent");

const UNAVAILABLE: Words = Words::text("reset-unavailable");

/// The refusal of an unknown, used, expired or malformed token: about the
/// `token` field, so the page knows the link is spent without reading words.
fn invalid_link() -> ApiError {
    ApiError::InvalidField {
        message: Words::text("reset-link-invalid"),
        field: "token".to_owned(),
    }
}

const DONE: Words = Words::text("reset-done");

/// Longest password accepted, as at registration.
const MAX_PASSWORD_CHARS: usize = 256;

impl Input for PasswordResetInput {
    const LABELS: &'static [(&'static str, &'static str)] =
        &[("email", "Email"), ("language", "Language")];

    fn check(self) -> Result<Self, InputError> {
        Ok(PasswordResetInput {
            email: normalize_email(&input::email("Email", self.email)?.value()),
            language: self.language,
        })
    }
}

impl Input for PasswordResetConfirmInput {
    const LABELS: &'static [(&'static str, &'static str)] =
        &[("token", "Reset link"), ("password", "Password")];

    /// The token's shape is checked by the handler, which answers every bad
    /// token with the same words.
    fn check(self) -> Result<Self, InputError> {
        Ok(PasswordResetConfirmInput {
            token: input::text("Reset link", self.token)?.value(),
            password: input::secret(Label::Text("field-password"), self.password)
                .and_then(|field| field.chars_between(6, MAX_PASSWORD_CHARS))
                .at("password")?
                .value(),
        })
    }
}

/// A token as the worker makes them: 32 bytes in unpadded base64url.
fn looks_like_token(token: &str) -> bool {
    token.len() == 43
        && token
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// Emails a reset link if an account uses the address (the answer never says).
#[utoipa::path(post, path = "/password-reset", tag = "auth",
    request_body = PasswordResetInput,
    security(("csrf" = [])),
    responses(
        (status = 202, description = "Queued (whether or not an account uses the address)", body = Accepted),
        (status = 429, description = "Too many requests from this address or for this email", body = ErrorBody),
        (status = 503, description = "The request could not be queued", body = ErrorBody),
    ))]
async fn request(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ValidatedJson(body): ValidatedJson<PasswordResetInput>,
) -> Result<(StatusCode, Json<Accepted>), ApiError> {
    state.limits.check(Limit::PasswordResetPerIp, &ip)?;
    state
        .limits
        .check(Limit::PasswordResetPerEmail, body.email.as_str())?;
    let id = Uuid::now_v7();
    let event = PasswordResetRequested {
        id,
        email: body.email,
        received_at: OffsetDateTime::now_utc(),
        purpose: LinkPurpose::Reset,
        language: body.language,
    };
    crate::platform::bus::enqueue(
        &state,
        state.namespace.intake_password_reset(),
        id,
        &event,
        UNAVAILABLE,
    )
    .await?;
    tracing::info!(password_reset.id = %id, "password reset queued");
    Ok((
        StatusCode::ACCEPTED,
        Json(Accepted {
            message: SENT.in_reader_language(),
        }),
    ))
}

/// Sets a new password with the emailed token; every session of the account ends.
#[utoipa::path(post, path = "/password-reset/confirm", tag = "auth",
    request_body = PasswordResetConfirmInput,
    security(("csrf" = [])),
    responses(
        (status = 200, description = "The password is changed", body = Accepted),
        (status = 400, description = "The password is not valid (`field` password), or the link is invalid or expired (`field` token)", body = ErrorBody),
        (status = 429, description = "Too many attempts from this address", body = ErrorBody),
        (status = 503, description = "The account service did not answer in time", body = ErrorBody),
    ))]
async fn confirm(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ValidatedJson(body): ValidatedJson<PasswordResetConfirmInput>,
) -> Result<Json<Accepted>, ApiError> {
    state.limits.check(Limit::PasswordResetConfirm, &ip)?;
    if !looks_like_token(&body.token) {
        return Err(invalid_link());
    }
    let request = ResetPasswordRequest {
        token: body.token,
        password: body.password,
    };
    let reply: ResetPasswordReply = crate::accounts::worker::request_accounts(
        &state,
        state.namespace.accounts_reset_password(),
        &request,
    )
    .await?;
    match reply {
        ResetPasswordReply::Reset { user_id } => {
            // The stored sessions are gone already; now the sockets.
            revocation::revoke(&state, user_id).await;
            Ok(Json(Accepted {
                message: DONE.in_reader_language(),
            }))
        }
        ResetPasswordReply::InvalidToken => Err(invalid_link()),
        ResetPasswordReply::Internal => Err(ApiError::Internal(anyhow::anyhow!(
            "accounts worker failed to reset a password"
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_worker_shaped_tokens_are_sent_on() {
        assert!(looks_like_token(
            "abcdefghijklmnopqrstuvwxyzABCDEFGHIJ-_01234"
        ));
        for bad in [
            "",
            "short",
            "abcdefghijklmnopqrstuvwxyzABCDEFGHIJ-_0123",
            "abcdefghijklmnopqrstuvwxyzABCDEFGHIJ-_0123=",
            "abcdefghijklmnopqrstuvwxyzABCDEFGHIJ+/01234",
        ] {
            assert!(!looks_like_token(bad), "{bad}");
        }
    }
}
