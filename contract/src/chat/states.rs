//! A chat's state as agents see it (open, pending, snoozed, resolved), the
//! request that changes it and the durable command that carries the change
//! to the `chat` worker. Visitors see pending and snoozed chats as open.

use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use ts_rs::TS;
use uuid::Uuid;

/// Where a chat stands for the agents: `open` needs an agent, `pending`
/// waits on the visitor, `snoozed` is put aside until a time (or until the
/// visitor writes), `resolved` is done.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    TS,
    sqlx::Type,
    utoipa::ToSchema,
)]
#[serde(rename_all = "lowercase")]
#[sqlx(type_name = "text", rename_all = "lowercase")]
#[ts(export)]
pub enum ChatState {
    Open,
    Pending,
    Snoozed,
    Resolved,
}

impl ChatState {
    /// Its name in JSON and in the database.
    pub fn as_str(self) -> &'static str {
        match self {
            ChatState::Open => "open",
            ChatState::Pending => "pending",
            ChatState::Snoozed => "snoozed",
            ChatState::Resolved => "resolved",
        }
    }

    /// Every state, in the inbox's order.
    pub const ALL: [ChatState; 4] = [
        ChatState::Open,
        ChatState::Pending,
        ChatState::Snoozed,
        ChatState::Resolved,
    ];
}

/// A snooze's end worked out from the business hours (`chatHours`, EAT).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum SnoozePreset {
    /// An hour from now.
    InOneHour,
    /// The next business day's opening time, after today.
    TomorrowOpening,
    /// The first opening of next week (from Monday).
    NextWeek,
}

/// `POST /api/agent/chats/{id}/state`: the state to put the chat in; a
/// snooze names its end, `snoozeUntil` (a time) or `snoozePreset`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct StateBody {
    pub state: ChatState,
    #[serde(default, with = "time::serde::rfc3339::option")]
    #[ts(optional, type = "string")]
    pub snooze_until: Option<OffsetDateTime>,
    #[serde(default)]
    #[ts(optional)]
    pub snooze_preset: Option<SnoozePreset>,
}

/// Published on the `CHAT` stream as `chat.state.<chat>` (the JetStream
/// message id is `id`): the `chat` worker changes the chat's state and
/// writes the event `id` in its trail in one transaction, once.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChangeState {
    /// The trail event's id (UUIDv7).
    pub id: Uuid,
    pub session_id: Uuid,
    pub state: ChatState,
    /// With `snoozed`: when it ends.
    #[serde(default, with = "time::serde::rfc3339::option")]
    pub snoozed_until: Option<OffsetDateTime>,
    /// The agent who asked.
    pub agent_id: Option<Uuid>,
}

/// `GET /api/agent/chats/counts`: how many chats are in each state, with
/// the inbox's assignment and label filters.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct StateCounts {
    #[ts(type = "number")]
    pub open: i64,
    #[ts(type = "number")]
    pub pending: i64,
    #[ts(type = "number")]
    pub snoozed: i64,
    #[ts(type = "number")]
    pub resolved: i64,
    #[ts(type = "number")]
    pub all: i64,
}

/// `POST /api/agent/chats/state`: one change for several chats (a bulk
/// action), applied per chat: each changes wholly or not at all.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct BulkStateBody {
    /// 1 to 100 chats.
    #[ts(type = "Array<string>")]
    pub chat_ids: Vec<Uuid>,
    pub change: StateBody,
}

/// What became of one chat of a bulk change: its state now, or why not.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct BulkStateResult {
    #[ts(type = "string")]
    pub chat_id: Uuid,
    pub changed: bool,
    /// The refusal, in words, when not changed.
    pub message: Option<String>,
}
