//! What the console shows of a chat's email ([`ChatEmailState`]): whether
//! the visitor is on the page now (asked of every gateway: only one
//! holding a socket of theirs answers), and otherwise whether and when the
//! next reply goes by email, what stops it (the address stopped the emails,
//! or they bounced), and the replies held for an agent.

use std::time::Duration;

use contract::chat::email_replies::ChatEmailState;
use futures::StreamExt as _;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use uuid::Uuid;

use super::store;
use crate::platform::error::ApiError;
use crate::state::AppState;

/// How long the other gateways have to say they hold the visitor.
const VISITOR_HERE_WINDOW: Duration = Duration::from_millis(300);

/// Answers `chat.visitor_here` for the visitor sockets this gateway holds,
/// until `shutdown`; returns once the subscription is live.
pub async fn serve_visitor_here(
    state: &AppState,
    tracker: &TaskTracker,
    shutdown: CancellationToken,
) -> anyhow::Result<()> {
    let mut requests = state
        .nats
        .subscribe(state.namespace.chat_visitor_here())
        .await?;
    runtime::process::nats_round_trip(&state.nats).await?;
    let (nats, hub) = (state.nats.clone(), state.hub.clone());
    tracker.spawn(async move {
        loop {
            let request = tokio::select! {
                next = requests.next() => match next {
                    Some(request) => request,
                    None => break,
                },
                () = shutdown.cancelled() => break,
            };
            let chat = std::str::from_utf8(&request.payload)
                .ok()
                .and_then(|id| id.parse::<Uuid>().ok());
            if let (Some(chat), Some(reply)) = (chat, request.reply)
                && hub.visitor_here(chat)
                && let Err(error) = nats.publish(reply, "1".into()).await
            {
                tracing::warn!(%error, "failed to answer visitor_here");
            }
        }
    });
    Ok(())
}

/// Whether a socket of chat `chat_id`'s visitor is open on any gateway.
pub async fn visitor_on_page(state: &AppState, chat_id: Uuid) -> bool {
    if state.hub.visitor_here(chat_id) {
        return true;
    }
    let asked = state.nats.request(
        state.namespace.chat_visitor_here(),
        chat_id.to_string().into(),
    );
    matches!(
        tokio::time::timeout(VISITOR_HERE_WINDOW, asked).await,
        Ok(Ok(_))
    )
}

/// The chat's email as the console's details pane shows it.
pub async fn chat_email_state(state: &AppState, chat_id: Uuid) -> Result<ChatEmailState, ApiError> {
    let facts = store::email_facts(&state.pool, chat_id)
        .await?
        .ok_or(ApiError::NotFound)?;
    let (on_page, held, enabled) = tokio::join!(
        visitor_on_page(state, chat_id),
        store::held_waiting(&state.pool, chat_id),
        crate::platform::email_health::email_enabled(&state.pool),
    );
    let emails_on =
        enabled? && !facts.address.is_empty() && !facts.stopped && facts.bounced_at.is_none();
    let quiet = state.site_settings.current().settings.reply_email_minutes;
    let next_email_at = facts
        .first_unseen_at
        .filter(|_| emails_on && facts.unseen_replies > 0)
        .map(|first| first + time::Duration::minutes(i64::from(quiet)));
    Ok(ChatEmailState {
        address: facts.address,
        on_page,
        emails_on,
        stopped: facts.stopped,
        bounced_at: facts.bounced_at,
        bounce: facts.bounce,
        unseen_replies: facts.unseen_replies,
        next_email_at,
        held: held?,
    })
}
