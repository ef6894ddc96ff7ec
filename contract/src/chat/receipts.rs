//! Where each message is (receipts) and what a rejoining socket missed
//! (resume): the frames' parts and the receipts' durable command.

use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use ts_rs::TS;
use uuid::Uuid;

use super::{ChatMessage, SenderType};

/// What a socket rejoining a chat missed since the message it named.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(
    tag = "kind",
    rename_all = "snake_case",
    rename_all_fields = "camelCase"
)]
#[ts(export)]
pub enum Resume {
    /// Every message after it, in order, and where each side's receipts
    /// stand now: nothing to refetch.
    Replayed {
        missed: Vec<ChatMessage>,
        receipts: Vec<ReceiptMark>,
    },
    /// Too much was missed, or the message named is gone: the client
    /// refetches the chat. `reason` says which.
    TooOld { reason: String },
}

/// Where one side's receipt of a kind stands in a chat: every message up
/// to `through` since `at`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ReceiptMark {
    pub reader: SenderType,
    pub state: ReceiptState,
    #[ts(type = "string")]
    pub through: Uuid,
    #[serde(with = "time::serde::rfc3339")]
    #[ts(type = "string")]
    pub at: OffsetDateTime,
}

/// How far one side of a chat has got with the other side's messages:
/// `seen` (had the chat in view) includes `delivered` (had it on a device).
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
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
pub enum ReceiptState {
    Delivered,
    Seen,
}

impl ReceiptState {
    /// Its name in JSON and in the database.
    pub fn as_str(self) -> &'static str {
        match self {
            ReceiptState::Delivered => "delivered",
            ReceiptState::Seen => "seen",
        }
    }
}

/// Published on the `CHAT` stream as `chat.receipt.<session>`: a receipt a
/// socket sent, for the `chat` worker's receipts consumer to store.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoreReceipt {
    pub session_id: Uuid,
    /// `user` (the visitor) or `agent`.
    pub reader: SenderType,
    pub state: ReceiptState,
    pub through: Uuid,
    #[serde(with = "time::serde::rfc3339")]
    pub at: OffsetDateTime,
    /// Whether to tell the chat's sockets: false for an agent's `seen` when
    /// the site does not show visitors that agents read their messages (it
    /// still counts for the inbox's unread counts).
    pub announce: bool,
}
