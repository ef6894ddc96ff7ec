//! The waitlist end to end: `POST /api/waitlist` → JetStream `INTAKE` → the
//! `requests` worker → Postgres and real SMTP; the admins' list and CSV export.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;
use uuid::Uuid;
use workers::consumer::RetryPolicy;

use crate::helpers::{MailCatcher, Options, TestApp, message, registration, spawn_with};
use crate::mailbox::{mails_to, wait_for_mails, wait_until_consumed};

const FAST: RetryPolicy = RetryPolicy {
    max_deliveries: 50,
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

fn visitor() -> String {
    format!("waiting-{}@example.com", Uuid::new_v4().simple())
}

async fn join(app: &TestApp, body: &Value) -> reqwest::Response {
    app.post("/api/waitlist", body).await
}

async fn entries(pool: &PgPool, email: &str) -> Vec<(String, Option<String>, String)> {
    sqlx::query_as(
        "select email, name, interest from waitlist_entries where email = $1 order by interest",
    )
    .bind(email)
    .fetch_all(pool)
    .await
    .expect("entries")
}

#[sqlx::test(migrations = "../migrations")]
async fn joining_stores_one_entry_per_interest_and_confirms_it_once(pool: PgPool) {
    let sink = MailCatcher::start().await;
    let app = spawn_with(pool, with_intake(Some(sink.smtp_url.clone()))).await;
    let email = visitor();
    let body = json!({ "email": email, "name": "Amina Otieno", "interest": "gpu-cluster" });
    let response = join(&app, &body).await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let accepted: Value = response.json().await.expect("JSON");
    assert_eq!(
        accepted["message"],
        "Thank you! You're on the waitlist. We've sent you a confirmation email."
    );

    let mails = wait_for_mails(&sink, &email, 1).await;
    assert_eq!(mails.len(), 1, "{mails:#?}");
    let mail = &mails[0];
    assert_eq!(
        mail.subject(),
        "You're on the Nyota Cloud GPU cluster early-access list"
    );
    assert!(mail.raw.contains("Content-Type: multipart/alternative"));
    assert!(mail.raw.contains("Content-Type: text/html; charset=utf-8"));
    assert!(mail.text.contains("Hello Amina Otieno,"), "{}", mail.text);
    assert!(
        mail.text
            .contains("early-access list for the Nyota Cloud GPU cluster")
    );
    assert_eq!(
        entries(&app.pool, &email).await,
        vec![(
            email.clone(),
            Some("Amina Otieno".to_owned()),
            "gpu-cluster".to_owned()
        )]
    );

    // The same address again (in capitals): the same answer, no new row, no
    // second email.
    let again = json!({ "email": email.to_uppercase(), "interest": "gpu-cluster" });
    let response = join(&app, &again).await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let repeated: Value = response.json().await.expect("JSON");
    assert_eq!(repeated, accepted);
    wait_until_consumed(&app, "intake-waitlist").await;
    assert_eq!(entries(&app.pool, &email).await.len(), 1);
    assert_eq!(mails_to(&sink, &email).await.len(), 1);

    // Another interest is another entry, with its own confirmation.
    let general = json!({ "email": email, "interest": "general" });
    assert_eq!(join(&app, &general).await.status(), StatusCode::ACCEPTED);
    let mails = wait_for_mails(&sink, &email, 2).await;
    assert_eq!(mails.len(), 2);
    assert!(
        mails
            .iter()
            .any(|mail| mail.subject() == "You're on the Nyota Cloud waitlist")
    );
    assert_eq!(entries(&app.pool, &email).await.len(), 2);
}

#[sqlx::test(migrations = "../migrations")]
async fn bad_waitlist_requests_are_refused_in_words(pool: PgPool) {
    let app = spawn_with(pool, with_intake(None)).await;
    let cases = [
        (
            json!({ "email": "a@example.com", "interest": "vip" }),
            "Interest must be one of: general, gpu-cluster",
        ),
        (json!({ "email": "a@example.com" }), "Interest is required"),
        (
            json!({ "email": "a@example.com", "interest": " " }),
            "Interest is required",
        ),
        (
            json!({ "email": "not-an-address", "interest": "general" }),
            "Please enter a valid email address",
        ),
        (
            json!({ "email": "a@example.com", "name": "x".repeat(101), "interest": "general" }),
            "Name must be at most 100 characters",
        ),
        (
            json!({ "email": "a@example.com", "interest": 5 }),
            "Interest must be text",
        ),
    ];
    for (body, expected) in cases {
        let response = join(&app, &body).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{body}");
        assert_eq!(message(response).await, expected, "{body}");
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn joining_is_rate_limited_per_address(pool: PgPool) {
    let app = spawn_with(
        pool,
        Options {
            config: vec![("WAITLIST_LIMIT_PER_IP_PER_HOUR", "2".to_owned())],
            ..with_intake(None)
        },
    )
    .await;
    for _ in 0..2 {
        let body = json!({ "email": visitor(), "interest": "general" });
        assert_eq!(join(&app, &body).await.status(), StatusCode::ACCEPTED);
    }
    let response = join(&app, &json!({ "email": visitor(), "interest": "general" })).await;
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(
        message(response).await,
        "Too many waitlist requests. Please try again later."
    );
}

/// Stores an entry as the worker would, `minutes_ago` minutes back.
async fn insert_entry(
    pool: &PgPool,
    email: &str,
    name: Option<&str>,
    interest: &str,
    minutes_ago: i32,
) {
    sqlx::query(
        "insert into waitlist_entries (id, email, name, interest, created_at)
         values ($1, $2, $3, $4, now() - make_interval(mins => $5))",
    )
    .bind(Uuid::now_v7())
    .bind(email)
    .bind(name)
    .bind(interest)
    .bind(minutes_ago)
    .execute(pool)
    .await
    .expect("inserted");
}

#[sqlx::test(migrations = "../migrations")]
async fn admins_list_and_export_the_waitlist_safely(pool: PgPool) {
    let app = spawn_with(pool, with_intake(None)).await;
    insert_entry(&app.pool, "old@example.com", Some("Baraka"), "general", 30).await;
    insert_entry(
        &app.pool,
        "gpu@example.com",
        Some("=HYPERLINK(\"http://x\")"),
        "gpu-cluster",
        20,
    )
    .await;
    insert_entry(
        &app.pool,
        "new@example.com",
        Some("Otieno, \"Amina\""),
        "gpu-cluster",
        10,
    )
    .await;
    insert_entry(
        &app.pool,
        "plus@example.com",
        Some("+254 700"),
        "general",
        5,
    )
    .await;
    let admin = app.agent().await;

    let all: Value = admin
        .get("/api/admin/waitlist")
        .await
        .json()
        .await
        .expect("JSON");
    let emails: Vec<&str> = all["items"]
        .as_array()
        .expect("items")
        .iter()
        .map(|item| item["email"].as_str().expect("email"))
        .collect();
    assert_eq!(
        emails,
        [
            "plus@example.com",
            "new@example.com",
            "gpu@example.com",
            "old@example.com"
        ]
    );
    assert_eq!(all["pagination"]["total"], 4);
    assert_eq!(all["items"][0]["interest"], "general");
    assert!(all["items"][0]["createdAt"].is_string());

    let gpu: Value = admin
        .get("/api/admin/waitlist?interest=gpu-cluster&page=1")
        .await
        .json()
        .await
        .expect("JSON");
    assert_eq!(gpu["pagination"]["total"], 2);
    let empty: Value = admin
        .get("/api/admin/waitlist?page=2")
        .await
        .json()
        .await
        .expect("JSON");
    assert_eq!(empty["items"], json!([]));
    for bad in [
        "/api/admin/waitlist?interest=vip",
        "/api/admin/waitlist?page=0",
        "/api/admin/waitlist.csv?interest=x",
    ] {
        let response = admin.get(bad).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{bad}");
    }

    let response = admin
        .get("/api/admin/waitlist.csv?interest=gpu-cluster")
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        response.headers()["content-type"],
        "text/csv; charset=utf-8"
    );
    let disposition = response.headers()["content-disposition"]
        .to_str()
        .expect("ASCII")
        .to_owned();
    assert!(
        disposition.starts_with("attachment; filename=\"waitlist-gpu-cluster-"),
        "{disposition}"
    );
    let csv = response.text().await.expect("text");
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines.len(), 3, "{csv}");
    assert_eq!(lines[0], "Email,Name,Interest,Joined");
    assert!(
        lines[1].starts_with("new@example.com,\"Otieno, \"\"Amina\"\"\",gpu-cluster,"),
        "{csv}"
    );
    assert!(
        lines[2].starts_with("gpu@example.com,\"'=HYPERLINK(\"\"http://x\"\")\",gpu-cluster,"),
        "{csv}"
    );

    let everything = admin
        .get("/api/admin/waitlist.csv")
        .await
        .text()
        .await
        .expect("text");
    assert_eq!(everything.lines().count(), 5);
    // Each export is audited, with who, which interest and how many rows.
    let audited: Vec<(String, Value)> = sqlx::query_as(
        "select u.email, a.details from audit_log a join users u on u.id = a.actor_id
         where a.action = 'export' and a.entity = 'waitlist' order by a.at",
    )
    .fetch_all(&app.pool)
    .await
    .expect("audit rows");
    assert_eq!(audited.len(), 2);
    assert!(audited[0].0.starts_with("agent-"), "{audited:?}");
    assert_eq!(
        audited[0].1,
        json!({ "interest": "gpu-cluster", "rows": 2 })
    );
    assert_eq!(audited[1].1, json!({ "interest": "all", "rows": 4 }));
    assert!(
        everything.contains("plus@example.com,'+254 700,general,"),
        "{everything}"
    );

    // Admins only: 401 signed out, 403 for other users.
    let stranger = app.new_browser();
    for path in ["/api/admin/waitlist", "/api/admin/waitlist.csv"] {
        assert_eq!(
            stranger.get(path).await.status(),
            StatusCode::UNAUTHORIZED,
            "{path}"
        );
    }
    let user = app.new_browser();
    assert_eq!(
        user.register(&registration("plain-user@example.com"))
            .await
            .status(),
        StatusCode::CREATED
    );
    for path in ["/api/admin/waitlist", "/api/admin/waitlist.csv"] {
        assert_eq!(
            user.get(path).await.status(),
            StatusCode::FORBIDDEN,
            "{path}"
        );
    }
}
