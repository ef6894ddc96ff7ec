//! `GET`/`POST /api/consent`: this browser's cookie choice, and the cookie
//! banner's choice (Accept All or Decline) recorded with the Privacy Policy
//! version it was shown with and the time, against an anonymous consent id:
//! a random UUID this route puts in the `nyota_consent` cookie (HttpOnly, a
//! year).

use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};
use contract::consent::{ConsentInput, ConsentRecord, ConsentState, POLICY_VERSION};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::ClientIp;
use crate::platform::input::ValidatedJson;
use crate::platform::limits::Limit;
use crate::site::consent::{COOKIE, consent_id};
use crate::site::store::consent as store;
use crate::state::AppState;

/// How long the choice is remembered: a year, then the banner asks again.
const COOKIE_MAX_AGE_SECS: u64 = 365 * 24 * 3600;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(read, choose))
}

/// This browser's cookie choice on record.
#[utoipa::path(get, path = "/consent", tag = "content",
    responses(
        (status = 200, description = "The current choice (null before any) and the policy version", body = ConsentState),
    ))]
async fn read(
    State(state): State<AppState>,
    headers: HeaderMap,
) -> Result<Json<ConsentState>, ApiError> {
    let choice = match consent_id(&headers) {
        Some(id) => store::latest(&state.pool, id).await?,
        None => None,
    };
    Ok(Json(ConsentState {
        choice,
        policy_version: POLICY_VERSION.to_owned(),
    }))
}

/// Records the cookie banner's choice (and sets the consent id cookie).
#[utoipa::path(post, path = "/consent", tag = "content",
    request_body = ConsentInput,
    security(("csrf" = [])),
    responses(
        (status = 200, description = "The choice as recorded", body = ConsentRecord),
        (status = 400, description = "The policy version is not the current one", body = ErrorBody),
        (status = 429, description = "Too many choices from this address", body = ErrorBody),
    ))]
async fn choose(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    ValidatedJson(input): ValidatedJson<ConsentInput>,
) -> Result<Response, ApiError> {
    state.limits.check(Limit::Consent, &ip)?;
    let id = consent_id(&headers).unwrap_or_else(Uuid::new_v4);
    let record = store::record(&state.pool, id, &input).await?;
    let secure = if state.config.cookie_secure {
        "; Secure"
    } else {
        ""
    };
    let cookie = format!(
        "{COOKIE}={id}; Path=/; Max-Age={COOKIE_MAX_AGE_SECS}; HttpOnly; SameSite=Lax{secure}"
    );
    let mut response = Json(record).into_response();
    let cookie = HeaderValue::from_str(&cookie)
        .map_err(|error| ApiError::Internal(anyhow::anyhow!("consent cookie: {error}")))?;
    response.headers_mut().append(header::SET_COOKIE, cookie);
    Ok(response)
}
