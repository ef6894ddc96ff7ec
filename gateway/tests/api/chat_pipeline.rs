//! The delivery guarantees of the chat pipeline, tested against a real
//! `workers` process that gets killed, and the trace that spans it.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::process::{Child, Command};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use reqwest::StatusCode;
use serde_json::Value;
use sqlx::PgPool;

use crate::helpers::{Options, SmtpSink, TestApp, nats_url, spawn_with};

/// The real worker binary, beside this test's own binary: the test runs from
/// `<target>/<profile>/deps/`, `cargo build` puts `workers` in
/// `<target>/<profile>/` (wherever `CARGO_TARGET_DIR` points).
pub fn workers_binary() -> PathBuf {
    let test_binary = std::env::current_exe().expect("the test binary's path");
    let profile_dir = test_binary
        .parent()
        .and_then(Path::parent)
        .expect("<target>/<profile>/deps/<test>");
    let path = profile_dir.join(format!("workers{}", std::env::consts::EXE_SUFFIX));
    assert!(
        path.exists(),
        "build the workers binary first: cargo build --bin workers ({} is missing)",
        path.display()
    );
    path
}

fn start_chat_worker(app: &TestApp) -> Child {
    Command::new(workers_binary())
        .arg("chat")
        .env("DATABASE_URL", &app.database_url)
        .env("NATS_URL", nats_url())
        .env("NATS_PREFIX", app.namespace_prefix())
        .env("RUST_LOG", "warn")
        .spawn()
        .expect("worker starts")
}

/// The ids of the visitor messages stored in `chats`.
async fn stored_ids(app: &TestApp, chats: &[String]) -> HashSet<String> {
    sqlx::query_scalar(
        "select id::text from chat_messages
         where session_id = any($1::uuid[]) and sender_type = 'user'",
    )
    .bind(chats)
    .fetch_all(&app.pool)
    .await
    .expect("query")
    .into_iter()
    .collect()
}

