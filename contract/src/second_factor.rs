//! A second factor at sign-in: TOTP (RFC 6238) and passkeys (WebAuthn), with
//! one-time recovery codes. The answers of `/api/account/second-factor/*` and
//! of the sign-in step.

use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use ts_rs::TS;
use uuid::Uuid;

/// What `POST /api/login` answers (202) when the password was right but the
/// account must still prove a second factor: the session is not signed in
/// until `POST /api/login/second-factor` accepts a code.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SecondFactorChallenge {
    pub message: String,
    /// Always true: tells this answer apart from a signed-in user.
    pub second_factor_required: bool,
    /// The factors that may answer: `totp`, `passkey`, `recovery`.
    pub methods: Vec<String>,
}

/// The signed-in account's second factors.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SecondFactorStatus {
    /// An authenticator app (TOTP) is enrolled and confirmed.
    pub totp: bool,
    /// Unused recovery codes left.
    pub recovery_codes_left: u32,
    /// The site settings require a second factor for this account's role.
    pub required: bool,
    /// The account's passkeys, oldest first.
    pub passkeys: Vec<PasskeySummary>,
}

/// One passkey of the account, as the security page lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PasskeySummary {
    #[ts(type = "string")]
    pub id: Uuid,
    /// The name the member gave it ("Work laptop").
    pub name: String,
    #[serde(with = "time::serde::rfc3339")]
    #[ts(type = "string")]
    pub created_at: OffsetDateTime,
    /// When it last signed in; null until it has.
    #[serde(with = "time::serde::rfc3339::option")]
    #[ts(type = "string | null")]
    pub last_used_at: Option<OffsetDateTime>,
}

/// A passkey enrolled. An account that had no recovery codes (a passkey is
/// its first factor) gets them here, shown once; otherwise the list is empty
/// and its codes stay as they were.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PasskeyAdded {
    pub passkey: PasskeySummary,
    pub recovery_codes: Vec<String>,
}

/// A new TOTP secret, before it is confirmed with a code from the app.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TotpSetup {
    /// The secret in base32, for typing into an app by hand.
    pub secret: String,
    /// `otpauth://totp/…`, what the QR code holds.
    pub otpauth_uri: String,
    /// The QR code of `otpauthUri`, an SVG document.
    pub qr_svg: String,
}

/// Recovery codes, shown once: only their hashes are kept.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct RecoveryCodes {
    pub recovery_codes: Vec<String>,
}
