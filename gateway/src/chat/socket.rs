//! `/ws`: the live socket of visitors and agents. Each socket is one task
//! that reads the client's frames, drains a small bounded outbox and pings.

use std::collections::HashMap;
use std::net::IpAddr;
use std::time::Duration;

use axum::extract::ws::{CloseFrame, Message, WebSocket};
use axum::http::StatusCode;
use contract::chat::{ClientFrame, SenderType, ServerFrame};
use futures::SinkExt;
use tokio::sync::mpsc;
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;
use uuid::Uuid;

use super::hub::{Member, Outgoing};
use super::pipeline::{Answer, Sent};
use super::posting::{self, MessageBody};
use super::{ChatError, Requester, frame_json, role_in_chat};
use crate::platform::error::ApiError;
use crate::platform::extract::staff_sign_in_ends;
use crate::platform::input::Input as _;
use crate::platform::limits::{Quota, gcra, now_ns};
use crate::state::AppState;

/// Frames queued for one socket before it counts as a slow consumer.
const OUTBOX_FRAMES: usize = 64;
const PING_EVERY: Duration = Duration::from_secs(25);
/// A socket silent this long (not even a pong) is dead.
const IDLE_LIMIT: Duration = Duration::from_secs(60);
/// How long a closing socket may take to take its close frame.
const CLOSE_GRACE: Duration = Duration::from_secs(1);
/// A gateway shutting down tells each socket when to come back: a random
/// moment within this, so thousands of browsers do not reconnect (and
/// refetch) in the same second.
const RECONNECT_SPREAD: Duration = Duration::from_secs(5);
/// Largest frame a client may send.
pub(crate) const MAX_CLIENT_FRAME: usize = 16 * 1024;

/// The close reason of a staff socket whose sign-in window ended.
pub const SIGN_IN_EXPIRED: &str = "Sign-in expired";

/// When the staff sign-in made at `signed_in_at` ends, under the settings now.
fn sign_in_deadline(state: &AppState, signed_in_at: i64) -> Instant {
    let hours = state.site_settings.current().settings.staff_sign_in_hours;
    let ends = staff_sign_in_ends(hours, signed_in_at);
    let left = ends.saturating_sub(time::OffsetDateTime::now_utc().unix_timestamp());
    Instant::now() + Duration::from_secs(u64::try_from(left).unwrap_or(0))
}

