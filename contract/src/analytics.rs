//! First-party analytics: the page-view beacon's body, the event the gateway
//! publishes for the `analytics` worker, and the admin report (exported to
//! TypeScript).

use serde::{Deserialize, Serialize};
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
    fn days_are_nairobi_days() {
        let at = |h, m| day(1).with_hms(h, m, 0).expect("time").assume_utc();
        assert_eq!(nairobi_day(at(21, 0)), day(2));
        assert_eq!(nairobi_day(at(20, 59)), day(1));
    }
}
