//! A chat's owner and status changing outside a message: the chats a
//! browser started anonymously adopted at sign-in, and a resolved chat
//! reopened when its visitor writes again. Each tells the other gateways'
//! owner caches, and a reopen the agent consoles.

use contract::chat::InboxReason;
use uuid::Uuid;

use super::{ChatError, publish_inbox_update, store};
use crate::state::AppState;

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
