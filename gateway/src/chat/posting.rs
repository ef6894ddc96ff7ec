//! A message a client sends, on `POST …/messages` or on its socket: the same
//! checks (who may write, the visitor's rate limit, the agent taking an
//! unassigned chat, a visitor's message reopening a resolved chat) and the
//! same way into the pipeline; only the answer differs ([`Answer`]).

use std::net::IpAddr;

use contract::chat::{ChatStatus, MessageChannel, SenderType};
use serde::Deserialize;
use utoipa::ToSchema;
use uuid::Uuid;

use super::access::{Access, access};
use super::pipeline::{Answer, ClientMessageId, Outgoing, Sent, send_client_message};
use super::{MAX_MESSAGE_CHARS, Requester, assignment, attachments, reopen};
use crate::platform::error::ApiError;
use crate::platform::input::{self, Input, InputError};
use crate::platform::limits::Limit;
use crate::state::AppState;

#[cfg_attr(any(test, feature = "fuzzing"), derive(Debug, serde::Serialize))]
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct MessageBody {
    /// May be empty when the message carries an attachment.
    #[schema(max_length = 4000)]
    #[serde(default)]
    pub message: String,
    /// The client's own id for this message, the same on every retry of
    /// it: a retry within 2 minutes answers with the message stored first.
    #[serde(default)]
    pub client_message_id: Option<Uuid>,
    /// This message (by `clientMessageId`) may have been sent before and
    /// its answer lost: a stored one is then the answer. A first try leaves
    /// it out and costs no look-up.
    #[serde(default)]
    pub resend: bool,
    /// A file uploaded to this chat (`POST /api/chat/sessions/{id}/attachments`)
    /// that this message carries.
    #[serde(default)]
    pub attachment_id: Option<Uuid>,
}

impl Input for MessageBody {
    const LABELS: &'static [(&'static str, &'static str)] = &[
        ("message", "Message"),
        ("clientMessageId", "Client message id"),
        ("resend", "Resend"),
        ("attachmentId", "Attachment"),
    ];

    fn check(self) -> Result<Self, InputError> {
        let message = input::multiline("Message", self.message)?;
        let message = match self.attachment_id {
            Some(_) => message,
            None => message.not_empty()?,
        };
        Ok(MessageBody {
            message: message.max_chars(MAX_MESSAGE_CHARS)?.value(),
            client_message_id: self.client_message_id,
            resend: self.resend,
            attachment_id: self.attachment_id,
        })
    }
}

/// Sends `body` (checked) into chat `chat_id` as `requester`, from `ip`.
pub(crate) async fn post(
    state: &AppState,
    requester: &Requester,
    ip: IpAddr,
    chat_id: Uuid,
    body: MessageBody,
    answer: Answer,
) -> Result<Sent, ApiError> {
    let Access { role, status } = access(state, requester, chat_id).await?;
    // Agents are signed-in staff answering many chats, often from one office address.
    if role != SenderType::Agent {
        state.limits.check(Limit::ChatMessage, &ip)?;
    }
    let agent = match (role, &requester.user) {
        (SenderType::Agent, Some(agent)) => {
            // The first agent to answer an unassigned chat takes it.
            assignment::take(state, chat_id, agent.id, false).await?;
            Some(agent.id)
        }
        _ => None,
    };
    let sender = Sender {
        access: Access { role, status },
        agent,
        channel: MessageChannel::Web,
    };
    post_checked(state, chat_id, sender, body, answer).await
}

/// Who posts, once known: their right to write, the agent (who took the
/// chat) when an agent writes, and the way the message came.
pub(crate) struct Sender {
    pub access: Access,
    pub agent: Option<Uuid>,
    pub channel: MessageChannel,
}

/// [`post`] once the [`Sender`] is known: also the way an email reply the
/// visitor sent comes in (`super::email_replies`).
pub(crate) async fn post_checked(
    state: &AppState,
    chat_id: Uuid,
    sender: Sender,
    body: MessageBody,
    answer: Answer,
) -> Result<Sent, ApiError> {
    let Sender {
        access: Access { role, status },
        agent,
        channel,
    } = sender;
    if role == SenderType::User && status == ChatStatus::Resolved {
        // The visitor writing again reopens the chat, before the message is
        // published, so the answer finds it open.
        reopen(state, chat_id).await?;
    }
    let attachment = match body.attachment_id {
        Some(attachment_id) => Some(
            attachments::sendable(
                state,
                chat_id,
                attachment_id,
                body.client_message_id.is_some(),
            )
            .await?,
        ),
        None => None,
    };
    let outgoing = Outgoing {
        session_id: chat_id,
        sender_type: role,
        agent_id: agent,
        text: body.message,
        attachment,
        client_message_id: None,
        channel,
    };
    let client_id = body.client_message_id.map(|id| ClientMessageId {
        id,
        resend: body.resend,
    });
    Ok(send_client_message(state, outgoing, client_id, answer).await?)
}