pub(crate) async fn serve_socket(
    mut socket: WebSocket,
    state: AppState,
    requester: Requester,
    ip: IpAddr,
    staff_signed_in_at: Option<i64>,
) {
    let id = state.hub.connection_id();
    // Agents' consoles and visitors' widgets, told apart for the dashboards.
    let kind = if requester.is_agent() {
        "agent"
    } else {
        "visitor"
    };
    let connections = state
        .metrics
        .gauge("websocket_connections", &[("kind", kind.to_owned())]);
    connections.increment(1.0);
    let (outbox, mut queued) = mpsc::channel::<Box<Outgoing>>(OUTBOX_FRAMES);
    let kill = CancellationToken::new();
    let member = Member {
        outbox,
        kill: kill.clone(),
        side: None,
    };
    let revocation_keys = requester.revocation_keys();
    state.hub.hold_revocable(&revocation_keys, id, &member);
    let mut session = SocketSession {
        state: &state,
        requester,
        ip,
        id,
        member,
        joined: HashMap::new(),
        agent: false,
        throttle: FrameThrottle::default(),
        refusing_sends: false,
    };
    let shutdown = state.shutdown.clone();
    // One task and one timer per socket (the ping and the idle limit share
    // it): thousands of idle sockets must stay cheap.
    let mut last_heard = Instant::now();
    let mut last_ping = last_heard;
    let heartbeat = tokio::time::sleep_until(last_ping + PING_EVERY);
    tokio::pin!(heartbeat);
    let is_staff = staff_signed_in_at.is_some();
    let signed_in_at = staff_signed_in_at.unwrap_or_default();
    // Far away for visitors: the branch below is disabled for them anyway.
    let sign_in_ends = tokio::time::sleep_until(if is_staff {
        sign_in_deadline(&state, signed_in_at)
    } else {
        Instant::now() + IDLE_LIMIT
    });
    tokio::pin!(sign_in_ends);
    loop {
        let outgoing = tokio::select! {
            () = kill.cancelled() => break,
            () = shutdown.cancelled() => {
                let close = CloseFrame { code: 1012, reason: restart_reason().into() };
                let _ = tokio::time::timeout(CLOSE_GRACE, socket.send(Message::Close(Some(close)))).await;
                break;
            }
            next = queued.recv() => match next.map(|boxed| *boxed) {
                Some(Outgoing::Frame(frame)) => Message::Text(frame),
                Some(Outgoing::Close(code, reason)) => {
                    let close = CloseFrame { code, reason: reason.into() };
                    let _ = tokio::time::timeout(CLOSE_GRACE, socket.send(Message::Close(Some(close)))).await;
                    break;
                }
                None => break,
            },
            incoming = socket.recv() => {
                last_heard = Instant::now();
                match incoming {
                    // Boxed: a frame's handling (a database lookup, a subscribe)
                    // is a large future, and unboxed every idle socket's task
                    // would be that large.
                    Some(Ok(Message::Text(text))) => Box::pin(session.handle(&text)).await,
                    Some(Ok(Message::Binary(_))) => session.reply(&ServerFrame::Error {
                        message: "Frames must be JSON text".to_owned(),
                    }),
                    Some(Ok(Message::Ping(_) | Message::Pong(_))) => {}
                    Some(Ok(Message::Close(_)) | Err(_)) | None => break,
                }
                continue;
            }
            () = &mut sign_in_ends, if is_staff => {
                // An admin may have lengthened the window meanwhile.
                let deadline = sign_in_deadline(&state, signed_in_at);
                if deadline > Instant::now() {
                    sign_in_ends.as_mut().reset(deadline);
                    continue;
                }
                let close = CloseFrame { code: 1008, reason: SIGN_IN_EXPIRED.into() };
                let _ = tokio::time::timeout(CLOSE_GRACE, socket.send(Message::Close(Some(close)))).await;
                break;
            }
            () = &mut heartbeat => {
                if is_staff {
                    // ...or shortened it.
                    sign_in_ends.as_mut().reset(sign_in_deadline(&state, signed_in_at));
                }
                let now = Instant::now();
                // Silent this long (not even a pong): dead.
                if now >= last_heard + IDLE_LIMIT {
                    break;
                }
                let ping_due = now >= last_ping + PING_EVERY;
                if ping_due {
                    last_ping = now;
                }
                heartbeat.as_mut().reset((last_ping + PING_EVERY).min(last_heard + IDLE_LIMIT));
                if !ping_due {
                    continue;
                }
                Message::Ping(Default::default())
            }
        };
        // A client that stops reading blocks this send: stay interruptible.
        let sent = tokio::select! {
            sent = socket.send(outgoing) => sent,
            () = kill.cancelled() => break,
            () = shutdown.cancelled() => break,
        };
        if sent.is_err() {
            break;
        }
    }
    kill.cancel();
    // The socket knows what it joined: leaving costs nothing per other socket.
    for chat_id in session.joined.keys() {
        state.hub.leave_chat(*chat_id, id);
    }
    // Before the close frame: once a console is seen closed (a sign-out,
    // say), its agent must already take no new chats.
    if session.agent
        && let Some(agent) = state.hub.leave_agents(id).await
    {
        super::assignment::console_closed(&state, agent).await;
    }
    // Sends our close frame (or completes the client's closing handshake)
    // and flushes; bounded, since a client that stopped reading never takes it.
    let _ = tokio::time::timeout(CLOSE_GRACE, SinkExt::close(&mut socket)).await;
    state.hub.release_revocable(&revocation_keys, id);
    connections.decrement(1.0);
}

/// The close reason of a gateway shutting down (code 1012): "Restarting;
/// reconnect in N ms", N random within [`RECONNECT_SPREAD`]. The browser
/// waits that long (`web/src/features/chat/lib/live-socket.ts`).
fn restart_reason() -> String {
    use rand::Rng as _;
    let spread = u64::try_from(RECONNECT_SPREAD.as_millis()).unwrap_or(u64::MAX);
    let delay = rand::thread_rng().gen_range(0..spread);
    format!("Restarting; reconnect in {delay} ms")
}

/// One socket's protocol state: who it is and which chats it joined.
struct SocketSession<'a> {
    state: &'a AppState,
    requester: Requester,
    /// The client's address: a visitor's messages count against its rate limit.
    ip: IpAddr,
    id: u64,
    member: Member,
    joined: HashMap<Uuid, SenderType>,
    /// Joined the agents' inbox updates.
    agent: bool,
    throttle: FrameThrottle,
    /// A message failed for now (a rate limit, the pipeline down): the
    /// socket is closing, and takes no more messages, so none sent after
    /// it is stored before it (the client resends them all, in order).
    refusing_sends: bool,
}

