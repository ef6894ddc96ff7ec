//! First-party analytics: the page-view beacon's body, the event the gateway
//! publishes for the `analytics` worker, the admin report (exported to
//! TypeScript), and the daily salts unique visitors are counted with.
//!
//! A visitor is the SHA-256 of (the day's salt, the client's address, its
//! user agent). The salt is 32 random bytes made on the day's first view and
//! deleted once the day is over, so a stored hash can no longer be tied to
//! an address, nor to the same visitor on another day. Owns table
//! visitor_salts: the only module that writes it (the gateway makes the
//! day's salt, the `analytics` role deletes past ones).

use std::net::IpAddr;

use serde::{Deserialize, Serialize};
use sha2::{Digest as _, Sha256};
use time::{Date, OffsetDateTime, UtcOffset};
use ts_rs::TS;
use uuid::Uuid;

/// Africa/Nairobi is UTC+3 all year (no daylight saving since 1942); days
/// in analytics are Nairobi days (`at time zone 'Africa/Nairobi'` in SQL).
pub const NAIROBI: UtcOffset = match UtcOffset::from_hms(3, 0, 0) {
    Ok(offset) => offset,
    Err(_) => UtcOffset::UTC,
};

/// The day `at` falls on in Nairobi.
pub fn nairobi_day(at: OffsetDateTime) -> Date {
    at.to_offset(NAIROBI).date()
}

/// `POST /api/analytics/pageview`: sent by the browser on each route change,
/// only after the visitor accepted cookies.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PageViewInput {
    /// The page's path (`/blog/…`), without query or fragment.
    pub path: String,
    /// Where the visitor came from (`document.referrer`); only its host is kept.
    #[serde(default)]
    #[ts(optional)]
    pub referrer: Option<String>,
}

/// Published on `intake.pageview` (JetStream `INTAKE`); the message id is
/// the view's own id, which also makes counting it idempotent.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PageView {
    pub id: Uuid,
    pub path: String,
    /// `None` for a visitor who came from nowhere or from this site.
    pub referrer_host: Option<String>,
    #[serde(with = "time::serde::rfc3339")]
    pub at: OffsetDateTime,
    /// The visitor of the day `at` falls on ([`visitor_hash`], lower-case
    /// hex); `None` when the day's salt could not be read, or in a view
    /// published before visitors were counted.
    #[serde(default)]
    pub visitor: Option<String>,
}

/// The visitor a view comes from, for one day: SHA-256 of the day's salt,
/// the address and the user agent (a NUL apart: no address contains one),
/// in lower-case hex.
pub fn visitor_hash(salt: &[u8], address: IpAddr, user_agent: &str) -> String {
    let mut hash = Sha256::new();
    hash.update(salt);
    hash.update(address.to_string().as_bytes());
    hash.update([0]);
    hash.update(user_agent.as_bytes());
    hash.finalize()
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

/// Whether `text` is what [`visitor_hash`] writes.
pub fn is_visitor_hash(text: &str) -> bool {
    text.len() == 64 && text.bytes().all(|c| matches!(c, b'0'..=b'9' | b'a'..=b'f'))
}

/// `GET /api/admin/analytics?from&to`: what happened between two days
/// (inclusive, Africa/Nairobi).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AnalyticsReport {
    /// `YYYY-MM-DD`.
    pub from: String,
    /// `YYYY-MM-DD`.
    pub to: String,
    #[ts(type = "number")]
    pub total_views: i64,
    /// The most viewed paths, most first (at most 10).
    pub top_pages: Vec<PathViews>,
    /// The hosts visitors came from, most first (at most 10; visits from
    /// nowhere or from this site are left out).
    pub top_referrers: Vec<ReferrerViews>,
    /// One entry per day of the range, oldest first, zeros included.
    pub days: Vec<DayCounts>,
    /// The median time from a chat's start to its first agent message, over
    /// the chats started in the range that were answered; `null` when none was.
    pub median_first_response_seconds: Option<f64>,
    /// Agent messages sent in the range, per agent, most first.
    pub messages_per_agent: Vec<AgentMessages>,
    /// Chat ratings given in the range, per agent and week (weeks start on
    /// Monday, Nairobi time), newest week first.
    pub ratings_per_agent_week: Vec<AgentWeekRatings>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PathViews {
    pub path: String,
    #[ts(type = "number")]
    pub views: i64,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ReferrerViews {
    pub host: String,
    #[ts(type = "number")]
    pub views: i64,
}

/// The counts of one day.
#[derive(
    Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, sqlx::FromRow, utoipa::ToSchema,
)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct DayCounts {
    /// `YYYY-MM-DD`.
    pub day: String,
    #[ts(type = "number")]
    pub views: i64,
    /// Unique visitors that day (counted within the day only: a visitor who
    /// comes back another day is counted again).
    #[ts(type = "number")]
    pub visitors: i64,
    #[ts(type = "number")]
    pub chats_started: i64,
    /// Chats started that day that an agent has answered.
    #[ts(type = "number")]
    pub chats_answered: i64,
    #[ts(type = "number")]
    pub registrations: i64,
    #[ts(type = "number")]
    pub contact_requests: i64,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AgentWeekRatings {
    /// `null` when the chat had no agent or the account was deleted.
    #[ts(type = "string | null")]
    pub agent_id: Option<Uuid>,
    /// The agent's name ("No agent" when there was none).
    pub name: String,
    /// The Monday the week starts on (`YYYY-MM-DD`).
    pub week: String,
    #[ts(type = "number")]
    pub ratings: i64,
    /// Mean score, 1 to 5.
    pub average: f64,
}

#[derive(
    Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, sqlx::FromRow, utoipa::ToSchema,
)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AgentMessages {
    /// `null` when the agent's account was deleted.
    #[ts(type = "string | null")]
    pub agent_id: Option<Uuid>,
    /// The agent's name ("Deleted account" when it is gone).
    pub name: String,
    #[ts(type = "number")]
    pub messages: i64,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(d: u8) -> Date {
        Date::from_calendar_date(2026, time::Month::March, d).expect("date")
    }

    #[test]
    fn a_visitor_is_one_hash_a_day_and_another_the_next() {
        let address: IpAddr = "203.0.113.7".parse().expect("address");
        let chrome = "Mozilla/5.0 Chrome/131.0";
        let monday = [7u8; 32];
        let tuesday = [9u8; 32];
        let seen = visitor_hash(&monday, address, chrome);
        assert!(is_visitor_hash(&seen), "{seen}");
        assert_eq!(seen, visitor_hash(&monday, address, chrome));
        assert_ne!(seen, visitor_hash(&tuesday, address, chrome));
        assert_ne!(
            seen,
            visitor_hash(&monday, address, "Mozilla/5.0 Firefox/133.0")
        );
        let neighbour: IpAddr = "203.0.113.8".parse().expect("address");
        assert_ne!(seen, visitor_hash(&monday, neighbour, chrome));
        // The address and the agent cannot trade characters.
        assert_ne!(
            visitor_hash(&monday, "::1".parse().expect("address"), "2x"),
            visitor_hash(&monday, "::12".parse().expect("address"), "x"),
        );
        assert!(!is_visitor_hash(&seen.to_uppercase()));
        assert!(!is_visitor_hash(&seen[1..]));
    }

    #[test]
    fn days_are_nairobi_days() {
        let at = |h, m| day(1).with_hms(h, m, 0).expect("time").assume_utc();
        assert_eq!(nairobi_day(at(21, 0)), day(2));
        assert_eq!(nairobi_day(at(20, 59)), day(1));
    }
}
