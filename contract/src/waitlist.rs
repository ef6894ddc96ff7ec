//! The waitlist: visitors who want to hear when something opens (registration,
//! the GPU cluster's early access). `POST /api/waitlist` publishes
//! [`WaitlistJoined`] on `intake.waitlist`; the `requests` worker stores one
//! entry per address and interest and confirms it by email once.

use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use ts_rs::TS;
use uuid::Uuid;

use crate::language::Language;

/// What a visitor is waiting for: a fixed list of short codes.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    TS,
    sqlx::Type,
    utoipa::ToSchema,
)]
#[serde(rename_all = "kebab-case")]
#[sqlx(type_name = "text", rename_all = "kebab-case")]
#[ts(export)]
pub enum WaitlistInterest {
    /// Registration (the register page's fallback when it cannot be reached).
    General,
    /// Early access to the GPU cluster (`/edge`).
    GpuCluster,
}

impl WaitlistInterest {
    pub const ALL: [WaitlistInterest; 2] =
        [WaitlistInterest::General, WaitlistInterest::GpuCluster];

    /// The code as sent and stored, e.g. `gpu-cluster`.
    pub fn code(self) -> &'static str {
        match self {
            WaitlistInterest::General => "general",
            WaitlistInterest::GpuCluster => "gpu-cluster",
        }
    }

    pub fn from_code(code: &str) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|interest| interest.code() == code)
    }
}

/// The body of `POST /api/waitlist`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct WaitlistInput {
    #[schema(format = Email)]
    pub email: String,
    #[serde(default)]
    #[ts(optional)]
    pub name: Option<String>,
    /// One of [`WaitlistInterest`]'s codes (checked in words by the gateway).
    #[ts(as = "WaitlistInterest")]
    #[schema(value_type = WaitlistInterest)]
    pub interest: String,
    /// The language of the page the form is on: the confirmation email is
    /// written in it. English when absent.
    #[serde(default)]
    #[ts(as = "Option<Language>", optional)]
    pub language: Language,
}

/// Published on `intake.waitlist`; `id` (also the JetStream message id) is
/// the entry's id when the address is new for this interest.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WaitlistJoined {
    pub id: Uuid,
    /// Normalised (trimmed, lower-cased).
    pub email: String,
    pub name: Option<String>,
    pub interest: WaitlistInterest,
    #[serde(with = "time::serde::rfc3339")]
    pub received_at: OffsetDateTime,
    /// The language the confirmation is written in (English in messages
    /// from before it was sent).
    #[serde(default)]
    pub language: Language,
}

/// A stored waitlist entry, as admins see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct WaitlistEntry {
    #[ts(type = "string")]
    pub id: Uuid,
    pub email: String,
    pub name: Option<String>,
    pub interest: WaitlistInterest,
    #[serde(with = "time::serde::rfc3339")]
    #[ts(type = "string")]
    pub created_at: OffsetDateTime,
}

/// `GET /api/admin/waitlist`: one page of entries, newest first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct WaitlistPage {
    pub items: Vec<WaitlistEntry>,
    pub pagination: crate::content::Pagination,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interests_are_short_codes_both_ways() {
        for interest in WaitlistInterest::ALL {
            assert_eq!(WaitlistInterest::from_code(interest.code()), Some(interest));
            let json = serde_json::to_value(interest).expect("serializes");
            assert_eq!(json, interest.code());
        }
        assert_eq!(WaitlistInterest::from_code("GPU-cluster"), None);
    }
}
