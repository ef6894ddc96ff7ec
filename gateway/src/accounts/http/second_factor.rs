//! `/api/account/second-factor`: the signed-in account's second factors,
//! and its authenticator app (`.../totp`), enrolled and removed from the
//! account security page; the passkeys are `second_factor_passkeys.rs`.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use contract::second_factor::{RecoveryCodes, SecondFactorStatus, TotpSetup};
use tower_sessions::Session;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::accounts::second_factor::changes::{end_other_sign_ins, status_of};
use crate::accounts::second_factor::codes::{
    self, CodeBody, WRONG_CODE, fresh_recovery_codes, sealer, unix_now,
};
use crate::accounts::second_factor::totp;
use crate::accounts::store;
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::CurrentUser;
use crate::platform::input::ValidatedJson;
use crate::platform::limits::Limit;
use crate::platform::words::Words;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(status))
        .routes(routes!(start_totp))
        .routes(routes!(confirm_totp))
        .routes(routes!(remove_totp))
}

/// The signed-in account's second factors, and whether its role requires one.
#[utoipa::path(get, path = "/account/second-factor", tag = "auth",
    security(("session" = [])),
    responses(
        (status = 200, description = "The account's second factors", body = SecondFactorStatus),
        (status = 401, description = "Not signed in", body = ErrorBody),
    ))]
async fn status(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> Result<Json<SecondFactorStatus>, ApiError> {
    Ok(Json(status_of(&state, &user).await?))
}

/// Starts enrolling an authenticator app: a new secret, its `otpauth://`
/// URI and QR code. Nothing changes at sign-in until it is confirmed.
#[utoipa::path(post, path = "/account/second-factor/totp", tag = "auth",
    security(("csrf" = [], "session" = [])),
    responses(
        (status = 201, description = "A new secret to confirm with a code", body = TotpSetup),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 409, description = "An authenticator app is enrolled already", body = ErrorBody),
        (status = 429, description = "Too many changes", body = ErrorBody),
    ))]
async fn start_totp(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> Result<(StatusCode, Json<TotpSetup>), ApiError> {
    state
        .limits
        .check(Limit::SecondFactorChange, user.id.to_string().as_str())?;
    let secret = totp::new_secret();
    if !store::save_pending(&state.pool, user.id, &sealer(&state).seal(&secret)).await? {
        return Err(ApiError::Conflict(Words::text("app-already-set-up")));
    }
    let otpauth_uri = totp::otpauth_uri(&secret, &user.email);
    let qr_svg = totp::qr_svg(&otpauth_uri)
        .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("failed to draw a QR code")))?;
    Ok((
        StatusCode::CREATED,
        Json(TotpSetup {
            secret: totp::base32(&secret),
            otpauth_uri,
            qr_svg,
        }),
    ))
}

/// Confirms the new secret with a code from the app. The answer holds the
/// recovery codes, shown this once; the account's other sessions end.
#[utoipa::path(post, path = "/account/second-factor/totp/confirm", tag = "auth",
    request_body = CodeBody,
    security(("csrf" = [], "session" = [])),
    responses(
        (status = 200, description = "Enrolled; the recovery codes", body = RecoveryCodes),
        (status = 400, description = "The code is not valid", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 409, description = "No enrolment was started, or it is confirmed already", body = ErrorBody),
        (status = 429, description = "Too many codes tried", body = ErrorBody),
    ))]
async fn confirm_totp(
    State(state): State<AppState>,
    session: Session,
    CurrentUser(user): CurrentUser,
    ValidatedJson(body): ValidatedJson<CodeBody>,
) -> Result<Json<RecoveryCodes>, ApiError> {
    state
        .limits
        .check(Limit::SecondFactorCode, user.id.to_string().as_str())?;
    let Some((sealed, false)) = store::secret(&state.pool, user.id).await? else {
        return Err(ApiError::Conflict(Words::text("app-no-set-up")));
    };
    let secret = sealer(&state).open(&sealed).ok_or_else(|| {
        ApiError::Internal(anyhow::anyhow!(
            "a TOTP secret does not open with this SIGNING_KEY"
        ))
    })?;
    let step = totp::matching_step(&secret, &body.code, unix_now())
        .ok_or_else(|| ApiError::BadRequest(WRONG_CODE))?;
    let (codes, hashes) = fresh_recovery_codes().await?;
    let Some(ended) = store::enrol_totp(&state.pool, user.id, step, &hashes).await? else {
        return Err(ApiError::Conflict(Words::text("app-set-up-used")));
    };
    end_other_sign_ins(&state, &session, &user, &ended).await?;
    Ok(Json(RecoveryCodes {
        recovery_codes: codes,
    }))
}

/// Removes the authenticator app (and the recovery codes, unless a passkey
/// remains); a current code (or a recovery code) proves it is the owner
/// asking. The account's other sessions end.
#[utoipa::path(post, path = "/account/second-factor/totp/remove", tag = "auth",
    request_body = CodeBody,
    security(("csrf" = [], "session" = [])),
    responses(
        (status = 200, description = "Removed", body = SecondFactorStatus),
        (status = 400, description = "The code is not valid", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 429, description = "Too many codes tried", body = ErrorBody),
    ))]
async fn remove_totp(
    State(state): State<AppState>,
    session: Session,
    CurrentUser(user): CurrentUser,
    ValidatedJson(body): ValidatedJson<CodeBody>,
) -> Result<Json<SecondFactorStatus>, ApiError> {
    let key = user.id.to_string();
    state
        .limits
        .check(Limit::SecondFactorChange, key.as_str())?;
    state.limits.check(Limit::SecondFactorCode, key.as_str())?;
    let wrong = || ApiError::BadRequest(WRONG_CODE);
    let claim = codes::claim(&state, user.id, &body.code)
        .await?
        .ok_or_else(wrong)?;
    let ended = store::remove_totp(&state.pool, user.id, claim)
        .await?
        .ok_or_else(wrong)?;
    end_other_sign_ins(&state, &session, &user, &ended).await?;
    Ok(Json(status_of(&state, &user).await?))
}
