//! Accounts: current user, registration, login and logout. Registration and
//! login are answered by the `accounts` worker over NATS request-reply.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use contract::accounts::{
    AccountsError, AccountsReply, LoginRequest, RegisterRequest, User, normalize_email,
};
use contract::intake::Accepted;
use contract::language::Language;
use contract::second_factor::SecondFactorChallenge;
use serde::Deserialize;
use tower_sessions::Session;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::accounts::revocation;
use crate::accounts::signing_in::{How, sign_in};
use crate::accounts::worker::request_accounts;
use crate::platform::error::ApiError;
use crate::platform::error::ErrorBody;
use crate::platform::extract::{ClientIp, CurrentUser, SIGN_IN_ID_KEY};
use crate::platform::input::{self, Input, InputError, ValidatedJson};
use crate::platform::limits::Limit;
use crate::platform::words::Words;
use crate::state::AppState;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(current_user))
        .routes(routes!(register))
        .routes(routes!(login))
        .routes(routes!(logout))
}

/// Longest password accepted; also the most that is ever hashed.
const MAX_PASSWORD_CHARS: usize = 256;

/// The signed-in user.
#[utoipa::path(get, path = "/user", tag = "auth",
    security(("session" = [])),
    responses((status = 200, description = "The signed-in user", body = User)))]
async fn current_user(CurrentUser(user): CurrentUser) -> Json<User> {
    Json(user)
}

#[cfg_attr(any(test, feature = "fuzzing"), derive(Debug, serde::Serialize))]
#[derive(Deserialize, ToSchema)]
pub(crate) struct RegisterBody {
    username: String,
    #[schema(format = Email)]
    email: String,
    #[schema(min_length = 6, max_length = 256)]
    password: String,
    name: String,
    phone: String,
    /// The language of the page the form is on: the welcome email is
    /// written in it. English when absent.
    #[serde(default)]
    language: Language,
}

impl Input for RegisterBody {
    const LABELS: &'static [(&'static str, &'static str)] = &[
        ("username", "Username"),
        ("email", "Email"),
        ("password", "Password"),
        ("name", "Name"),
        ("phone", "Phone number"),
        ("language", "Language"),
    ];

    /// In the form's order, so the first message shown is the first field wrong.
    fn check(self) -> Result<Self, InputError> {
        Ok(RegisterBody {
            username: input::text("Username", self.username)?
                .required()?
                .max_chars(254)?
                .value(),
            email: input::email("Email", self.email)?.value(),
            password: input::secret("Password", self.password)?
                .chars_between(6, MAX_PASSWORD_CHARS)?
                .value(),
            name: input::text("Name", self.name)?
                .required()?
                .max_chars(200)?
                .value(),
            phone: input::text("Phone number", self.phone)?
                .required()?
                .max_chars(40)?
                .value(),
            language: self.language,
        })
    }
}

/// Creates a customer account and signs it in (the answer sets the session cookie).
#[utoipa::path(post, path = "/register", tag = "auth",
    request_body = RegisterBody,
    security(("csrf" = [])),
    responses(
        (status = 201, description = "Registered and signed in", body = User),
        (status = 400, description = "A field is not valid, or the email already has an account", body = ErrorBody),
        (status = 429, description = "Too many registrations from this address", body = ErrorBody),
        (status = 503, description = "The account service did not answer in time", body = ErrorBody),
    ))]
async fn register(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    session: Session,
    ValidatedJson(body): ValidatedJson<RegisterBody>,
) -> Result<impl IntoResponse, ApiError> {
    state.limits.check(Limit::Register, &ip)?;
    let request = RegisterRequest {
        username: body.username,
        email: body.email,
        password: body.password,
        name: body.name,
        phone: body.phone,
        language: body.language,
    };
    let user = ask_accounts(&state, state.namespace.accounts_register(), &request).await?;
    sign_in(&state, &session, &user, How::Register).await?;
    Ok((StatusCode::CREATED, Json(user)))
}

#[cfg_attr(any(test, feature = "fuzzing"), derive(Debug, serde::Serialize))]
#[derive(Deserialize, ToSchema)]
pub(crate) struct LoginBody {
    #[schema(format = Email)]
    email: String,
    password: String,
}

impl Input for LoginBody {
    const LABELS: &'static [(&'static str, &'static str)] =
        &[("email", "Email"), ("password", "Password")];

