//! The WebSocket hub of one gateway: which local sockets follow which chat,
//! and which are agent consoles. A gateway subscribes to a chat's NATS
//! subject only while at least one of its sockets has joined that chat, and
//! forwards each event to those sockets without re-encoding it.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use axum::extract::ws::Utf8Bytes;
use contract::Namespace;
use contract::chat::{NOT_FOR_SIDE_HEADER, SenderType, ServerFrame};
use futures::StreamExt as _;
use tokio::sync::mpsc;
use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;
use uuid::Uuid;

use super::presence::Presence;
use contract::telemetry::set_parent_from_headers;

/// What a socket's send task sends next.
pub enum Outgoing {
    Frame(Utf8Bytes),
    /// A close frame with this code and reason; the socket ends after it.
    Close(u16, &'static str),
}

/// How a socket is reached: its bounded outbox, and the switch that closes
/// it when it cannot keep up. The outbox holds boxes: a channel allocates
/// its first block of slots up front, and 32 pointer-sized slots instead of
/// 32 frames save about 1 KiB on every idle socket.
#[derive(Clone)]
pub struct Member {
    pub outbox: mpsc::Sender<Box<Outgoing>>,
    pub kill: CancellationToken,
    /// The socket's side in a chat it joined (`user` or `agent`): events
    /// for the other side only pass it by. None outside a chat.
    pub side: Option<SenderType>,
}

impl Member {
    /// Queues a frame; a socket whose queue is full is a slow consumer and
    /// is disconnected rather than buffered without limit.
    pub fn deliver(&self, frame: Utf8Bytes) {
        if let Err(mpsc::error::TrySendError::Full(_)) =
            self.outbox.try_send(Box::new(Outgoing::Frame(frame)))
        {
            tracing::info!("disconnecting a slow WebSocket consumer");
            self.kill.cancel();
        }
    }

    /// Closes the socket with a reason the client can show; at once when
    /// its queue is full.
    pub fn close(&self, code: u16, reason: &'static str) {
        if self
            .outbox
            .try_send(Box::new(Outgoing::Close(code, reason)))
            .is_err()
        {
            self.kill.cancel();
        }
    }
}

/// WebSocket close code 1008: the socket's rights ended.
const POLICY_VIOLATION: u16 = 1008;
/// WebSocket close code 1012 ("service restart"): reconnect, then refetch.
const SERVICE_RESTART: u16 = 1012;
const RESYNC_REASON: &str = "Live updates were interrupted; reconnecting";

struct Topic {
    members: HashMap<u64, Member>,
    forwarder: JoinHandle<()>,
}

type Topics = Arc<Mutex<HashMap<TopicKey, Topic>>>;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
enum TopicKey {
    Chat(Uuid),
    Agents,
}

#[derive(Clone)]
pub struct Hub {
    nats: async_nats::Client,
    namespace: Namespace,
    presence: Presence,
    topics: Topics,
    /// Sockets by the sign-in and the account they act for, so a revocation
    /// of either closes them.
    revocable: Arc<Mutex<HashMap<Uuid, HashMap<u64, Member>>>>,
    /// The account behind each agent console socket on this gateway.
    agent_accounts: Arc<Mutex<HashMap<u64, Uuid>>>,
    /// This gateway process, in the `agent_consoles` it records.
    instance: Uuid,
    next_id: Arc<AtomicU64>,
}

impl Hub {
    pub fn new(nats: async_nats::Client, namespace: Namespace, presence: Presence) -> Self {
        Hub {
            nats,
            namespace,
            presence,
            topics: Arc::default(),
            revocable: Arc::default(),
            agent_accounts: Arc::default(),
            instance: Uuid::new_v4(),
            next_id: Arc::default(),
        }
    }

    /// Whether a socket of chat `chat_id`'s visitor is joined to it here.
    pub fn visitor_here(&self, chat_id: Uuid) -> bool {
        let topics = self.topics.lock().expect("hub lock");
        topics.get(&TopicKey::Chat(chat_id)).is_some_and(|topic| {
            topic
                .members
                .values()
                .any(|member| member.side == Some(SenderType::User))
        })
    }

    /// Registers socket `id` under each revocation key (its sign-in, its account).
    pub fn hold_revocable(&self, keys: &[Uuid], id: u64, member: &Member) {
        let mut revocable = self.revocable.lock().expect("hub lock");
        for key in keys {
            revocable
                .entry(*key)
                .or_default()
                .insert(id, member.clone());
        }
    }

