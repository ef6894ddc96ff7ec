//! The state of outgoing email as the workers record it (issue 35): the
//! admin sees whether it is off, working or failing (last success, last
//! error); the public pages only whether email is sent at all.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;
use workers::consumer::RetryPolicy;

use crate::helpers::{MailCatcher, Options, TestApp, spawn, spawn_with};

const FAST: RetryPolicy = RetryPolicy {
    max_deliveries: 200,
    backoff_base: Duration::from_millis(100),
    backoff_cap: Duration::from_millis(500),
};

fn with_intake(smtp_url: Option<String>) -> Options {
    Options {
        smtp_url,
        requests_worker: Some(FAST),
        ..Options::default()
    }
}

async fn email_health(app: &TestApp) -> Value {
    let admin = app.agent().await;
    let response = admin.get("/api/admin/email-health").await;
    assert_eq!(response.status(), StatusCode::OK);
    response.json().await.expect("json")
}

async fn email_enabled(app: &TestApp) -> Value {
    let response = app.get("/api/email-status").await;
    assert_eq!(response.status(), StatusCode::OK);
    response.json().await.expect("json")
}

/// Sends a contact request: the requests worker emails sales and the visitor.
async fn contact(app: &TestApp) {
    let response = app
        .client
        .post(app.url("/api/messages"))
        .header("X-Requested-With", "XMLHttpRequest")
        .json(&json!({
            "name": "Amina Otieno",
            "email": "amina@example.com",
            "subject": "Two racks in Nairobi",
            "message": "Hello",
            "source": "/contact",
            "website": "",
            "fillMs": 60_000,
        }))
        .send()
        .await
        .expect("request");
    assert_eq!(response.status(), StatusCode::ACCEPTED);
}

/// Polls the admin's view until `done` holds (or 15 s pass).
async fn wait_for(app: &TestApp, done: impl Fn(&Value) -> bool) -> Value {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(15);
    loop {
        let health = email_health(app).await;
        if done(&health) || tokio::time::Instant::now() > deadline {
            return health;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn email_is_off_until_the_workers_say_it_is_configured(pool: PgPool) {
    let app = spawn(pool).await;
    assert_eq!(
        email_health(&app).await,
        json!({ "state": "off", "lastSuccessAt": null, "lastFailureAt": null, "lastError": null })
    );
    assert_eq!(email_enabled(&app).await, json!({ "emailEnabled": false }));
    // The admin's view is the admin's only.
    assert_eq!(
        app.get("/api/admin/email-health").await.status(),
        StatusCode::UNAUTHORIZED
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn workers_without_smtp_report_email_off(pool: PgPool) {
    let app = spawn_with(pool, with_intake(None)).await;
    assert_eq!(email_health(&app).await["state"], json!("off"));
    assert_eq!(email_enabled(&app).await, json!({ "emailEnabled": false }));
}

#[sqlx::test(migrations = "../migrations")]
async fn a_sent_email_is_recorded_as_working(pool: PgPool) {
    let sink = MailCatcher::start().await;
    let app = spawn_with(pool, with_intake(Some(sink.smtp_url.clone()))).await;
    assert_eq!(email_health(&app).await["state"], json!("working"));
    assert_eq!(email_enabled(&app).await, json!({ "emailEnabled": true }));
    contact(&app).await;
    let health = wait_for(&app, |health| health["lastSuccessAt"].is_string()).await;
    assert_eq!(health["state"], json!("working"), "{health}");
    assert_eq!(health["lastFailureAt"], json!(null));
}

#[sqlx::test(migrations = "../migrations")]
async fn an_unreachable_smtp_server_is_recorded_as_failing_with_its_error(pool: PgPool) {
    // A port nothing listens on.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .expect("a free port")
        .port();
    let app = spawn_with(pool, with_intake(Some(format!("smtp://127.0.0.1:{port}")))).await;
    contact(&app).await;
    let health = wait_for(&app, |health| health["state"] == json!("failing")).await;
    assert_eq!(health["state"], json!("failing"), "{health}");
    assert!(health["lastFailureAt"].is_string(), "{health}");
    assert!(
        health["lastError"]
            .as_str()
            .is_some_and(|error| error.contains("SMTP")),
        "{health}"
    );
    assert_eq!(health["lastSuccessAt"], json!(null));
    // Emails are retried until the server is back: the public pages still say so.
    assert_eq!(email_enabled(&app).await, json!({ "emailEnabled": true }));
}

#[sqlx::test(migrations = "../migrations")]
async fn with_email_off_no_public_text_promises_an_email(pool: PgPool) {
    let app = spawn_with(pool, with_intake(None)).await;
    let asked = app
        .post(
            "/api/privacy/requests",
            &json!({ "email": "amina@example.com", "kind": "access", "details": "Please" }),
        )
        .await;
    assert_eq!(asked.status(), StatusCode::ACCEPTED);
    let body: Value = asked.json().await.expect("json");
    assert_eq!(
        body["message"],
        json!(gateway::privacy::ASKED_EMAIL_OFF),
        "no link is promised"
    );

    let visitor = app.new_browser();
    let chat = visitor.start_chat("Amina", "amina@example.com").await;
    let transcript = visitor
        .post(&format!("/api/chat/sessions/{chat}/transcript"), &json!({}))
        .await;
    assert_eq!(transcript.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(
        crate::helpers::message(transcript).await,
        "This site is not sending email right now, so the transcript cannot be emailed."
    );
}
