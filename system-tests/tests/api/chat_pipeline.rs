//! The delivery guarantees of the chat pipeline, tested against a real
//! `workers` process that gets killed, and the trace that spans it.

use std::collections::HashSet;
use std::path::PathBuf;
use std::process::{Child, Command};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use reqwest::StatusCode;
use serde_json::Value;
use sqlx::PgPool;

use crate::helpers::{MailCatcher, Options, TestApp, nats_url, spawn_with};

/// The real worker binary (see `system_tests::binary`).
pub fn workers_binary() -> PathBuf {
    system_tests::binary("workers")
}

/// A `workers chat` process of the real binary on `app`'s database and NATS prefix.
pub fn start_chat_worker(app: &TestApp) -> Child {
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
            config: vec![
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
        // The worker drains a backlog in a few batches: hold its writes (a
        // lock its insert waits for) while more messages are acknowledged
        // and handed to it, so that it dies in the middle of a batch.
        let mut blocker = app.pool.begin().await.expect("transaction");
        sqlx::query("lock table chat_messages in share mode")
            .execute(&mut *blocker)
            .await
            .expect("lock");
        let acknowledged_at_lock = count.load(Ordering::SeqCst);
        while count.load(Ordering::SeqCst) < (acknowledged_at_lock + 5).min(TOTAL) {
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
        worker.kill().expect("SIGKILL");
        let at_kill: Vec<String> = acknowledged.lock().expect("lock").concat();
        worker.wait().expect("reaped");
        // Read while the lock still holds: the dead worker's backend may
        // still be waiting on it (Postgres notices a vanished client only
        // when it next talks to it) and commit its insert once released,
        // which the idempotent insert makes harmless but would hide the
        // messages that were in flight at the kill.
        let stored = stored_ids(&app, &chats).await;
        blocker.rollback().await.expect("unlocked");
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
    // A socket on the chat, so that the gateway pushes the message to it.
    let mut socket = app.socket().await;
    socket
        .send(serde_json::json!({ "type": "join_session", "sessionId": chat }))
        .await;
    socket.recv_type("session_joined").await;
    let response = app.send(&chat, "follow me").await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let sent: Value = response.json().await.expect("json");
    loop {
        let frame = socket.recv_type("new_message").await;
        if frame["message"]["id"] == sent["id"] {
            break;
        }
    }
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

    // The push of the visitor's message to the socket continues the trace
    // under the worker's store span: request → store → deliver.
    // (The exporter is shared by every test of this process: find the
    // request through this chat's store spans, not by its name alone.)
    let (store, request) = stores
        .iter()
        .find_map(|store| {
            spans
                .iter()
                .find(|span| {
                    span.span_context.trace_id() == store.span_context.trace_id()
                        && span.name == "POST /api/chat/sessions/{id}/messages"
                })
                .map(|request| (store, request))
        })
        .expect("the message's store span and its request");
    let deliver = spans
        .iter()
        .find(|span| {
            span.name == "chat.deliver"
                && span.span_context.trace_id() == request.span_context.trace_id()
        })
        .expect("a chat.deliver span in the message's trace");
    assert_eq!(deliver.parent_span_id, store.span_context.span_id());
}

#[sqlx::test(migrations = "../migrations")]
async fn an_offline_chat_is_emailed_to_support(pool: PgPool) {
    let sink = MailCatcher::start().await;
    let app = spawn_with(
        pool,
        Options {
            smtp_url: Some(sink.smtp_url.clone()),
            ..Options::default()
        },
    )
    .await;
    let marker = uuid::Uuid::new_v4().simple().to_string();
    let email = format!("visitor-{marker}@example.com");
    app.start_chat("Offline Visitor", &email).await;

    let mut found = None;
    for _ in 0..100 {
        if let Some(text) = sink.sources_mentioning(&email).await.pop() {
            found = Some(text);
        }
        if found.is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let mail = found.expect("an email about the offline chat reached the mail catcher");
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

#[sqlx::test(migrations = "../migrations")]
async fn a_burst_across_chats_is_stored_in_order_without_rewriting_the_chats(pool: PgPool) {
    use crate::dead_letters::{command, context, publish};
    use uuid::Uuid;
    const CHATS: usize = 8;
    const PER_CHAT: usize = 60;
    let app = spawn_with(
        pool,
        Options {
            with_chat_worker: false,
            config: vec![
                ("CHAT_CONFIRM_TIMEOUT_MS", "1".into()),
                ("CHAT_START_LIMIT_PER_IP_PER_HOUR", "1000".into()),
            ],
            ..Options::default()
        },
    )
    .await;
    let mut chats: Vec<Uuid> = Vec::new();
    let mut visitors = Vec::new();
    for n in 0..CHATS {
        let browser = app.new_browser();
        let chat = browser
            .start_chat("Burst", &format!("burst-{n}@example.com"))
            .await;
        chats.push(chat.parse().expect("uuid"));
        visitors.push(browser);
    }
    // The worker writes no chat's row, not even a resolved one's: reopening
    // is the gateway's, when the visitor writes through it (checked below).
    sqlx::query("update chat_sessions set status = 'resolved' where id = $1")
        .bind(chats[0])
        .execute(&app.pool)
        .await
        .expect("resolved");
    // Each row's version: an update of the row gives it a new xmin.
    let versions = || async {
        sqlx::query_as::<_, (Uuid, String, String)>(
            "select id, xmin::text, status from chat_sessions where id = any($1) order by id",
        )
        .bind(&chats)
        .fetch_all(&app.pool)
        .await
        .expect("versions")
    };
    let before = versions().await;

    // The burst, interleaved across the chats, waits in the stream.
    let mut sent: Vec<Vec<Uuid>> = vec![Vec::new(); CHATS];
    for m in 0..PER_CHAT {
        for (n, chat) in chats.iter().enumerate() {
            let command = command(*chat, &format!("burst {m}"));
            publish(&app, &command).await;
            sent[n].push(command.message.id);
        }
    }
    workers::chat::spawn(context(&app), std::future::pending())
        .await
        .expect("chat worker starts");
    let count = || async {
        sqlx::query_scalar::<_, i64>(
            "select count(*) from chat_messages where session_id = any($1) and sender_type = 'user'",
        )
        .bind(&chats)
        .fetch_one(&app.pool)
        .await
        .expect("count")
    };
    for _ in 0..300 {
        if count().await >= (CHATS * PER_CHAT) as i64 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(count().await, (CHATS * PER_CHAT) as i64, "all stored");

    for (chat, sent) in chats.iter().zip(&sent) {
        let stored: Vec<Uuid> = sqlx::query_scalar(
            "select id from chat_messages where session_id = $1 and sender_type = 'user' order by id",
        )
        .bind(chat)
        .fetch_all(&app.pool)
        .await
        .expect("stored");
        assert_eq!(&stored, sent, "every message once, in order");
    }
    let after = versions().await;
    for ((id, xmin_before, _), (_, xmin_after, status)) in before.iter().zip(&after) {
        assert_eq!(
            xmin_before, xmin_after,
            "{PER_CHAT} messages did not rewrite a chat's row"
        );
        let expected = if *id == chats[0] { "resolved" } else { "open" };
        assert_eq!(status, expected);
    }
    // What the inbox shows as the chat's activity is its last message's time.
    let agent = app.agent().await;
    let inbox: Vec<Value> = agent
        .get("/api/agent/chats")
        .await
        .json()
        .await
        .expect("json");
    for chat in &chats {
        let row = inbox
            .iter()
            .find(|row| row["sessionId"] == chat.to_string())
            .expect("in the inbox");
        assert_eq!(row["lastMessagePreview"], format!("burst {}", PER_CHAT - 1));
        let last: time::OffsetDateTime = sqlx::query_scalar(
            "select created_at from chat_messages where session_id = $1 order by id desc limit 1",
        )
        .bind(chat)
        .fetch_one(&app.pool)
        .await
        .expect("last");
        let shown = time::OffsetDateTime::parse(
            row["lastMessageAt"].as_str().expect("time"),
            &time::format_description::well_known::Rfc3339,
        )
        .expect("RFC 3339");
        assert_eq!(shown, last);
    }

    // The resolved chat's visitor writes through the gateway: it is open
    // again when the answer comes, with that one update of its row.
    let resolved = chats[0].to_string();
    let response = visitors[0].send(&resolved, "Still there?").await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let row: Value = agent
        .get(&format!("/api/agent/chats/{resolved}"))
        .await
        .json()
        .await
        .expect("json");
    assert_eq!(row["status"], "open");
    for ((id, xmin_after, _), (_, xmin_now, _)) in after.iter().zip(&versions().await) {
        if *id == chats[0] {
            assert_ne!(xmin_after, xmin_now, "the resolved chat was reopened");
        } else {
            assert_eq!(xmin_after, xmin_now, "only the reopened chat's row changed");
        }
    }
}
