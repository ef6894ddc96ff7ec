//! The rules of cookie consent: the choice must be made under the current
//! Privacy Policy, and the anonymous consent id is read from the
//! `nyota_consent` cookie. Nothing else about the visitor is kept: no
//! address, no user agent, no account. The routes are
//! `site::http::consent`; the table `site::store::consent`. The page-view
//! beacon (`ops/http/analytics.rs`) asks [`declined`] so that a view sent after
//! a Decline is never counted, whatever the browser's script did.

use axum::http::{HeaderMap, header};
use contract::consent::{ConsentInput, POLICY_VERSION};
use sqlx::PgPool;
use uuid::Uuid;

use super::store::consent as store;
use crate::platform::input::{Input, InputError};

/// The cookie holding the consent id.
pub const COOKIE: &str = "nyota_consent";

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

/// Whether the request's browser declined analytics on record (its latest
/// choice). No cookie or no record: not declined on record.
pub async fn declined(pool: &PgPool, headers: &HeaderMap) -> sqlx::Result<bool> {
    let Some(id) = consent_id(headers) else {
        return Ok(false);
    };
    Ok(store::latest(pool, id)
        .await?
        .is_some_and(|choice| !choice.accepted))
}

#[cfg(test)]
mod tests {
    use axum::http::HeaderValue;

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
            old.check().map_err(|e| e.message.to_string()),
            Err(
                "The Privacy Policy has changed. Please reload the page and choose again."
                    .to_owned()
            )
        );
    }
}
