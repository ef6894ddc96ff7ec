//! Receipts: where each message is for the other side (delivered: on their
//! device; seen: in their view). A socket says how far its side has got in a
//! joined chat; the gateway publishes that on the `CHAT` stream
//! (`chat.receipt.<chat>`) and the `chat` worker stores it, once further
//! than the last, and tells the chat's sockets. The durable path of
//! messages, so a crash loses no receipt; the worker keeps only the furthest
//! of a batch, so reading 50 messages costs one write.

use std::time::Duration;

use contract::chat::{ReceiptState, SenderType, StoreReceipt};
use time::OffsetDateTime;
use uuid::Uuid;

use super::ChatError;
use crate::platform::bus::publish_durable;
use crate::state::AppState;

/// Publishes `reader`'s receipt for the chat, up to message `through`;
/// returns once JetStream has it.
pub async fn record(
    state: &AppState,
    session_id: Uuid,
    reader: SenderType,
    receipt: ReceiptState,
    through: Uuid,
) -> Result<(), ChatError> {
    // Visitors see an agent's "seen" only when the site shows it; it still
    // counts for the agents' unread counts.
    let announce = !(reader == SenderType::Agent
        && receipt == ReceiptState::Seen
        && !agents_seen_shown(state, SenderType::User));
    let command = StoreReceipt {
        session_id,
        reader,
        state: receipt,
        through,
        at: OffsetDateTime::now_utc(),
        announce,
    };
    publish_durable(
        state,
        "chat receipts",
        state.namespace.chat_receipt(session_id),
        async_nats::HeaderMap::new(),
        &command,
    )
    .await?;
    Ok(())
}

/// How often [`mark_seen_by_agents`] looks for its receipt.
const STORED_POLL: Duration = Duration::from_millis(20);

/// The agents have seen every message of the chat so far: records the
/// receipt and waits (at most `CHAT_CONFIRM_TIMEOUT_MS`) until it is stored,
/// so that the answer's unread count is 0. For `POST
/// /api/agent/chats/{id}/read`; the console says so over its socket.
pub async fn mark_seen_by_agents(state: &AppState, session_id: Uuid) -> Result<(), ChatError> {
    let Some(newest) = super::store::newest_message(&state.pool, session_id).await? else {
        return Ok(());
    };
    record(
        state,
        session_id,
        SenderType::Agent,
        ReceiptState::Seen,
        newest,
    )
    .await?;
    let deadline = tokio::time::Instant::now() + state.config.chat_confirm_timeout;
    while tokio::time::Instant::now() < deadline {
        if super::store::receipt_reached(
            &state.pool,
            session_id,
            SenderType::Agent,
            ReceiptState::Seen,
            newest,
        )
        .await?
        {
            return Ok(());
        }
        tokio::time::sleep(STORED_POLL).await;
    }
    tracing::warn!(chat.session_id = %session_id, "a read mark was not stored in time");
    Ok(())
}

/// Whether `viewer`, the reader of a chat, may see agents' "seen": agents
/// always, visitors when the site shows it.
pub fn agents_seen_shown(state: &AppState, viewer: SenderType) -> bool {
    viewer != SenderType::User
        || state
            .site_settings
            .current()
            .settings
            .show_agents_seen_to_visitors
}
