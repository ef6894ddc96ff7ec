//! How outgoing email fares: the workers record it, the gateway reports it
//! (the admin's banner and tile, and one boolean for the public pages).

use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use ts_rs::TS;

/// Whether email goes out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum EmailState {
    /// Configured, and the last send (if any) succeeded.
    Working,
    /// Configured, but the last send failed.
    Failing,
    /// SMTP is not configured (or the workers never reported): nothing is sent.
    Off,
}

/// `GET /api/admin/email-health`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct EmailHealth {
    pub state: EmailState,
    #[serde(with = "time::serde::rfc3339::option")]
    #[ts(type = "string | null")]
    pub last_success_at: Option<OffsetDateTime>,
    #[serde(with = "time::serde::rfc3339::option")]
    #[ts(type = "string | null")]
    pub last_failure_at: Option<OffsetDateTime>,
    /// The SMTP error of the last failure.
    pub last_error: Option<String>,
}

/// `GET /api/email-status`: all a public page needs to know, so that a
/// text never promises an email that will not be sent.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct EmailStatus {
    pub email_enabled: bool,
}

impl EmailHealth {
    /// The state from what the workers recorded (`None`: never reported).
    pub fn from_record(
        configured: Option<bool>,
        last_success_at: Option<OffsetDateTime>,
        last_failure_at: Option<OffsetDateTime>,
        last_error: Option<String>,
    ) -> Self {
        let state = match configured {
            Some(true) => match (last_success_at, last_failure_at) {
                (_, None) => EmailState::Working,
                (Some(success), Some(failure)) if success > failure => EmailState::Working,
                _ => EmailState::Failing,
            },
            _ => EmailState::Off,
        };
        EmailHealth {
            state,
            last_success_at,
            last_failure_at,
            last_error,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_state_follows_the_configuration_then_the_latest_send() {
        let at = |seconds| OffsetDateTime::from_unix_timestamp(seconds).ok();
        let (earlier, later) = (at(1_795_852_800), at(1_795_856_400));
        let state = |configured, success, failure| {
            EmailHealth::from_record(configured, success, failure, None).state
        };
        assert_eq!(state(None, None, None), EmailState::Off);
        assert_eq!(state(Some(false), later, None), EmailState::Off);
        assert_eq!(state(Some(true), None, None), EmailState::Working);
        assert_eq!(state(Some(true), earlier, later), EmailState::Failing);
        assert_eq!(state(Some(true), None, later), EmailState::Failing);
        assert_eq!(state(Some(true), later, earlier), EmailState::Working);
    }
}