    pub fn release_revocable(&self, keys: &[Uuid], id: u64) {
        let mut revocable = self.revocable.lock().expect("hub lock");
        for key in keys {
            if let Some(sockets) = revocable.get_mut(key) {
                sockets.remove(&id);
                if sockets.is_empty() {
                    revocable.remove(key);
                }
            }
        }
    }

    /// Closes every local socket held under `key`; returns how many.
    pub fn revoke(&self, key: Uuid, reason: &'static str) -> usize {
        let sockets = self.revocable.lock().expect("hub lock").remove(&key);
        let sockets = sockets.unwrap_or_default();
        for member in sockets.values() {
            member.close(POLICY_VIOLATION, reason);
        }
        sockets.len()
    }

    /// Closes every socket that joined a chat or the agents' topic, so that
    /// its client reconnects, joins again and refetches what it shows (see
    /// `resync`). Returns how many.
    pub fn resync(&self) -> usize {
        close_joined(&self.topics.lock().expect("hub lock"))
    }

    pub fn connection_id(&self) -> u64 {
        self.next_id.fetch_add(1, Ordering::Relaxed)
    }

    pub async fn join_chat(&self, chat_id: Uuid, id: u64, member: Member) -> anyhow::Result<()> {
        self.join(TopicKey::Chat(chat_id), id, member).await
    }

    pub fn leave_chat(&self, chat_id: Uuid, id: u64) {
        self.leave(TopicKey::Chat(chat_id), id);
    }

    /// Socket `id` of agent `account` receives inbox updates from now on.
    pub async fn join_agents(&self, id: u64, member: Member, account: Uuid) -> anyhow::Result<()> {
        self.join(TopicKey::Agents, id, member).await?;
        self.agent_accounts
            .lock()
            .expect("hub lock")
            .insert(id, account);
        self.presence.set_local(self.agent_count()).await;
        Ok(())
    }

    /// Socket `id` left the agents' topic. Returns its agent's account when
    /// that was their last console on this gateway.
    pub async fn leave_agents(&self, id: u64) -> Option<Uuid> {
        self.leave(TopicKey::Agents, id);
        let last = {
            let mut accounts = self.agent_accounts.lock().expect("hub lock");
            accounts
                .remove(&id)
                .filter(|account| !accounts.values().any(|other| other == account))
        };
        self.presence.set_local(self.agent_count()).await;
        last
    }

    /// This gateway process's id.
    pub fn instance(&self) -> Uuid {
        self.instance
    }

    /// The agents with a console open on this gateway, each once.
    pub fn agents_connected(&self) -> Vec<Uuid> {
        let accounts = self.agent_accounts.lock().expect("hub lock");
        let mut agents: Vec<Uuid> = accounts.values().copied().collect();
        agents.sort_unstable();
        agents.dedup();
        agents
    }

    fn agent_count(&self) -> usize {
        let topics = self.topics.lock().expect("hub lock");
        topics.get(&TopicKey::Agents).map_or(0, |t| t.members.len())
    }

    fn subject(&self, key: TopicKey) -> String {
        match key {
            TopicKey::Chat(chat_id) => self.namespace.chat_events(chat_id),
            TopicKey::Agents => self.namespace.agents_events(),
        }
    }

    async fn join(&self, key: TopicKey, id: u64, member: Member) -> anyhow::Result<()> {
        if let Some(topic) = self.topics.lock().expect("hub lock").get_mut(&key) {
            topic.members.insert(id, member);
            return Ok(());
        }
        let mut subscription = self.nats.subscribe(self.subject(key)).await?;
        // The server must have the subscription before we say "joined".
        runtime::process::nats_round_trip(&self.nats).await?;
        let mut topics = self.topics.lock().expect("hub lock");
        if let Some(topic) = topics.get_mut(&key) {
            // Another socket subscribed meanwhile; ours is dropped.
            topic.members.insert(id, member);
            return Ok(());
        }
        let shared = Arc::clone(&self.topics);
        let forwarder = tokio::spawn(async move {
            while let Some(event) = subscription.next().await {
                let members: Vec<Member> = shared
                    .lock()
                    .expect("hub lock")
                    .get(&key)
                    .map(|topic| topic.members.values().cloned().collect())
                    .unwrap_or_default();
                // A stored message's event carries its trace (the worker's
                // `chat.store`): the push to the sockets continues it.
                let _delivery = event.headers.as_ref().map(|headers| {
                    let span = tracing::info_span!("chat.deliver", sockets = members.len());
                    set_parent_from_headers(&span, Some(headers));
                    span.entered()
                });
                let not_for = event
                    .headers
                    .as_ref()
                    .and_then(|headers| headers.get(NOT_FOR_SIDE_HEADER))
                    .map(|side| side.as_str());
                for frame in frames(&event.payload) {
                    for member in &members {
                        if not_for.is_some() && member.side.map(SenderType::as_str) == not_for {
                            continue;
                        }
                        member.deliver(frame.clone());
                    }
                }
            }
        });
        topics.insert(
            key,
            Topic {
                members: HashMap::from([(id, member)]),
                forwarder,
            },
        );
        Ok(())
    }

