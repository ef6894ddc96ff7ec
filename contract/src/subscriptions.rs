//! Email subscriptions (the blog's Stay Updated and the events' Stay
//! Connected boxes), with double opt-in: `POST /api/subscriptions` publishes
//! [`SubscriptionRequested`] on `intake.subscription`; the `requests` worker
//! stores the address as pending and emails a signed confirmation link (at
//! most one an hour per address and topic); only confirmed addresses count.

use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use ts_rs::TS;
use uuid::Uuid;

use crate::language::Language;

/// What a subscriber gets email about.
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
#[serde(rename_all = "lowercase")]
#[sqlx(type_name = "text", rename_all = "lowercase")]
#[ts(export)]
pub enum SubscriptionTopic {
    /// New blog articles.
    Blog,
    /// Upcoming events.
    Events,
}

impl SubscriptionTopic {
    pub const ALL: [SubscriptionTopic; 2] = [SubscriptionTopic::Blog, SubscriptionTopic::Events];

    pub fn code(self) -> &'static str {
        match self {
            SubscriptionTopic::Blog => "blog",
            SubscriptionTopic::Events => "events",
        }
    }

    pub fn from_code(code: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|topic| topic.code() == code)
    }
}

/// The body of `POST /api/subscriptions`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SubscriptionInput {
    #[schema(format = Email)]
    pub email: String,
    /// `blog` or `events` (checked in words by the gateway).
    #[ts(as = "SubscriptionTopic")]
    #[schema(value_type = SubscriptionTopic)]
    pub topic: String,
    /// The language of the page the box is on: the confirmation email is
    /// written in it. English when absent.
    #[serde(default)]
    #[ts(as = "Option<Language>", optional)]
    pub language: Language,
}

/// Published on `intake.subscription` for every accepted subscribe; `id`
/// (also the JetStream message id) names this request, and becomes the
/// subscription's id when the address is new for the topic.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SubscriptionRequested {
    pub id: Uuid,
    /// Normalised (trimmed, lower-cased).
    pub email: String,
    pub topic: SubscriptionTopic,
    #[serde(with = "time::serde::rfc3339")]
    pub received_at: OffsetDateTime,
    /// The language the confirmation is written in (English in messages
    /// from before it was sent).
    #[serde(default)]
    pub language: Language,
}

/// What a signed subscription link did, as `/subscription?status=` shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
#[ts(export)]
pub enum SubscriptionLinkStatus {
    Confirmed,
    Unsubscribed,
    Invalid,
}

impl SubscriptionLinkStatus {
    pub fn code(self) -> &'static str {
        match self {
            SubscriptionLinkStatus::Confirmed => "confirmed",
            SubscriptionLinkStatus::Unsubscribed => "unsubscribed",
            SubscriptionLinkStatus::Invalid => "invalid",
        }
    }
}

/// The JSON answer of a subscription link (for clients that do not ask for
/// HTML; a browser is redirected to `/subscription?status=`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SubscriptionLinkResult {
    pub status: SubscriptionLinkStatus,
    pub message: String,
}

/// Subscribers of one topic, by state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TopicSubscribers {
    pub topic: SubscriptionTopic,
    /// Confirmed and not unsubscribed since: the only ones that count.
    #[ts(type = "number")]
    pub confirmed: i64,
    /// Asked, not confirmed (yet).
    #[ts(type = "number")]
    pub pending: i64,
    #[ts(type = "number")]
    pub unsubscribed: i64,
}

/// `GET /api/admin/subscriptions`: every topic, in [`SubscriptionTopic::ALL`] order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SubscriberCounts {
    pub topics: Vec<TopicSubscribers>,
}
