//! `reconnect_storm`: a gateway holding SOCKETS visitors' sockets, each
//! joined to its chat, is restarted (`--restart-cmd`); every visitor comes
//! back as the browser does (at the moment the closing gateway gave, else
//! 0.5 s doubling to 15 s with jitter) and catches up. Run twice over the
//! same chats: as the browser does now (`resume`: the rejoin names the newest
//! message held and the answer carries what was missed) and as it did before
//! (`refetch`: a plain rejoin, then the whole history over HTTP). Reports, per
//! way: how long until every socket was joined again, the catch-up delay
//! (from the socket closing to holding what was missed) p50/p99/max, the
//! Postgres transactions and rows read per second meanwhile
//! (`pg_stat_database`), and every 5xx or failed catch-up.
//!
//! While the gateway is down, MISSED of the chats get an agent-side message
//! (stored by a system send), so that a catch-up has something to carry.
//!
//!     reconnect_storm --base-url http://127.0.0.1:8080 --sockets 10000 \
//!       --database-url postgres://… --restart-cmd 'kill -TERM 1234'

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Context as _, bail};
use chatload::visitor::{Chat, start_chat, visitor_socket_request};
use clap::Parser;
use futures::{SinkExt as _, StreamExt as _};
use hdrhistogram::Histogram;
use reqwest::header::COOKIE;
use serde::Deserialize;
use serde_json::Value;
use tokio::sync::Mutex;
use tokio_tungstenite::tungstenite::Message;

#[derive(Parser, Debug)]
#[command(about = "Restart a gateway under SOCKETS joined sockets; how the visitors catch up")]
struct Args {
    #[arg(long, env = "BASE_URL")]
    base_url: String,
    #[arg(long, default_value_t = 10_000)]
    sockets: u64,
    /// Messages each chat holds before the storms (its history).
    #[arg(long, default_value_t = 30)]
    history: u64,
    /// Stops the gateway the sockets are on (a supervisor starts it again).
    #[arg(long)]
    restart_cmd: String,
    /// The platform's database: its history is written here, and its
    /// statistics read.
    #[arg(long, env = "DATABASE_URL")]
    database_url: String,
    /// The ways to catch up, in order.
    #[arg(long, value_delimiter = ',', default_value = "resume,refetch")]
    ways: Vec<Way>,
    /// Give up on a storm after this many seconds.
    #[arg(long, default_value_t = 120)]
    timeout: u64,
    /// Write the summary as JSON here.
    #[arg(long)]
    summary: Option<std::path::PathBuf>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum, serde::Serialize)]
#[serde(rename_all = "lowercase")]
enum Way {
    Resume,
    Refetch,
}

/// One visitor's state across storms: its chat and the newest message held.
struct Visitor {
    chat: Chat,
    newest: Mutex<String>,
}

/// What one storm counted.
#[derive(Default)]
struct Tally {
    rejoined: AtomicU64,
    caught_up: AtomicU64,
    server_errors: AtomicU64,
    failures: AtomicU64,
    too_old: AtomicU64,
    /// When the last visitor caught up, in ms from the restart.
    last_ms: AtomicU64,
}

#[derive(serde::Serialize)]
struct StormSummary {
    way: Way,
    sockets: u64,
    caught_up: u64,
    /// From the restart command to the last visitor holding what it missed.
    all_back_s: f64,
    catch_up_ms_p50: u64,
    catch_up_ms_p99: u64,
    catch_up_ms_max: u64,
    postgres_transactions_per_s: f64,
    postgres_rows_read_per_s: f64,
    server_errors: u64,
    failures: u64,
    too_old: u64,
}

fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;
    let summaries = runtime.block_on(run(&args))?;
    for summary in &summaries {
        println!("{}", serde_json::to_string(summary)?);
    }
    if let Some(path) = &args.summary {
        std::fs::write(path, serde_json::to_vec(&summaries)?)?;
    }
    runtime.shutdown_background();
    Ok(())
}

