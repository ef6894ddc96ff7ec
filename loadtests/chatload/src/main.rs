//! `chatload`: the chat-rate scenario (`loadtests/chat_rate.js`) as a small
//! Rust binary, so that the load generator costs a fraction of what k6 does.
//!
//! SOCKETS visitors each start a chat (a browser of their own: a session
//! cookie each) and hold a WebSocket joined to it; IDLE more sockets are
//! opened and held idle (answering pings). After WARMUP seconds, messages
//! are posted to those chats at RATE a second, spread evenly over the chats,
//! for DURATION seconds: an open model, each due at `n / RATE` whatever the
//! answers' speed (see `scenario` for the drop rule). A message's delivery
//! time runs from just before its POST to its `new_message` frame on its
//! visitor's socket (the text carries the send time; both ends read this
//! process's monotonic clock).
//!
//!     chatload --base-url http://127.0.0.1:8080 --rate 1000 --sockets 200 --idle 10000
//!
//! With MARKER_URL set it GETs that URL once every socket has joined, as
//! `chat_rate.js` does, so that `loadtests/cpu_per_message.py` can time the
//! steady phase; `--summary FILE` writes the JSON that script reads.

mod scenario;

use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Context as _, bail};
use clap::Parser;
use futures::{SinkExt as _, StreamExt as _};
use hdrhistogram::Histogram;
use reqwest::header::{CONTENT_TYPE, COOKIE};
use serde::Deserialize;
use tokio_tungstenite::tungstenite::Message;

use chatload::visitor::{Chat, start_chat, visitor_socket_request};
use scenario::{Decision, Percentiles, Schedule, Summary, decide, delivery_histogram};

/// What each message's text starts with; the rest is its number and send time.
const PREFIX: &str = "rate ";

#[derive(Parser, Debug)]
#[command(about = "Chat messages at a fixed arrival rate; delivery time to the visitor's socket")]
struct Args {
    /// The platform, e.g. http://127.0.0.1:8080.
    #[arg(long, env = "BASE_URL")]
    base_url: String,
    /// Messages a second.
    #[arg(long, env = "RATE", default_value_t = 300.0)]
    rate: f64,
    /// Chats, each with its visitor's socket joined to it.
    #[arg(long, env = "SOCKETS", default_value_t = 200)]
    sockets: u64,
    /// More sockets, opened and held idle.
    #[arg(long, env = "IDLE_SOCKETS", default_value_t = 0)]
    idle: u64,
    /// Seconds of messages.
    #[arg(long, env = "DURATION", default_value_t = 30.0)]
    duration: f64,
    /// Seconds between every socket having joined and the first message.
    #[arg(long, env = "WARMUP", default_value_t = 10.0)]
    warmup: f64,
    /// After the last message: at most this many seconds for the answers
    /// and deliveries still due.
    #[arg(long, default_value_t = 10.0)]
    drain: f64,
    /// A due message is dropped when this many POSTs are unanswered (k6's MAX_VUS).
    #[arg(long, env = "MAX_IN_FLIGHT", default_value_t = 2000)]
    max_in_flight: u64,
    /// A due message is dropped when the generator reaches it more than this
    /// many milliseconds late.
    #[arg(long, default_value_t = 20)]
    max_late_ms: u64,
    /// Runtime threads; 1 runs everything on one thread (the cheapest).
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// GET this URL once every socket has joined (for cpu_per_message.py).
    #[arg(long, env = "MARKER_URL")]
    marker_url: Option<String>,
    /// Write the summary as JSON here.
    #[arg(long, env = "SUMMARY_FILE")]
    summary: Option<std::path::PathBuf>,
}

/// What the tasks count, shared.
struct Counters {
    /// The run's clock: send times are microseconds from here.
    epoch: Instant,
    in_flight: AtomicU64,
    accepted: AtomicU64,
    refused: AtomicU64,
    delivered: AtomicU64,
    joined: AtomicU64,
    delivery: Mutex<Histogram<u64>>,
}

impl Counters {
    fn now_micros(&self) -> u64 {
        self.epoch.elapsed().as_micros() as u64
    }
}

fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    // Written so that NaN fails too.
    let positive = |v: f64| v.is_finite() && v > 0.0;
    if !positive(args.rate) || !positive(args.duration) || args.sockets == 0 {
        bail!("--rate, --duration and --sockets must be positive");
    }
    let runtime = if args.threads <= 1 {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()?
    } else {
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(args.threads)
            .enable_all()
            .build()?
    };
    let summary = runtime.block_on(run(&args))?;
    for line in summary.lines() {
        println!("{line}");
    }
    if let Some(path) = &args.summary {
        std::fs::write(path, serde_json::to_vec(&summary)?)
            .with_context(|| format!("writing {}", path.display()))?;
    }
    // The held sockets are dropped with the runtime, without close handshakes.
    runtime.shutdown_background();
    Ok(())
}

