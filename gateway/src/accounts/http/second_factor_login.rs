//! The sign-in step after the password: `POST /api/login` leaves an account
//! with a second factor half-signed-in (the session names the account under
//! its own key, which no extractor reads as signed in), and
//! `POST /api/login/second-factor` finishes with a code, or the
//! `…/second-factor/passkey` pair with a passkey.

use axum::Json;
use axum::extract::State;
use contract::accounts::User;
use contract::second_factor::SecondFactorChallenge;
use time::OffsetDateTime;
use tower_sessions::Session;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;
use webauthn_rs::prelude::{PasskeyAuthentication, RequestChallengeResponse};

use crate::accounts::second_factor::claim::Proof;
use crate::accounts::second_factor::codes::{self, CodeBody, WRONG_CODE};
use crate::accounts::second_factor::passkey::{self, AssertionBody, PASSKEY_REFUSED};
use crate::accounts::signing_in::How;
use crate::accounts::store;
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::ClientIp;
use crate::platform::input::ValidatedJson;
use crate::platform::limits::Limit;
use crate::platform::words::Words;
use crate::state::AppState;

/// The id of the account whose password was right, awaiting its second
/// factor. Only the id: a session row must not keep a person's email (an
/// erasure would leave it behind); the account is read again at the end.
const PENDING_USER_KEY: &str = "second_factor_user_id";
/// When the password was right (Unix seconds).
const PENDING_AT_KEY: &str = "second_factor_at";
/// How long the second step may take.
const PENDING_SECONDS: i64 = 5 * 60;
/// The passkey sign-in under way.
const AUTHENTICATION_KEY: &str = "passkey_authentication";
const EXPIRED: Words = Words::text("sign-in-expired");

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(second_factor))
        .routes(routes!(start_passkey))
        .routes(routes!(finish_passkey))
}

/// After a right password: when `user` has a second factor, leaves the
/// session half-signed-in and answers the challenge; `None` when the
/// password is enough.
pub async fn challenge(
    state: &AppState,
    session: &Session,
    user: &User,
) -> Result<Option<SecondFactorChallenge>, ApiError> {
    let (totp, codes_left) = store::status(&state.pool, user.id).await?;
    let passkeys = !store::credentials(&state.pool, user.id).await?.is_empty();
    if !totp && !passkeys {
        return Ok(None);
    }
    // A new id, against fixation, and nothing of a previous sign-in.
    session.flush().await?;
    session.insert(PENDING_USER_KEY, user.id).await?;
    session
        .insert(PENDING_AT_KEY, OffsetDateTime::now_utc().unix_timestamp())
        .await?;
    let methods = [
        (totp, "totp"),
        (passkeys, "passkey"),
        (codes_left > 0, "recovery"),
    ];
    Ok(Some(SecondFactorChallenge {
        message: match (totp, passkeys) {
            (true, false) => "Enter the code from your authenticator app, or a recovery code.",
            (false, true) => "Use your passkey, or enter a recovery code.",
            _ => "Use your passkey or the code from your authenticator app, or a recovery code.",
        }
        .to_owned(),
        second_factor_required: true,
        methods: methods
            .into_iter()
            .filter(|(open, _)| *open)
            .map(|(_, method)| method.to_owned())
            .collect(),
    }))
}

/// The account this half-signed-in session waits for; 401 when there is
/// none or the wait took too long.
async fn pending(session: &Session) -> Result<Uuid, ApiError> {
    let pending = session.get::<Uuid>(PENDING_USER_KEY).await?;
    let at = session.get::<i64>(PENDING_AT_KEY).await?.unwrap_or(0);
    let now = OffsetDateTime::now_utc().unix_timestamp();
    pending
        .filter(|_| now.saturating_sub(at) <= PENDING_SECONDS)
        .ok_or(ApiError::Unauthorized(EXPIRED))
}

/// Signs the account in once its second factor is proven: read again, so
/// one deactivated meanwhile is refused.
async fn finish(
    state: &AppState,
    session: &Session,
    user_id: Uuid,
    how: How,
) -> Result<User, ApiError> {
    let user = store::active_user(&state.pool, user_id)
        .await?
        .ok_or(ApiError::Unauthorized(EXPIRED))?;
    session.remove::<Uuid>(PENDING_USER_KEY).await?;
    session.remove::<i64>(PENDING_AT_KEY).await?;
    crate::accounts::signing_in::sign_in(state, session, &user, how).await?;
    Ok(user)
}

/// Finishes a sign-in with a code from the authenticator app or a recovery
/// code (each usable once). The answer sets a new session cookie.
#[utoipa::path(post, path = "/login/second-factor", tag = "auth",
    request_body = CodeBody,
    security(("csrf" = [])),
    responses(
        (status = 200, description = "Signed in", body = User),
        (status = 400, description = "The code is not valid (or was used already)", body = ErrorBody),
        (status = 401, description = "No sign-in is waiting for a second factor, or it took too long", body = ErrorBody),
        (status = 429, description = "Too many codes tried", body = ErrorBody),
    ))]
