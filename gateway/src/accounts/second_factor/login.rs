//! The sign-in step after the password: `POST /api/login` leaves an account
//! with a second factor half-signed-in (the session names the account under
//! its own key, which no extractor reads as signed in), and
//! `POST /api/login/second-factor` finishes with a code.

use axum::Json;
use axum::extract::State;
use contract::accounts::User;
use contract::second_factor::SecondFactorChallenge;
use serde_json::json;
use time::OffsetDateTime;
use tower_sessions::Session;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::{CodeBody, Proof, WRONG_CODE, store};
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::ClientIp;
use crate::platform::input::ValidatedJson;
use crate::platform::limits::Limit;
use crate::state::AppState;

/// The account whose password was right, awaiting its second factor.
const PENDING_USER_KEY: &str = "second_factor_user";
/// When the password was right (Unix seconds).
const PENDING_AT_KEY: &str = "second_factor_at";
/// How long the second step may take.
const PENDING_SECONDS: i64 = 5 * 60;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(second_factor))
}

/// After a right password: when `user` has a second factor, leaves the
/// session half-signed-in and answers the challenge; `None` when the
/// password is enough.
pub async fn challenge(
    state: &AppState,
    session: &Session,
    user: &User,
) -> Result<Option<SecondFactorChallenge>, ApiError> {
    if !store::has_factor(&state.pool, user.id).await? {
        return Ok(None);
    }
    // A new id, against fixation, and nothing of a previous sign-in.
    session.flush().await?;
    session.insert(PENDING_USER_KEY, user).await?;
    session
        .insert(PENDING_AT_KEY, OffsetDateTime::now_utc().unix_timestamp())
        .await?;
    Ok(Some(SecondFactorChallenge {
        message: "Enter the code from your authenticator app, or a recovery code.".to_owned(),
        second_factor_required: true,
        methods: vec!["totp".to_owned(), "recovery".to_owned()],
    }))
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
    let pending = session.get::<User>(PENDING_USER_KEY).await?;
    let at = session.get::<i64>(PENDING_AT_KEY).await?.unwrap_or(0);
    let now = OffsetDateTime::now_utc().unix_timestamp();
    let Some(user) = pending.filter(|_| now.saturating_sub(at) <= PENDING_SECONDS) else {
        return Err(ApiError::Unauthorized(
            "Your sign-in has expired. Please sign in again with your password.",
        ));
    };
    state
        .limits
        .check(Limit::SecondFactorCode, user.id.to_string().as_str())?;
    let mut tx = state.pool.begin().await?;
    let Some(proof) = super::prove(&state, &mut tx, user.id, &body.code).await? else {
        return Err(ApiError::BadRequest(WRONG_CODE.to_owned()));
    };
    if proof == Proof::RecoveryCode {
        crate::platform::audit::record(
            &mut tx,
            user.id,
            "use_recovery_code",
            "second_factor",
            user.id,
            json!({}),
        )
        .await?;
    }
    tx.commit().await?;
    session.remove::<User>(PENDING_USER_KEY).await?;
    session.remove::<i64>(PENDING_AT_KEY).await?;
    crate::accounts::auth::sign_in(&state, &session, &user).await?;
    Ok(Json(user))
}
