//! Time budgets on the database: while `chat_messages` is locked and
//! visitors poll their chat history, sign-in, the signed-in user, chat start
//! and readiness keep answering; the locked reads answer 503 with
//! `Retry-After`, never 500, and recover once the lock goes.

use std::time::Duration;

use futures::future::join_all;
use reqwest::StatusCode;
use sqlx::PgPool;
use tokio::time::Instant;

use crate::helpers::{Browser, Options, registration, spawn_with};

/// How long the table stays locked.
const LOCKED_FOR: Duration = Duration::from_secs(8);

/// Visitors polling their chat's history during the lock (more than the
/// gateway's 20 connections).
const POLLERS: usize = 30;

/// What one answer must be during the lock: `ok` or a 503 with
/// `Retry-After`; anything else is returned as a failure.
fn judge(what: &str, response: &reqwest::Response, ok: StatusCode) -> Option<String> {
    let status = response.status();
    if status == ok {
        return None;
    }
    if status == StatusCode::SERVICE_UNAVAILABLE
        && response.headers().contains_key("retry-after")
        && response
            .headers()
            .get("content-type")
            .is_some_and(|v| v.as_bytes().starts_with(b"application/json"))
    {
        return None;
    }
    Some(format!("{what}: {status}"))
}

/// Polls `chat`'s history until `until`, returning the failures (and the
/// number of 503s).
async fn poll(browser: Browser, chat: String, until: Instant) -> (Vec<String>, usize) {
    let mut failures = Vec::new();
    let mut busy = 0;
    let path = format!("/api/chat/sessions/{chat}/messages");
    while Instant::now() < until {
        let response = browser.get(&path).await;
        if response.status() == StatusCode::SERVICE_UNAVAILABLE {
            busy += 1;
        }
        failures.extend(judge("history", &response, StatusCode::OK));
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    (failures, busy)
}

#[sqlx::test(migrations = "../migrations")]
async fn a_locked_chat_table_slows_its_readers_only(pool: PgPool) {
    let app = spawn_with(
        pool,
        Options {
            config: vec![("CHAT_START_LIMIT_PER_IP_PER_HOUR", "100".into())],
            ..Options::default()
        },
    )
    .await;
    let member = app.new_browser();
    let registered = member.register(&registration("member@example.com")).await;
    assert!(registered.status().is_success());
    let mut visitors = Vec::new();
    for n in 0..POLLERS {
        let visitor = app.new_browser();
        let chat = visitor
            .start_chat("Visitor", &format!("v{n}@example.com"))
            .await;
        visitors.push((visitor, chat));
    }

    // Lock the table in a transaction held for LOCKED_FOR.
    let mut lock = app.pool.begin().await.expect("transaction");
    sqlx::query("lock table chat_messages in access exclusive mode")
        .execute(&mut *lock)
        .await
        .expect("locked");
    let locked_at = Instant::now();
    let until = locked_at + LOCKED_FOR;
    let pollers = tokio::spawn(join_all(
        visitors
            .into_iter()
            .map(|(visitor, chat)| poll(visitor, chat, until)),
    ));
    // Let the pollers take every connection they can.
    tokio::time::sleep(Duration::from_secs(2)).await;

    // Sign-in, the signed-in user and readiness answer 200, promptly.
    let mut failures = Vec::new();
    let started = Instant::now();
    let signer = app.new_browser();
    let login = signer.login("member@example.com", "s3cret-pass").await;
    assert_eq!(login.status(), StatusCode::OK, "sign-in during the lock");
    let user = signer.get("/api/user").await;
    assert_eq!(user.status(), StatusCode::OK, "/api/user during the lock");
    let ready = reqwest::get(app.url("/readyz")).await.expect("readyz");
    assert_eq!(ready.status(), StatusCode::OK, "/readyz during the lock");
    assert!(
        started.elapsed() < Duration::from_secs(3),
        "sign-in, /api/user and /readyz took {:?}",
        started.elapsed()
    );
    // Chat start writes its notice into the locked table when no agent is
    // online: it may be told to retry, but never fails.
    let visitor = app.new_browser();
    let start = visitor
        .post(
            "/api/chat/sessions",
            &serde_json::json!({ "visitorName": "Late", "visitorEmail": "late@example.com" }),
        )
        .await;
    failures.extend(judge("chat start", &start, StatusCode::CREATED));
    assert!(Instant::now() < until, "the lock outlived the checks");

    let polled = pollers.await.expect("pollers");
    lock.commit().await.expect("unlocked");
    let busy: usize = polled.iter().map(|(_, busy)| busy).sum();
    failures.extend(polled.into_iter().flat_map(|(failures, _)| failures));
    assert!(failures.is_empty(), "{failures:?}");
    assert!(
        busy > 0,
        "some history reads waited on the lock and said so"
    );

    // Once the lock goes, history answers again.
    let member_chat = member.start_chat("Member", "member@example.com").await;
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let response = member
            .get(&format!("/api/chat/sessions/{member_chat}/messages"))
            .await;
        if response.status() == StatusCode::OK {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "history still {}",
            response.status()
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}