async fn run(args: &Args) -> anyhow::Result<Vec<StormSummary>> {
    let base = args.base_url.trim_end_matches('/').to_owned();
    let http = reqwest::Client::builder()
        .no_proxy()
        .tcp_nodelay(true)
        .build()?;
    let pool = sqlx::postgres::PgPoolOptions::new()
        .max_connections(2)
        .connect(&args.database_url)
        .await
        .context("connecting to the platform's database")?;

    println!("starting {} chats", args.sockets);
    let chats: Vec<Chat> = futures::stream::iter(0..args.sockets)
        .map(|n| start_chat(&http, &base, n))
        .buffered(32)
        .collect::<Vec<_>>()
        .await
        .into_iter()
        .collect::<anyhow::Result<_>>()?;
    let ids: Vec<uuid::Uuid> = chats
        .iter()
        .map(|chat| chat.id.parse())
        .collect::<Result<_, _>>()?;
    // A history like a real conversation's, written straight to the table
    // (time-ordered ids, as the gateway's UUIDv7).
    let mut sessions = Vec::new();
    let mut message_ids = Vec::new();
    let mut senders = Vec::new();
    for _ in 0..args.history {
        for (n, id) in ids.iter().enumerate() {
            sessions.push(*id);
            message_ids.push(uuid::Uuid::now_v7());
            senders.push(if (message_ids.len() + n) % 2 == 0 {
                "user"
            } else {
                "agent"
            });
        }
    }
    for chunk in (0..message_ids.len()).collect::<Vec<_>>().chunks(50_000) {
        let range = chunk[0]..chunk[chunk.len() - 1] + 1;
        sqlx::query(
            "insert into chat_messages (id, session_id, sender_type, message, created_at)
             select m.id, m.session_id, m.sender,
                    'A line of a conversation about a storage bucket in Nairobi, and its backups.',
                    now()
             from unnest($1::uuid[], $2::uuid[], $3::text[]) as m (id, session_id, sender)",
        )
        .bind(&message_ids[range.clone()])
        .bind(&sessions[range.clone()])
        .bind(&senders[range])
        .execute(&pool)
        .await
        .context("writing the chats' history")?;
    }
    let visitors: Vec<Arc<Visitor>> = futures::stream::iter(chats)
        .map(|chat| {
            let http = http.clone();
            async move {
                let newest = newest_of(&http, &chat).await?;
                anyhow::Ok(Arc::new(Visitor {
                    chat,
                    newest: Mutex::new(newest),
                }))
            }
        })
        .buffered(32)
        .collect::<Vec<_>>()
        .await
        .into_iter()
        .collect::<anyhow::Result<_>>()?;

    let mut summaries = Vec::new();
    for &way in &args.ways {
        summaries.push(storm(args, &base, &http, &pool, &visitors, way).await?);
    }
    Ok(summaries)
}

/// The newest message id of a chat's history (a full read, as a first load is).
async fn newest_of(http: &reqwest::Client, chat: &Chat) -> anyhow::Result<String> {
    let list = history(http, chat).await?;
    list.last()
        .and_then(|message| message["id"].as_str())
        .map(str::to_owned)
        .context("a chat without messages")
}

async fn history(http: &reqwest::Client, chat: &Chat) -> anyhow::Result<Vec<Value>> {
    let response = http
        .get(&chat.messages_url)
        .header(COOKIE, chat.cookie.clone())
        .header("X-Requested-With", "XMLHttpRequest")
        .send()
        .await?;
    if !response.status().is_success() {
        bail!("{}", response.status());
    }
    Ok(response.json().await?)
}

