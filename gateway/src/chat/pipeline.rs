//! How chat enters the durable pipeline: a message is published on the
//! `CHAT` stream, and the answer waits (bounded) for the `chat` worker's
//! commit confirmation, so the sender reads its own write.

use contract::chat::{
    CONFIRM_TO_HEADER, ChatMessage, ChatSession, InboxReason, MessageAttachment, MessageChannel,
    SendMessage, SenderType, ServerFrame, SessionStarted,
};
use time::OffsetDateTime;
use uuid::Uuid;

use super::{ChatError, frame_json};
use crate::platform::bus::publish_durable;
use crate::state::AppState;

/// Longest chat message, in characters.
pub const MAX_MESSAGE_CHARS: usize = contract::limits::CHAT.message_chars;

/// Puts a message on the `CHAT` stream and answers once JetStream has it,
/// after waiting (bounded) for the worker to commit it.
pub async fn send_message(
    state: &AppState,
    session_id: Uuid,
    sender_type: SenderType,
    agent_id: Option<Uuid>,
    text: String,
) -> Result<ChatMessage, ChatError> {
    let outgoing = Outgoing {
        session_id,
        sender_type,
        agent_id,
        text,
        attachment: None,
        client_message_id: None,
        channel: MessageChannel::Web,
    };
    send(state, outgoing, Answer::Stored).await
}

/// The id a client gave its message, and whether this is a resend of it.
#[derive(Clone, Copy, Debug)]
pub struct ClientMessageId {
    pub id: Uuid,
    pub resend: bool,
}

/// When a client's send is answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Once stored (a bounded wait for the worker's commit): `POST
    /// …/messages`, whose answer is the message.
    Stored,
    /// Once JetStream has it: a socket's send, answered by the `new_message`
    /// frame the worker sends every socket on the chat once it is stored.
    Accepted,
}

/// What became of a client's send.
#[derive(Debug)]
pub enum Sent {
    /// A resend of a message stored already: this is it, and no frame
    /// announces it again.
    Found(ChatMessage),
    /// Published now (stored too, when the answer waited for it).
    Published(ChatMessage),
}

impl Sent {
    pub fn into_message(self) -> ChatMessage {
        match self {
            Sent::Found(message) | Sent::Published(message) => message,
        }
    }
}

/// [`send_message`] for a message a client sent, perhaps with an
/// attachment of the chat's. A client that names its message with
/// `client_message_id` may send it again when it got no answer, however
/// late, saying `resend`: a resend of a stored message answers with it;
/// within the `CHAT` stream's duplicate window (2 min) a resend of one not
/// yet stored answers with the first once stored; and the database keeps
/// one message per id, sender and chat whatever comes through. A first try
/// skips the look-up (a query per message on the hot path).
pub async fn send_client_message(
    state: &AppState,
    outgoing: Outgoing,
    client_id: Option<ClientMessageId>,
    answer: Answer,
) -> Result<Sent, ChatError> {
    if let Some(ClientMessageId {
        id: client_message_id,
        resend: true,
    }) = client_id
    {
        let stored = super::store::stored_by_client_id(
            &state.pool,
            outgoing.session_id,
            outgoing.sender_type,
            outgoing.agent_id,
            client_message_id,
        )
        .await?;
        if let Some(stored) = stored {
            return Ok(Sent::Found(stored));
        }
    }
    let outgoing = Outgoing {
        client_message_id: client_id.map(|client| client.id),
        ..outgoing
    };
    Ok(Sent::Published(send(state, outgoing, answer).await?))
}

/// A message about to enter the pipeline.
#[derive(Debug)]
pub struct Outgoing {
    pub session_id: Uuid,
    pub sender_type: SenderType,
    pub agent_id: Option<Uuid>,
    pub text: String,
    pub attachment: Option<MessageAttachment>,
    pub client_message_id: Option<Uuid>,
    pub channel: MessageChannel,
}

