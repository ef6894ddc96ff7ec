//! No consumer retries for ever: poison messages become dead letters at
//! once, transient failures are retried with backoff a bounded number of
//! times (replays in `dead_letter_replay.rs`, batches in `chat_consumer.rs`).
//! Real Postgres and NATS.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use async_nats::jetstream;
use contract::chat::{ChatMessage, SendMessage, SenderType};
use reqwest::StatusCode;
use sqlx::PgPool;
use time::OffsetDateTime;
use uuid::Uuid;
use workers::WorkerContext;
use workers::consumer::{self, ConsumerSpec, Outcome, RetryPolicy};
use workers::dead_letters::{self};

use crate::helpers::{Options, TestApp, spawn, spawn_with};

/// A `chat.send` command for `session_id`, as the gateway would publish it.
pub fn command(session_id: Uuid, text: &str) -> SendMessage {
    SendMessage {
        message: ChatMessage {
            id: Uuid::now_v7(),
            session_id,
            sender_type: SenderType::User,
            sender_name: None,
            message: text.to_owned(),
            created_at: OffsetDateTime::now_utc(),
            attachment: None,
            client_message_id: None,
            delivered_at: None,
            seen_at: None,
            channel: Default::default(),
            emailed_at: None,
        },
        agent_id: None,
    }
}

/// Publishes `command` straight to the `CHAT` stream (bypassing the gateway)
/// with its message id as `Nats-Msg-Id`; returns the payload's bytes.
pub async fn publish(app: &TestApp, command: &SendMessage) -> Vec<u8> {
    let payload = serde_json::to_vec(command).expect("JSON");
    jetstream::new(app.nats.clone())
        .publish_with_headers(
            app.namespace.chat_send(command.message.session_id),
            contract::telemetry::deduplicated_headers(&command.message.id.to_string()),
            payload.clone().into(),
        )
        .await
        .expect("published")
        .await
        .expect("stored by JetStream");
    payload
}

