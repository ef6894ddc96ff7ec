//! Cookie consent on record. `POST /api/consent` stores the cookie banner's
//! choice (Accept All or Decline) with the Privacy Policy version it was
//! shown with and the time, against an anonymous consent id: a random UUID
//! this route puts in the `nyota_consent` cookie (HttpOnly, a year). Nothing
//! else about the visitor is kept: no address, no user agent, no account.
//! `GET /api/consent` answers this browser's current choice. The page-view
//! beacon (`ops/analytics.rs`) asks [`declined`] so that a view sent after a
//! Decline is never counted, whatever the browser's script did.
//!
//! Owns table cookie_consents (the `retention` worker deletes old choices).

use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};
use contract::consent::{ConsentInput, ConsentRecord, ConsentState, POLICY_VERSION};
use sqlx::PgPool;
use uuid::Uuid;

use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::ClientIp;
use crate::platform::input::{Input, InputError, ValidatedJson};
use crate::platform::limits::Limit;
use crate::state::AppState;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// The cookie holding the consent id.
pub const COOKIE: &str = "nyota_consent";
/// How long the choice is remembered: a year, then the banner asks again.
const COOKIE_MAX_AGE_SECS: u64 = 365 * 24 * 3600;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(read, choose))
}

impl Input for ConsentInput {
    const LABELS: &'static [(&'static str, &'static str)] =
        &[("accepted", "Choice"), ("policyVersion", "Policy version")];

    fn check(self) -> Result<Self, InputError> {
        if self.policy_version != POLICY_VERSION {
            return Err(InputError::new(
                "The Privacy Policy has changed. Please reload the page and choose again."
                    .to_owned(),
            ));
        }
        Ok(self)
    }
}

/// The consent id in the request's cookies, if any (and well formed).
pub fn consent_id(headers: &HeaderMap) -> Option<Uuid> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|cookies| cookies.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == COOKIE)
        .and_then(|(_, value)| Uuid::parse_str(value.trim()).ok())
}

/// The latest choice recorded for `consent_id`.
pub async fn latest(pool: &PgPool, consent_id: Uuid) -> sqlx::Result<Option<ConsentRecord>> {
    sqlx::query_as!(
        ConsentRecord,
        "select accepted, policy_version, chosen_at from cookie_consents
         where consent_id = $1 order by chosen_at desc, id desc limit 1",
        consent_id
    )
    .fetch_optional(pool)
    .await
}

/// Whether the request's browser declined analytics on record (its latest
/// choice). No cookie or no record: not declined on record.
pub async fn declined(pool: &PgPool, headers: &HeaderMap) -> sqlx::Result<bool> {
    let Some(id) = consent_id(headers) else {
        return Ok(false);
    };
    Ok(latest(pool, id)
        .await?
        .is_some_and(|choice| !choice.accepted))
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
        Some(id) => latest(&state.pool, id).await?,
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
    let record = sqlx::query_as!(
        ConsentRecord,
        "insert into cookie_consents (id, consent_id, accepted, policy_version)
         values ($1, $2, $3, $4)
         returning accepted, policy_version, chosen_at",
        Uuid::now_v7(),
        id,
        input.accepted,
        input.policy_version,
    )
    .fetch_one(&state.pool)
    .await?;
    let secure = if state.settings.cookie_secure {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_consent_id_is_read_among_other_cookies() {
        let id = Uuid::new_v4();
        let mut headers = HeaderMap::new();
        headers.append(
            header::COOKIE,
            HeaderValue::from_static("id=abc; theme=dark"),
        );
        headers.append(
            header::COOKIE,
            HeaderValue::from_str(&format!("other=1; {COOKIE}={id}")).expect("header"),
        );
        assert_eq!(consent_id(&headers), Some(id));
    }

    #[test]
    fn a_malformed_or_missing_consent_id_is_none() {
        let mut headers = HeaderMap::new();
        assert_eq!(consent_id(&headers), None);
        headers.append(
            header::COOKIE,
            HeaderValue::from_static("nyota_consent=not-a-uuid"),
        );
        assert_eq!(consent_id(&headers), None);
    }

    #[test]
    fn only_the_current_policy_version_is_accepted() {
        let current = ConsentInput {
            accepted: true,
            policy_version: POLICY_VERSION.to_owned(),
        };
        assert!(current.clone().check().is_ok());
        let old = ConsentInput {
            policy_version: "2020-01-01".to_owned(),
            ..current
        };
        assert_eq!(
            old.check().map_err(|e| e.message),
            Err(
                "The Privacy Policy has changed. Please reload the page and choose again."
                    .to_owned()
            )
        );
    }
}