// The span of every send, whichever way in (a client's post or socket, a system notice).
#[tracing::instrument(
    name = "chat.send_message",
    skip_all,
    fields(chat.session_id = %outgoing.session_id, chat.message_id = tracing::field::Empty)
)]
async fn send(
    state: &AppState,
    outgoing: Outgoing,
    answer: Answer,
) -> Result<ChatMessage, ChatError> {
    let Outgoing {
        session_id,
        sender_type,
        agent_id,
        text,
        attachment,
        client_message_id,
        channel,
    } = outgoing;
    // The name goes with the message, so the worker stores what the
    // visitor was shown live, whatever the agent is called later.
    let sender_name = match agent_id {
        Some(agent_id) if sender_type == SenderType::Agent => {
            super::store::shown_name(&state.pool, agent_id).await?
        }
        _ => None,
    };
    let message = ChatMessage {
        id: Uuid::now_v7(),
        session_id,
        sender_type,
        sender_name,
        message: text,
        created_at: OffsetDateTime::now_utc(),
        attachment,
        client_message_id,
        delivered_at: None,
        seen_at: None,
        channel,
        emailed_at: None,
    };
    tracing::Span::current().record("chat.message_id", tracing::field::display(message.id));
    // A client's id is scoped to the chat and the sender, so that no one
    // else's id can swallow a message.
    let dedupe_key = match client_message_id {
        Some(client_message_id) => {
            let sender = sender_type.as_str();
            let agent = agent_id.map(|id| id.to_string()).unwrap_or_default();
            format!("{session_id}.{sender}.{agent}.{client_message_id}")
        }
        None => message.id.to_string(),
    };
    let mut headers = contract::telemetry::deduplicated_headers(&dedupe_key);
    // Registered before publishing, so an early confirmation is not missed.
    let confirmation = match answer {
        Answer::Stored => {
            let (confirm_to, confirmation) = state.confirmations.expect(message.id);
            headers.insert(CONFIRM_TO_HEADER, confirm_to);
            Some(confirmation)
        }
        Answer::Accepted => None,
    };
    let command = SendMessage {
        message: message.clone(),
        agent_id,
    };
    let ack = publish_durable(
        state,
        "chat messages",
        state.namespace.chat_send(session_id),
        headers,
        &command,
    )
    .await?;
    if ack.duplicate {
        // A retry of a message JetStream already has: the first one's frame
        // answers a socket; a post is answered with it once stored, as the
        // first send would have been.
        let first = stored_first(state, ack.sequence).await?;
        if answer == Answer::Stored && !wait_until_stored(state, first.id).await {
            tracing::warn!(chat.message_id = %first.id, "a retried message was not stored in time");
        }
        return Ok(first);
    }
    state
        .metrics
        .counter(
            "chat_messages_accepted_total",
            &[("sender", sender_type.as_str().to_owned())],
        )
        .increment(1);
    let Some(confirmation) = confirmation else {
        return Ok(message);
    };
    // Bounded wait for the worker's commit (read-your-writes); on time-out the
    // message is durable in JetStream anyway and arrives by event.
    let confirmed = confirmation.wait(state.config.chat_confirm_timeout).await;
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

/// How often a retried send looks for its message in the database.
const STORED_POLL: std::time::Duration = std::time::Duration::from_millis(20);

/// Waits (at most `CHAT_CONFIRM_TIMEOUT_MS`, like a first send) until the
/// `chat` worker has stored message `id`; whether it has. A retry cannot
/// wait for the commit confirmation: that goes to the gateway that took the
/// message first. Retries are rare, so it looks in the database instead.
async fn wait_until_stored(state: &AppState, id: Uuid) -> bool {
    let deadline = tokio::time::Instant::now() + state.config.chat_confirm_timeout;
    loop {
        match super::store::message_stored(&state.pool, id).await {
            Ok(true) => return true,
            Ok(false) => {}
            Err(error) => tracing::warn!(%error, "failed to look for a retried message"),
        }
        if tokio::time::Instant::now() + STORED_POLL > deadline {
            return false;
        }
        tokio::time::sleep(STORED_POLL).await;
    }
}

/// The message the `CHAT` stream holds at `sequence`.
async fn stored_first(state: &AppState, sequence: u64) -> Result<ChatMessage, ChatError> {
    let stored = async {
        let stream = state
            .jetstream
            .get_stream(state.namespace.chat_stream().name)
            .await?;
        let raw = stream.get_raw_message(sequence).await?;
        let command: SendMessage = serde_json::from_slice(&raw.payload)?;
        anyhow::Ok(command.message)
    };
    stored.await.map_err(|error| {
        ChatError::Unavailable(error.context("failed to read the message a retry duplicates"))
    })
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
        state,
        "chat starts",
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
    let frame = frame_json(&ServerFrame::InboxUpdate {
        session_id,
        reason,
        unread_count: None,
    });
    if let Err(error) = state
        .nats
        .publish(state.namespace.agents_events(), frame.into())
        .await
    {
        tracing::warn!(%error, "failed to publish an inbox update");
    }
}