async fn run(args: &Args) -> anyhow::Result<Summary> {
    let base = args.base_url.trim_end_matches('/').to_owned();
    let ws_url = format!("{}/ws", base.replacen("http", "ws", 1));
    let http = reqwest::Client::builder()
        .no_proxy()
        .pool_idle_timeout(Duration::from_secs(90))
        .tcp_nodelay(true)
        .build()?;
    let counters = Arc::new(Counters {
        epoch: Instant::now(),
        in_flight: AtomicU64::new(0),
        accepted: AtomicU64::new(0),
        refused: AtomicU64::new(0),
        delivered: AtomicU64::new(0),
        joined: AtomicU64::new(0),
        delivery: Mutex::new(delivery_histogram()),
    });

    let chats: Vec<Chat> = futures::stream::iter(0..args.sockets)
        .map(|n| start_chat(&http, &base, n))
        .buffered(16)
        .collect::<Vec<_>>()
        .await
        .into_iter()
        .collect::<anyhow::Result<_>>()?;
    let chats = Arc::new(chats);

    if args.idle > 0 {
        let opened = futures::stream::iter(0..args.idle)
            .map(|_| hold_idle(ws_url.clone()))
            .buffer_unordered(200)
            .filter(|opened| futures::future::ready(opened.is_ok()))
            .count()
            .await;
        println!("holding {opened} idle sockets");
        if opened as u64 != args.idle {
            bail!("only {opened} of {} idle sockets opened", args.idle);
        }
    }

    for chat in chats.iter() {
        let request = visitor_socket_request(&ws_url, chat)?;
        let (mut socket, _) = tokio_tungstenite::connect_async(request)
            .await
            .context("opening a visitor's socket")?;
        let join = format!(r#"{{"type":"join_session","sessionId":"{}"}}"#, chat.id);
        socket.send(Message::text(join)).await?;
        tokio::spawn(read_visitor_socket(socket, Arc::clone(&counters)));
    }
    let joined_by = Instant::now() + Duration::from_secs(60);
    while counters.joined.load(Ordering::Relaxed) < args.sockets {
        if Instant::now() > joined_by {
            bail!(
                "only {} of {} sockets joined their chats",
                counters.joined.load(Ordering::Relaxed),
                args.sockets
            );
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    if let Some(marker) = &args.marker_url {
        http.get(marker).send().await.context("the marker URL")?;
    }
    tokio::time::sleep(Duration::from_secs_f64(args.warmup)).await;

    // The steady phase.
    let schedule = Schedule::new(args.rate, Duration::from_secs_f64(args.duration));
    let max_late = Duration::from_millis(args.max_late_ms);
    let (mut dropped_busy, mut dropped_late) = (0u64, 0u64);
    let cpu_before = own_cpu()?;
    let start = tokio::time::Instant::now();
    let mut next = 0u64;
    while next < schedule.total() {
        tokio::time::sleep_until(start + schedule.due(next)).await;
        let now = tokio::time::Instant::now();
        let due = schedule.due_by(now - start);
        while next < due {
            let lateness = now.saturating_duration_since(start + schedule.due(next));
            let in_flight = counters.in_flight.load(Ordering::Relaxed);
            match decide(lateness, in_flight, args.max_in_flight, max_late) {
                Decision::Send => {
                    counters.in_flight.fetch_add(1, Ordering::Relaxed);
                    tokio::spawn(send(
                        http.clone(),
                        Arc::clone(&chats),
                        next,
                        Arc::clone(&counters),
                    ));
                }
                Decision::DropBusy => dropped_busy += 1,
                Decision::DropLate => dropped_late += 1,
            }
            next += 1;
        }
    }
    let cpu_after = own_cpu()?;

    // The answers and deliveries still due.
    let drain_by = Instant::now() + Duration::from_secs_f64(args.drain);
    while Instant::now() < drain_by
        && (counters.in_flight.load(Ordering::Relaxed) > 0
            || counters.delivered.load(Ordering::Relaxed)
                < counters.accepted.load(Ordering::Relaxed))
    {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }

    let accepted = counters.accepted.load(Ordering::Relaxed);
    let generator_cpu_s = (cpu_after - cpu_before).as_secs_f64();
    let histogram = counters.delivery.lock().expect("histogram lock").clone();
    Ok(Summary {
        rate: args.rate,
        sockets: args.sockets,
        idle_sockets: args.idle,
        duration_s: args.duration,
        offered: schedule.total(),
        accepted,
        refused: counters.refused.load(Ordering::Relaxed),
        delivered: counters.delivered.load(Ordering::Relaxed),
        dropped: dropped_busy + dropped_late,
        dropped_busy,
        dropped_late,
        sockets_joined: counters.joined.load(Ordering::Relaxed),
        delivery_ms: Percentiles::of(&histogram),
        generator_cpu_ms_per_message: (accepted > 0)
            .then(|| generator_cpu_s * 1000.0 / accepted as f64),
        generator_cpu_s,
    })
}

/// User + system CPU time of this process, every thread.
fn own_cpu() -> anyhow::Result<Duration> {
    use nix::sys::resource::{UsageWho, getrusage};
    let usage = getrusage(UsageWho::RUSAGE_SELF)?;
    let time = |t: nix::sys::time::TimeVal| {
        Duration::from_secs(t.tv_sec() as u64) + Duration::from_micros(t.tv_usec() as u64)
    };
    Ok(time(usage.user_time()) + time(usage.system_time()))
}

/// Posts message `n` to its chat (chats in turn).
async fn send(http: reqwest::Client, chats: Arc<Vec<Chat>>, n: u64, counters: Arc<Counters>) {
    let chat = &chats[(n % chats.len() as u64) as usize];
    let sent_at = counters.now_micros();
    let result = http
        .post(&chat.messages_url)
        .header(CONTENT_TYPE, "application/json")
        .header("X-Requested-With", "XMLHttpRequest")
        .header(COOKIE, chat.cookie.clone())
        .body(format!(r#"{{"message":"{PREFIX}{n} {sent_at}"}}"#))
        .send()
        .await;
    let accepted = match result {
        Ok(response) => {
            let created = response.status() == reqwest::StatusCode::CREATED;
            // Read to the end, so that the connection is used again.
            response.bytes().await.is_ok() && created
        }
        Err(_) => false,
    };
    let counter = if accepted {
        &counters.accepted
    } else {
        &counters.refused
    };
    counter.fetch_add(1, Ordering::Relaxed);
    counters.in_flight.fetch_sub(1, Ordering::Relaxed);
}

/// The parts of a server frame read here (the rest is skipped unparsed).
#[derive(Deserialize)]
struct Frame<'a> {
    #[serde(rename = "type", borrow)]
    kind: &'a str,
    #[serde(borrow)]
    message: Option<FrameMessage<'a>>,
}

#[derive(Deserialize)]
struct FrameMessage<'a> {
    #[serde(borrow)]
    message: std::borrow::Cow<'a, str>,
}

/// The send time (µs on the run's clock) a `new_message` frame carries, if
/// it is one of this run's messages; whether the frame says "joined".
fn read_frame(text: &str) -> (Option<u64>, bool) {
    let Ok(frame) = serde_json::from_str::<Frame>(text) else {
        return (None, false);
    };
    match frame.kind {
        "session_joined" => (None, true),
        "new_message" => {
            let sent_at = frame.message.and_then(|m| {
                m.message
                    .strip_prefix(PREFIX)
                    .and_then(|rest| rest.split(' ').nth(1))
                    .and_then(|at| at.parse().ok())
            });
            (sent_at, false)
        }
        _ => (None, false),
    }
}

async fn read_visitor_socket<S>(
    mut socket: tokio_tungstenite::WebSocketStream<S>,
    counters: Arc<Counters>,
) where
    S: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin,
{
    while let Some(Ok(message)) = socket.next().await {
        let Message::Text(text) = message else {
            continue;
        };
        match read_frame(text.as_str()) {
            (Some(sent_at), _) => {
                let took = counters.now_micros().saturating_sub(sent_at).max(1);
                // A value past the histogram's 10 minutes is not a real delivery.
                let _ = counters
                    .delivery
                    .lock()
                    .expect("histogram lock")
                    .record(took);
                counters.delivered.fetch_add(1, Ordering::Relaxed);
            }
            (None, true) => {
                counters.joined.fetch_add(1, Ordering::Relaxed);
            }
            (None, false) => {}
        }
    }
}

/// Opens a socket and holds it, reading (and so answering pings) until it closes.
async fn hold_idle(ws_url: String) -> anyhow::Result<()> {
    let (mut socket, _) = tokio_tungstenite::connect_async(ws_url).await?;
    tokio::spawn(async move { while let Some(Ok(_)) = socket.next().await {} });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_message_frame_of_this_run_gives_its_send_time() {
        let frame = r#"{"type":"new_message","sessionId":"0190","message":{"id":"x","sessionId":"0190","senderType":"visitor","message":"rate 17 123456","createdAt":"2026-11-26T12:00:00Z","attachment":null}}"#;
        assert_eq!(read_frame(frame), (Some(123_456), false));
        assert_eq!(
            read_frame(r#"{"type":"session_joined","sessionId":"0190"}"#),
            (None, true)
        );
        // Another message, another frame, or not JSON: nothing to record.
        let other = frame.replace("rate 17 123456", "hello");
        assert_eq!(read_frame(&other), (None, false));
        assert_eq!(
            read_frame(
                r#"{"type":"typing","sessionId":"0190","senderType":"agent","isTyping":true}"#
            ),
            (None, false)
        );
        assert_eq!(read_frame("not json"), (None, false));
    }
}
