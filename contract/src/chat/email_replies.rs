//! An email reply on its way into its chat: the workers' `inbound` role
//! read it from the mailbox and asks the chat's owner (any gateway, on
//! `owners.chat.email_reply`, [`crate::owners`]) to post it as the
//! visitor, through the same path as a message from the widget.

use serde::{Deserialize, Serialize};
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
}

/// What became of an [`EmailReply`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EmailReplyOutcome {
    /// In the chat as the visitor's message (or there already).
    Posted,
    /// From an address that is not the chat's: not posted as the visitor.
    Held,
    /// Nothing to post: no text (a reply of files alone is not carried yet).
    Empty,
    /// The chat is gone (erased) or never was.
    NoSuchChat,
}
