//! Live chat: the HTTP/WebSocket shapes the browser sees (exported to
//! TypeScript) and the commands and events that travel over NATS.

mod attachments;
pub mod email_replies;
mod notes;
mod receipts;
mod states;
mod teams;

pub use attachments::{AttachmentKind, MessageAttachment};
pub use notes::{ChatNote, NoteBody, NoteKind};
pub use receipts::{ReceiptMark, ReceiptState, Resume, StoreReceipt};
use serde::{Deserialize, Serialize};
pub use states::{
    BulkStateBody, BulkStateResult, ChangeState, ChatState, SnoozePreset, StateBody, StateCounts,
};
pub use teams::{
    RoutingKind, RoutingOrderBody, RoutingRule, RoutingRuleBody, Team, TeamBody, TeamMemberRef,
    TeamMembersBody,
};
use time::OffsetDateTime;
use ts_rs::TS;

use crate::language::Language;
use uuid::Uuid;

/// Who wrote a chat message.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS, sqlx::Type, utoipa::ToSchema,
)]
#[serde(rename_all = "lowercase")]
#[sqlx(type_name = "text", rename_all = "lowercase")]
#[ts(export)]
pub enum SenderType {
    User,
    Agent,
    System,
}

impl SenderType {
    /// Its name in JSON and in the database.
    pub fn as_str(self) -> &'static str {
        match self {
            SenderType::User => "user",
            SenderType::Agent => "agent",
            SenderType::System => "system",
        }
    }
}

/// A stored chat message. Ids are UUIDv7, so their order is the chat's order.
#[derive(
    Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, sqlx::FromRow, utoipa::ToSchema,
)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ChatMessage {
    #[ts(type = "string")]
    pub id: Uuid,
    #[ts(type = "string")]
    pub session_id: Uuid,
    pub sender_type: SenderType,
    /// The agent's display name on agent messages (set by the gateway when
    /// it takes the message); absent otherwise, and on agent messages stored
    /// before names were.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub sender_name: Option<String>,
    pub message: String,
    #[serde(with = "time::serde::rfc3339")]
    #[ts(type = "string")]
    pub created_at: OffsetDateTime,
    /// The file sent with the message (its text may then be empty); absent
    /// without one (a frame per message: its bytes count).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[sqlx(skip)]
    #[ts(optional = nullable)]
    pub attachment: Option<MessageAttachment>,
    /// The id the sender's client gave the message (its outbox resends
    /// with it): the client knows its message by it once stored.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[sqlx(default)]
    #[ts(optional, type = "string")]
    pub client_message_id: Option<Uuid>,
    /// When the other side (the agents for a visitor's message, the visitor
    /// for an agent's) first had it on a device; absent until then, and on
    /// system messages. From `chat_receipts`.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        with = "time::serde::rfc3339::option"
    )]
    #[sqlx(default)]
    #[ts(optional, type = "string")]
    pub delivered_at: Option<OffsetDateTime>,
    /// When the other side first had it in view (see `delivered_at`).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        with = "time::serde::rfc3339::option"
    )]
    #[sqlx(default)]
    #[ts(optional, type = "string")]
    pub seen_at: Option<OffsetDateTime>,
    /// How it came: absent for the site (the widget or the console),
    /// `email` for a visitor's email reply.
    #[serde(default, skip_serializing_if = "MessageChannel::is_web")]
    #[sqlx(default)]
    #[ts(as = "Option<MessageChannel>", optional)]
    pub channel: MessageChannel,
    /// When an agent's message went to the visitor by email, unseen
    /// (`chat.replies`); absent otherwise.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        with = "time::serde::rfc3339::option"
    )]
    #[sqlx(default)]
    #[ts(optional, type = "string")]
    pub emailed_at: Option<OffsetDateTime>,
}

/// The way a chat message came in.
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    TS,
    sqlx::Type,
    utoipa::ToSchema,
)]
#[serde(rename_all = "lowercase")]
#[sqlx(type_name = "text", rename_all = "lowercase")]
#[ts(export)]
pub enum MessageChannel {
    /// Typed on the site.
    #[default]
    Web,
    /// A visitor's reply to a chat email.
    Email,
}

impl MessageChannel {
    pub fn is_web(&self) -> bool {
        *self == MessageChannel::Web
    }
}