async fn storm(
    args: &Args,
    base: &str,
    http: &reqwest::Client,
    pool: &sqlx::PgPool,
    visitors: &[Arc<Visitor>],
    way: Way,
) -> anyhow::Result<StormSummary> {
    let ws_url = format!("{}/ws", base.replacen("http", "ws", 1));
    let tally = Arc::new(Tally::default());
    let histogram = Arc::new(std::sync::Mutex::new(Histogram::<u64>::new(3)?));
    let restart_at = Arc::new(std::sync::OnceLock::<Instant>::new());
    let joined = Arc::new(AtomicU64::new(0));
    // Everyone joins first (plainly: a page's first join names nothing).
    let mut tasks = Vec::with_capacity(visitors.len());
    for visitor in visitors {
        tasks.push(tokio::spawn(visit(
            Arc::clone(visitor),
            ws_url.clone(),
            http.clone(),
            way,
            Arc::clone(&joined),
            Arc::clone(&tally),
            Arc::clone(&histogram),
            Arc::clone(&restart_at),
        )));
    }
    let deadline = Instant::now() + Duration::from_secs(args.timeout);
    while joined.load(Ordering::Relaxed) < visitors.len() as u64 {
        if Instant::now() > deadline {
            bail!(
                "{way:?}: only {} of {} sockets joined",
                joined.load(Ordering::Relaxed),
                visitors.len()
            );
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    println!(
        "{way:?}: {} sockets joined; restarting the gateway",
        visitors.len()
    );
    // Backends report their statistics within 10 s of going idle: what the
    // joins (and the set-up before) cost is counted before the baseline.
    tokio::time::sleep(Duration::from_secs(12)).await;
    let before = pg_stats(pool).await?;
    let started = Instant::now();
    let _ = restart_at.set(started);
    let status = tokio::process::Command::new("sh")
        .arg("-c")
        .arg(&args.restart_cmd)
        .status()
        .await?;
    if !status.success() {
        bail!("the restart command failed: {status}");
    }
    // What the visitors miss: an agent-side line in a tenth of the chats,
    // written while the gateway is away.
    let missed: Vec<uuid::Uuid> = visitors
        .iter()
        .step_by(10)
        .map(|visitor| visitor.chat.id.parse())
        .collect::<Result<_, _>>()?;
    let missed_ids: Vec<uuid::Uuid> = missed.iter().map(|_| uuid::Uuid::now_v7()).collect();
    sqlx::query(
        "insert into chat_messages (id, session_id, sender_type, message, created_at)
         select m.id, m.session_id, 'agent', 'Sent while the link was down.', now()
         from unnest($1::uuid[], $2::uuid[]) as m (id, session_id)",
    )
    .bind(&missed_ids)
    .bind(&missed)
    .execute(pool)
    .await?;
    while tally.caught_up.load(Ordering::Relaxed) + tally.failures.load(Ordering::Relaxed)
        < visitors.len() as u64
    {
        if Instant::now() > started + Duration::from_secs(args.timeout) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let all_back = Duration::from_millis(tally.last_ms.load(Ordering::Relaxed));
    // Backends report their statistics within a few seconds of going idle.
    tokio::time::sleep(Duration::from_secs(11)).await;
    let after = pg_stats(pool).await?;
    for task in tasks {
        task.abort();
    }
    let seconds = all_back.as_secs_f64().max(0.001);
    let histogram = histogram.lock().expect("histogram").clone();
    let summary = StormSummary {
        way,
        sockets: visitors.len() as u64,
        caught_up: tally.caught_up.load(Ordering::Relaxed),
        all_back_s: all_back.as_secs_f64(),
        catch_up_ms_p50: histogram.value_at_quantile(0.50),
        catch_up_ms_p99: histogram.value_at_quantile(0.99),
        catch_up_ms_max: histogram.max(),
        postgres_transactions_per_s: (after.0 - before.0) as f64 / seconds,
        postgres_rows_read_per_s: (after.1 - before.1) as f64 / seconds,
        server_errors: tally.server_errors.load(Ordering::Relaxed),
        failures: tally.failures.load(Ordering::Relaxed),
        too_old: tally.too_old.load(Ordering::Relaxed),
    };
    // Let the sockets of this storm go before the next one opens its own.
    tokio::time::sleep(Duration::from_secs(2)).await;
    Ok(summary)
}

/// Transactions and rows read by the database so far.
async fn pg_stats(pool: &sqlx::PgPool) -> anyhow::Result<(i64, i64)> {
    let row: (i64, i64) = sqlx::query_as(
        "select (xact_commit + xact_rollback)::int8, (tup_returned + tup_fetched)::int8
         from pg_stat_database where datname = current_database()",
    )
    .fetch_one(pool)
    .await?;
    Ok(row)
}

/// The parts of a server frame read here.
#[derive(Deserialize)]
struct Frame {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    resume: Option<Value>,
}

/// One visitor through a storm: join, be dropped by the restart, come back
/// and catch up `way`'s way.
#[allow(clippy::too_many_arguments)]
async fn visit(
    visitor: Arc<Visitor>,
    ws_url: String,
    http: reqwest::Client,
    way: Way,
    joined: Arc<AtomicU64>,
    tally: Arc<Tally>,
    histogram: Arc<std::sync::Mutex<Histogram<u64>>>,
    restart_at: Arc<std::sync::OnceLock<Instant>>,
) {
    let mut first = true;
    // When the socket first dropped (the catch-up counts from here), and
    // when the last attempt to come back ended (the next wait counts from here).
    let mut dropped_at: Option<Instant> = None;
    let mut last_attempt = Instant::now();
    let mut attempt = 0u32;
    let mut told: Option<Duration> = None;
    loop {
        if dropped_at.is_some() {
            // As live-socket.ts: the moment the gateway gave, else the backoff.
            let wait = told.take().unwrap_or_else(|| backoff(attempt));
            attempt += 1;
            tokio::time::sleep_until((last_attempt + wait).into()).await;
        }
        let Ok(request) = visitor_socket_request(&ws_url, &visitor.chat) else {
            tally.failures.fetch_add(1, Ordering::Relaxed);
            return;
        };
        let Ok((mut socket, _)) = tokio_tungstenite::connect_async(request).await else {
            // Refused while the gateway is away.
            dropped_at.get_or_insert_with(Instant::now);
            last_attempt = Instant::now();
            continue;
        };
        let after = if first || way == Way::Refetch {
            String::new()
        } else {
            format!(r#","after":"{}""#, visitor.newest.lock().await)
        };
        let join = format!(
            r#"{{"type":"join_session","sessionId":"{}"{after}}}"#,
            visitor.chat.id
        );
        if socket.send(Message::text(join)).await.is_err() {
            dropped_at.get_or_insert_with(Instant::now);
            last_attempt = Instant::now();
            continue;
        }
        while let Some(Ok(message)) = socket.next().await {
            match message {
                Message::Text(text) => {
                    let Ok(frame) = serde_json::from_str::<Frame>(text.as_str()) else {
                        continue;
                    };
                    if frame.kind == "new_message" {
                        if let Ok(value) = serde_json::from_str::<Value>(text.as_str())
                            && let Some(id) = value["message"]["id"].as_str()
                        {
                            *visitor.newest.lock().await = id.to_owned();
                        }
                        continue;
                    }
                    if frame.kind != "session_joined" {
                        continue;
                    }
                    if first {
                        first = false;
                        joined.fetch_add(1, Ordering::Relaxed);
                        continue;
                    }
                    tally.rejoined.fetch_add(1, Ordering::Relaxed);
                    let replayed = frame.resume.as_ref().and_then(|resume| {
                        (resume["kind"] == "replayed").then(|| resume["missed"].clone())
                    });
                    let caught_up = match replayed {
                        Some(missed) => {
                            if let Some(id) = missed
                                .as_array()
                                .and_then(|list| list.last())
                                .and_then(|message| message["id"].as_str())
                            {
                                *visitor.newest.lock().await = id.to_owned();
                            }
                            true
                        }
                        None => {
                            if frame.resume.is_some() {
                                tally.too_old.fetch_add(1, Ordering::Relaxed);
                            }
                            refetch(&http, &visitor, &tally).await
                        }
                    };
                    if !caught_up {
                        tally.failures.fetch_add(1, Ordering::Relaxed);
                        return;
                    }
                    let at = dropped_at.unwrap_or_else(Instant::now);
                    let took = u64::try_from(at.elapsed().as_millis()).unwrap_or(u64::MAX);
                    let _ = histogram.lock().expect("histogram").record(took.max(1));
                    if let Some(restart) = restart_at.get() {
                        let since = u64::try_from(restart.elapsed().as_millis()).unwrap_or(0);
                        tally.last_ms.fetch_max(since, Ordering::Relaxed);
                    }
                    tally.caught_up.fetch_add(1, Ordering::Relaxed);
                    // Held until the storm ends (the task is aborted then).
                    while let Some(Ok(_)) = socket.next().await {}
                    return;
                }
                Message::Close(frame) => {
                    told = frame.and_then(|frame| restart_delay(frame.reason.as_str()));
                    break;
                }
                _ => {}
            }
        }
        // Closed by the gateway: a first drop, or one more while coming back.
        dropped_at.get_or_insert_with(Instant::now);
        last_attempt = Instant::now();
        attempt = 0;
    }
}

/// The whole history over HTTP, as the widget read it after every reconnect.
async fn refetch(http: &reqwest::Client, visitor: &Visitor, tally: &Tally) -> bool {
    for _ in 0..5 {
        let response = http
            .get(&visitor.chat.messages_url)
            .header(COOKIE, visitor.chat.cookie.clone())
            .header("X-Requested-With", "XMLHttpRequest")
            .send()
            .await;
        match response {
            Ok(response) if response.status().is_success() => {
                if let Ok(list) = response.json::<Vec<Value>>().await
                    && let Some(id) = list.last().and_then(|message| message["id"].as_str())
                {
                    *visitor.newest.lock().await = id.to_owned();
                    return true;
                }
                return false;
            }
            Ok(response) if response.status().is_server_error() => {
                tally.server_errors.fetch_add(1, Ordering::Relaxed);
            }
            _ => {}
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    false
}

/// "Restarting; reconnect in N ms" (close code 1012).
fn restart_delay(reason: &str) -> Option<Duration> {
    let rest = reason.split("reconnect in ").nth(1)?;
    let ms: u64 = rest.split(' ').next()?.parse().ok()?;
    Some(Duration::from_millis(ms.min(60_000)))
}

/// 0.5 s doubling to 15 s, between half and all of it (live-socket.ts).
fn backoff(attempt: u32) -> Duration {
    use rand::Rng as _;
    let ceiling = (500u64 << attempt.min(5)).min(15_000);
    Duration::from_millis(ceiling / 2 + rand::thread_rng().gen_range(0..=ceiling / 2))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_closing_gateways_moment_is_read_from_its_reason() {
        assert_eq!(
            restart_delay("Restarting; reconnect in 1234 ms"),
            Some(Duration::from_millis(1234))
        );
        assert_eq!(restart_delay("Signed out"), None);
    }
}