/// The close of a socket whose message failed for now (code 1013, "try
/// again later"): the client reconnects and resends from that message.
const SEND_FAILED_REASON: &str = "A message could not be taken; send it again";
/// WebSocket close code 1013.
const TRY_AGAIN_LATER: u16 = 1013;

/// Per-socket limits on the frames that cost the server work: a join is a
/// database lookup, a typing frame a publish to every gateway on the chat.
/// Each is a GCRA theoretical arrival time, local to the socket.
#[derive(Default)]
struct FrameThrottle {
    joins: u64,
    typing: u64,
    receipts: u64,
    pings: u64,
}

/// A console re-joins every open chat after a reconnect (a burst of up to
/// 100), then 5 a second.
const JOINS: Quota = Quota {
    count: 100,
    period: Duration::from_secs(20),
};
/// Typing frames come every 2.5 s per chat: a burst of 10, then 4 a second.
const TYPING: Quota = Quota {
    count: 10,
    period: Duration::from_millis(2500),
};

/// A client sends a chat's receipt when its newest message changes, at most
/// every 300 ms per chat, and a console after a reconnect one per open chat:
/// a burst of 100, then 5 a second.
const RECEIPTS: Quota = Quota {
    count: 100,
    period: Duration::from_secs(20),
};

/// A page probes at most every few seconds: a burst of 5, then one a second.
const PINGS: Quota = Quota {
    count: 5,
    period: Duration::from_secs(5),
};

/// Admits one frame against `tat` under `quota`.
fn admit(tat: &mut u64, quota: Quota) -> bool {
    match gcra(quota, *tat, now_ns()) {
        Some(next) => {
            *tat = next;
            true
        }
        None => false,
    }
}

/// Reads one text frame from a client; the error is what the client is told.
pub fn parse_frame(text: &str) -> Result<ClientFrame, &'static str> {
    serde_json::from_str::<ClientFrame>(text).map_err(|_| "Unknown or malformed frame")
}

/// What a throttled frame is answered with.
const SLOW_DOWN: &str = "Too many requests on this connection. Please slow down.";

