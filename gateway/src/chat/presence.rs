//! Agent consoles open on every gateway, for the admin overview. A gateway
//! holding at least one agent socket answers requests on the presence
//! subject with its number of consoles; a gateway that dies stops answering
//! with it, so there is no state to expire. (Whether an agent can take a
//! chat is [`super::assignment`]'s business: their status and console.)

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures::StreamExt as _;
use tokio::task::JoinHandle;

/// How long a count waits for the answers of every gateway.
const COUNT_WINDOW: Duration = Duration::from_millis(300);

#[derive(Clone)]
pub struct Presence {
    nats: async_nats::Client,
    subject: String,
    /// The answering task while this gateway holds agent sockets.
    responder: Arc<Mutex<Option<JoinHandle<()>>>>,
    /// Agent consoles open on this gateway.
    local: Arc<AtomicUsize>,
}

impl Presence {
    pub fn new(nats: async_nats::Client, subject: String) -> Self {
        Presence {
            nats,
            subject,
            responder: Arc::default(),
            local: Arc::default(),
        }
    }

    /// Starts or stops answering as this gateway's agent count changes.
    pub async fn set_local(&self, agents: usize) {
        self.local.store(agents, Ordering::Relaxed);
        if agents == 0 {
            if let Some(responder) = self.responder.lock().expect("presence lock").take() {
                responder.abort();
            }
            return;
        }
        if self.responder.lock().expect("presence lock").is_some() {
            return;
        }
        let mut requests = match self.nats.subscribe(self.subject.clone()).await {
            Ok(requests) => requests,
            Err(error) => {
                tracing::warn!(%error, "failed to announce agent presence");
                return;
            }
        };
        let _ = runtime::process::nats_round_trip(&self.nats).await;
        let nats = self.nats.clone();
        let local = Arc::clone(&self.local);
        let responder = tokio::spawn(async move {
            while let Some(request) = requests.next().await {
                if let Some(reply) = request.reply {
                    let count = local.load(Ordering::Relaxed).max(1).to_string();
                    let _ = nats.publish(reply, count.into()).await;
                }
            }
        });
        let mut slot = self.responder.lock().expect("presence lock");
        match slot.as_ref() {
            // Lost a race with another socket: keep the first responder.
            Some(_) => responder.abort(),
            None => *slot = Some(responder),
        }
    }

    /// Agent consoles open on every gateway: the sum of the answers that
    /// arrive within a short window (this gateway's own count when NATS
    /// cannot be asked).
    pub async fn agent_consoles(&self) -> usize {
        let local = self.local.load(Ordering::Relaxed);
        let inbox = self.nats.new_inbox();
        let Ok(mut answers) = self.nats.subscribe(inbox.clone()).await else {
            return local;
        };
        if self
            .nats
            .publish_with_reply(self.subject.clone(), inbox, "".into())
            .await
            .is_err()
        {
            return local;
        }
        let mut total = 0;
        let deadline = tokio::time::Instant::now() + COUNT_WINDOW;
        while let Ok(Some(answer)) = tokio::time::timeout_at(deadline, answers.next()).await {
            // With nobody answering, the server itself says "no responders".
            if answer.status.is_some() || answer.payload.is_empty() {
                continue;
            }
            // An older gateway answers "online": one console at least.
            total += std::str::from_utf8(&answer.payload)
                .ok()
                .and_then(|count| count.parse::<usize>().ok())
                .unwrap_or(1);
        }
        total
    }
}
