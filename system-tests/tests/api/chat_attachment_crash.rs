//! A chat worker SIGKILLed with attachments in flight: every attachment sent
//! is linked to its one message, none twice, none lost.

use crate::chat_attachments::{attached, pdf, png, send_with, stored_attachments};
use crate::chat_pipeline::start_chat_worker;
use crate::helpers::{Options, TestApp, spawn_with};
use reqwest::StatusCode;
use serde_json::Value;
use sqlx::PgPool;
use std::collections::HashSet;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The ids of the messages stored in `chats` that carry an attachment, with it.
async fn linked(app: &TestApp, chats: &[String]) -> Vec<(String, String)> {
    sqlx::query_as(
        "select id::text, attachment_id::text from chat_messages
         where session_id = any($1::uuid[]) and attachment_id is not null",
    )
    .bind(chats)
    .fetch_all(&app.pool)
    .await
    .expect("query")
}

#[sqlx::test(migrations = "../migrations")]
async fn a_worker_killed_with_attachments_in_flight_loses_and_doubles_nothing(pool: PgPool) {
    const SENDERS: usize = 4;
    const PER_SENDER: usize = 6;
    const TOTAL: usize = SENDERS * PER_SENDER;
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
    // Uploads are stored by the gateway, whatever the worker does.
    let mut chats = Vec::new();
    let mut work = Vec::new();
    for n in 0..SENDERS {
        let browser = app.new_browser();
        let chat = browser
            .start_chat("Load", &format!("load-{n}@example.com"))
            .await;
        let mut ids = Vec::new();
        for m in 0..PER_SENDER {
            let data = if m % 2 == 0 {
                png(16 + m as u32, 16)
            } else {
                pdf()
            };
            let kept = attached(&browser, &chat, &format!("file-{m}"), data).await;
            ids.push(kept["id"].as_str().expect("id").to_owned());
        }
        chats.push(chat.clone());
        work.push((browser, chat, ids));
    }
    let acknowledged: Arc<Mutex<Vec<(String, String)>>> = Arc::new(Mutex::new(Vec::new()));
    // Each sender sends a third of its files, then waits until the worker
    // is stuck on the lock below: on a slow machine the senders could
    // otherwise finish before the worker starts, leaving nothing in flight.
    let (locked, locked_seen) = tokio::sync::watch::channel(false);
    let mut senders = Vec::new();
    for (browser, chat, ids) in work {
        let acknowledged = Arc::clone(&acknowledged);
        let mut locked_seen = locked_seen.clone();
        senders.push(tokio::spawn(async move {
            for (sent, id) in ids.into_iter().enumerate() {
                if sent == PER_SENDER / 3 {
                    locked_seen.wait_for(|locked| *locked).await.expect("gate");
                }
                let response = send_with(&browser, &chat, "", &id).await;
                assert_eq!(response.status(), StatusCode::CREATED);
                let sent: Value = response.json().await.expect("json");
                let message = sent["id"].as_str().expect("id").to_owned();
                acknowledged.lock().expect("lock").push((message, id));
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        }));
    }
    // The worker starts behind the first sends and dies while its insert
    // waits on a lock, with acknowledged attachments not yet linked.
    while acknowledged.lock().expect("lock").len() < TOTAL / 3 {
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
    eprintln!("{} sends acknowledged before the worker starts", TOTAL / 3);
    let mut worker = start_chat_worker(&app);
    let mut waited = 0;
    while linked(&app, &chats).await.is_empty() {
        waited += 1;
        assert!(
            waited < 6000,
            "the worker links no attachment (is its binary up to date?)"
        );
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    let mut blocker = app.pool.begin().await.expect("transaction");
    sqlx::query("lock table chat_messages in share mode")
        .execute(&mut *blocker)
        .await
        .expect("lock");
    locked.send_replace(true);
    let at_lock = acknowledged.lock().expect("lock").len();
    while acknowledged.lock().expect("lock").len() < (at_lock + 3).min(TOTAL) {
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
    tokio::time::sleep(Duration::from_millis(100)).await;
    worker.kill().expect("SIGKILL");
    let at_kill = acknowledged.lock().expect("lock").clone();
    worker.wait().expect("reaped");
    let stored: HashSet<String> = linked(&app, &chats)
        .await
        .into_iter()
        .map(|(m, _)| m)
        .collect();
    blocker.rollback().await.expect("unlocked");
    assert!(
        at_kill.iter().any(|(message, _)| !stored.contains(message)),
        "some acknowledged attachments were in flight when the worker died"
    );
    tokio::time::sleep(Duration::from_millis(200)).await;
    let mut worker = start_chat_worker(&app);
    for sender in senders {
        sender.await.expect("sender finished");
    }
    for _ in 0..600 {
        if linked(&app, &chats).await.len() >= TOTAL {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    worker.kill().expect("stop worker");
    worker.wait().expect("reaped");

    let mut expected = acknowledged.lock().expect("lock").clone();
    expected.sort();
    let mut stored = linked(&app, &chats).await;
    stored.sort();
    assert_eq!(
        stored, expected,
        "each acknowledged message stored once, with its attachment"
    );
    let per_attachment: i64 = sqlx::query_scalar(
        "select coalesce(max(n), 0) from (select count(*) as n from chat_messages
         where attachment_id is not null group by attachment_id) counts",
    )
    .fetch_one(&app.pool)
    .await
    .expect("query");
    assert_eq!(per_attachment, 1);
    assert_eq!(stored_attachments(&app).await, TOTAL as i64);
}
