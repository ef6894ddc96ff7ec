//! Sign-out and loss of rights reach every socket on every gateway. A socket
//! is held under its sign-in id and its account's user id; revoking either
//! publishes `sessions.revoked.<id>`, and every gateway closes the sockets
//! it holds under that id with a close frame that says why.

use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use uuid::Uuid;

use crate::chat::hub::Hub;
use crate::state::AppState;

/// The close reason a revoked socket gets.
pub const SIGNED_OUT: &str = "Signed out";

/// Tells every gateway that `id` (a sign-in id or a user id) lost its rights.
/// Best effort on NATS trouble: the HTTP session is already gone, and a
/// socket re-checks nothing, so the failure is logged loudly.
pub async fn revoke(state: &AppState, id: Uuid) {
    let announced = crate::platform::bus::announce(
        &state.nats,
        state.namespace.sessions_revoked(id),
        Default::default(),
    )
    .await;
    if let Err(error) = announced {
        tracing::error!(
            error = format!("{error:#}"),
            "failed to publish a revocation"
        );
    }
}

/// Subscribes before returning, so no revocation published after start-up
/// is missed, then closes the matching local sockets as revocations arrive,
/// until the gateway shuts down.
pub async fn listen(
    nats: &async_nats::Client,
    subject: String,
    hub: Hub,
    tracker: &TaskTracker,
    shutdown: CancellationToken,
) -> anyhow::Result<JoinHandle<()>> {
    crate::platform::bus::follow(nats, subject, tracker, shutdown, move |revocation| {
        let id = revocation
            .subject
            .rsplit('.')
            .next()
            .and_then(|id| id.parse::<Uuid>().ok());
        if let Some(id) = id {
            let closed = hub.revoke(id, SIGNED_OUT);
            if closed > 0 {
                tracing::info!(sockets = closed, "closed revoked sockets");
            }
        }
        std::future::ready(())
    })
    .await
}