/// Whether a chat still needs attention, as its visitor sees it: pending
/// and snoozed chats are open ([`ChatState`] is the agents' view).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS, sqlx::Type, utoipa::ToSchema,
)]
#[serde(rename_all = "lowercase")]
#[sqlx(type_name = "text", rename_all = "lowercase")]
#[ts(export)]
pub enum ChatStatus {
    Open,
    Resolved,
}

/// A chat session as its visitor sees it.
#[derive(
    Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, sqlx::FromRow, utoipa::ToSchema,
)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ChatSession {
    #[ts(type = "string")]
    #[sqlx(rename = "id")]
    pub session_id: Uuid,
    pub visitor_name: String,
    pub visitor_email: String,
    pub status: ChatStatus,
    #[serde(with = "time::serde::rfc3339")]
    #[ts(type = "string")]
    pub created_at: OffsetDateTime,
    /// Its place in the queue (1 = next) while it waits for an agent.
    #[ts(type = "number | null")]
    pub queue_position: Option<i64>,
    /// The language its visitor started it in: its notices and emails
    /// are written in it.
    pub language: Language,
}

/// One row of the agent console's inbox.
#[derive(
    Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, sqlx::FromRow, utoipa::ToSchema,
)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ChatSummary {
    #[ts(type = "string")]
    pub session_id: Uuid,
    pub visitor_name: String,
    pub visitor_email: String,
    pub status: ChatStatus,
    /// Open, and the visitor spoke last: the chat waits for an agent.
    pub awaiting_reply: bool,
    #[ts(type = "string | null")]
    pub assigned_agent_id: Option<Uuid>,
    pub assigned_agent_name: Option<String>,
    /// Visitor messages no agent has read yet.
    #[ts(type = "number")]
    pub unread_count: i64,
    pub last_message_preview: Option<String>,
    #[serde(with = "time::serde::rfc3339")]
    #[ts(type = "string")]
    pub last_message_at: OffsetDateTime,
    /// When the oldest unanswered visitor message arrived.
    #[serde(with = "time::serde::rfc3339::option")]
    #[ts(type = "string | null")]
    pub waiting_since: Option<OffsetDateTime>,
    #[serde(with = "time::serde::rfc3339")]
    #[ts(type = "string")]
    pub created_at: OffsetDateTime,
    /// The page the visitor started the chat on.
    pub page_url: Option<String>,
    /// The visitor's browser (User-Agent).
    pub user_agent: Option<String>,
    /// Its place in the queue (1 = next) while open and unassigned.
    #[ts(type = "number | null")]
    pub queue_position: Option<i64>,
    /// The visitor's rating (1–5) and comment, once given.
    pub rating: Option<i16>,
    pub rating_comment: Option<String>,
    /// Labels agents put on the chat, sorted.
    pub labels: Vec<String>,
    /// When an agent first replied; absent until one has.
    #[serde(
        default,
        with = "time::serde::rfc3339::option",
        skip_serializing_if = "Option::is_none"
    )]
    #[ts(optional, type = "string")]
    pub first_reply_at: Option<OffsetDateTime>,
    /// The language the visitor started the chat in.
    pub language: Language,
    /// The team the chat is in (routing rules, a transfer); none: everyone's.
    #[ts(type = "string | null")]
    pub team_id: Option<Uuid>,
    pub team_name: Option<String>,
    /// The agents' state of the chat (`status` says open for pending and
    /// snoozed chats).
    pub state: ChatState,
    /// While snoozed: when the snooze ends.
    #[serde(with = "time::serde::rfc3339::option")]
    #[ts(type = "string | null")]
    pub snoozed_until: Option<OffsetDateTime>,
}

