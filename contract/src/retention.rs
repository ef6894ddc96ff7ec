//! Retention: how long each kind of personal data is kept (a part of the
//! site settings, [`RetentionPeriods`]), what a run of the `retention` worker
//! would remove now ([`pending`], shown on the database page) and what its
//! runs removed ([`latest_runs`], table `retention_runs`, written only by
//! the worker). The worker's deletes (`workers::retention`) select exactly
//! the rows [`pending`] counts; a test holds the two together.

use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use ts_rs::TS;
use uuid::Uuid;

/// How long each kind of personal data is kept before the `retention`
/// worker deletes it. Expired sign-in sessions and password-reset tokens are
/// deleted at once (they are of no use to anyone once expired) and are not
/// a setting.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
#[ts(export)]
pub struct RetentionPeriods {
    /// Resolved chats with their messages, attachments, notes and ratings:
    /// months after the chat's last message.
    pub resolved_chats_months: u32,
    /// Contact and demo requests: months after they were sent.
    pub contact_requests_months: u32,
    /// Subscriptions never confirmed (or unsubscribed since): days after the
    /// last request or unsubscribe.
    pub unconfirmed_subscriptions_days: u32,
    /// Unique-visitor hashes per day (`page_visitors_daily`): days. The
    /// daily page-view totals are kept.
    pub page_visitors_days: u32,
    /// Dead letters (they hold the raw message, personal data included):
    /// days after the worker gave up.
    pub dead_letters_days: u32,
    /// The admin audit log: months.
    pub audit_log_months: u32,
    /// Cookie consent choices: months after the choice.
    pub cookie_consents_months: u32,
    /// The record of each email sent (`sent_emails`: the address, what it
    /// was about, when): months after sending.
    pub sent_emails_months: u32,
    /// Waitlist entries: months after joining.
    pub waitlist_entries_months: u32,
}

impl Default for RetentionPeriods {
    /// What docs/data-protection.md explains: long enough to answer a
    /// customer about a past conversation or request (two years), short
    /// enough that nothing is kept without a purpose.
    fn default() -> Self {
        RetentionPeriods {
            resolved_chats_months: 24,
            contact_requests_months: 24,
            unconfirmed_subscriptions_days: 30,
            page_visitors_days: 90,
            dead_letters_days: 30,
            audit_log_months: 24,
            cookie_consents_months: 24,
            sent_emails_months: 24,
            waitlist_entries_months: 24,
        }
    }
}

/// One period's field, label, unit and the range an admin may set it to
/// (the admin form and the gateway's check say the same: the web's copy is
/// generated, `web/src/api-types/retention-rules.ts`).
#[derive(Serialize)]
pub struct PeriodRule {
    pub field: &'static str,
    pub label: &'static str,
    pub unit: &'static str,
    pub min: u32,
    pub max: u32,
}

/// Every period's rule, in the form's order.
pub const PERIOD_RULES: [PeriodRule; 9] = [
    PeriodRule {
        field: "resolvedChatsMonths",
        label: "Resolved chats",
        unit: "months",
        min: 1,
        max: 120,
    },
    PeriodRule {
        field: "contactRequestsMonths",
        label: "Contact requests",
        unit: "months",
        min: 1,
        max: 120,
    },
    PeriodRule {
        field: "unconfirmedSubscriptionsDays",
        label: "Unconfirmed subscriptions",
        unit: "days",
        min: 1,
        max: 365,
    },
    PeriodRule {
        field: "pageVisitorsDays",
        label: "Raw page views",
        unit: "days",
        min: 1,
        max: 730,
    },
    PeriodRule {
        field: "deadLettersDays",
        label: "Dead letters",
        unit: "days",
        min: 1,
        max: 365,
    },
    PeriodRule {
        field: "auditLogMonths",
        label: "Audit log",
        unit: "months",
        min: 1,
        max: 120,
    },
    PeriodRule {
        field: "cookieConsentsMonths",
        label: "Cookie consents",
        unit: "months",
        min: 1,
        max: 120,
    },
    PeriodRule {
        field: "sentEmailsMonths",
        label: "Sent emails",
        unit: "months",
        min: 1,
        max: 120,
    },
    PeriodRule {
        field: "waitlistEntriesMonths",
        label: "Waitlist entries",
        unit: "months",
        min: 1,
        max: 120,
    },
];

