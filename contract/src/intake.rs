//! Events on the `INTAKE` stream, and the contact requests they become:
//! the public form's body, the admin inbox and the admin overview.

use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use ts_rs::TS;
use uuid::Uuid;

use crate::language::Language;

/// Published on `intake.registered` after a user is stored; the JetStream
/// message id is the user id, so a retried publish is deduplicated.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Registered {
    pub user_id: Uuid,
    pub email: String,
    pub name: String,
    pub phone: String,
    #[serde(with = "time::serde::rfc3339")]
    pub registered_at: OffsetDateTime,
    /// The language of the page the user registered on: the welcome is
    /// written in it (English in events from before it was sent).
    #[serde(default)]
    pub language: Language,
}

/// The body of `POST /api/messages`: a contact or demo request from a public
/// page. `website` is a honeypot (hidden from people, so only a bot fills
/// it) and `fillMs` how long the form was on screen before it was sent
/// (measured by the browser's monotonic clock, so a wrong clock does not
/// matter); the gateway drops, silently, a request whose honeypot is filled
/// or that was sent too fast after the form appeared.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ContactMessageInput {
    pub name: String,
    pub email: String,
    pub subject: String,
    pub message: String,
    #[serde(default)]
    #[ts(optional)]
    pub phone: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub company: Option<String>,
    /// The site path the request was sent from, e.g. `/finance`.
    #[serde(default)]
    #[ts(optional)]
    pub source: Option<String>,
    /// The honeypot: empty for people.
    #[serde(default)]
    #[ts(optional)]
    pub website: Option<String>,
    #[serde(default)]
    #[ts(optional, type = "number")]
    pub fill_ms: Option<i64>,
    /// The language of the page the form was sent from: the visitor's
    /// acknowledgement is written in it. English when absent.
    #[serde(default)]
    #[ts(as = "Option<Language>", optional)]
    pub language: Language,
}

/// The answer of `POST /api/messages` (202): the request's id and a
/// confirmation to show.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct MessageAccepted {
    #[ts(type = "string")]
    pub id: Uuid,
    pub message: String,
}

/// The answer (202) of the public calls that only queue work for a worker
/// (waitlist, subscriptions, password reset): what to tell the visitor.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct Accepted {
    pub message: String,
}

/// Published on `intake.message` once the gateway accepted a request; the
/// JetStream message id is the client's `Idempotency-Key` (or a fresh id),
/// and `id` is the request's id, which the worker stores it under.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ContactMessage {
    pub id: Uuid,
    pub name: String,
    pub email: String,
    pub subject: String,
    pub message: String,
    pub phone: Option<String>,
    pub company: Option<String>,
    pub source: Option<String>,
    #[serde(with = "time::serde::rfc3339")]
    pub received_at: OffsetDateTime,
    /// The language the visitor's acknowledgement is written in (English
    /// in messages from before it was sent).
    #[serde(default)]
    pub language: Language,
}

/// Where a contact request stands in the admin inbox.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS, sqlx::Type, utoipa::ToSchema,
)]
#[serde(rename_all = "lowercase")]
#[sqlx(type_name = "text", rename_all = "lowercase")]
#[ts(export)]
pub enum ContactStatus {
    New,
    Handled,
}

/// A stored contact or demo request, as the admin inbox shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ContactRequest {
    #[ts(type = "string")]
    pub id: Uuid,
    pub name: String,
    pub email: String,
    pub subject: String,
    pub message: String,
    pub phone: Option<String>,
    pub company: Option<String>,
    pub source: Option<String>,
    pub status: ContactStatus,
    #[ts(type = "string | null")]
    pub assigned_to: Option<Uuid>,
    pub assigned_to_name: Option<String>,
    #[ts(type = "string | null")]
    pub handled_by: Option<Uuid>,
    pub handled_by_name: Option<String>,
    #[serde(with = "time::serde::rfc3339::option")]
    #[ts(type = "string | null")]
    pub handled_at: Option<OffsetDateTime>,
    #[serde(with = "time::serde::rfc3339")]
    #[ts(type = "string")]
    pub created_at: OffsetDateTime,
}

/// `GET /api/admin/messages`: one page of requests, newest first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ContactRequestList {
    pub items: Vec<ContactRequest>,
    pub pagination: crate::content::Pagination,
}

/// The body of `PATCH /api/admin/messages/{id}`: what to change (absent
/// fields stay as they are).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ContactRequestPatch {
    #[serde(default)]
    #[ts(optional)]
    pub status: Option<ContactStatus>,
    /// `true` assigns the request to the admin sending the patch, `false`
    /// leaves it unassigned.
    #[serde(default)]
    #[ts(optional)]
    pub assigned_to_me: Option<bool>,
}

/// One number on the admin overview and the page where it is handled.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OverviewCount {
    #[ts(type = "number")]
    pub count: i64,
    pub href: String,
}

/// `GET /api/admin/overview`: what needs a person now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AdminOverview {
    /// Open chats whose visitor waits for an agent's reply.
    pub chats_waiting: OverviewCount,
    /// Since when the longest-waiting of them waits.
    #[serde(with = "time::serde::rfc3339::option")]
    #[ts(type = "string | null")]
    pub oldest_waiting_since: Option<OffsetDateTime>,
    /// Open chats with no agent reply yet, started longer ago than the
    /// site's first-reply alert threshold.
    pub waiting_too_long: OverviewCount,
    /// Since when the oldest chat without a first reply waits.
    #[serde(with = "time::serde::rfc3339::option")]
    #[ts(type = "string | null")]
    pub oldest_unanswered_since: Option<OffsetDateTime>,
    /// The threshold, in minutes (`firstReplyAlertMinutes`).
    pub first_reply_alert_minutes: u32,
    /// Agent consoles open on every gateway.
    pub agents_online: OverviewCount,
    /// Contact and demo requests not handled yet.
    pub new_contact_requests: OverviewCount,
    /// Accounts registered since Monday (Africa/Nairobi), admins left out.
    pub registrations_this_week: OverviewCount,
    /// Messages a worker gave up on, not replayed yet.
    pub dead_letters: OverviewCount,
    /// Email subscriptions whose address has not confirmed its link yet
    /// (and not unsubscribed).
    pub subscriptions_awaiting: OverviewCount,
    /// Confirmed data subject requests with a step past its due date.
    pub privacy_requests_overdue: OverviewCount,
    /// The message store (JetStream) refuses writes for lack of space:
    /// chats, contact and privacy requests fail until it has room.
    pub message_store_full: bool,
    /// How full the message store is, in percent of its limit (`null` when
    /// its limit is unknown or it did not answer).
    pub message_store_used_percent: Option<u8>,
}