/// Frames a browser sends on `/ws`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(
    tag = "type",
    rename_all = "snake_case",
    rename_all_fields = "camelCase"
)]
#[ts(export)]
pub enum ClientFrame {
    /// Receive this chat's events (owner or agent only). `after`, the
    /// newest message the client has (after a reconnect), asks for what it
    /// missed in the answer instead of a refetch.
    JoinSession {
        #[ts(type = "string")]
        session_id: Uuid,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional, type = "string")]
        after: Option<Uuid>,
    },
    LeaveSession {
        #[ts(type = "string")]
        session_id: Uuid,
    },
    /// The sender started or stopped typing in a joined chat.
    Typing {
        #[ts(type = "string")]
        session_id: Uuid,
        is_typing: bool,
    },
    /// Agents only: receive inbox updates for every chat and count as online.
    JoinAgents,
    /// A text message in a joined chat, as `POST …/messages` takes it
    /// (attachments go that way): answered by the `new_message` frame of the
    /// stored message, which carries `client_message_id`, or `send_failed`.
    SendMessage {
        #[ts(type = "string")]
        session_id: Uuid,
        #[ts(type = "string")]
        client_message_id: Uuid,
        message: String,
        /// See `POST …/messages`' `resend`.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        #[ts(optional, as = "Option<bool>")]
        resend: bool,
    },
    /// This side of a joined chat has every message up to `through` (the
    /// newest it has) on this device, or in view: a receipt for the other
    /// side's messages. Only the newest matters; the server keeps the
    /// furthest it was told.
    Receipt {
        #[ts(type = "string")]
        session_id: Uuid,
        state: ReceiptState,
        #[ts(type = "string")]
        through: Uuid,
    },
    /// Is this connection still alive? Answered by `pong`. A page with a
    /// chat in view sends one when it has heard nothing for a few seconds:
    /// a link that died without closing (a phone changing networks) is
    /// noticed in seconds, not when TCP gives up. (A data frame: a browser
    /// cannot send WebSocket pings.)
    Ping,
}

/// Frames the server sends on `/ws`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(
    tag = "type",
    rename_all = "snake_case",
    rename_all_fields = "camelCase"
)]
#[ts(export)]
pub enum ServerFrame {
    SessionJoined {
        #[ts(type = "string")]
        session_id: Uuid,
        /// The answer to a join that named `after`: what was missed, or
        /// that the gap is too old to replay. Absent for a first join.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        resume: Option<Resume>,
    },
    NewMessage {
        #[ts(type = "string")]
        session_id: Uuid,
        /// Boxed: the largest frame by far, the others stay small.
        message: Box<ChatMessage>,
    },
    Typing {
        #[ts(type = "string")]
        session_id: Uuid,
        sender_type: SenderType,
        is_typing: bool,
    },
    AgentsJoined,
    /// `reader` (the visitor, `user`, or the agents) got further with the
    /// chat: every message up to `through` is `state` since `at`. Sent once
    /// stored, to every socket on the chat; never a step back.
    Receipt {
        #[ts(type = "string")]
        session_id: Uuid,
        reader: SenderType,
        state: ReceiptState,
        #[ts(type = "string")]
        through: Uuid,
        #[serde(with = "time::serde::rfc3339")]
        #[ts(type = "string")]
        at: OffsetDateTime,
    },
    /// A `send_message` of this socket was refused: `status` is what
    /// `POST …/messages` would have answered (400, 404, 429, 503…), `message`
    /// why, in words for the writer.
    SendFailed {
        #[ts(type = "string")]
        session_id: Uuid,
        #[ts(type = "string")]
        client_message_id: Uuid,
        status: u16,
        message: String,
    },
    /// Something changed in a chat; consoles refetch its inbox row, or
    /// patch it from what the frame says.
    InboxUpdate {
        #[ts(type = "string")]
        session_id: Uuid,
        reason: InboxReason,
        /// With `read`: the chat's unread count now (all a read changes).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        unread_count: Option<u32>,
    },
    Error {
        message: String,
    },
    /// The answer to a `ping`.
    Pong,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum InboxReason {
    NewSession,
    NewMessage,
    Status,
    Assignment,
    Read,
    /// A private note or an assignment event was added.
    Note,
    /// Something about the chat's email: a reply held for an agent, a
    /// bounce.
    Email,
    /// A pending or snoozed chat is open again (its visitor wrote, or the
    /// snooze ended): its agent is alerted.
    Returned,
}

/// What an agent chose in the console: `online` takes new chats, `busy`
/// keeps its own chats and takes none, `away` takes none.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS, sqlx::Type, utoipa::ToSchema,
)]
#[serde(rename_all = "lowercase")]
#[sqlx(type_name = "text", rename_all = "lowercase")]
#[ts(export)]
pub enum AgentStatus {
    Online,
    Busy,
    Away,
}

/// `GET`/`PUT /api/agent/status`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AgentStatusBody {
    pub status: AgentStatus,
}

/// `POST /api/chat/sessions/{id}/rating`; also what `GET` answers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ChatRating {
    /// 1 (poor) to 5 (excellent).
    #[schema(minimum = 1, maximum = 5)]
    pub score: i16,
    #[serde(default)]
    #[ts(optional)]
    pub comment: Option<String>,
}

