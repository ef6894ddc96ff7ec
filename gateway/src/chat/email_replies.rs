//! The chat's owner for email replies: the workers' `inbound` role asks
//! here ([`contract::chat::email_replies`]) to post a reply the visitor
//! emailed, and every gateway answers in one queue group. The reply goes
//! the widget's way ([`posting::post_checked`]): a resolved chat reopens,
//! and the message is stored once whatever number of times the email is
//! read, since its client id is derived from the email's `Message-ID`.

use contract::chat::SenderType;
use contract::chat::email_replies::{EmailReply, EmailReplyOutcome};
use contract::owners::OwnerReply;
use sha2::{Digest as _, Sha256};
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use uuid::Uuid;

use super::access::Access;
use super::pipeline::Answer;
use super::posting::{self, MessageBody};
use super::{MAX_MESSAGE_CHARS, store};
use crate::platform::error::ApiError;
use crate::platform::input::Input as _;
use crate::state::AppState;

/// What ends a reply cut to the chat's longest message.
const CUT: &str = " […]";

/// Answers `owners.chat.email_reply` until `shutdown`; returns once the
/// subscription is live.
pub async fn serve(
    nats: &async_nats::Client,
    state: AppState,
    tracker: &TaskTracker,
    shutdown: CancellationToken,
) -> anyhow::Result<()> {
    crate::platform::bus::serve(
        nats,
        state.namespace.owners_post_email_reply(),
        tracker,
        shutdown,
        move |request| {
            let state = state.clone();
            async move {
                let reply: EmailReply = match serde_json::from_slice(&request.payload) {
                    Ok(reply) => reply,
                    Err(error) => {
                        tracing::error!(%error, "malformed email reply");
                        return OwnerReply::Refused;
                    }
                };
                match post(&state, &reply).await {
                    Ok(outcome) => {
                        tracing::info!(chat.session_id = %reply.chat_id, ?outcome, "email reply");
                        OwnerReply::Done(outcome)
                    }
                    // Refused for good (a 4xx other than a rate limit):
                    // asking again would be refused again.
                    Err(error)
                        if error.status().is_client_error()
                            && error.status() != axum::http::StatusCode::TOO_MANY_REQUESTS =>
                    {
                        tracing::warn!(%error, chat.session_id = %reply.chat_id, "email reply refused");
                        OwnerReply::Refused
                    }
                    Err(error) => {
                        tracing::error!(%error, chat.session_id = %reply.chat_id, "email reply not posted");
                        OwnerReply::Failed
                    }
                }
            }
        },
    )
    .await?;
    Ok(())
}

/// The client id of the message an email becomes: the same for every read
/// of that email into that chat.
pub fn client_message_id(reply: &EmailReply) -> Uuid {
    let digest = Sha256::new()
        .chain_update(b"email-reply\0")
        .chain_update(reply.chat_id.as_bytes())
        .chain_update(reply.message_id.as_bytes())
        .finalize();
    let mut bytes = [0u8; 16];
    bytes.copy_from_slice(&digest[..16]);
    uuid::Builder::from_custom_bytes(bytes).into_uuid()
}

async fn post(state: &AppState, reply: &EmailReply) -> Result<EmailReplyOutcome, ApiError> {
    let Some(owner) = state.chat_owners.get(&state.pool, reply.chat_id).await? else {
        return Ok(EmailReplyOutcome::NoSuchChat);
    };
    let chat = store::session(&state.pool, reply.chat_id).await?;
    let address = chat.visitor_email.trim().to_lowercase();
    if address.is_empty() {
        return Ok(EmailReplyOutcome::NoSuchChat);
    }
    if address != reply.from {
        return Ok(EmailReplyOutcome::Held);
    }
    let text = reply.text.trim();
    if text.is_empty() {
        return Ok(EmailReplyOutcome::Empty);
    }
    let text = if text.chars().count() > MAX_MESSAGE_CHARS {
        let kept: String = text
            .chars()
            .take(MAX_MESSAGE_CHARS - CUT.chars().count())
            .collect();
        format!("{}{CUT}", kept.trim_end())
    } else {
        text.to_owned()
    };
    let body = MessageBody {
        message: text,
        client_message_id: Some(client_message_id(reply)),
        // An email may be read again after its message was stored: the
        // stored one is then the answer, and nothing is sent twice.
        resend: true,
        attachment_id: None,
    }
    .check()
    .map_err(ApiError::from)?;
    let access = Access {
        role: SenderType::User,
        status: owner.status,
    };
    posting::post_checked(state, reply.chat_id, access, None, body, Answer::Stored).await?;
    Ok(EmailReplyOutcome::Posted)
}
