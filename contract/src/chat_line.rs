//! What the visitor's chat widget is told beside the chat itself: its one
//! status line and, before a chat exists, whether anyone answers.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::chat::ChatSession;

/// A chat as its visitor's widget shows it: the chat and its one status
/// line, computed by the server from one reading (see [`ChatLine`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct WidgetChat {
    #[serde(flatten)]
    pub session: ChatSession,
    pub line: ChatLine,
}

/// Whether anyone answers chats now, for the start form (before a chat
/// exists to carry a [`ChatLine`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ChatAvailability {
    /// An agent is online with the console open (whatever the hours).
    pub agents_online: bool,
}

/// What the visitor is told about who will answer, exactly one at a time.
/// An agent online outranks the business hours: while one is online the
/// chat is queued or assigned, never "away".
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
// Fields renamed per variant: utoipa's schema does not read
// `rename_all_fields`, and the OpenAPI document must match the wire.
#[serde(tag = "kind", rename_all = "camelCase")]
#[ts(export)]
pub enum ChatLine {
    /// The assigned agent has answered.
    #[serde(rename_all = "camelCase")]
    Connected {
        agent_name: String,
    },
    /// Assigned to an agent who has not answered yet.
    #[serde(rename_all = "camelCase")]
    Joining {
        agent_name: String,
    },
    /// Waiting for a free agent while at least one is online; the wait is
    /// estimated from recent chats' waits (absent without any).
    #[serde(rename_all = "camelCase")]
    Queued {
        #[ts(type = "number")]
        position: i64,
        #[ts(type = "number | null")]
        wait_minutes: Option<i64>,
    },
    /// No agent is online: the chat waits, and the reply comes by email
    /// when email is sent (else in the chat).
    #[serde(rename_all = "camelCase")]
    Away {
        reply_by_email: bool,
    },
    Resolved,
}
