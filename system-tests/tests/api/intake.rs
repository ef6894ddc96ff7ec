//! Contact and demo requests end to end: `POST /api/messages` → JetStream
//! `INTAKE` → the `requests` worker → Postgres and real SMTP, and
//! registrations' emails, with the helpers the other `intake_*` tests share.
//! Real NATS, Postgres and mail catcher.

use std::time::{Duration, Instant};

use async_nats::jetstream::stream::DiscardPolicy;
use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;
use uuid::Uuid;
use workers::consumer::RetryPolicy;

use crate::helpers::{MailCatcher, Options, TestApp, message, registration, spawn_with};

/// Fast retries, so an outage test takes seconds (production: `intake::RETRY`).
pub(crate) const FAST: RetryPolicy = RetryPolicy {
    max_deliveries: 200,
    backoff_base: Duration::from_millis(100),
    backoff_cap: Duration::from_millis(500),
};

pub(crate) fn with_intake(smtp_url: Option<String>, retry: RetryPolicy) -> Options {
    Options {
        smtp_url,
        requests_worker: Some(retry),
        ..Options::default()
    }
}

/// A unique visitor address for this test.
pub(crate) fn visitor() -> String {
    format!("visitor-{}@example.com", Uuid::new_v4().simple())
}

/// A valid contact request from `email`, shown to the visitor a minute ago.
pub(crate) fn request(email: &str) -> Value {
    json!({
        "name": "Amina Otieno",
        "email": email,
        "subject": "Two racks in Nairobi",
        "message": "Line one\nLine two",
        "phone": "+254 700 000 001",
        "source": "/contact",
        "website": "",
        "fillMs": 60_000,
    })
}

/// `POST /api/messages`, with an `Idempotency-Key` when given.
pub(crate) async fn send(app: &TestApp, body: &Value, key: Option<&str>) -> reqwest::Response {
    let mut request = app
        .client
        .post(app.url("/api/messages"))
        .header("X-Requested-With", "XMLHttpRequest")
        .json(body);
    if let Some(key) = key {
        request = request.header("Idempotency-Key", key);
    }
    request.send().await.expect("request")
}

/// Sends a valid request and returns its id (202 expected).
pub(crate) async fn send_ok(app: &TestApp, body: &Value, key: Option<&str>) -> String {
    let response = send(app, body, key).await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let accepted: Value = response.json().await.expect("JSON");
    assert!(
        accepted["message"]
            .as_str()
            .is_some_and(|m| m.contains("24 hours"))
    );
    accepted["id"].as_str().expect("id").to_owned()
}

pub(crate) async fn count(pool: &PgPool, sql: &str) -> i64 {
    sqlx::query_scalar(sql)
        .fetch_one(pool)
        .await
        .expect("count")
}

