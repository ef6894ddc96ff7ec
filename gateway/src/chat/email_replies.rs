//! The chat's owner for email replies: the workers' `inbound` role asks
//! here ([`contract::chat::email_replies`]) to post a reply the visitor
//! emailed, and every gateway answers in one queue group. The reply goes
//! the widget's way ([`posting::post_checked`]): a resolved chat reopens,
//! and the message is stored once whatever number of times the email is
//! read, since its client id is derived from the email's `Message-ID`.

use contract::chat::email_replies::{EmailReply, EmailReplyOutcome};
use contract::chat::{InboxReason, MessageChannel, SenderType};
use contract::owners::OwnerReply;
use sha2::{Digest as _, Sha256};
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use uuid::Uuid;

use super::access::Access;
use super::attachments::store::Uploader;
use super::attachments::{self, AttachmentError, stored_name};
use super::pipeline::Answer;
use super::posting::{self, MessageBody, Sender};
use super::{MAX_MESSAGE_CHARS, publish_inbox_update, store};
use crate::platform::error::ApiError;
use crate::platform::input::Input as _;
use crate::platform::spool::Spooled;
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
pub fn client_message_id(chat_id: Uuid, message_id: &str) -> Uuid {
    let digest = Sha256::new()
        .chain_update(b"email-reply\0")
        .chain_update(chat_id.as_bytes())
        .chain_update(message_id.as_bytes())
        .finalize();
    let mut bytes = [0u8; 16];
    bytes.copy_from_slice(&digest[..16]);
    uuid::Builder::from_custom_bytes(bytes).into_uuid()
}

async fn post(state: &AppState, reply: &EmailReply) -> Result<EmailReplyOutcome, ApiError> {
    if state
        .chat_owners
        .get(&state.pool, reply.chat_id)
        .await?
        .is_none()
    {
        return Ok(EmailReplyOutcome::NoSuchChat);
    }
    let chat = store::session(&state.pool, reply.chat_id).await?;
    let address = chat.visitor_email.trim().to_lowercase();
    if address.is_empty() {
        return Ok(EmailReplyOutcome::NoSuchChat);
    }
    let text = cut(&reply.text);
    if text.is_empty()
        && store::email_files(&state.pool, reply.chat_id, &reply.message_id)
            .await?
            .is_empty()
    {
        return Ok(EmailReplyOutcome::Empty);
    }
    if reply.hold || address != reply.from {
        // Someone else wrote to the chat's address (a forward, another
        // mailbox of the visitor's, or not them at all), or a server not
        // allowed to send for the sender's domain: an agent decides.
        if store::hold(
            &state.pool,
            reply.chat_id,
            &reply.message_id,
            &reply.from,
            &text,
        )
        .await?
        {
            publish_inbox_update(state, reply.chat_id, InboxReason::Email).await;
        }
        return Ok(EmailReplyOutcome::Held);
    }
    post_as_visitor(state, reply.chat_id, &reply.message_id, text).await?;
    Ok(EmailReplyOutcome::Posted)
}

/// The new text, cut to the chat's longest message.
fn cut(text: &str) -> String {
    let text = text.trim();
    if text.chars().count() > MAX_MESSAGE_CHARS {
        let kept: String = text
            .chars()
            .take(MAX_MESSAGE_CHARS - CUT.chars().count())
            .collect();
        format!("{}{CUT}", kept.trim_end())
    } else {
        text.to_owned()
    }
}

/// Posts email `message_id` into chat `chat_id` as the visitor's
/// messages, marked as come by email: its text, then each of its files put
/// through the attachment pipeline (one refused is left out, said in the
/// log); each once, however often.
pub async fn post_as_visitor(
    state: &AppState,
    chat_id: Uuid,
    message_id: &str,
    text: String,
) -> Result<(), ApiError> {
    if !text.is_empty() {
        post_one(
            state,
            chat_id,
            client_message_id(chat_id, message_id),
            text,
            None,
        )
        .await?;
    }
    let files = store::email_files(&state.pool, chat_id, message_id).await?;
    for (position, file) in files.into_iter().enumerate() {
        let uploader = Uploader {
            session_id: chat_id,
            sender_type: SenderType::User,
            agent_id: None,
        };
        let spooled = Spooled::from_bytes(&file.data)
            .await
            .map_err(|error| ApiError::Internal(error.into()))?;
        let named = |content_type: &str| stored_name(Some(&file.filename), content_type);
        match attachments::upload(state, &uploader, named, spooled).await {
            Ok(attachment) => {
                let id = client_message_id(chat_id, &format!("{message_id}#{position}"));
                post_one(state, chat_id, id, String::new(), Some(attachment.id)).await?;
            }
            Err(AttachmentError::Api(error)) => return Err(error),
            Err(refused) => {
                tracing::warn!(chat.session_id = %chat_id, error = %refused, "a file of an email reply was refused");
            }
        }
    }
    store::forget_email_files(&state.pool, chat_id, message_id).await?;
    Ok(())
}

/// One message of an email reply, as the visitor's, by email.
async fn post_one(
    state: &AppState,
    chat_id: Uuid,
    client_message_id: Uuid,
    text: String,
    attachment_id: Option<Uuid>,
) -> Result<(), ApiError> {
    let owner = state
        .chat_owners
        .get(&state.pool, chat_id)
        .await?
        .ok_or(ApiError::NotFound)?;
    let body = MessageBody {
        message: text,
        client_message_id: Some(client_message_id),
        // An email may be read again after its message was stored: the
        // stored one is then the answer, and nothing is sent twice.
        resend: true,
        attachment_id,
    }
    .check()
    .map_err(ApiError::from)?;
    let sender = Sender {
        access: Access {
            role: SenderType::User,
            status: owner.status,
        },
        agent: None,
        channel: MessageChannel::Email,
    };
    posting::post_checked(state, chat_id, sender, body, Answer::Stored).await?;
    Ok(())
}