impl RetentionPeriods {
    /// The periods in [`PERIOD_RULES`]' order.
    pub fn values(&self) -> [u32; 9] {
        [
            self.resolved_chats_months,
            self.contact_requests_months,
            self.unconfirmed_subscriptions_days,
            self.page_visitors_days,
            self.dead_letters_days,
            self.audit_log_months,
            self.cookie_consents_months,
            self.sent_emails_months,
            self.waitlist_entries_months,
        ]
    }

    /// The first period out of its range, as the message an admin reads.
    pub fn problem(&self) -> Option<String> {
        PERIOD_RULES
            .iter()
            .zip(self.values())
            .find(|(rule, value)| !(rule.min..=rule.max).contains(value))
            .map(|(rule, _)| {
                format!(
                    "{} must be kept between {} and {} {}",
                    rule.label, rule.min, rule.max, rule.unit
                )
            })
    }
}

/// A kind of data the `retention` worker deletes, in the order it runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    ResolvedChats,
    ContactRequests,
    UnconfirmedSubscriptions,
    PageVisitors,
    DeadLetters,
    ExpiredSessions,
    ResetTokens,
    AuditLog,
    CookieConsents,
    SentEmails,
    WaitlistEntries,
}

impl Kind {
    pub const ALL: [Kind; 11] = [
        Kind::ResolvedChats,
        Kind::ContactRequests,
        Kind::UnconfirmedSubscriptions,
        Kind::PageVisitors,
        Kind::DeadLetters,
        Kind::ExpiredSessions,
        Kind::ResetTokens,
        Kind::AuditLog,
        Kind::CookieConsents,
        Kind::SentEmails,
        Kind::WaitlistEntries,
    ];

    /// Its key in `retention_runs.removed` and on the wire.
    pub fn key(self) -> &'static str {
        match self {
            Kind::ResolvedChats => "resolved_chats",
            Kind::ContactRequests => "contact_requests",
            Kind::UnconfirmedSubscriptions => "unconfirmed_subscriptions",
            Kind::PageVisitors => "page_visitors",
            Kind::DeadLetters => "dead_letters",
            Kind::ExpiredSessions => "expired_sessions",
            Kind::ResetTokens => "reset_tokens",
            Kind::AuditLog => "audit_log",
            Kind::CookieConsents => "cookie_consents",
            Kind::SentEmails => "sent_emails",
            Kind::WaitlistEntries => "waitlist_entries",
        }
    }

    /// What the database page calls it.
    pub fn label(self) -> &'static str {
        match self {
            Kind::ResolvedChats => "Resolved chats (with messages and attachments)",
            Kind::ContactRequests => "Contact and demo requests",
            Kind::UnconfirmedSubscriptions => "Unconfirmed subscriptions",
            Kind::PageVisitors => "Raw page views (visitors per day)",
            Kind::DeadLetters => "Dead letters",
            Kind::ExpiredSessions => "Expired sign-in sessions",
            Kind::ResetTokens => "Expired or used reset tokens",
            Kind::AuditLog => "Audit log entries",
            Kind::CookieConsents => "Cookie consent choices",
            Kind::SentEmails => "Records of emails sent",
            Kind::WaitlistEntries => "Waitlist entries",
        }
    }

    /// The period that applies, as a human reads it.
    pub fn period(self, periods: &RetentionPeriods) -> String {
        let months = |n: u32| format!("{n} months");
        let days = |n: u32| format!("{n} days");
        match self {
            Kind::ResolvedChats => months(periods.resolved_chats_months),
            Kind::ContactRequests => months(periods.contact_requests_months),
            Kind::UnconfirmedSubscriptions => days(periods.unconfirmed_subscriptions_days),
            Kind::PageVisitors => days(periods.page_visitors_days),
            Kind::DeadLetters => days(periods.dead_letters_days),
            Kind::ExpiredSessions | Kind::ResetTokens => "at once".to_owned(),
            Kind::AuditLog => months(periods.audit_log_months),
            Kind::CookieConsents => months(periods.cookie_consents_months),
            Kind::SentEmails => months(periods.sent_emails_months),
            Kind::WaitlistEntries => months(periods.waitlist_entries_months),
        }
    }
}