/// Polls `count` until it returns at least `at_least`, for up to `within`.
pub(crate) async fn wait_for_count(
    pool: &PgPool,
    sql: &str,
    at_least: i64,
    within: Duration,
) -> i64 {
    let started = Instant::now();
    loop {
        let count: i64 = sqlx::query_scalar(sql)
            .fetch_one(pool)
            .await
            .expect("count");
        if count >= at_least || started.elapsed() > within {
            return count;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

pub(crate) async fn chat_consumer_info(app: &TestApp) -> jetstream::consumer::Info {
    let stream = jetstream::new(app.nats.clone())
        .get_stream(app.namespace.chat_stream().name)
        .await
        .expect("stream");
    let mut consumer: jetstream::consumer::PullConsumer =
        stream.get_consumer("chat").await.expect("consumer");
    consumer.info().await.expect("info").clone()
}

pub fn context(app: &TestApp) -> WorkerContext {
    WorkerContext {
        pool: app.pool.clone(),
        nats: app.nats.clone(),
        namespace: app.namespace.clone(),
    }
}

/// A consumer on the chat commands with tiny limits, for `handler`.
pub(crate) fn tiny_spec(app: &TestApp, name: &'static str) -> ConsumerSpec {
    ConsumerSpec {
        name,
        stream: app.namespace.chat_stream(),
        filter_subject: app.namespace.chat_send_all(),
        ack_wait: Duration::from_secs(5),
        retry: RetryPolicy {
            max_deliveries: 3,
            backoff_base: Duration::from_millis(20),
            backoff_cap: Duration::from_millis(80),
        },
        concurrency: 4,
    }
}

fn delivered(message: &jetstream::Message) -> i64 {
    message.info().expect("JetStream message").delivered
}

#[derive(sqlx::FromRow)]
struct DeadLetterRow {
    role: String,
    reason: String,
    subject: String,
    payload: Vec<u8>,
    error: String,
    deliveries: i32,
    msg_id: String,
    pending: bool,
}

#[sqlx::test(migrations = "../migrations")]
async fn a_message_with_a_nul_is_dead_lettered_at_once_and_never_redelivered(pool: PgPool) {
    let app = spawn(pool).await;
    let chat: Uuid = app
        .start_chat("Poison", "poison@example.com")
        .await
        .parse()
        .expect("uuid");
    let poison = command(chat, "hello\u{0}world");
    let payload = publish(&app, &poison).await;

    let count = "select count(*) from dead_letters";
    assert_eq!(
        wait_for_count(&app.pool, count, 1, Duration::from_secs(10)).await,
        1
    );
    // Longer than the old one-second redelivery: still one row, no redelivery.
    tokio::time::sleep(Duration::from_millis(2500)).await;
    let rows: Vec<DeadLetterRow> = sqlx::query_as(
        "select role, reason, subject, payload, error, deliveries,
                headers->'Nats-Msg-Id'->>0 as msg_id, replayed_at is null as pending
         from dead_letters",
    )
    .fetch_all(&app.pool)
    .await
    .expect("dead letters");
    assert_eq!(rows.len(), 1, "exactly one dead letter");
    let row = &rows[0];
    assert_eq!((row.role.as_str(), row.reason.as_str()), ("chat", "data"));
    assert_eq!(row.subject, app.namespace.chat_send(chat));
    assert_eq!(row.payload, payload, "the raw payload, NUL included");
    assert!(
        row.error.contains("22021") || row.error.contains("0x00"),
        "{}",
        row.error
    );
    assert_eq!(row.deliveries, 1, "terminated on its first delivery");
    assert_eq!(row.msg_id, poison.message.id.to_string());
    assert!(row.pending);

    let info = chat_consumer_info(&app).await;
    assert_eq!(info.num_ack_pending, 0, "nothing left pending");
    assert_eq!(info.num_redelivered, 0, "never redelivered");
    assert_eq!(info.config.max_deliver, 21, "a finite max_deliver");
    let stored: i64 = sqlx::query_scalar("select count(*) from chat_messages where id = $1")
        .bind(poison.message.id)
        .fetch_one(&app.pool)
        .await
        .expect("count");
    assert_eq!(stored, 0);
    assert_eq!(
        dead_letters::counts(&app.pool).await.expect("counts"),
        [("chat".to_owned(), "data".to_owned(), 1)]
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn more_poison_than_max_ack_pending_does_not_stop_the_chat(pool: PgPool) {
    let app = spawn(pool).await;
    let chat_id = app.start_chat("Flood", "flood@example.com").await;
    let chat: Uuid = chat_id.parse().expect("uuid");
    let mut socket = app.socket().await;
    assert_eq!(socket.join(&chat_id).await["type"], "session_joined");

    let jetstream = jetstream::new(app.nats.clone());
    let mut acks = Vec::new();
    for n in 0..1100 {
        let poison = command(chat, &format!("poison {n}\u{0}"));
        let ack = jetstream
            .publish_with_headers(
                app.namespace.chat_send(chat),
                contract::telemetry::deduplicated_headers(&poison.message.id.to_string()),
                serde_json::to_vec(&poison).expect("JSON").into(),
            )
            .await
            .expect("published");
        acks.push(ack);
    }
    for ack in acks {
        ack.await.expect("stored by JetStream");
    }

    let response = app.send(&chat_id, "still here").await;
    assert_eq!(response.status(), StatusCode::CREATED);
    // Behind 1,100 poison messages, each dead-lettered in turn (2 cores
    // shared with other test runs: allow some time, but not for ever).
    tokio::time::timeout(Duration::from_secs(30), async {
        use futures::StreamExt as _;
        use tokio_tungstenite::tungstenite::Message;
        loop {
            let frame = socket.ws_mut().next().await;
            let Some(Ok(Message::Text(text))) = frame else {
                assert!(matches!(frame, Some(Ok(_))), "socket ended: {frame:?}");
                continue;
            };
            let frame: serde_json::Value = serde_json::from_str(&text).expect("JSON");
            if frame["type"] == "new_message" && frame["message"]["message"] == "still here" {
                break;
            }
        }
    })
    .await
    .expect("the message arrived on the socket behind the poison");
    let stored: Vec<String> = sqlx::query_scalar(
        "select message from chat_messages where session_id = $1 and sender_type = 'user'",
    )
    .bind(chat)
    .fetch_all(&app.pool)
    .await
    .expect("messages");
    assert_eq!(stored, ["still here"]);
    let count = "select count(*) from dead_letters where reason = 'data'";
    assert_eq!(
        wait_for_count(&app.pool, count, 1100, Duration::from_secs(30)).await,
        1100
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn a_message_that_keeps_failing_is_dead_lettered_after_its_last_delivery(pool: PgPool) {
    let app = spawn_with(
        pool,
        Options {
            with_chat_worker: false,
            ..Options::default()
        },
    )
    .await;
    let seen: Arc<Mutex<Vec<(i64, Instant)>>> = Arc::default();
    let handler_seen = Arc::clone(&seen);
    consumer::spawn(
        &context(&app),
        tiny_spec(&app, "always-down"),
        std::future::pending(),
        move |message| {
            let seen = Arc::clone(&handler_seen);
            async move {
                seen.lock()
                    .expect("lock")
                    .push((delivered(&message), Instant::now()));
                Outcome::Retry(anyhow::anyhow!("SMTP is down"))
            }
        },
    )
    .await
    .expect("consumer starts");
    publish(&app, &command(Uuid::now_v7(), "never handled")).await;

    let count = "select count(*) from dead_letters";
    assert_eq!(
        wait_for_count(&app.pool, count, 1, Duration::from_secs(10)).await,
        1
    );
    // Time for a fourth delivery, were the message nak'ed instead of terminated.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let (role, reason, deliveries, error): (String, String, i32, String) =
        sqlx::query_as("select role, reason, deliveries, error from dead_letters")
            .fetch_one(&app.pool)
            .await
            .expect("one dead letter");
    assert_eq!(
        (role.as_str(), reason.as_str()),
        ("always-down", "exhausted")
    );
    assert_eq!(deliveries, 3);
    assert!(error.contains("SMTP is down"), "{error}");

    let seen = seen.lock().expect("lock").clone();
    let counts: Vec<i64> = seen.iter().map(|(n, _)| *n).collect();
    assert_eq!(counts, [1, 2, 3], "exactly three deliveries");
    // Backoff 20 ms, then 40 ms.
    assert!(seen[1].1 - seen[0].1 >= Duration::from_millis(20));
    assert!(seen[2].1 - seen[1].1 >= Duration::from_millis(40));
}

#[sqlx::test(migrations = "../migrations")]
async fn a_transient_failure_then_success_is_stored_once(pool: PgPool) {
    let app = spawn_with(
        pool,
        Options {
            with_chat_worker: false,
            config: vec![("CHAT_CONFIRM_TIMEOUT_MS", "5000".into())],
            ..Options::default()
        },
    )
    .await;
    let ctx = context(&app);
    let seen: Arc<Mutex<Vec<(Uuid, i64)>>> = Arc::default();
    let handler_seen = Arc::clone(&seen);
    let handler_ctx = ctx.clone();
    consumer::spawn(
        &ctx,
        // The real chat handler, behind a first delivery that fails.
        tiny_spec(&app, "chat"),
        std::future::pending(),
        move |message| {
            let (seen, ctx) = (Arc::clone(&handler_seen), handler_ctx.clone());
            async move {
                let id = serde_json::from_slice::<SendMessage>(&message.payload)
                    .expect("a chat command")
                    .message
                    .id;
                let delivered = delivered(&message);
                seen.lock().expect("lock").push((id, delivered));
                if delivered == 1 {
                    Outcome::Retry(anyhow::anyhow!("connection refused"))
                } else {
                    workers::chat::handle(&ctx, &message).await
                }
            }
        },
    )
    .await
    .expect("consumer starts");
    let chat = app.start_chat("Patient", "patient@example.com").await;
    let response = app.send(&chat, "second time lucky").await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let sent: serde_json::Value = response.json().await.expect("json");
    let id: Uuid = sent["id"].as_str().expect("id").parse().expect("uuid");

    let stored: i64 = sqlx::query_scalar("select count(*) from chat_messages where id = $1")
        .bind(id)
        .fetch_one(&app.pool)
        .await
        .expect("count");
    assert_eq!(stored, 1, "stored once (and before the 201: confirmed)");
    tokio::time::sleep(Duration::from_millis(300)).await;
    let deliveries: Vec<i64> = seen
        .lock()
        .expect("lock")
        .iter()
        .filter(|(seen, _)| *seen == id)
        .map(|(_, n)| *n)
        .collect();
    assert_eq!(deliveries, [1, 2]);
    let dead: i64 = sqlx::query_scalar("select count(*) from dead_letters")
        .fetch_one(&app.pool)
        .await
        .expect("count");
    assert_eq!(dead, 0, "not dead-lettered");
}

#[sqlx::test(migrations = "../migrations")]
async fn a_dead_letter_that_cannot_be_written_stays_in_jetstream(pool: PgPool) {
    let app = spawn_with(
        pool,
        Options {
            with_chat_worker: false,
            ..Options::default()
        },
    )
    .await;
    // The dead-letter table is away (as when Postgres is down).
    sqlx::query("alter table dead_letters rename to dead_letters_away")
        .execute(&app.pool)
        .await
        .expect("rename");
    let seen: Arc<Mutex<Vec<i64>>> = Arc::default();
    let handler_seen = Arc::clone(&seen);
    consumer::spawn(
        &context(&app),
        tiny_spec(&app, "rejecting"),
        std::future::pending(),
        move |message| {
            let seen = Arc::clone(&handler_seen);
            async move {
                seen.lock().expect("lock").push(delivered(&message));
                Outcome::Reject(anyhow::anyhow!("bad data"))
            }
        },
    )
    .await
    .expect("consumer starts");
    publish(&app, &command(Uuid::now_v7(), "bad")).await;

    // Nak'ed (not terminated) up to the server's last delivery, then held.
    let started = Instant::now();
    while seen.lock().expect("lock").len() < 4 && started.elapsed() < Duration::from_secs(10) {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(*seen.lock().expect("lock"), [1, 2, 3, 4]);

    sqlx::query("alter table dead_letters_away rename to dead_letters")
        .execute(&app.pool)
        .await
        .expect("rename back");
    let count = "select count(*) from dead_letters where reason = 'data'";
    assert_eq!(
        wait_for_count(&app.pool, count, 1, Duration::from_secs(10)).await,
        1,
        "written once the table is back"
    );
    let deliveries: i32 = sqlx::query_scalar("select deliveries from dead_letters")
        .fetch_one(&app.pool)
        .await
        .expect("deliveries");
    assert_eq!(deliveries, 4);
}
