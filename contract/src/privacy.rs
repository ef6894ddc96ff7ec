//! Data subject requests: a person asks from `/privacy` for a copy of their
//! data (access), a correction, or its erasure. `POST /api/privacy/requests`
//! stores the request unconfirmed and publishes [`PrivacyEmail::Confirm`] on
//! `intake.privacy`; the `requests` worker emails a signed confirmation link.
//! Once confirmed, staff see it under `/admin/privacy-requests` with its due
//! dates; an access request's archive is emailed as a signed link
//! ([`PrivacyEmail::ExportReady`]) valid 7 days. Staff acknowledging the
//! request and sending the initial response email the person too
//! ([`PrivacyEmail::Acknowledged`], [`PrivacyEmail::Responded`]). An erasure asks every
//! worker-owned table's owner over `owners.<table>.erase` ([`ErasePerson`]);
//! a correction asks the owner of the waitlist over
//! `owners.waitlist_entries.correct` ([`CorrectPerson`]).

use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use ts_rs::TS;
use uuid::Uuid;

use crate::language::Language;

/// The kind of a data subject request.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
#[ts(export)]
pub enum PrivacyRequestKind {
    /// A copy of everything tied to the person.
    Access,
    /// Staff correct the name, email or phone on record.
    Correction,
    /// Everything tied to the person is deleted or anonymised.
    Erasure,
}

impl PrivacyRequestKind {
    pub const ALL: [PrivacyRequestKind; 3] = [
        PrivacyRequestKind::Access,
        PrivacyRequestKind::Correction,
        PrivacyRequestKind::Erasure,
    ];

    pub fn code(self) -> &'static str {
        match self {
            PrivacyRequestKind::Access => "access",
            PrivacyRequestKind::Correction => "correction",
            PrivacyRequestKind::Erasure => "erasure",
        }
    }

    pub fn from_code(code: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|kind| kind.code() == code)
    }
}

/// The body of `POST /api/privacy/requests`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PrivacyRequestInput {
    #[schema(format = Email)]
    pub email: String,
    /// `access`, `correction` or `erasure` (checked in words by the gateway).
    #[ts(as = "PrivacyRequestKind")]
    #[schema(value_type = PrivacyRequestKind)]
    pub kind: String,
    /// What the person wants (optional; for a correction, what is wrong).
    #[serde(default)]
    pub details: String,
    /// The language of the page the form was sent from: stored with the
    /// request, and every email about it is written in it. English when
    /// absent.
    #[serde(default)]
    #[ts(as = "Option<Language>", optional)]
    pub language: Language,
}

/// Published on `intake.privacy`: an email for the `requests` worker to send
/// about request `request_id` (also the JetStream message id, with the kind).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "send", rename_all = "snake_case")]
pub enum PrivacyEmail {
    /// Ask the person to confirm that the address is theirs.
    Confirm {
        request_id: Uuid,
        email: String,
        /// The language the email is written in: the request's (English in
        /// messages from before it was stored).
        #[serde(default)]
        language: Language,
        kind: PrivacyRequestKind,
        #[serde(with = "time::serde::rfc3339")]
        received_at: OffsetDateTime,
    },
    /// The archive of an access request is ready: a signed download link.
    ExportReady {
        request_id: Uuid,
        email: String,
        /// The language the email is written in: the request's (English in
        /// messages from before it was stored).
        #[serde(default)]
        language: Language,
        #[serde(with = "time::serde::rfc3339")]
        expires_at: OffsetDateTime,
    },
    /// Staff acknowledged the request: tell the person it was received and
    /// by when it will be fulfilled.
    Acknowledged {
        request_id: Uuid,
        email: String,
        /// The language the email is written in: the request's (English in
        /// messages from before it was stored).
        #[serde(default)]
        language: Language,
        kind: PrivacyRequestKind,
        #[serde(with = "time::serde::rfc3339")]
        received_at: OffsetDateTime,
        #[serde(with = "time::serde::rfc3339")]
        fulfil_by: OffsetDateTime,
    },
    /// Staff sent the initial response: an update, with the due date for
    /// fulfilment.
    Responded {
        request_id: Uuid,
        email: String,
        /// The language the email is written in: the request's (English in
        /// messages from before it was stored).
        #[serde(default)]
        language: Language,
        kind: PrivacyRequestKind,
        #[serde(with = "time::serde::rfc3339")]
        received_at: OffsetDateTime,
        #[serde(with = "time::serde::rfc3339")]
        fulfil_by: OffsetDateTime,
    },
}

