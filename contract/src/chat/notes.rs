//! Agents' private part of a conversation: notes and assignment events.

use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use ts_rs::TS;
use uuid::Uuid;

/// Whether a note was written by an agent or records an assignment.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS, sqlx::Type, utoipa::ToSchema,
)]
#[serde(rename_all = "lowercase")]
#[sqlx(type_name = "text", rename_all = "lowercase")]
#[ts(export)]
pub enum NoteKind {
    Note,
    Event,
    /// The chat's state changed (`fromState` → `toState`).
    State,
}

/// Agent-only part of a conversation: a private note, or an assignment
/// event (assigned, transferred, returned to the queue). Never shown to the
/// visitor.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ChatNote {
    #[ts(type = "string")]
    pub id: Uuid,
    #[ts(type = "string")]
    pub session_id: Uuid,
    pub kind: NoteKind,
    #[ts(type = "string | null")]
    pub author_id: Option<Uuid>,
    pub author_name: Option<String>,
    pub body: String,
    #[serde(with = "time::serde::rfc3339")]
    #[ts(type = "string")]
    pub created_at: OffsetDateTime,
    /// With `state`: the state left and the state entered.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub from_state: Option<super::ChatState>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub to_state: Option<super::ChatState>,
}

/// `POST /api/agent/chats/{id}/notes`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct NoteBody {
    pub message: String,
}
