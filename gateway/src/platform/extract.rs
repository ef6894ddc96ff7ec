//! Extractors whose rejections are `ApiError`s: query and path, the client
//! IP, and the signed-in user. JSON bodies go through `input::ValidatedJson`.
//! What the client IP and the sign-in need from the app's state they ask
//! through [`ProxyTrust`] and [`SignInState`], which the app's state
//! implements, so the ground floor names no domain.

use std::net::{IpAddr, SocketAddr};

use axum::extract::{ConnectInfo, FromRequestParts, OptionalFromRequestParts, OriginalUri};
use axum::http::request::Parts;
use contract::accounts::{Role, User};
use time::OffsetDateTime;
use tower_sessions::Session;
use uuid::Uuid;

use crate::platform::config::Config;
use crate::platform::error::ApiError;
use crate::platform::sessions::SignedIn;

/// Whether the `X-Forwarded-For` of our own proxy names the client.
pub trait ProxyTrust: Send + Sync {
    fn trust_forwarded_for(&self) -> bool;
}

/// What the signed-in user's extractors need from the app's state.
pub trait SignInState: Send + Sync {
    fn config(&self) -> &Config;
    /// The pool of sessions and the signed-in user.
    fn core_pool(&self) -> &sqlx::PgPool;
    /// The site setting `staffSignInHours`.
    fn staff_sign_in_hours(&self) -> u32;
    /// `Ok` when `user` may use `path` now (a role that requires a second
    /// factor, without one, may only enrol).
    fn admit(
        &self,
        user: &User,
        path: &str,
    ) -> impl std::future::Future<Output = Result<(), ApiError>> + Send;
}

/// `Query<T>` whose failures are JSON 400s.
#[derive(FromRequestParts)]
#[from_request(via(axum::extract::Query), rejection(ApiError))]
pub struct ApiQuery<T>(pub T);

/// `Path<T>` whose failures (e.g. an id that is not a UUID) are JSON 404s:
/// a malformed id names no resource.
#[derive(FromRequestParts)]
#[from_request(via(axum::extract::Path), rejection(ApiError))]
pub struct ApiPath<T>(pub T);

/// The address rate limits are keyed by.
pub struct ClientIp(pub IpAddr);

impl<S: ProxyTrust> FromRequestParts<S> for ClientIp {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        if state.trust_forwarded_for() {
            // The last entry is the one our own proxy appended.
            let forwarded = parts
                .headers
                .get_all("x-forwarded-for")
                .iter()
                .filter_map(|v| v.to_str().ok())
                .flat_map(|v| v.split(','))
                .filter_map(|v| v.trim().parse::<IpAddr>().ok())
                .next_back();
            if let Some(ip) = forwarded {
                return Ok(ClientIp(ip));
            }
        }
        let ConnectInfo(addr) = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .copied()
            .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("no connection info")))?;
        Ok(ClientIp(addr.ip()))
    }
}

/// Session keys.
pub const USER_ID_KEY: &str = "user_id";
pub const SIGNED_IN_AT_KEY: &str = "signed_in_at";
/// A random id per sign-in: what a sign-out revokes on every gateway.
pub const SIGN_IN_ID_KEY: &str = "sign_in_id";

/// The signed-in user; rejects with 401 when there is none.
pub struct CurrentUser(pub User);

impl<S: SignInState> FromRequestParts<S> for CurrentUser {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        <CurrentUser as OptionalFromRequestParts<S>>::from_request_parts(parts, state)
            .await?
            .ok_or(ApiError::Unauthorized("Not signed in".into()))
    }
}

