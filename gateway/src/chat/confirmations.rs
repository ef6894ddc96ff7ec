//! Commit confirmations: one NATS subscription per gateway instead of one
//! per message. Every send names `<prefix>.confirm.<gateway>` in its
//! `Nyota-Confirm-To` header; after each committed batch the `chat` worker
//! publishes there once, listing the ids of this gateway's messages
//! ([`CommitConfirmation`]), and the subscription wakes the request waiting
//! for each id.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use contract::Namespace;
use contract::chat::CommitConfirmation;
use futures::StreamExt as _;
use tokio::sync::oneshot;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use uuid::Uuid;

type Waiting = Arc<Mutex<HashMap<Uuid, oneshot::Sender<()>>>>;

/// The requests of this gateway waiting for a commit confirmation.
#[derive(Clone)]
pub struct Confirmations {
    /// This gateway instance's confirmation subject.
    subject: String,
    waiting: Waiting,
}

impl Confirmations {
    /// This gateway's confirmations, not yet dispatched (see [`Self::dispatch`]).
    pub fn new(namespace: &Namespace) -> Self {
        let gateway = Uuid::new_v4();
        Confirmations {
            subject: namespace.chat_confirm(gateway),
            waiting: Waiting::default(),
        }
    }

    /// [`Self::new`] and [`Self::dispatch`] in one, on a task of its own.
    pub async fn listen(
        nats: &async_nats::Client,
        namespace: Namespace,
        shutdown: CancellationToken,
    ) -> anyhow::Result<Self> {
        let confirmations = Self::new(&namespace);
        confirmations
            .dispatch(nats, &TaskTracker::new(), shutdown)
            .await?;
        Ok(confirmations)
    }

    /// Subscribes to this gateway's confirmations and hands each to the
    /// request waiting for it, on a task of `tracker`. Should the
    /// subscription end (it should not before shutdown), that is logged and
    /// sends wait out their time-out.
    pub async fn dispatch(
        &self,
        nats: &async_nats::Client,
        tracker: &TaskTracker,
        shutdown: CancellationToken,
    ) -> anyhow::Result<()> {
        let mut confirmations = nats.subscribe(self.subject.clone()).await?;
        // The server must have the subscription before the first send.
        runtime::process::nats_round_trip(nats).await?;
        let routes = Arc::clone(&self.waiting);
        tracker.spawn(async move {
            loop {
                let next = tokio::select! {
                    next = confirmations.next() => next,
                    () = shutdown.cancelled() => return,
                };
                let Some(confirmation) = next else {
                    tracing::error!(
                        "the commit confirmation subscription ended; chat sends now wait out CHAT_CONFIRM_TIMEOUT_MS"
                    );
                    return;
                };
                let Ok(CommitConfirmation { ids }) = serde_json::from_slice(&confirmation.payload)
                else {
                    tracing::warn!("ignoring a malformed commit confirmation");
                    continue;
                };
                // An id nobody waits for (its wait timed out) is dropped.
                let mut waiting = lock(&routes);
                for waiter in ids.iter().filter_map(|id| waiting.remove(id)) {
                    let _ = waiter.send(());
                }
            }
        });
        Ok(())
    }

    /// Starts waiting for message `id`'s confirmation (before it is
    /// published, so an early confirmation is not missed). Returns the
    /// subject for the message's `Nyota-Confirm-To` header and the wait.
    pub fn expect(&self, id: Uuid) -> (&str, Pending) {
        let (sender, receiver) = oneshot::channel();
        lock(&self.waiting).insert(id, sender);
        let pending = Pending {
            waiting: Arc::clone(&self.waiting),
            id,
            receiver,
        };
        (&self.subject, pending)
    }

    /// Requests waiting right now.
    pub fn waiting(&self) -> usize {
        lock(&self.waiting).len()
    }
}

/// One request's wait for its confirmation. Dropping it (answered, timed
/// out, or the request abandoned) forgets the message id, so nothing leaks.
pub struct Pending {
    waiting: Waiting,
    id: Uuid,
    receiver: oneshot::Receiver<()>,
}

impl Pending {
    /// Waits at most `limit`; whether the confirmation came.
    pub async fn wait(mut self, limit: Duration) -> bool {
        matches!(
            tokio::time::timeout(limit, &mut self.receiver).await,
            Ok(Ok(()))
        )
    }
}

impl Drop for Pending {
    fn drop(&mut self) {
        lock(&self.waiting).remove(&self.id);
    }
}

/// The map stays usable even if a holder panicked: it holds no invariant a
/// panic could break.
fn lock(waiting: &Waiting) -> MutexGuard<'_, HashMap<Uuid, oneshot::Sender<()>>> {
    waiting.lock().unwrap_or_else(PoisonError::into_inner)
}