/// Published on `intake.transcript` when a visitor asks for their chat's
/// transcript; the `notify` worker emails it once per request, and only to
/// an address confirmed for the chat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TranscriptRequested {
    /// The request's id (its JetStream message id and email key).
    pub id: Uuid,
    pub session_id: Uuid,
    /// Set while the chat's address is not confirmed: the worker emails
    /// this one-time code (and nothing the visitor typed) instead of the
    /// transcript, and the visitor enters it in the chat.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub confirmation_code: Option<String>,
}

/// How long a code emailed to confirm a chat's address works, in minutes.
pub const EMAIL_CODE_MINUTES: i64 = 15;

/// `PUT /api/agent/chats/{id}/labels`: the chat's labels, replacing them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct LabelsBody {
    pub labels: Vec<String>,
}

/// A message found by the console's search, with its chat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SearchHit {
    #[ts(type = "string")]
    pub session_id: Uuid,
    pub visitor_name: String,
    pub visitor_email: String,
    /// The matching message; `null` when the visitor's name or email matched.
    #[ts(type = "string | null")]
    pub message_id: Option<Uuid>,
    /// The matching message (clipped), or the chat's first line.
    pub excerpt: Option<String>,
    #[serde(with = "time::serde::rfc3339")]
    #[ts(type = "string")]
    pub created_at: OffsetDateTime,
}

/// One of a visitor's earlier chats, for the agents' side panel.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct VisitorChat {
    #[ts(type = "string")]
    pub session_id: Uuid,
    pub status: ChatStatus,
    #[serde(with = "time::serde::rfc3339")]
    #[ts(type = "string")]
    pub created_at: OffsetDateTime,
    /// The visitor's first message, clipped to 140 characters.
    pub first_line: Option<String>,
}

/// One member of the support team as the console shows them (for
/// transfers): `available` = online with a console open (takes queued
/// chats); `acceptsTransfers` = online or busy with a console open (a
/// colleague may hand them a chat). Invited members who have not set a
/// password yet are not listed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TeamAvailability {
    #[ts(type = "string")]
    pub id: Uuid,
    pub name: String,
    pub status: AgentStatus,
    pub available: bool,
    pub accepts_transfers: bool,
    #[ts(type = "number")]
    pub open_chats: i64,
    pub capacity: i32,
}

/// `POST /api/agent/chats/{id}/transfer`: hand the chat to another agent,
/// or to a team (assigned within it, or queued in it), with an optional
/// private note. Exactly one of `agentId` and `teamId`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TransferBody {
    #[serde(default)]
    #[ts(optional, type = "string")]
    pub agent_id: Option<Uuid>,
    #[serde(default)]
    #[ts(optional, type = "string")]
    pub team_id: Option<Uuid>,
    #[serde(default)]
    #[ts(optional)]
    pub note: Option<String>,
}

/// Published on the `CHAT` stream as `chat.send.<session>`; the JetStream
/// message id is the message id, so retries are deduplicated.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SendMessage {
    pub message: ChatMessage,
    /// The agent who wrote it, for agent messages.
    pub agent_id: Option<Uuid>,
}

/// Published on the `CHAT` stream as `chat.started.<session>` once the
/// session row exists.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SessionStarted {
    pub session: ChatSession,
    /// Whether any agent socket was connected when the chat started.
    pub agents_online: bool,
}

/// The header on a `chat.send` message naming the subject on which the
/// gateway that accepted it waits for the worker's commit (read-your-writes):
/// `confirm.<gateway>` ([`crate::Namespace::chat_confirm`]), the gateway's
/// one confirmation subscription.
pub const CONFIRM_TO_HEADER: &str = "Nyota-Confirm-To";

/// The header on a chat event for one side only: it names the side
/// (`user` or `agent`) whose sockets do not get it. A side's own receipts go
/// to the other side alone (it knows what it read; the inbox's unread count
/// comes with the agents' `read` update), which keeps a read off the wire of
/// the reader.
pub const NOT_FOR_SIDE_HEADER: &str = "Nyota-Not-For-Side";

/// What the `chat` worker publishes on a gateway's confirmation subject once
/// a batch has committed: the ids of the batch's messages that gateway
/// accepted (one message per gateway per batch, not one per chat message).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CommitConfirmation {
    pub ids: Vec<Uuid>,
}

#[cfg(test)]
mod tests {
    use super::SenderType;

    #[test]
    fn a_sender_type_names_itself_as_json_does() {
        for sender in [SenderType::User, SenderType::Agent, SenderType::System] {
            let json = serde_json::to_value(sender).expect("serialises");
            assert_eq!(json, sender.as_str());
        }
    }
}