impl SocketSession<'_> {
    fn reply(&self, frame: &ServerFrame) {
        self.member.deliver(frame_json(frame).into());
    }

    fn error(&self, message: &str) {
        self.reply(&ServerFrame::Error {
            message: message.to_owned(),
        });
    }

    async fn handle(&mut self, text: &str) {
        let frame = match parse_frame(text) {
            Ok(frame) => frame,
            Err(message) => return self.error(message),
        };
        match frame {
            ClientFrame::JoinSession { session_id, after } => {
                if !admit(&mut self.throttle.joins, JOINS) {
                    return self.error(SLOW_DOWN);
                }
                self.join(session_id, after).await;
            }
            ClientFrame::LeaveSession { session_id } => {
                if self.joined.remove(&session_id).is_some() {
                    self.state.hub.leave_chat(session_id, self.id);
                }
            }
            ClientFrame::Typing {
                session_id,
                is_typing,
            } => {
                let Some(&sender_type) = self.joined.get(&session_id) else {
                    return self.error("Join the chat session first");
                };
                if !admit(&mut self.throttle.typing, TYPING) {
                    // Typing is advisory: drop the frame quietly.
                    return;
                }
                let frame = ServerFrame::Typing {
                    session_id,
                    sender_type,
                    is_typing,
                };
                let subject = self.state.namespace.chat_events(session_id);
                if let Err(error) = self
                    .state
                    .nats
                    .publish(subject, frame_json(&frame).into())
                    .await
                {
                    tracing::warn!(%error, "failed to publish typing");
                }
            }
            ClientFrame::Receipt {
                session_id,
                state,
                through,
            } => {
                let Some(&reader) = self.joined.get(&session_id) else {
                    return self.error("Join the chat session first");
                };
                if !admit(&mut self.throttle.receipts, RECEIPTS) {
                    return self.error(SLOW_DOWN);
                }
                // The client sends its receipts again after a reconnect
                // until its list shows them, so a failure here loses none.
                if let Err(error) =
                    super::receipts::record(self.state, session_id, reader, state, through).await
                {
                    tracing::warn!(%error, "failed to publish a receipt");
                    self.error("Live updates are temporarily unavailable");
                }
            }
            ClientFrame::SendMessage {
                session_id,
                client_message_id,
                message,
                resend,
            } => {
                if self.refusing_sends {
                    return;
                }
                if !self.joined.contains_key(&session_id) {
                    // The browser sends right behind its join; this join
                    // failed. Answered as the message's own failure, so the
                    // browser takes it back and posts it, whose answer says why.
                    return self.reply(&ServerFrame::SendFailed {
                        session_id,
                        client_message_id,
                        status: StatusCode::CONFLICT.as_u16(),
                        message: "Join the chat session first".to_owned(),
                    });
                }
                let body = MessageBody {
                    message,
                    client_message_id: Some(client_message_id),
                    resend,
                    attachment_id: None,
                };
                self.send_message(session_id, client_message_id, body).await;
            }
            ClientFrame::Ping => {
                // Beyond the quota a ping goes unanswered: a flood costs no frames.
                if admit(&mut self.throttle.pings, PINGS) {
                    self.reply(&ServerFrame::Pong);
                }
            }
            ClientFrame::JoinAgents => {
                let Some(agent) = self.requester.user.as_ref().filter(|user| user.is_agent())
                else {
                    return self.error("Only support agents can do this");
                };
                let agent_id = agent.id;
                match self
                    .state
                    .hub
                    .join_agents(self.id, self.member.clone(), agent_id)
                    .await
                {
                    Ok(()) => {
                        self.agent = true;
                        // Available at once: queued chats may go to this agent.
                        super::assignment::console_opened(self.state, agent_id).await;
                        self.reply(&ServerFrame::AgentsJoined);
                    }
                    Err(error) => {
                        tracing::warn!(
                            error = format!("{error:#}"),
                            "failed to join the agents topic"
                        );
                        self.error("Live updates are temporarily unavailable");
                    }
                }
            }
        }
    }

    /// A message sent on the socket: the checks and the pipeline of `POST
    /// …/messages`, answered by the `new_message` frame every socket on the
    /// chat gets once it is stored (so this one costs no answer of its own),
    /// or by `send_failed` with the status the post would have had. Clients
    /// send their queued messages one after the other without waiting: after
    /// a refusal for good (the message itself is wrong) the next ones go on,
    /// but after a failure for now the socket closes (see `refusing_sends`).
    async fn send_message(&mut self, session_id: Uuid, client_message_id: Uuid, body: MessageBody) {
        let sent = match body.check() {
            Ok(body) => {
                posting::post(
                    self.state,
                    &self.requester,
                    self.ip,
                    session_id,
                    body,
                    Answer::Accepted,
                )
                .await
            }
            Err(error) => Err(ApiError::from(error)),
        };
        match sent {
            Ok(Sent::Published(_)) => {}
            // A resend of a message stored before: its frame went out then.
            Ok(Sent::Found(mut message)) => {
                let role = self.joined.get(&session_id).copied();
                if role.is_some_and(|role| !super::receipts::agents_seen_shown(self.state, role)) {
                    message.seen_at = None;
                }
                self.reply(&ServerFrame::NewMessage {
                    session_id,
                    message: Box::new(message),
                });
            }
            Err(error) => {
                if let ApiError::Internal(cause) = &error {
                    tracing::warn!(error = format!("{cause:#}"), "a socket's message failed");
                }
                let status = error.status();
                self.reply(&ServerFrame::SendFailed {
                    session_id,
                    client_message_id,
                    status: status.as_u16(),
                    message: error.to_string(),
                });
                if status == StatusCode::TOO_MANY_REQUESTS || status.is_server_error() {
                    self.refusing_sends = true;
                    self.member.close(TRY_AGAIN_LATER, SEND_FAILED_REASON);
                }
            }
        }
    }

    async fn join(&mut self, session_id: Uuid, after: Option<Uuid>) {
        let role = match role_in_chat(self.state, &self.requester, session_id).await {
            Ok(role) => role,
            Err(ChatError::NotFound) => return self.error("Chat session not found"),
            Err(error) => {
                // The cause (e.g. the sqlx error) is in `error`'s message.
                tracing::warn!(%error, "failed to authorise a join");
                return self.error("Live updates are temporarily unavailable");
            }
        };
        match self
            .state
            .hub
            .join_chat(
                session_id,
                self.id,
                Member {
                    side: Some(role),
                    ..self.member.clone()
                },
            )
            .await
        {
            Ok(()) => {
                self.joined.insert(session_id, role);
                // Read once subscribed: a message stored meanwhile comes
                // both ways, and the client keeps one by its id.
                let resume = match after {
                    Some(after) => {
                        Some(super::resume::resume(self.state, session_id, role, after).await)
                    }
                    None => None,
                };
                self.reply(&ServerFrame::SessionJoined { session_id, resume });
            }
            Err(error) => {
                tracing::warn!(error = format!("{error:#}"), "failed to join a chat topic");
                self.error("Live updates are temporarily unavailable");
            }
        }
    }
}
