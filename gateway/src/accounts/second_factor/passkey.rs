//! Passkeys (WebAuthn) as a second factor, with `webauthn-rs`. The relying
//! party is this site as `PUBLIC_URL` names it; each ceremony's state waits
//! in the session between its start and its finish (one at a time, used
//! once, for [`CEREMONY_SECONDS`]).

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use tower_sessions::Session;
use utoipa::ToSchema;
use webauthn_rs::prelude::{
    PublicKeyCredential, RegisterPublicKeyCredential, Url, Webauthn, WebauthnBuilder,
};

use crate::platform::error::ApiError;
use crate::platform::input::{self, Input, InputError};
use crate::platform::words::Words;
use crate::state::AppState;

/// The name authenticators show beside the account.
const RP_NAME: &str = "Nyota Cloud";
/// How long a started ceremony may take: the browser's prompt times out
/// sooner (webauthn-rs asks for 5 minutes).
const CEREMONY_SECONDS: i64 = 5 * 60;
/// The longest passkey name.
pub const NAME_MAX_CHARS: usize = 60;

/// What a member is told when the site's address cannot carry passkeys.
const UNAVAILABLE: Words = Words::text("passkeys-unavailable");
/// What a passkey that does not verify is told.
pub const PASSKEY_REFUSED: Words = Words::text("passkey-refused");

/// The relying party for `public_url`: its host is the RP id and the URL
/// the one origin accepted. WebAuthn refuses an IP address as RP id, so
/// `None` for one. On `localhost` (development and tests) any port is
/// accepted, since a test gateway listens on a port of its own.
pub fn relying_party(public_url: &str) -> Option<Webauthn> {
    let origin = Url::parse(public_url).ok()?;
    let rp_id = origin.domain()?.to_owned();
    WebauthnBuilder::new(&rp_id, &origin)
        .ok()?
        .rp_name(RP_NAME)
        .allow_any_port(rp_id == "localhost")
        .build()
        .ok()
}

/// This gateway's relying party; 503 when `PUBLIC_URL` is an IP address.
pub fn webauthn(state: &AppState) -> Result<Webauthn, ApiError> {
    relying_party(&state.config.public_url).ok_or(ApiError::Unavailable(UNAVAILABLE))
}

/// A ceremony's state as the session keeps it.
#[derive(Serialize, Deserialize)]
struct Waiting<T> {
    state: T,
    started_at: i64,
}

/// Keeps `state` in the session under `key` until [`take_ceremony`].
pub async fn keep_ceremony<T: Serialize>(
    session: &Session,
    key: &str,
    state: T,
) -> Result<(), ApiError> {
    let waiting = Waiting {
        state,
        started_at: OffsetDateTime::now_utc().unix_timestamp(),
    };
    session.insert(key, waiting).await?;
    Ok(())
}

/// Removes and answers the ceremony state under `key`; `None` when none was
/// started or it took too long. Taken before it is checked, so an answer
/// is tried once whatever it proves: a replay finds nothing.
pub async fn take_ceremony<T: DeserializeOwned>(
    session: &Session,
    key: &str,
) -> Result<Option<T>, ApiError> {
    let waiting = session.remove::<Waiting<T>>(key).await?;
    let now = OffsetDateTime::now_utc().unix_timestamp();
    Ok(waiting
        .filter(|w| now.saturating_sub(w.started_at) <= CEREMONY_SECONDS)
        .map(|w| w.state))
}

/// The name a member gives a new passkey.
#[cfg_attr(any(test, feature = "fuzzing"), derive(Debug, Serialize))]
#[derive(Deserialize, ToSchema)]
pub(crate) struct NameBody {
    #[schema(min_length = 1, max_length = 60)]
    pub name: String,
}

impl Input for NameBody {
    const LABELS: &'static [(&'static str, &'static str)] = &[("name", "Passkey name")];

    fn check(self) -> Result<Self, InputError> {
        // Said in words: `text` would call a line break a control character.
        if self.name.trim().contains(['\n', '\r']) {
            return Err(InputError::new("Passkey name must be on one line"));
        }
        Ok(NameBody {
            name: input::text("Passkey name", self.name)?
                .required()?
                .max_chars(NAME_MAX_CHARS)?
                .value(),
        })
    }
}

/// The browser's answer to a registration (`navigator.credentials.create`),
/// as `@simplewebauthn/browser` sends it.
#[derive(Deserialize)]
#[serde(transparent)]
pub(crate) struct RegistrationBody(pub RegisterPublicKeyCredential);

impl Input for RegistrationBody {
    const LABELS: &'static [(&'static str, &'static str)] = &[];

    fn check(self) -> Result<Self, InputError> {
        Ok(self)
    }
}

/// The browser's answer to a sign-in (`navigator.credentials.get`).
#[derive(Deserialize)]
#[serde(transparent)]
pub(crate) struct AssertionBody(pub PublicKeyCredential);

impl Input for AssertionBody {
    const LABELS: &'static [(&'static str, &'static str)] = &[];

    fn check(self) -> Result<Self, InputError> {
        Ok(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_relying_party_is_the_public_host() {
        assert!(relying_party("https://nyota.example").is_some());
        assert!(relying_party("http://localhost:8080").is_some());
        // WebAuthn takes no IP address as RP id.
        assert!(relying_party("http://127.0.0.1:8080").is_none());
        assert!(relying_party("not a url").is_none());
    }

    #[test]
    fn a_name_is_one_line_of_at_most_60_characters() {
        let check = |name: &str| {
            NameBody {
                name: name.to_owned(),
            }
            .check()
            .map(|body| body.name)
        };
        assert_eq!(check("  Work laptop ").as_deref(), Ok("Work laptop"));
        assert_eq!(
            check("   ").map_err(|e| e.message.to_string()),
            Err("Passkey name is required".to_owned())
        );
        assert_eq!(
            check("Work\nlaptop").map_err(|e| e.message.to_string()),
            Err("Passkey name must be on one line".to_owned())
        );
        assert!(check(&"é".repeat(60)).is_ok());
        assert_eq!(
            check(&"a".repeat(61)).map_err(|e| e.message.to_string()),
            Err("Passkey name must be at most 60 characters".to_owned())
        );
    }
}