impl<S: SignInState> OptionalFromRequestParts<S> for CurrentUser {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Option<Self>, ApiError> {
        let session = Session::from_request_parts(parts, state)
            .await
            .map_err(|(_, message)| ApiError::Internal(anyhow::anyhow!(message)))?;
        let Some(user_id) = session.get::<Uuid>(USER_ID_KEY).await? else {
            return Ok(None);
        };
        let signed_in_at = session.get::<i64>(SIGNED_IN_AT_KEY).await?.unwrap_or(0);
        let now = OffsetDateTime::now_utc().unix_timestamp();
        if sign_in_expired(signed_in_at, now, state.config().session_max_age) {
            session.flush().await?;
            return Ok(None);
        }
        let Some(session_id) = session.id() else {
            return Ok(None);
        };
        match crate::platform::sessions::signed_in_user(state.core_pool(), session_id, user_id)
            .await?
        {
            SignedIn::User(user)
                if user.is_agent()
                    && staff_sign_in_expired(state.staff_sign_in_hours(), signed_in_at, now) =>
            {
                // Staff sign in again after the admin's set hours (site settings).
                session.flush().await?;
                Ok(None)
            }
            SignedIn::User(user) => {
                // A role that requires a second factor, without one: only enrolment is open.
                let path = parts
                    .extensions
                    .get::<OriginalUri>()
                    .map_or_else(|| parts.uri.path().to_owned(), |uri| uri.path().to_owned());
                state.admit(&user, &path).await?;
                Ok(Some(CurrentUser(user)))
            }
            // Signed out (or rotated) on some gateway: this one may still have
            // had the record in its cache.
            SignedIn::SessionEnded => Ok(None),
            SignedIn::UserDeleted => {
                // End the session rather than keep a dangling id.
                session.flush().await?;
                Ok(None)
            }
        }
    }
}

/// A signed-in agent (an admin or a support agent); 401 when signed out, 403
/// for other users.
pub struct Agent(pub User);

impl<S: SignInState> FromRequestParts<S> for Agent {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        let CurrentUser(user) =
            <CurrentUser as FromRequestParts<S>>::from_request_parts(parts, state).await?;
        if user.is_agent() {
            Ok(Agent(user))
        } else {
            Err(ApiError::Forbidden(
                "Only support agents can do this".into(),
            ))
        }
    }
}

/// A signed-in admin (everything under `/api/admin`); 401 when signed out,
/// 403 for other users, support agents included.
pub struct Admin(pub User);

impl<S: SignInState> FromRequestParts<S> for Admin {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        let CurrentUser(user) =
            <CurrentUser as FromRequestParts<S>>::from_request_parts(parts, state).await?;
        if user.role == Role::Admin {
            Ok(Admin(user))
        } else {
            Err(ApiError::Forbidden("Only admins can do this".into()))
        }
    }
}

/// When a staff sign-in at `signed_in_at` (Unix seconds) ends under the
/// site setting (`staffSignInHours`): the first second it counts as expired.
pub fn staff_sign_in_ends(hours: u32, signed_in_at: i64) -> i64 {
    signed_in_at.saturating_add(i64::from(hours) * 3600 + 1)
}

/// Whether a support agent's or admin's sign-in is older than the site
/// setting (`staffSignInHours`) allows.
fn staff_sign_in_expired(hours: u32, signed_in_at: i64, now: i64) -> bool {
    sign_in_expired(
        signed_in_at,
        now,
        std::time::Duration::from_secs(u64::from(hours) * 3600),
    )
}

/// Whether a sign-in at `signed_in_at` (Unix seconds) is older than
/// `max_age` at `now`: the absolute lifetime, however active the session.
fn sign_in_expired(signed_in_at: i64, now: i64, max_age: std::time::Duration) -> bool {
    let max_age = i64::try_from(max_age.as_secs()).unwrap_or(i64::MAX);
    now.saturating_sub(signed_in_at) > max_age
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::{sign_in_expired, staff_sign_in_expired};

    #[test]
    fn a_staff_sign_in_lasts_the_set_hours() {
        let signed_in_at = 1_000_000;
        let hour = 3600;
        assert!(!staff_sign_in_expired(
            12,
            signed_in_at,
            signed_in_at + 12 * hour
        ));
        assert!(staff_sign_in_expired(
            12,
            signed_in_at,
            signed_in_at + 12 * hour + 1
        ));
        assert!(staff_sign_in_expired(
            1,
            signed_in_at,
            signed_in_at + 2 * hour
        ));
    }

    #[test]
    fn a_sign_in_expires_after_its_absolute_lifetime() {
        let day = Duration::from_secs(24 * 3600);
        let signed_in = 1_000_000;
        assert!(!sign_in_expired(signed_in, signed_in, day));
        assert!(!sign_in_expired(signed_in, signed_in + 24 * 3600, day));
        assert!(sign_in_expired(signed_in, signed_in + 24 * 3600 + 1, day));
        // A session without the timestamp (older code) counts as expired.
        assert!(sign_in_expired(0, signed_in, day));
    }
}