#[sqlx::test(migrations = "../migrations")]
async fn sigkill_of_the_chat_worker_loses_and_duplicates_nothing(pool: PgPool) {
    const SENDERS: usize = 20;
    const PER_SENDER: usize = 25;
    const TOTAL: usize = SENDERS * PER_SENDER;
    let app = spawn_with(
        pool,
        Options {
            with_chat_worker: false,
            // Answer right after JetStream's PubAck, so that acknowledged
            // messages pile up ahead of the worker.
            settings: vec![
                ("CHAT_CONFIRM_TIMEOUT_MS", "1".into()),
                ("CHAT_MESSAGE_LIMIT_PER_IP_PER_MINUTE", "100000".into()),
                ("CHAT_START_LIMIT_PER_IP_PER_HOUR", "1000".into()),
            ],
            ..Options::default()
        },
    )
    .await;
    let mut browsers = Vec::new();
    let mut chats = Vec::new();
    for n in 0..SENDERS {
        let browser = app.new_browser();
        chats.push(
            browser
                .start_chat("Load", &format!("load-{n}@example.com"))
                .await,
        );
        browsers.push(browser);
    }
    // Per chat, the ids acknowledged (201) in the order they were sent.
    let acknowledged: Arc<Mutex<Vec<Vec<String>>>> =
        Arc::new(Mutex::new(vec![Vec::new(); SENDERS]));
    let count = Arc::new(AtomicUsize::new(0));
    let mut senders = Vec::new();
    for (n, (browser, chat)) in browsers.into_iter().zip(chats.clone()).enumerate() {
        let (acknowledged, count) = (Arc::clone(&acknowledged), Arc::clone(&count));
        senders.push(tokio::spawn(async move {
            for m in 0..PER_SENDER {
                let response = browser.send(&chat, &format!("message {m}")).await;
                assert_eq!(
                    response.status(),
                    StatusCode::CREATED,
                    "JetStream accepts sends even with the worker down"
                );
                let sent: Value = response.json().await.expect("json");
                let id = sent["id"].as_str().expect("id").to_owned();
                acknowledged.lock().expect("lock")[n].push(id);
                count.fetch_add(1, Ordering::SeqCst);
            }
        }));
    }

    // The worker starts behind a backlog and is killed twice while it works
    // through it: no goodbye, no ack, acknowledged messages still unstored.
    while count.load(Ordering::SeqCst) < TOTAL / 5 {
        tokio::time::sleep(Duration::from_millis(1)).await;
    }
    let mut worker = start_chat_worker(&app);
    let mut stored_before = 0;
    for _ in 0..2 {
        while stored_ids(&app, &chats).await.len() < stored_before + 10 {
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
        worker.kill().expect("SIGKILL");
        let at_kill: Vec<String> = acknowledged.lock().expect("lock").concat();
        worker.wait().expect("reaped");
        let stored = stored_ids(&app, &chats).await;
        let in_flight = at_kill.iter().filter(|id| !stored.contains(*id)).count();
        assert!(
            in_flight > 0,
            "some acknowledged messages were not stored yet when the worker died \
             ({} acknowledged, all stored)",
            at_kill.len()
        );
        stored_before = stored.len();
        // Down for a while: sends go on piling up in JetStream.
        tokio::time::sleep(Duration::from_millis(300)).await;
        worker = start_chat_worker(&app);
    }
    for sender in senders {
        sender.await.expect("sender finished");
    }
    let acknowledged = acknowledged.lock().expect("lock").clone();
    assert_eq!(acknowledged.concat().len(), TOTAL);

    // Wait for the restarted worker to drain the backlog.
    for _ in 0..600 {
        if stored_ids(&app, &chats).await.len() >= TOTAL {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    worker.kill().expect("stop worker");
    worker.wait().expect("reaped");

    let duplicated: Vec<(String, i64)> = sqlx::query_as(
        "select id::text, count(*) from chat_messages
         where session_id = any($1::uuid[]) group by id having count(*) > 1",
    )
    .bind(&chats)
    .fetch_all(&app.pool)
    .await
    .expect("query");
    assert!(duplicated.is_empty(), "stored twice: {duplicated:?}");
    for (chat, sent) in chats.iter().zip(&acknowledged) {
        let stored: Vec<String> = sqlx::query_scalar(
            "select id::text from chat_messages
             where session_id = $1::uuid and sender_type = 'user' order by id",
        )
        .bind(chat)
        .fetch_all(&app.pool)
        .await
        .expect("query");
        assert_eq!(&stored, sent, "every acknowledged message stored, in order");
        let texts: Vec<String> = sqlx::query_scalar(
            "select message from chat_messages
             where session_id = $1::uuid and sender_type = 'user' order by id",
        )
        .bind(chat)
        .fetch_all(&app.pool)
        .await
        .expect("query");
        let expected: Vec<String> = (0..PER_SENDER).map(|m| format!("message {m}")).collect();
        assert_eq!(texts, expected);
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn the_worker_span_belongs_to_the_request_trace(pool: PgPool) {
    let exporter = crate::tracing_capture::exporter();
    let app = crate::helpers::spawn(pool).await;
    let chat = app.start_chat("Traced", "traced@example.com").await;
    let response = app.send(&chat, "follow me").await;
    assert_eq!(response.status(), StatusCode::CREATED);
    crate::tracing_capture::flush();

    let spans = exporter.get_finished_spans().expect("spans");
    // Two stores for this chat: the offline notice (sent while starting it)
    // and the visitor's message; each must sit in its HTTP request's trace.
    let stores: Vec<_> = spans
        .iter()
        .filter(|span| {
            span.name == "chat.store"
                && span.attributes.iter().any(|kv| {
                    kv.key.as_str() == "chat.session_id" && kv.value.as_str() == chat.as_str()
                })
        })
        .collect();
    assert_eq!(stores.len(), 2, "the worker recorded both stores");
    let mut requests: Vec<String> = stores
        .iter()
        .map(|store| {
            spans
                .iter()
                .find(|span| {
                    span.span_context.trace_id() == store.span_context.trace_id()
                        && span.name.starts_with("POST /api/chat/sessions")
                })
                .map(|span| span.name.to_string())
                .expect("the worker's span shares an HTTP request's trace")
        })
        .collect();
    requests.sort();
    assert_eq!(
        requests,
        [
            "POST /api/chat/sessions",
            "POST /api/chat/sessions/{id}/messages"
        ]
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn an_offline_chat_is_emailed_to_support(pool: PgPool) {
    let Some(sink) = SmtpSink::start().await else {
        return;
    };
    let app = spawn_with(
        pool,
        Options {
            smtp_url: Some(sink.url.clone()),
            ..Options::default()
        },
    )
    .await;
    let marker = uuid::Uuid::new_v4().simple().to_string();
    let email = format!("visitor-{marker}@example.com");
    app.start_chat("Offline Visitor", &email).await;

    let mut found = None;
    for _ in 0..100 {
        for entry in std::fs::read_dir(&sink.dir).expect("sink dir").flatten() {
            let text = std::fs::read_to_string(entry.path()).unwrap_or_default();
            if text.contains(&email) {
                found = Some(text);
            }
        }
        if found.is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let mail = found.expect("an email about the offline chat reached the SMTP sink");
    assert!(
        mail.contains("To: \"Nyota Cloud Support\" <support@nyota.example>")
            || mail.contains("To: Nyota Cloud Support <support@nyota.example>"),
        "{mail}"
    );
    assert!(
        mail.contains("Subject: Offline chat from Offline Visitor"),
        "{mail}"
    );
    assert!(
        mail.contains(&format!("Reply-To: \"Offline Visitor\" <{email}>"))
            || mail.contains(&format!("Reply-To: Offline Visitor <{email}>")),
        "{mail}"
    );
}
