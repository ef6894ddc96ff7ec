//! An email reply on its way into its chat: the workers' `inbound` role
//! read it from the mailbox and asks the chat's owner (any gateway, on
//! `owners.chat.email_reply`, [`crate::owners`]) to post it as the
//! visitor, through the same path as a message from the widget. And what
//! the console shows of a chat's email: whether the visitor is on the page
//! or gets the next reply by email, and when ([`ChatEmailState`]), and the
//! replies held for an agent ([`HeldReply`]).

use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use ts_rs::TS;
use uuid::Uuid;

/// Payload of `owners.chat.email_reply`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EmailReply {
    pub chat_id: Uuid,
    /// Its `Message-ID`: the same email read twice is the same message.
    pub message_id: String,
    /// The sender's address, lower-cased.
    pub from: String,
    /// The text it adds, without quoted history or signature.
    pub text: String,
    /// Held for an agent whoever sent it (it failed DMARC). Its files wait
    /// in `chat_email_files` under its `message_id`.
    #[serde(default)]
    pub hold: bool,
}

/// What became of an [`EmailReply`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EmailReplyOutcome {
    /// In the chat as the visitor's message (or there already).
    Posted,
    /// From an address that is not the chat's, or failing DMARC: not
    /// posted as the visitor; an agent decides.
    Held,
    /// Nothing to post: no text and no file a chat can carry.
    Empty,
    /// The chat is gone (erased) or never was.
    NoSuchChat,
}

/// `GET /api/agent/chats/{id}/email`: how the chat reaches its visitor
/// when they are not on the page.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ChatEmailState {
    /// The chat's address (empty without one).
    pub address: String,
    /// A socket of the visitor's has the chat open now, on any gateway.
    pub on_page: bool,
    /// Unseen replies are emailed: the site sends email and the address
    /// neither stopped them nor bounced.
    pub emails_on: bool,
    /// The address stopped the emails about its chats.
    pub stopped: bool,
    /// When an email to it bounced for good, and what the server said.
    #[serde(with = "time::serde::rfc3339::option")]
    #[ts(type = "string | null")]
    pub bounced_at: Option<OffsetDateTime>,
    pub bounce: Option<String>,
    /// Agent replies the visitor has neither seen nor been emailed.
    #[ts(type = "number")]
    pub unseen_replies: i64,
    /// When those go out by email if still unseen (the quiet period after
    /// the first of them); null when nothing will be sent.
    #[serde(with = "time::serde::rfc3339::option")]
    #[ts(type = "string | null")]
    pub next_email_at: Option<OffsetDateTime>,
    /// Replies to the chat's address from another sender, waiting for an
    /// agent, oldest first.
    pub held: Vec<HeldReply>,
}

/// An email reply to a chat's address that did not come from the chat's
/// own address: an agent posts it into the chat or discards it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct HeldReply {
    #[ts(type = "string")]
    pub id: Uuid,
    pub sender_email: String,
    /// Its new text (empty when it carried files only).
    pub body: String,
    /// The names of the pictures and PDFs it carried, posted with it.
    pub files: Vec<String>,
    #[serde(with = "time::serde::rfc3339")]
    #[ts(type = "string")]
    pub received_at: OffsetDateTime,
}
