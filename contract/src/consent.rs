//! Cookie consent on record: the banner's choice, stored against an
//! anonymous consent id (the `nyota_consent` cookie) with the Privacy Policy
//! version shown and the time (`POST /api/consent`; exported to TypeScript).

use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use ts_rs::TS;

/// The Privacy Policy version a choice is made under: the policy's "last
/// updated" date (web `privacy-content.ts`; the web reads it from the generated
/// `api-types/consent-policy.ts`). A new policy version asks every
/// visitor again.
pub const POLICY_VERSION: &str = "2025-04-23";

/// The choice a visitor made in the cookie banner.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ConsentInput {
    /// Accept All (`true`) or Decline / close (`false`).
    pub accepted: bool,
    /// The policy version the banner was shown with.
    pub policy_version: String,
}

/// A choice as recorded.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ConsentRecord {
    pub accepted: bool,
    pub policy_version: String,
    #[serde(with = "time::serde::rfc3339")]
    #[ts(type = "string")]
    pub chosen_at: OffsetDateTime,
}

/// `GET /api/consent`: this browser's current choice, if any, and the
/// policy version a new choice is made under.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ConsentState {
    pub choice: Option<ConsentRecord>,
    pub policy_version: String,
}

#[cfg(test)]
mod tests {
    /// The version the web's banner records: `web/src/api-types/consent-policy.ts`.
    #[test]
    fn export_web_values() {
        crate::ts_values::export(
            "consent-policy.ts",
            "contract::consent::tests::export_web_values",
            &[],
            &[crate::ts_values::TsConst::new(
                "consentPolicyVersion",
                "The Privacy Policy version a cookie choice is made under (`POLICY_VERSION`).",
                &super::POLICY_VERSION,
            )],
        );
    }
}
