//! How chat enters the durable pipeline: a message is published on the
//! `CHAT` stream, and the answer waits (bounded) for the `chat` worker's
//! commit confirmation, so the sender reads its own write.

use contract::chat::{
    CONFIRM_TO_HEADER, ChatMessage, ChatSession, InboxReason, SendMessage, SenderType, ServerFrame,
    SessionStarted,
};
use time::OffsetDateTime;
use uuid::Uuid;

use super::{ChatError, frame_json};
use crate::bus::publish_durable;
use crate::state::AppState;

/// Puts a message on the `CHAT` stream and answers once JetStream has it,
/// after waiting (bounded) for the worker to commit it.
#[tracing::instrument(
    name = "chat.send_message",
    skip_all,
    fields(chat.session_id = %session_id, chat.message_id = tracing::field::Empty)
)]
pub async fn send_message(
    state: &AppState,
    session_id: Uuid,
    sender_type: SenderType,
    agent_id: Option<Uuid>,
    text: String,
) -> Result<ChatMessage, ChatError> {
    let message = ChatMessage {
        id: Uuid::now_v7(),
        session_id,
        sender_type,
        message: text,
        created_at: OffsetDateTime::now_utc(),
    };
    tracing::Span::current().record("chat.message_id", tracing::field::display(message.id));
    // Registered before publishing, so an early confirmation is not missed.
    let (confirm_to, confirmation) = state.confirmations.expect(message.id);
    let mut headers = contract::telemetry::deduplicated_headers(&message.id.to_string());
    headers.insert(CONFIRM_TO_HEADER, confirm_to);
    let command = SendMessage {
        message: message.clone(),
        agent_id,
    };
    publish_durable(
        &state.jetstream,
        state.namespace.chat_send(session_id),
        headers,
        &command,
    )
    .await?;
    state
        .metrics
        .counter(
            "chat_messages_accepted_total",
            &[("sender", format!("{sender_type:?}").to_lowercase())],
        )
        .increment(1);
    // Bounded wait for the worker's commit (read-your-writes); on time-out the
    // message is durable in JetStream anyway and arrives by event.
    let confirmed = confirmation.wait(state.settings.chat_confirm_timeout).await;
    if !confirmed {
        tracing::warn!(chat.message_id = %message.id, "no commit confirmation in time");
    }
    // From the gateway taking the message to the worker's commit (or the
    // time-out): the durable path's latency as the sender feels it.
    let elapsed = (OffsetDateTime::now_utc() - message.created_at).as_seconds_f64();
    state
        .metrics
        .histogram(
            "chat_message_commit_duration_seconds",
            &[("confirmed", confirmed.to_string())],
        )
        .record(elapsed.max(0.0));
    Ok(message)
}

/// `chat.started` on JetStream, for the `notify` worker (deduplicated by id).
#[tracing::instrument(
    name = "chat.publish_started",
    skip_all,
    fields(chat.session_id = %chat.session_id, chat.agents_online = agents_online)
)]
pub async fn publish_started(
    state: &AppState,
    chat: &ChatSession,
    agents_online: bool,
) -> Result<(), ChatError> {
    let event = SessionStarted {
        session: chat.clone(),
        agents_online,
    };
    let headers = contract::telemetry::deduplicated_headers(&chat.session_id.to_string());
    publish_durable(
        &state.jetstream,
        state.namespace.chat_started(chat.session_id),
        headers,
        &event,
    )
    .await?;
    Ok(())
}

/// Tells every agent console (on every gateway) that a chat changed.
/// Best effort: consoles also refetch when they reconnect.
#[tracing::instrument(
    name = "chat.publish_inbox_update",
    skip_all,
    fields(chat.session_id = %session_id, chat.reason = ?reason)
)]
pub async fn publish_inbox_update(state: &AppState, session_id: Uuid, reason: InboxReason) {
    let frame = frame_json(&ServerFrame::InboxUpdate { session_id, reason });
    if let Err(error) = state
        .nats
        .publish(state.namespace.agents_events(), frame.into())
        .await
    {
        tracing::warn!(%error, "failed to publish an inbox update");
    }
}