    fn leave(&self, key: TopicKey, id: u64) {
        let mut topics = self.topics.lock().expect("hub lock");
        if let Some(topic) = topics.get_mut(&key) {
            topic.members.remove(&id);
            if topic.members.is_empty() {
                // Aborting drops the subscription, which unsubscribes.
                if let Some(topic) = topics.remove(&key) {
                    topic.forwarder.abort();
                }
            }
        }
    }
}

/// The frames an event carries: one, or several, one per line (a JSON
/// frame has no raw newline). Parts that are not UTF-8 are skipped.
fn frames(payload: &bytes::Bytes) -> impl Iterator<Item = Utf8Bytes> + '_ {
    payload
        .split(|&byte| byte == b'\n')
        .filter(|part| !part.is_empty())
        // `slice_ref` shares the payload's buffer: no copy per frame.
        .filter_map(|part| Utf8Bytes::try_from(payload.slice_ref(part)).ok())
}

/// Closes each socket of `topics` once, however many topics it joined.
fn close_joined(topics: &HashMap<TopicKey, Topic>) -> usize {
    let members: HashMap<u64, &Member> = topics
        .values()
        .flat_map(|topic| topic.members.iter().map(|(id, member)| (*id, member)))
        .collect();
    for member in members.values() {
        member.close(SERVICE_RESTART, RESYNC_REASON);
    }
    members.len()
}

/// A server frame as the JSON text sent on sockets and NATS.
pub fn frame_json(frame: &ServerFrame) -> String {
    // Serialising our own plain enum cannot fail.
    serde_json::to_string(frame).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_event_carries_one_frame_or_several_one_per_line() {
        let texts = |payload: &'static [u8]| {
            frames(&bytes::Bytes::from_static(payload))
                .map(|frame| frame.as_str().to_owned())
                .collect::<Vec<_>>()
        };
        assert_eq!(texts(br#"{"type":"a"}"#), [r#"{"type":"a"}"#]);
        assert_eq!(
            texts(b"{\"n\":1}\n{\"n\":2}\n"),
            [r#"{"n":1}"#, r#"{"n":2}"#]
        );
        // Empty lines and parts that are not UTF-8 are skipped.
        assert_eq!(texts(b"\n\xff\xfe\n{}"), ["{}"]);
        assert!(texts(b"").is_empty());
    }

    fn member() -> (Member, mpsc::Receiver<Box<Outgoing>>) {
        let (outbox, queued) = mpsc::channel(4);
        let member = Member {
            outbox,
            kill: CancellationToken::new(),
            side: None,
        };
        (member, queued)
    }

    #[tokio::test]
    async fn a_resync_closes_every_joined_socket_once() {
        let (first, mut first_queue) = member();
        let (second, mut second_queue) = member();
        let topic = |members: Vec<(u64, Member)>| Topic {
            members: members.into_iter().collect(),
            forwarder: tokio::spawn(async {}),
        };
        let topics = HashMap::from([
            (
                TopicKey::Chat(Uuid::now_v7()),
                topic(vec![(1, first.clone()), (2, second)]),
            ),
            (TopicKey::Agents, topic(vec![(1, first)])),
        ]);
        assert_eq!(close_joined(&topics), 2);
        for queue in [&mut first_queue, &mut second_queue] {
            assert!(matches!(
                queue.try_recv().map(|boxed| *boxed),
                Ok(Outgoing::Close(SERVICE_RESTART, _))
            ));
            assert!(queue.try_recv().is_err(), "closed once");
        }
    }
}
