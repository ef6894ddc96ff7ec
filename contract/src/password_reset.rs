//! Password reset: `POST /api/password-reset` publishes
//! [`PasswordResetRequested`] on `intake.password_reset` whatever the
//! address (so the answer says nothing about which accounts exist); the
//! `requests` worker emails a single-use link to an existing account.
//! `POST /api/password-reset/confirm` asks the `accounts` worker
//! (`accounts.reset_password`) to set the new password.

use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use ts_rs::TS;
use uuid::Uuid;

use crate::language::Language;

/// How long a reset link works after it was made.
pub const TOKEN_LIFETIME: std::time::Duration = std::time::Duration::from_secs(30 * 60);

/// How long the set-password link of an invitation works.
pub const INVITE_LIFETIME: std::time::Duration = std::time::Duration::from_secs(48 * 3600);

/// Why a set-password link is sent: the same single-use token either way,
/// with its own lifetime and email.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LinkPurpose {
    /// The account holder asked to reset a forgotten password.
    #[default]
    Reset,
    /// An admin invited a new agent, who chooses a first password.
    Invite,
}

impl LinkPurpose {
    pub fn lifetime(self) -> std::time::Duration {
        match self {
            LinkPurpose::Reset => TOKEN_LIFETIME,
            LinkPurpose::Invite => INVITE_LIFETIME,
        }
    }
}

/// The body of `POST /api/password-reset`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PasswordResetInput {
    #[schema(format = Email)]
    pub email: String,
    /// The language of the page the form was sent from: the email and the
    /// page its link opens are in it. English when absent.
    #[serde(default)]
    #[ts(as = "Option<Language>", optional)]
    pub language: Language,
}

/// The body of `POST /api/password-reset/confirm`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PasswordResetConfirmInput {
    /// The token from the emailed link.
    pub token: String,
    pub password: String,
}

/// Published on `intake.password_reset`; `id` is also the JetStream
/// message id and names the email sent for it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PasswordResetRequested {
    pub id: Uuid,
    /// Normalised (trimmed, lower-cased).
    pub email: String,
    #[serde(with = "time::serde::rfc3339")]
    pub received_at: OffsetDateTime,
    /// Absent in messages from before invitations: a reset.
    #[serde(default)]
    pub purpose: LinkPurpose,
    /// The language the email is written in (English in messages from
    /// before it was sent, and for invitations).
    #[serde(default)]
    pub language: Language,
}

/// Payload of `accounts.reset_password` (request-reply).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ResetPasswordRequest {
    pub token: String,
    pub password: String,
}

/// The `accounts` worker's answer to [`ResetPasswordRequest`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ResetPasswordReply {
    /// The password of this user was changed, the token used up and every
    /// stored session of the user deleted.
    Reset {
        user_id: Uuid,
    },
    /// Unknown, used or expired token.
    InvalidToken,
    Internal,
}