/// Polls `sql` until it counts at least `at_least` (or `within` passes).
pub(crate) async fn wait_for_count(
    pool: &PgPool,
    sql: &str,
    at_least: i64,
    within: Duration,
) -> i64 {
    let started = Instant::now();
    loop {
        let n = count(pool, sql).await;
        if n >= at_least || started.elapsed() > within {
            return n;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The emails the catcher received that mention `marker`.
pub(crate) async fn mails(catcher: &MailCatcher, marker: &str) -> Vec<String> {
    catcher.sources_mentioning(marker).await
}

/// Waits until the catcher holds at least `at_least` emails mentioning `marker`.
pub(crate) async fn wait_for_mails(
    catcher: &MailCatcher,
    marker: &str,
    at_least: usize,
    within: Duration,
) -> Vec<String> {
    let started = Instant::now();
    loop {
        let found = mails(catcher, marker).await;
        if found.len() >= at_least || started.elapsed() > within {
            return found;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

pub(crate) fn with_subject<'a>(mails: &'a [String], prefix: &str) -> Vec<&'a String> {
    let header = format!("Subject: {prefix}");
    mails.iter().filter(|mail| mail.contains(&header)).collect()
}

fn has_header(mail: &str, name: &str, display: &str, address: &str) -> bool {
    mail.contains(&format!("{name}: \"{display}\" <{address}>"))
        || mail.contains(&format!("{name}: {display} <{address}>"))
}

#[sqlx::test(migrations = "../migrations")]
async fn a_request_is_stored_then_emailed_to_sales_and_to_the_visitor(pool: PgPool) {
    let sink = MailCatcher::start().await;
    let app = spawn_with(pool, with_intake(Some(sink.smtp_url.clone()), FAST)).await;
    let email = visitor();
    let id = send_ok(&app, &request(&email), None).await;

    let stored = "select count(*) from contact_requests";
    assert_eq!(
        wait_for_count(&app.pool, stored, 1, Duration::from_secs(10)).await,
        1
    );
    let row: (
        String,
        String,
        String,
        String,
        Option<String>,
        Option<String>,
        String,
    ) = sqlx::query_as(
        "select id::text, name, email, message, phone, source, status from contact_requests",
    )
    .fetch_one(&app.pool)
    .await
    .expect("row");
    assert_eq!(row.0, id);
    assert_eq!(
        (row.1.as_str(), row.2.as_str()),
        ("Amina Otieno", email.as_str())
    );
    assert_eq!(row.3, "Line one\nLine two");
    assert_eq!(row.4.as_deref(), Some("+254 700 000 001"));
    assert_eq!(row.5.as_deref(), Some("/contact"));
    assert_eq!(row.6, "new");

    let found = wait_for_mails(&sink, &email, 2, Duration::from_secs(10)).await;
    assert_eq!(found.len(), 2, "{found:#?}");
    let sales = with_subject(
        &found,
        "Contact request from Amina Otieno: Two racks in Nairobi",
    );
    assert_eq!(sales.len(), 1, "{found:#?}");
    assert!(has_header(
        sales[0],
        "To",
        "Nyota Cloud Sales",
        "sales@nyota.example"
    ));
    assert!(
        has_header(sales[0], "Reply-To", "Amina Otieno", &email),
        "{}",
        sales[0]
    );
    assert!(has_header(
        sales[0],
        "From",
        "Nyota Cloud",
        "no-reply@nyota.example"
    ));
    let ack = with_subject(&found, "We received your message: Two racks in Nairobi");
    assert_eq!(ack.len(), 1, "{found:#?}");
    assert!(
        has_header(ack[0], "To", "Amina Otieno", &email),
        "{}",
        ack[0]
    );
    assert!(has_header(
        ack[0],
        "Reply-To",
        "Nyota Cloud Sales",
        "sales@nyota.example"
    ));
    for mail in [sales[0], ack[0]] {
        assert!(
            mail.contains("Content-Type: multipart/alternative"),
            "{mail}"
        );
        assert!(
            mail.contains("Content-Type: text/plain; charset=utf-8"),
            "{mail}"
        );
        assert!(
            mail.contains("Content-Type: text/html; charset=utf-8"),
            "{mail}"
        );
    }
    // Each is marked sent once the SMTP server has answered, a moment
    // after the sink has written it.
    let recorded = "select count(*) from sent_emails where sent_at is not null";
    let started = Instant::now();
    while count(&app.pool, recorded).await < 2 && started.elapsed() < Duration::from_secs(5) {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(count(&app.pool, recorded).await, 2);
}

#[sqlx::test(migrations = "../migrations")]
async fn the_sales_inbox_is_read_from_the_site_settings_at_send_time(pool: PgPool) {
    let sink = MailCatcher::start().await;
    let app = spawn_with(pool, with_intake(Some(sink.smtp_url.clone()), FAST)).await;
    let inbox = format!("deals-{}@nyota.example", Uuid::new_v4().simple());
    sqlx::query(
        "insert into site_settings (settings) values (jsonb_build_object('salesEmail', $1::text))",
    )
    .bind(&inbox)
    .execute(&app.pool)
    .await
    .expect("settings stored");
    let email = visitor();
    send_ok(&app, &request(&email), None).await;
    let found = wait_for_mails(&sink, &email, 2, Duration::from_secs(10)).await;
    let sales = with_subject(&found, "Contact request from");
    assert_eq!(sales.len(), 1, "{found:#?}");
    assert!(
        has_header(sales[0], "To", "Nyota Cloud Sales", &inbox),
        "{}",
        sales[0]
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn one_idempotency_key_files_one_request_and_two_emails(pool: PgPool) {
    let sink = MailCatcher::start().await;
    let app = spawn_with(pool, with_intake(Some(sink.smtp_url.clone()), FAST)).await;
    let email = visitor();
    let key = Uuid::new_v4().to_string();
    let first = send_ok(&app, &request(&email), Some(&key)).await;
    let second = send_ok(&app, &request(&email), Some(&key)).await;
    assert_eq!(first, second, "the same key names the same request");

    wait_for_mails(&sink, &email, 2, Duration::from_secs(10)).await;
    // Time for any duplicate to arrive.
    tokio::time::sleep(Duration::from_secs(1)).await;
    assert_eq!(mails(&sink, &email).await.len(), 2);
    assert_eq!(
        count(&app.pool, "select count(*) from contact_requests").await,
        1
    );

    // After JetStream's deduplication window the key still names the same
    // request: the worker stores nothing new and sends nothing again.
    let payload = json!({
        "id": first,
        "name": "Amina Otieno",
        "email": email,
        "subject": "Two racks in Nairobi",
        "message": "again",
        "phone": null,
        "company": null,
        "source": "/contact",
        "received_at": "2026-11-25T10:00:00Z",
    });
    async_nats::jetstream::new(app.nats.clone())
        .publish(app.namespace.intake_message(), payload.to_string().into())
        .await
        .expect("published")
        .await
        .expect("stored");
    let handled = format!(
        "select count(*) from contact_requests where id = '{first}' and message = 'Line one\nLine two'"
    );
    tokio::time::sleep(Duration::from_secs(1)).await;
    assert_eq!(count(&app.pool, &handled).await, 1);
    assert_eq!(mails(&sink, &email).await.len(), 2);
}

#[sqlx::test(migrations = "../migrations")]
async fn bots_are_answered_like_people_but_nothing_is_filed(pool: PgPool) {
    let app = spawn_with(pool, with_intake(None, FAST)).await;
    let mut filled = request(&visitor());
    filled["website"] = json!("https://spam.example");
    send_ok(&app, &filled, None).await;
    let mut fast = request(&visitor());
    fast["fillMs"] = json!(1_000);
    send_ok(&app, &fast, None).await;

    // A person's request after them is stored; theirs never are.
    let person = visitor();
    send_ok(&app, &request(&person), None).await;
    let stored = "select count(*) from contact_requests";
    assert_eq!(
        wait_for_count(&app.pool, stored, 1, Duration::from_secs(10)).await,
        1
    );
    tokio::time::sleep(Duration::from_millis(300)).await;
    let emails: Vec<String> = sqlx::query_scalar("select email from contact_requests")
        .fetch_all(&app.pool)
        .await
        .expect("rows");
    assert_eq!(emails, [person]);
    let stream = async_nats::jetstream::new(app.nats.clone())
        .get_stream(app.namespace.intake_stream().name)
        .await
        .expect("stream")
        .info()
        .await
        .expect("info")
        .state
        .messages;
    assert_eq!(stream, 1, "only the person's request was published");
}

#[sqlx::test(migrations = "../migrations")]
async fn bad_requests_are_refused_in_words(pool: PgPool) {
    let app = spawn_with(pool, Options::default()).await;
    let email = visitor();
    let with = |field: &str, value: Value| {
        let mut body = request(&email);
        body[field] = value;
        body
    };
    let without = |field: &str| {
        let mut body = request(&email);
        body.as_object_mut().expect("object").remove(field);
        body
    };
    let cases = [
        (without("name"), "Name is required"),
        (with("name", json!("  ")), "Name is required"),
        (
            with("name", json!("n".repeat(101))),
            "Name must be at most 100 characters",
        ),
        (with("name", json!(5)), "Name must be text"),
        (
            with("email", json!("not-an-address")),
            "Please enter a valid email address",
        ),
        (without("subject"), "Subject is required"),
        (
            with("subject", json!("s".repeat(201))),
            "Subject must be at most 200 characters",
        ),
        (with("message", json!("\u{200B}")), "Message is required"),
        (
            with("message", json!("m".repeat(5_001))),
            "Message must be at most 5000 characters",
        ),
        (
            with("message", json!("bad\u{0}byte")),
            "Message must not contain control characters",
        ),
        (
            with("phone", json!("1".repeat(41))),
            "Phone must be at most 40 characters",
        ),
        (
            with("company", json!("c".repeat(201))),
            "Company must be at most 200 characters",
        ),
        (
            with("source", json!("https://evil.example")),
            "Source must be a path on this site, such as /contact",
        ),
        (with("fillMs", json!("soon")), "Fill time is not valid"),
    ];
    for (body, expected) in cases {
        let response = send(&app, &body, None).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{expected}");
        assert_eq!(message(response).await, expected);
    }
    let response = send(&app, &request(&email), Some("short")).await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert_eq!(
        message(response).await,
        "Idempotency-Key must be 8 to 200 visible characters"
    );
    // A multi-line message keeps its lines; optional fields may be empty.
    let mut minimal = with("message", json!("Line one\r\nLine two"));
    minimal["phone"] = json!("");
    assert_eq!(
        send(&app, &minimal, None).await.status(),
        StatusCode::ACCEPTED
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn one_address_may_send_five_requests_in_ten_minutes(pool: PgPool) {
    let app = spawn_with(pool, Options::default()).await;
    for _ in 0..5 {
        send_ok(&app, &request(&visitor()), None).await;
    }
    let response = send(&app, &request(&visitor()), None).await;
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(
        message(response).await,
        "Too many messages sent. Please try again later."
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn a_request_is_refused_with_503_when_jetstream_cannot_store_it(pool: PgPool) {
    let app = spawn_with(pool, Options::default()).await;
    // The stream is full and refuses new messages (a deleted stream would do
    // too, but a busy server may still accept into it for a moment).
    let jetstream = async_nats::jetstream::new(app.nats.clone());
    jetstream
        .publish(app.namespace.intake_registered(), "{}".into())
        .await
        .expect("published")
        .await
        .expect("stored");
    let mut full = app.namespace.intake_stream();
    full.max_messages = 1;
    full.discard = DiscardPolicy::New;
    jetstream.update_stream(full).await.expect("stream updated");
    let response = send(&app, &request(&visitor()), None).await;
    assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(
        message(response).await,
        "Messages cannot be sent right now. Please try again."
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn a_registration_gets_a_welcome_email_and_a_note_to_sales(pool: PgPool) {
    let sink = MailCatcher::start().await;
    let app = spawn_with(pool, with_intake(Some(sink.smtp_url.clone()), FAST)).await;
    let email = format!("new-{}@example.com", Uuid::new_v4().simple());
    assert_eq!(
        app.register(&registration(&email)).await.status(),
        StatusCode::CREATED
    );

    let found = wait_for_mails(&sink, &email, 2, Duration::from_secs(10)).await;
    assert_eq!(found.len(), 2, "{found:#?}");
    let welcome = with_subject(&found, "Welcome to Nyota Cloud");
    assert_eq!(welcome.len(), 1, "{found:#?}");
    assert!(
        has_header(welcome[0], "To", "Amina Odhiambo", &email),
        "{}",
        welcome[0]
    );
    let note = with_subject(&found, "New registration: Amina Odhiambo");
    assert_eq!(note.len(), 1, "{found:#?}");
    assert!(has_header(
        note[0],
        "To",
        "Nyota Cloud Sales",
        "sales@nyota.example"
    ));
    assert!(has_header(note[0], "Reply-To", "Amina Odhiambo", &email));
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(mails(&sink, &email).await.len(), 2);
}