    /// Only presence and the text rules: any other wrong value is a failed
    /// sign-in, not a hint about which accounts exist.
    fn check(self) -> Result<Self, InputError> {
        Ok(LoginBody {
            email: normalize_email(&input::text("Email", self.email)?.required()?.value()),
            password: input::secret("Password", self.password)?
                .required()?
                .value(),
        })
    }
}

/// Signs in (the answer sets a new session cookie). An account with a
/// second factor is not signed in yet: the answer (202) asks for a code at
/// `POST /api/login/second-factor`.
#[utoipa::path(post, path = "/login", tag = "auth",
    request_body = LoginBody,
    security(("csrf" = [])),
    responses(
        (status = 200, description = "Signed in", body = User),
        (status = 202, description = "The password is right; a second factor is required", body = SecondFactorChallenge),
        (status = 401, description = "Invalid email or password", body = ErrorBody),
        (status = 403, description = "The account has been deactivated", body = ErrorBody),
        (status = 429, description = "Too many attempts for this account or from this address", body = ErrorBody),
        (status = 503, description = "The account service did not answer in time", body = ErrorBody),
    ))]
async fn login(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    session: Session,
    ValidatedJson(body): ValidatedJson<LoginBody>,
) -> Result<Response, ApiError> {
    let email = body.email;
    state.limits.check_login(&email, ip)?;
    // No stored password is this long, so skip the hashing work.
    if body.password.chars().count() > MAX_PASSWORD_CHARS {
        state.limits.login_failed(&email, ip);
        return Err(invalid_credentials());
    }
    let request = LoginRequest {
        email: email.clone(),
        password: body.password,
    };
    let answer = ask_accounts(&state, state.namespace.accounts_login(), &request).await;
    let refusal = match &answer {
        Err(ApiError::Unauthorized(_)) => {
            state.limits.login_failed(&email, ip);
            Some("wrong_password")
        }
        Err(ApiError::Forbidden(_)) => Some("deactivated"),
        _ => None,
    };
    if let Some(reason) = refusal {
        crate::accounts::store::record_failed_sign_in(&state.pool, &email, reason).await?;
    }
    let user = answer?;
    if let Some(challenge) = super::second_factor_login::challenge(&state, &session, &user).await? {
        return Ok((StatusCode::ACCEPTED, Json(challenge)).into_response());
    }
    sign_in(&state, &session, &user, How::Password).await?;
    Ok(Json(user).into_response())
}

/// Signs out: the session ends on every gateway, and its sockets close.
#[utoipa::path(post, path = "/logout", tag = "auth",
    security(("csrf" = [])),
    responses((status = 200, description = "Signed out (also when no one was signed in)", body = Accepted)))]
async fn logout(
    State(state): State<AppState>,
    session: Session,
) -> Result<Json<Accepted>, ApiError> {
    let sign_in_id = session.get::<Uuid>(SIGN_IN_ID_KEY).await?;
    // Deletes the record from the store, so the old cookie is worthless...
    session.flush().await?;
    // ...and the sockets opened with it close on every gateway.
    if let Some(sign_in_id) = sign_in_id {
        revocation::revoke(&state, sign_in_id).await;
    }
    Ok(Json(Accepted {
        message: "Logged out".to_owned(),
    }))
}

fn invalid_credentials() -> ApiError {
    ApiError::Unauthorized(Words::text("login-invalid"))
}

/// Sends an account request and maps the worker's reply; 503 when no worker
/// answers in time.
async fn ask_accounts(
    state: &AppState,
    subject: String,
    request: &impl serde::Serialize,
) -> Result<User, ApiError> {
    let reply: AccountsReply = request_accounts(state, subject, request).await?;
    match reply {
        AccountsReply::User(user) => Ok(user),
        AccountsReply::Error(AccountsError::EmailExists) => {
            Err(ApiError::BadRequest("Email already exists".into()))
        }
        AccountsReply::Error(AccountsError::InvalidCredentials) => Err(invalid_credentials()),
        AccountsReply::Error(AccountsError::Deactivated) => {
            Err(ApiError::Forbidden(Words::text("login-deactivated")))
        }
        AccountsReply::Error(AccountsError::Internal) => Err(ApiError::Internal(anyhow::anyhow!(
            "accounts worker failed"
        ))),
    }
}