/// How many rows of one kind a run would remove now, or removed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct RetentionCount {
    /// [`Kind::key`].
    pub kind: String,
    /// [`Kind::label`].
    pub label: String,
    /// The period that applies ("24 months", "at once").
    pub period: String,
    #[ts(type = "number")]
    pub rows: i64,
}

/// One run of the `retention` worker.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct RetentionRun {
    #[ts(type = "string")]
    pub id: Uuid,
    #[serde(with = "time::serde::rfc3339")]
    #[ts(type = "string")]
    pub started_at: OffsetDateTime,
    #[serde(with = "time::serde::rfc3339")]
    #[ts(type = "string")]
    pub finished_at: OffsetDateTime,
    /// Rows removed per kind (kinds with none are left out).
    #[ts(type = "Record<string, number>")]
    pub removed: std::collections::BTreeMap<String, i64>,
}

/// The database page's retention part.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct RetentionOverview {
    /// What the next run would remove if it ran now, per kind.
    pub next_run: Vec<RetentionCount>,
    /// When the next run is due: an interval after the latest run's start
    /// (`None` before the first run).
    #[serde(with = "time::serde::rfc3339::option")]
    #[ts(type = "string | null")]
    pub next_run_at: Option<OffsetDateTime>,
    /// The latest runs, newest first.
    pub runs: Vec<RetentionRun>,
}

/// How often the `retention` worker runs.
pub const RUN_EVERY: std::time::Duration = std::time::Duration::from_secs(3600);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_defaults_are_within_their_ranges() {
        assert_eq!(RetentionPeriods::default().problem(), None);
    }

    #[test]
    fn a_period_out_of_range_is_named_with_its_unit() {
        let periods = RetentionPeriods {
            dead_letters_days: 0,
            ..RetentionPeriods::default()
        };
        assert_eq!(
            periods.problem().as_deref(),
            Some("Dead letters must be kept between 1 and 365 days")
        );
        let periods = RetentionPeriods {
            audit_log_months: 121,
            ..RetentionPeriods::default()
        };
        assert_eq!(
            periods.problem().as_deref(),
            Some("Audit log must be kept between 1 and 120 months")
        );
        let periods = RetentionPeriods {
            sent_emails_months: 0,
            ..RetentionPeriods::default()
        };
        assert_eq!(
            periods.problem().as_deref(),
            Some("Sent emails must be kept between 1 and 120 months")
        );
        let periods = RetentionPeriods {
            waitlist_entries_months: 121,
            ..RetentionPeriods::default()
        };
        assert_eq!(
            periods.problem().as_deref(),
            Some("Waitlist entries must be kept between 1 and 120 months")
        );
    }

    /// The admin form's rules: `web/src/api-types/retention-rules.ts`.
    #[test]
    fn export_web_values() {
        crate::ts_values::export(
            "retention-rules.ts",
            "contract::retention::tests::export_web_values",
            &["RetentionPeriods"],
            &[crate::ts_values::TsConst::new(
                "retentionRules",
                "Every retention period's rule, in the form's order (`PERIOD_RULES`).",
                &PERIOD_RULES,
            )
            .satisfies(
                "readonly { field: keyof RetentionPeriods; label: string; \
                 unit: 'months' | 'days'; min: number; max: number }[]",
            )],
        );
    }

    #[test]
    fn missing_periods_take_their_defaults() {
        let periods: RetentionPeriods =
            serde_json::from_str(r#"{ "deadLettersDays": 7 }"#).expect("parses");
        assert_eq!(periods.dead_letters_days, 7);
        assert_eq!(periods.resolved_chats_months, 24);
    }
}
