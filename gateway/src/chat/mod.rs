//! Live chat in the gateway, in one place: who may see and write a chat
//! ([`access`], with the owners cached in [`owners`]), who answers it ([`assignment`]), every query on the chat tables ([`store`]), how a message
//! enters the durable pipeline ([`pipeline`], [`confirmations`]), the WebSocket hub, presence
//! and socket protocol ([`hub`], [`presence`], [`socket`]), the resync of
//! sockets after a gap in NATS ([`resync`]), the REST
//! routes of visitors and agents ([`http`]), the agents' canned replies
//! ([`canned`]) and files sent in chats ([`attachments`]).

pub mod access;
pub mod assignment;
pub mod attachments;
pub mod canned;
pub mod confirmations;
pub mod error;
pub mod http;
pub mod hub;
pub mod owners;
pub mod pipeline;
pub mod presence;
pub mod resync;
pub mod socket;
pub mod store;

use contract::chat::{InboxReason, ServerFrame};
use utoipa_axum::router::OpenApiRouter;
use uuid::Uuid;

use crate::state::AppState;

pub use access::{Requester, role_in_chat};
pub use error::ChatError;
pub use pipeline::{publish_inbox_update, send_client_message, send_message};

/// Chat's `/api` routes (the socket is [`socket::router`]).
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(http::router())
        .merge(canned::router())
}

/// Session key of the random token that marks this browser as the owner of
/// the chats it started. It survives the id rotation at login.
pub const OWNER_TOKEN_KEY: &str = "chat_owner";

/// Longest chat message, in characters.
pub const MAX_MESSAGE_CHARS: usize = 4000;

/// Gives the chats a browser started anonymously (owner `token`) to the
/// account that just signed in there.
pub async fn adopt_anonymous_chats(
    state: &AppState,
    token: Uuid,
    user_id: Uuid,
) -> Result<(), ChatError> {
    let adopted = store::adopt_anonymous_chats(&state.pool, token, user_id).await?;
    state
        .chat_owners
        .changed(&state.nats, &state.namespace, &adopted)
        .await
}

/// Reopens a resolved chat its visitor writes to again, and tells the agent
/// consoles.
#[tracing::instrument(name = "chat.reopen", skip_all, fields(chat.session_id = %chat_id))]
pub async fn reopen(state: &AppState, chat_id: Uuid) -> Result<(), ChatError> {
    if store::reopen(&state.pool, chat_id).await? {
        state
            .chat_owners
            .changed(&state.nats, &state.namespace, &[chat_id])
            .await?;
        publish_inbox_update(state, chat_id, InboxReason::Status).await;
    }
    Ok(())
}

/// A server frame as the JSON text sent on sockets and NATS.
pub fn frame_json(frame: &ServerFrame) -> String {
    // Serialising our own plain enum cannot fail.
    serde_json::to_string(frame).unwrap_or_default()
}