async fn second_factor(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    session: Session,
    ValidatedJson(body): ValidatedJson<CodeBody>,
) -> Result<Json<User>, ApiError> {
    state.limits.check(Limit::LoginPerIp, &ip)?;
    let user_id = pending(&session).await?;
    state
        .limits
        .check(Limit::SecondFactorCode, user_id.to_string().as_str())?;
    let claim = match codes::claim(&state, user_id, &body.code).await? {
        Some(claim) if store::sign_in_with_code(&state.pool, user_id, claim).await? => claim,
        _ => {
            store::record_failed_second_factor(&state.pool, user_id, "wrong_code").await?;
            return Err(ApiError::BadRequest(WRONG_CODE));
        }
    };
    let how = match claim.proof() {
        Proof::Totp => How::Totp,
        Proof::RecoveryCode => How::RecoveryCode,
    };
    Ok(Json(finish(&state, &session, user_id, how).await?))
}

/// Starts the second step with a passkey: the options for
/// `navigator.credentials.get` (under `publicKey`), naming the account's
/// passkeys.
#[utoipa::path(post, path = "/login/second-factor/passkey", tag = "auth",
    security(("csrf" = [])),
    responses(
        (status = 200, description = "WebAuthn request options (`publicKey`) for the browser", body = Object),
        (status = 400, description = "The account has no passkey", body = ErrorBody),
        (status = 401, description = "No sign-in is waiting for a second factor, or it took too long", body = ErrorBody),
        (status = 429, description = "Too many attempts from this address", body = ErrorBody),
        (status = 503, description = "Passkeys need the site's public address to be a domain name", body = ErrorBody),
    ))]
async fn start_passkey(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    session: Session,
) -> Result<Json<RequestChallengeResponse>, ApiError> {
    state.limits.check(Limit::LoginPerIp, &ip)?;
    let user_id = pending(&session).await?;
    let webauthn = passkey::webauthn(&state)?;
    let keys = store::credentials(&state.pool, user_id).await?;
    if keys.is_empty() {
        return Err(ApiError::BadRequest(
            "This account has no passkey. Use another way to sign in."
                .to_owned()
                .into(),
        ));
    }
    let (options, authentication) = webauthn
        .start_passkey_authentication(&keys)
        .map_err(|error| ApiError::Internal(anyhow::anyhow!("passkey sign-in: {error}")))?;
    passkey::keep_ceremony(&session, AUTHENTICATION_KEY, authentication).await?;
    Ok(Json(options))
}

/// Finishes the second step with the browser's answer from a passkey
/// (each answer counts once). The answer sets a new session cookie.
#[utoipa::path(post, path = "/login/second-factor/passkey/finish", tag = "auth",
    request_body(content = Object, description = "The `PublicKeyCredential` from `navigator.credentials.get`, JSON-encoded"),
    security(("csrf" = [])),
    responses(
        (status = 200, description = "Signed in", body = User),
        (status = 400, description = "The passkey could not be verified, or no passkey sign-in was started", body = ErrorBody),
        (status = 401, description = "No sign-in is waiting for a second factor, or it took too long", body = ErrorBody),
        (status = 429, description = "Too many attempts", body = ErrorBody),
        (status = 503, description = "Passkeys need the site's public address to be a domain name", body = ErrorBody),
    ))]
async fn finish_passkey(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    session: Session,
    ValidatedJson(AssertionBody(credential)): ValidatedJson<AssertionBody>,
) -> Result<Json<User>, ApiError> {
    state.limits.check(Limit::LoginPerIp, &ip)?;
    let user_id = pending(&session).await?;
    state
        .limits
        .check(Limit::SecondFactorCode, user_id.to_string().as_str())?;
    let webauthn = passkey::webauthn(&state)?;
    let refused = || ApiError::BadRequest(PASSKEY_REFUSED);
    let Some(authentication) =
        passkey::take_ceremony::<PasskeyAuthentication>(&session, AUTHENTICATION_KEY).await?
    else {
        return Err(refused());
    };
    let result = match webauthn.finish_passkey_authentication(&credential, &authentication) {
        Ok(result) => result,
        Err(error) => {
            tracing::info!(user.id = %user_id, %error, "passkey sign-in refused");
            store::record_failed_second_factor(&state.pool, user_id, "passkey_refused").await?;
            return Err(refused());
        }
    };
    // The counter moves on (a cloned authenticator then shows itself).
    let mut keys = store::credentials(&state.pool, user_id).await?;
    let Some(key) = keys
        .iter_mut()
        .find(|key| key.cred_id() == result.cred_id())
    else {
        // Removed between the start and the finish.
        return Err(refused());
    };
    key.update_credential(&result);
    store::record_passkey_use(&state.pool, user_id, key).await?;
    Ok(Json(finish(&state, &session, user_id, How::Passkey).await?))
}
