//! The delivery guarantees of the chat pipeline, tested against a real
//! `workers` process that gets killed, and the trace that spans it.

use std::collections::HashSet;
use std::process::{Child, Command};
use std::time::Duration;

use reqwest::StatusCode;
use serde_json::Value;
use sqlx::PgPool;

use crate::helpers::{Options, SmtpSink, TestApp, nats_url, spawn_with};

/// The real worker binary (`cargo build` puts it here; `infra/test` builds it first).
fn workers_binary() -> std::path::PathBuf {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/debug/workers");
    assert!(
        path.exists(),
        "build the workers binary first: cargo build --bin workers"
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

#[sqlx::test(migrations = "../migrations")]
async fn sigkill_of_the_chat_worker_loses_and_duplicates_nothing(pool: PgPool) {
    let app = spawn_with(
        pool,
        Options {
            with_chat_worker: false,
            // While the worker is down, answer as soon as JetStream has the message.
            settings: vec![
                ("CHAT_CONFIRM_TIMEOUT_MS", "50".into()),
                ("CHAT_MESSAGE_LIMIT_PER_IP_PER_MINUTE", "100000".into()),
            ],
            ..Options::default()
        },
    )
    .await;
    let chat = app.start_chat("Load", "load@example.com").await;
    let mut worker = start_chat_worker(&app);

    let mut acknowledged = Vec::new();
    for n in 0..1000 {
        if n == 300 {
            // Mid-stream, with messages in flight: no goodbye, no ack.
            worker.kill().expect("SIGKILL");
            worker.wait().expect("reaped");
        }
        if n == 500 {
            worker = start_chat_worker(&app);
        }
        let response = app.send(&chat, &format!("message {n}")).await;
        if response.status() == StatusCode::CREATED {
            let stored: Value = response.json().await.expect("json");
            acknowledged.push(stored["id"].as_str().expect("id").to_owned());
        }
    }
    assert_eq!(
        acknowledged.len(),
        1000,
        "JetStream accepts sends even with the worker down"
    );

    // Wait for the restarted worker to drain the backlog.
    let mut stored: Vec<String> = Vec::new();
    for _ in 0..300 {
        stored = sqlx::query_scalar(
            "select id::text from chat_messages where session_id = $1::uuid and sender_type = 'user' order by id",
        )
        .bind(&chat)
        .fetch_all(&app.pool)
        .await
        .expect("query");
        if stored.len() >= acknowledged.len() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    worker.kill().expect("stop worker");
    worker.wait().expect("reaped");

    let unique: HashSet<&String> = stored.iter().collect();
    assert_eq!(unique.len(), stored.len(), "no message stored twice");
    assert_eq!(
        stored.len(),
        acknowledged.len(),
        "every acknowledged message stored"
    );
    assert_eq!(stored, acknowledged, "stored in the order they were sent");
    let listed = app.messages(&chat).await;
    let listed_texts: Vec<&str> = listed
        .iter()
        .filter(|m| m["senderType"] == "user")
        .map(|m| m["message"].as_str().expect("text"))
        .collect();
    let expected: Vec<String> = (0..1000).map(|n| format!("message {n}")).collect();
    assert_eq!(listed_texts, expected);
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
    assert!(mail.contains("To: support@nyota.example"), "{mail}");
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