impl PrivacyEmail {
    pub fn request_id(&self) -> Uuid {
        match self {
            PrivacyEmail::Confirm { request_id, .. }
            | PrivacyEmail::ExportReady { request_id, .. }
            | PrivacyEmail::Acknowledged { request_id, .. }
            | PrivacyEmail::Responded { request_id, .. } => *request_id,
        }
    }
}

/// How long a confirmation link works.
pub const CONFIRM_LINK_DAYS: i64 = 7;
/// How long an export's download link (and the archive) is kept.
pub const EXPORT_LINK_DAYS: i64 = 7;

/// Payload of `owners.<table>.erase` (`owners.chat_messages.erase`,
/// `owners.users.erase`, `owners.intake_records.erase`): erase what the
/// owner holds of this person. Idempotent: asking again erases nothing more
/// and answers the rows it changed this time (a count).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ErasePerson {
    /// Normalised email.
    pub email: String,
    /// Their account, when they have one.
    pub user_id: Option<Uuid>,
    /// Their chats (kept with "Erased visitor"; the visitor's messages are
    /// blanked).
    pub chat_ids: Vec<Uuid>,
}

/// Payload of `owners.waitlist_entries.correct` (answered by the `intake`
/// role): apply a data subject's corrected name and email to the waitlist
/// entries of `email` (absent values stay). Idempotent: asked again, it
/// changes nothing more and answers the rows it changed this time (a
/// count).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CorrectPerson {
    /// Normalised email on record now.
    pub email: String,
    pub name: Option<String>,
    /// Normalised corrected email.
    pub new_email: Option<String>,
}

/// What a visitor's erased chat message says instead.
pub const ERASED_MESSAGE: &str = "(erased)";
/// What an erased person's address says instead, where an agent's or a
/// system message named it.
pub const ERASED_ADDRESS: &str = "(erased address)";
/// The name an erased visitor's chats are shown under.
pub const ERASED_VISITOR: &str = "Erased visitor";

/// Where a request stands, for staff.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum PrivacyStep {
    Acknowledge,
    Respond,
    Fulfil,
    Done,
}

/// One confirmed request, as `GET /api/admin/privacy-requests` lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PrivacyRequestSummary {
    #[ts(type = "string")]
    pub id: Uuid,
    /// Empty once an erasure is done.
    pub email: String,
    pub kind: PrivacyRequestKind,
    pub details: String,
    #[serde(with = "time::serde::rfc3339")]
    #[ts(type = "string")]
    pub received_at: OffsetDateTime,
    #[serde(with = "time::serde::rfc3339::option")]
    #[ts(type = "string | null")]
    pub confirmed_at: Option<OffsetDateTime>,
    #[serde(with = "time::serde::rfc3339::option")]
    #[ts(type = "string | null")]
    pub acknowledged_at: Option<OffsetDateTime>,
    #[serde(with = "time::serde::rfc3339::option")]
    #[ts(type = "string | null")]
    pub responded_at: Option<OffsetDateTime>,
    #[serde(with = "time::serde::rfc3339::option")]
    #[ts(type = "string | null")]
    pub completed_at: Option<OffsetDateTime>,
    pub complex: bool,
    /// Acknowledge within 72 hours of the request.
    #[serde(with = "time::serde::rfc3339")]
    #[ts(type = "string")]
    pub acknowledge_by: OffsetDateTime,
    /// Initial response within 10 business days.
    #[serde(with = "time::serde::rfc3339")]
    #[ts(type = "string")]
    pub respond_by: OffsetDateTime,
    /// Fulfil within 30 days (60 when complex).
    #[serde(with = "time::serde::rfc3339")]
    #[ts(type = "string")]
    pub fulfil_by: OffsetDateTime,
    /// The next step to take.
    pub next_step: PrivacyStep,
    /// Whether a step is past its due date and not done.
    pub overdue: bool,
    /// What was done, without personal data.
    #[ts(type = "Record<string, unknown> | null")]
    #[schema(value_type = Option<Object>)]
    pub outcome: Option<serde_json::Value>,
}

/// `GET /api/admin/privacy-requests`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PrivacyRequestList {
    pub requests: Vec<PrivacyRequestSummary>,
    /// How many open requests are overdue.
    #[ts(type = "number")]
    pub overdue: i64,
}

/// The body of `POST /api/admin/privacy-requests/{id}/correction`: the
/// values on record to change (absent ones stay).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PrivacyCorrection {
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub email: Option<String>,
    #[serde(default)]
    pub phone: Option<String>,
}

/// The body of `POST /api/admin/privacy-requests/{id}/complex`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PrivacyComplexity {
    pub complex: bool,
}
