//! Agent presence shared by every gateway. A gateway holding at least one
//! agent socket answers requests on the presence subject; asking "is any
//! agent online?" is one request: an answer means yes, "no responders" (or
//! silence) means no. A gateway that dies stops answering with it, so there
//! is no state to expire.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures::StreamExt as _;
use tokio::task::JoinHandle;

const ASK_TIMEOUT: Duration = Duration::from_millis(500);

#[derive(Clone)]
pub struct Presence {
    nats: async_nats::Client,
    subject: String,
    /// The answering task while this gateway holds agent sockets.
    responder: Arc<Mutex<Option<JoinHandle<()>>>>,
}

impl Presence {
    pub fn new(nats: async_nats::Client, subject: String) -> Self {
        Presence {
            nats,
            subject,
            responder: Arc::default(),
        }
    }

    /// Starts or stops answering as this gateway's agent count changes.
    pub async fn set_local(&self, agents: usize) {
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
        let _ = self.nats.flush().await;
        let nats = self.nats.clone();
        let responder = tokio::spawn(async move {
            while let Some(request) = requests.next().await {
                if let Some(reply) = request.reply {
                    let _ = nats.publish(reply, "online".into()).await;
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

    fn answering_locally(&self) -> bool {
        self.responder.lock().expect("presence lock").is_some()
    }

    /// Whether any gateway holds an agent socket. On doubt (NATS trouble)
    /// it says no, so visitors are told to expect an email rather than left
    /// waiting for an agent who may not come.
    pub async fn any_agent_online(&self) -> bool {
        if self.answering_locally() {
            return true;
        }
        let asked = self.nats.request(self.subject.clone(), "".into());
        matches!(tokio::time::timeout(ASK_TIMEOUT, asked).await, Ok(Ok(_)))
    }
}
