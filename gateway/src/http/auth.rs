//! Accounts: current user, registration, login and logout. Registration and
//! login are answered by the `accounts` worker over NATS request-reply.

use axum::Json;
use axum::Router;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::IntoResponse;
use axum::routing::{get, post};
use contract::accounts::{
    AccountsError, AccountsReply, LoginRequest, RegisterRequest, User, normalize_email,
};
use serde::Deserialize;
use serde_json::json;
use time::OffsetDateTime;
use tower_sessions::Session;
use validator::Validate;

use crate::error::ApiError;
use crate::extract::{ApiJson, ClientIp, CurrentUser, SIGNED_IN_AT_KEY, USER_ID_KEY};
use crate::http::first_message;
use crate::limits::Limit;
use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/user", get(current_user))
        .route("/register", post(register))
        .route("/login", post(login))
        .route("/logout", post(logout))
}

/// Longest password accepted; also the most that is ever hashed.
const MAX_PASSWORD_CHARS: u64 = 256;

async fn current_user(CurrentUser(user): CurrentUser) -> Json<User> {
    Json(user)
}

#[derive(Deserialize, Validate)]
struct RegisterBody {
    #[validate(
        custom(function = "crate::http::not_blank", message = "Username is required"),
        length(max = 254, message = "Username must be at most 254 characters")
    )]
    username: String,
    #[validate(
        email(message = "Please enter a valid email address"),
        length(max = 254, message = "Email must be at most 254 characters")
    )]
    email: String,
    #[validate(length(
        min = 6,
        max = "MAX_PASSWORD_CHARS",
        message = "Password must be between 6 and 256 characters"
    ))]
    password: String,
    #[validate(
        custom(function = "crate::http::not_blank", message = "Name is required"),
        length(max = 200, message = "Name must be at most 200 characters")
    )]
    name: String,
    #[validate(
        custom(
            function = "crate::http::not_blank",
            message = "Phone number is required"
        ),
        length(max = 40, message = "Phone number must be at most 40 characters")
    )]
    phone: String,
}

/// The form's field order, so the first message shown is the first field wrong.
const REGISTER_FIELDS: [&str; 5] = ["username", "email", "password", "name", "phone"];

async fn register(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    session: Session,
    ApiJson(body): ApiJson<RegisterBody>,
) -> Result<impl IntoResponse, ApiError> {
    let body = RegisterBody {
        email: body.email.trim().to_owned(),
        ..body
    };
    body.validate()
        .map_err(|errors| ApiError::BadRequest(first_message(&errors, &REGISTER_FIELDS)))?;
    state.limits.check(Limit::Register, &ip)?;
    let request = RegisterRequest {
        username: body.username,
        email: body.email,
        password: body.password,
        name: body.name,
        phone: body.phone,
    };
    let user = ask_accounts(&state, state.namespace.accounts_register(), &request).await?;
    sign_in(&session, &user).await?;
    Ok((StatusCode::CREATED, Json(user)))
}

#[derive(Deserialize)]
struct LoginBody {
    email: String,
    password: String,
}

async fn login(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    session: Session,
    ApiJson(body): ApiJson<LoginBody>,
) -> Result<Json<User>, ApiError> {
    let email = normalize_email(&body.email);
    if email.is_empty() {
        return Err(ApiError::BadRequest("Email is required".to_owned()));
    }
    if body.password.is_empty() {
        return Err(ApiError::BadRequest("Password is required".to_owned()));
    }
    state.limits.check_login(&email, ip)?;
    // No stored password is this long, so skip the hashing work.
    if body.password.chars().count() as u64 > MAX_PASSWORD_CHARS {
        state.limits.login_failed(&email, ip);
        return Err(invalid_credentials());
    }
    let request = LoginRequest {
        email: email.clone(),
        password: body.password,
    };
    let user = ask_accounts(&state, state.namespace.accounts_login(), &request)
        .await
        .inspect_err(|error| {
            if matches!(error, ApiError::Unauthorized(_)) {
                state.limits.login_failed(&email, ip);
            }
        })?;
    sign_in(&session, &user).await?;
    Ok(Json(user))
}

async fn logout(session: Session) -> Result<Json<serde_json::Value>, ApiError> {
    // Deletes the record from the store, so the old cookie is worthless.
    session.flush().await?;
    Ok(Json(json!({ "message": "Logged out" })))
}

fn invalid_credentials() -> ApiError {
    ApiError::Unauthorized("Invalid email or password")
}

/// Rotates the session id (against fixation) and records who signed in when.
async fn sign_in(session: &Session, user: &User) -> Result<(), ApiError> {
    session.cycle_id().await?;
    session.insert(USER_ID_KEY, user.id).await?;
    session
        .insert(SIGNED_IN_AT_KEY, OffsetDateTime::now_utc().unix_timestamp())
        .await?;
    Ok(())
}

/// Sends an account request and maps the worker's reply; 503 when no worker
/// answers in time.
async fn ask_accounts(
    state: &AppState,
    subject: String,
    request: &impl serde::Serialize,
) -> Result<User, ApiError> {
    const UNAVAILABLE: &str =
        "The account service is temporarily unavailable. Please try again in a moment.";
    let payload = serde_json::to_vec(request).map_err(anyhow::Error::from)?;
    let asked = state.nats.request_with_headers(
        subject,
        contract::telemetry::trace_headers(),
        payload.into(),
    );
    let reply = match tokio::time::timeout(state.settings.accounts_timeout, asked).await {
        Ok(Ok(reply)) => reply,
        Ok(Err(error)) => {
            tracing::warn!(%error, "accounts request failed");
            return Err(ApiError::Unavailable(UNAVAILABLE));
        }
        Err(_) => {
            tracing::warn!("accounts request timed out");
            return Err(ApiError::Unavailable(UNAVAILABLE));
        }
    };
    let reply: AccountsReply = serde_json::from_slice(&reply.payload)
        .map_err(|e| anyhow::Error::new(e).context("malformed accounts reply"))?;
    match reply {
        AccountsReply::User(user) => Ok(user),
        AccountsReply::Error(AccountsError::EmailExists) => {
            Err(ApiError::BadRequest("Email already exists".to_owned()))
        }
        AccountsReply::Error(AccountsError::InvalidCredentials) => Err(invalid_credentials()),
        AccountsReply::Error(AccountsError::Internal) => Err(ApiError::Internal(anyhow::anyhow!(
            "accounts worker failed"
        ))),
    }
}
