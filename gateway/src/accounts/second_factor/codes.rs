//! The codes a person types: six digits from the authenticator app or a
//! recovery code ([`CodeBody`]), what one proves ([`claim`]), and the
//! secrets' sealing and the recovery codes' making.

use secrecy::ExposeSecret as _;
use serde::Deserialize;
use utoipa::ToSchema;
use uuid::Uuid;

use super::claim::Claim;
use super::totp;
use crate::accounts::store;
use crate::platform::error::ApiError;
use crate::platform::input::{self, Input, InputError};
use crate::platform::words::Words;
use crate::state::AppState;

/// A code typed by a person: six digits from the app, or a recovery code.
#[cfg_attr(any(test, feature = "fuzzing"), derive(Debug, serde::Serialize))]
#[derive(Deserialize, ToSchema)]
pub(crate) struct CodeBody {
    #[schema(min_length = 1, max_length = 64)]
    pub(crate) code: String,
}

impl Input for CodeBody {
    const LABELS: &'static [(&'static str, &'static str)] = &[("code", "Code")];

    fn check(self) -> Result<Self, InputError> {
        Ok(CodeBody {
            code: input::text("Code", self.code)?
                .required()?
                .max_chars(64)?
                .value(),
        })
    }
}

/// What a wrong code is told.
pub const WRONG_CODE: Words = Words::text("code-wrong");

pub fn sealer(state: &AppState) -> totp::Sealer {
    totp::Sealer::new(state.config.signing_key.expose_secret())
}

/// New recovery codes (shown once) and their hashes (kept), for the first
/// factor an account enrols.
pub async fn fresh_recovery_codes() -> Result<(Vec<String>, Vec<String>), ApiError> {
    let codes = totp::new_recovery_codes();
    // Argon2 is slow by design: off the async threads.
    let hashes = tokio::task::spawn_blocking({
        let codes = codes.clone();
        move || {
            codes
                .iter()
                .map(|code| totp::hash_recovery_code(&totp::normalize_recovery_code(code)))
                .collect::<anyhow::Result<Vec<_>>>()
        }
    })
    .await
    .map_err(|error| ApiError::Internal(anyhow::Error::new(error)))??;
    Ok((codes, hashes))
}

pub fn unix_now() -> u64 {
    u64::try_from(time::OffsetDateTime::now_utc().unix_timestamp()).unwrap_or(0)
}

/// What `code` would prove for `user_id`: a TOTP code of the confirmed
/// secret, or one of the unused recovery codes; `None` when it is neither.
/// The store uses the claim up (each once), in the unit of work it proves.
pub async fn claim(state: &AppState, user_id: Uuid, code: &str) -> Result<Option<Claim>, ApiError> {
    if totp::is_totp_code(code) {
        let Some((sealed, true)) = store::secret(&state.pool, user_id).await? else {
            return Ok(None);
        };
        let secret = sealer(state).open(&sealed).ok_or_else(|| {
            ApiError::Internal(anyhow::anyhow!(
                "a TOTP secret does not open with this SIGNING_KEY"
            ))
        })?;
        return Ok(totp::matching_step(&secret, code, unix_now()).map(Claim::Totp));
    }
    let code = totp::normalize_recovery_code(code);
    let candidates = store::unused_recovery_codes(&state.pool, user_id).await?;
    // Argon2 is slow by design: off the async threads.
    let matched = tokio::task::spawn_blocking(move || {
        candidates
            .into_iter()
            .find(|(_, hash)| totp::recovery_code_matches(&code, hash))
            .map(|(id, _)| id)
    })
    .await
    .map_err(|error| ApiError::Internal(anyhow::Error::new(error)))?;
    Ok(matched.map(Claim::RecoveryCode))
}
