//! Contact and demo requests end to end: `POST /api/messages` → JetStream
//! `INTAKE` → the `intake` worker → Postgres and real SMTP; registrations'
//! emails; the admin inbox and overview. Real NATS, Postgres and SMTP sink.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use async_nats::jetstream::stream::DiscardPolicy;
use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;
use uuid::Uuid;
use workers::consumer::RetryPolicy;

use crate::helpers::{Options, SmtpSink, TestApp, message, registration, spawn_with};

/// Fast retries, so an outage test takes seconds (production: `intake::RETRY`).
const FAST: RetryPolicy = RetryPolicy {
    max_deliveries: 200,
    backoff_base: Duration::from_millis(100),
    backoff_cap: Duration::from_millis(500),
};

fn with_intake(smtp_url: Option<String>, retry: RetryPolicy) -> Options {
    Options {
        smtp_url,
        intake_worker: Some(retry),
        ..Options::default()
    }
}

/// A unique visitor address for this test.
fn visitor() -> String {
    format!("visitor-{}@example.com", Uuid::new_v4().simple())
}

/// A valid contact request from `email`, shown to the visitor a minute ago.
fn request(email: &str) -> Value {
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
async fn send(app: &TestApp, body: &Value, key: Option<&str>) -> reqwest::Response {
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
async fn send_ok(app: &TestApp, body: &Value, key: Option<&str>) -> String {
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

async fn count(pool: &PgPool, sql: &str) -> i64 {
    sqlx::query_scalar(sql)
        .fetch_one(pool)
        .await
        .expect("count")
}

/// Polls `sql` until it counts at least `at_least` (or `within` passes).
async fn wait_for_count(pool: &PgPool, sql: &str, at_least: i64, within: Duration) -> i64 {
    let started = Instant::now();
    loop {
        let n = count(pool, sql).await;
        if n >= at_least || started.elapsed() > within {
            return n;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The emails in `dir` that mention `marker`.
fn mails(dir: &Path, marker: &str) -> Vec<String> {
    std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .flatten()
                .filter(|entry| entry.path().extension().is_some_and(|ext| ext == "eml"))
                .filter_map(|entry| std::fs::read_to_string(entry.path()).ok())
                .filter(|text| text.contains(marker))
                .collect()
        })
        .unwrap_or_default()
}

/// Waits until `dir` holds at least `at_least` emails mentioning `marker`.
async fn wait_for_mails(
    dir: &Path,
    marker: &str,
    at_least: usize,
    within: Duration,
) -> Vec<String> {
    let started = Instant::now();
    loop {
        let found = mails(dir, marker);
        if found.len() >= at_least || started.elapsed() > within {
            return found;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

fn with_subject<'a>(mails: &'a [String], prefix: &str) -> Vec<&'a String> {
    let header = format!("Subject: {prefix}");
    mails.iter().filter(|mail| mail.contains(&header)).collect()
}

fn has_header(mail: &str, name: &str, display: &str, address: &str) -> bool {
    mail.contains(&format!("{name}: \"{display}\" <{address}>"))
        || mail.contains(&format!("{name}: {display} <{address}>"))
}

#[sqlx::test(migrations = "../migrations")]
async fn a_request_is_stored_then_emailed_to_sales_and_to_the_visitor(pool: PgPool) {
    let sink = SmtpSink::start().await;
    let app = spawn_with(pool, with_intake(Some(sink.url.clone()), FAST)).await;
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

    let found = wait_for_mails(&sink.dir, &email, 2, Duration::from_secs(10)).await;
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
    let sink = SmtpSink::start().await;
    let app = spawn_with(pool, with_intake(Some(sink.url.clone()), FAST)).await;
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
    let found = wait_for_mails(&sink.dir, &email, 2, Duration::from_secs(10)).await;
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
    let sink = SmtpSink::start().await;
    let app = spawn_with(pool, with_intake(Some(sink.url.clone()), FAST)).await;
    let email = visitor();
    let key = Uuid::new_v4().to_string();
    let first = send_ok(&app, &request(&email), Some(&key)).await;
    let second = send_ok(&app, &request(&email), Some(&key)).await;
    assert_eq!(first, second, "the same key names the same request");

    wait_for_mails(&sink.dir, &email, 2, Duration::from_secs(10)).await;
    // Time for any duplicate to arrive.
    tokio::time::sleep(Duration::from_secs(1)).await;
    assert_eq!(mails(&sink.dir, &email).len(), 2);
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
    assert_eq!(mails(&sink.dir, &email).len(), 2);
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

/// An SMTP sink on `port` that this test can stop and start again.
struct OwnSink {
    child: std::process::Child,
}

impl OwnSink {
    /// `None` (with the reason printed) without python3 and aiosmtpd.
    async fn start(port: u16, dir: &Path) -> Option<OwnSink> {
        let ok = std::process::Command::new("python3")
            .args(["-c", "import aiosmtpd"])
            .status()
            .is_ok_and(|status| status.success());
        if !ok {
            eprintln!("skipped: python3 with aiosmtpd is missing (./infra/test installs it)");
            return None;
        }
        let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../infra/smtp_sink.py");
        let mut child = std::process::Command::new("python3")
            .arg(script)
            .args(["--port", &port.to_string(), "--dir"])
            .arg(dir)
            .spawn()
            .expect("the SMTP sink starts");
        for _ in 0..100 {
            if tokio::net::TcpStream::connect(("127.0.0.1", port))
                .await
                .is_ok()
            {
                return Some(OwnSink { child });
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let _ = child.kill();
        let _ = child.wait();
        panic!("the SMTP sink did not start on port {port}");
    }
}

impl Drop for OwnSink {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .expect("a free port")
        .port()
}

#[sqlx::test(migrations = "../migrations")]
async fn after_an_smtp_outage_every_email_is_sent_once_and_never_twice(pool: PgPool) {
    let port = free_port();
    let dir = tempfile::tempdir().expect("tempdir");
    let dir_path: PathBuf = dir.path().to_owned();
    // The SMTP server is down from the start.
    let app = spawn_with(
        pool,
        with_intake(Some(format!("smtp://127.0.0.1:{port}")), FAST),
    )
    .await;
    let visitors: Vec<String> = (0..3).map(|_| visitor()).collect();
    for email in &visitors {
        send_ok(&app, &request(email), None).await;
    }
    let stored = "select count(*) from contact_requests";
    assert_eq!(
        wait_for_count(&app.pool, stored, 3, Duration::from_secs(10)).await,
        3
    );
    // Several failed deliveries each; nothing sent, nothing dead-lettered.
    tokio::time::sleep(Duration::from_secs(3)).await;
    assert_eq!(
        count(&app.pool, "select count(*) from sent_emails").await,
        0
    );
    assert_eq!(
        count(&app.pool, "select count(*) from dead_letters").await,
        0
    );

    let Some(_sink) = OwnSink::start(port, &dir_path).await else {
        return;
    };
    for email in &visitors {
        let found = wait_for_mails(&dir_path, email, 2, Duration::from_secs(20)).await;
        assert_eq!(found.len(), 2, "{email}: {found:#?}");
    }
    // Every message is acked now: nothing more arrives.
    tokio::time::sleep(Duration::from_secs(2)).await;
    for email in &visitors {
        let found = mails(&dir_path, email);
        assert_eq!(
            with_subject(&found, "Contact request from").len(),
            1,
            "{email}"
        );
        assert_eq!(
            with_subject(&found, "We received your message").len(),
            1,
            "{email}"
        );
    }
    assert_eq!(
        count(&app.pool, "select count(*) from sent_emails").await,
        6
    );
    assert_eq!(
        count(&app.pool, "select count(*) from dead_letters").await,
        0
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn a_request_whose_emails_keep_failing_is_dead_lettered_and_stays_stored(pool: PgPool) {
    let port = free_port();
    let retry = RetryPolicy {
        max_deliveries: 3,
        backoff_base: Duration::from_millis(50),
        backoff_cap: Duration::from_millis(100),
    };
    let app = spawn_with(
        pool,
        with_intake(Some(format!("smtp://127.0.0.1:{port}")), retry),
    )
    .await;
    let id = send_ok(&app, &request(&visitor()), None).await;
    let dead = "select count(*) from dead_letters";
    assert_eq!(
        wait_for_count(&app.pool, dead, 1, Duration::from_secs(15)).await,
        1
    );
    let (role, reason, deliveries, subject): (String, String, i32, String) =
        sqlx::query_as("select role, reason, deliveries, subject from dead_letters")
            .fetch_one(&app.pool)
            .await
            .expect("dead letter");
    assert_eq!(
        (role.as_str(), reason.as_str()),
        ("intake-messages", "exhausted")
    );
    assert_eq!(deliveries, 3);
    assert_eq!(subject, app.namespace.intake_message());
    let stored = format!("select count(*) from contact_requests where id = '{id}'");
    assert_eq!(count(&app.pool, &stored).await, 1);

    // The overview shows it to admins.
    let admin = app.agent().await;
    let overview: Value = admin
        .get("/api/admin/overview")
        .await
        .json()
        .await
        .expect("JSON");
    assert_eq!(
        overview["deadLetters"],
        json!({ "count": 1, "href": "/admin/database" })
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn a_registration_gets_a_welcome_email_and_a_note_to_sales(pool: PgPool) {
    let sink = SmtpSink::start().await;
    let app = spawn_with(pool, with_intake(Some(sink.url.clone()), FAST)).await;
    let email = format!("new-{}@example.com", Uuid::new_v4().simple());
    assert_eq!(
        app.register(&registration(&email)).await.status(),
        StatusCode::CREATED
    );

    let found = wait_for_mails(&sink.dir, &email, 2, Duration::from_secs(10)).await;
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
    assert_eq!(mails(&sink.dir, &email).len(), 2);
}

/// Files `n` requests (subjects "Request 0"…) and waits until they are stored.
async fn file_requests(app: &TestApp, n: usize) -> Vec<String> {
    let mut ids = Vec::new();
    for i in 0..n {
        let mut body = request(&format!("person{i}@example.com"));
        body["subject"] = json!(format!("Request {i}"));
        body["name"] = json!(format!("Person {i}"));
        ids.push(send_ok(app, &body, None).await);
        // Distinct receive times keep the order certain.
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    let stored = "select count(*) from contact_requests";
    let n = i64::try_from(n).expect("small");
    assert_eq!(
        wait_for_count(&app.pool, stored, n, Duration::from_secs(10)).await,
        n
    );
    ids
}

#[sqlx::test(migrations = "../migrations")]
async fn admins_list_search_filter_and_handle_requests(pool: PgPool) {
    let app = spawn_with(
        pool,
        Options {
            settings: vec![("CONTACT_LIMIT_PER_IP_PER_10_MINUTES", "100".to_owned())],
            ..with_intake(None, FAST)
        },
    )
    .await;
    let ids = file_requests(&app, 3).await;
    let admin = app.agent().await;

    let list: Value = admin
        .get("/api/admin/messages")
        .await
        .json()
        .await
        .expect("JSON");
    let subjects: Vec<&str> = list["items"]
        .as_array()
        .expect("items")
        .iter()
        .map(|item| item["subject"].as_str().expect("subject"))
        .collect();
    assert_eq!(
        subjects,
        ["Request 2", "Request 1", "Request 0"],
        "newest first"
    );
    assert_eq!(list["pagination"]["total"], 3);
    assert_eq!(list["pagination"]["limit"], 20);
    assert_eq!(list["items"][0]["status"], "new");
    assert_eq!(list["items"][0]["message"], "Line one\nLine two");

    let found: Value = admin
        .get("/api/admin/messages?search=PERSON1%40example")
        .await
        .json()
        .await
        .expect("JSON");
    assert_eq!(found["items"].as_array().expect("items").len(), 1);
    assert_eq!(found["items"][0]["id"], ids[1].as_str());

    let response = admin
        .client
        .patch(admin.url(&format!("/api/admin/messages/{}", ids[0])))
        .header("X-Requested-With", "XMLHttpRequest")
        .json(&json!({ "status": "handled", "assignedToMe": true }))
        .send()
        .await
        .expect("request");
    assert_eq!(response.status(), StatusCode::OK);
    let handled: Value = response.json().await.expect("JSON");
    assert_eq!(handled["status"], "handled");
    assert_eq!(handled["assignedToName"], "Administrator");
    assert_eq!(handled["handledByName"], "Administrator");
    assert!(handled["handledAt"].is_string());
    assert_eq!(handled["assignedTo"], handled["handledBy"]);

    let audited = format!(
        "select count(*) from audit_log where entity = 'contact_request' and entity_id = '{}' \
         and action = 'update' and actor_id is not null",
        ids[0]
    );
    assert_eq!(count(&app.pool, &audited).await, 1);

    let only_handled: Value = admin
        .get("/api/admin/messages?status=handled")
        .await
        .json()
        .await
        .expect("JSON");
    assert_eq!(only_handled["pagination"]["total"], 1);
    assert_eq!(only_handled["items"][0]["id"], ids[0].as_str());
    let only_new: Value = admin
        .get("/api/admin/messages?status=new")
        .await
        .json()
        .await
        .expect("JSON");
    assert_eq!(only_new["pagination"]["total"], 2);

    // Back to new: the handling is forgotten; unassigned again.
    let patch = |id: String, body: Value| {
        let admin = &admin;
        async move {
            admin
                .client
                .patch(admin.url(&format!("/api/admin/messages/{id}")))
                .header("X-Requested-With", "XMLHttpRequest")
                .json(&body)
                .send()
                .await
                .expect("request")
        }
    };
    let reopened: Value = patch(
        ids[0].clone(),
        json!({ "status": "new", "assignedToMe": false }),
    )
    .await
    .json()
    .await
    .expect("JSON");
    assert_eq!(reopened["status"], "new");
    assert_eq!(reopened["handledAt"], Value::Null);
    assert_eq!(reopened["assignedTo"], Value::Null);

    for (body, expected) in [
        (json!({}), "Send a status (new or handled) or assignedToMe"),
        (json!({ "status": "done" }), "Status is not valid"),
        (
            json!({ "assignedToMe": "yes" }),
            "Assigned to me must be true or false",
        ),
    ] {
        let response = patch(ids[1].clone(), body).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST);
        assert_eq!(message(response).await, expected);
    }
    let missing = patch(Uuid::now_v7().to_string(), json!({ "status": "handled" })).await;
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);
    assert_eq!(message(missing).await, "Contact request not found");
    for query in ["status=done", "page=0", "page=x"] {
        let response = admin.get(&format!("/api/admin/messages?{query}")).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{query}");
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn the_inbox_and_overview_are_for_admins_only(pool: PgPool) {
    let app = spawn_with(pool, Options::default()).await;
    let id = Uuid::now_v7();
    let patch = |browser: &crate::helpers::Browser| {
        browser
            .client
            .patch(browser.url(&format!("/api/admin/messages/{id}")))
            .header("X-Requested-With", "XMLHttpRequest")
            .json(&json!({ "status": "handled" }))
            .send()
    };
    let visitor = app.new_browser();
    assert_eq!(
        visitor.get("/api/admin/messages").await.status(),
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        visitor.get("/api/admin/overview").await.status(),
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        patch(&visitor).await.expect("request").status(),
        StatusCode::UNAUTHORIZED
    );

    let user = app.new_browser();
    let email = format!("user-{}@example.com", Uuid::new_v4().simple());
    assert_eq!(
        user.register(&registration(&email)).await.status(),
        StatusCode::CREATED
    );
    assert_eq!(
        user.get("/api/admin/messages").await.status(),
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        user.get("/api/admin/overview").await.status(),
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        patch(&user).await.expect("request").status(),
        StatusCode::FORBIDDEN
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn the_overview_counts_what_waits_for_a_person(pool: PgPool) {
    let app = spawn_with(pool, with_intake(None, FAST)).await;
    let admin = app.agent().await;
    let empty: Value = admin
        .get("/api/admin/overview")
        .await
        .json()
        .await
        .expect("JSON");
    assert_eq!(
        empty["chatsWaiting"],
        json!({ "count": 0, "href": "/admin/chat" })
    );
    assert_eq!(empty["oldestWaitingSince"], Value::Null);
    assert_eq!(
        empty["agentsOnline"],
        json!({ "count": 0, "href": "/admin/chat" })
    );
    assert_eq!(
        empty["newContactRequests"],
        json!({ "count": 0, "href": "/admin/requests#inbox" })
    );
    assert_eq!(
        empty["subscriptionsAwaiting"],
        json!({ "count": 0, "href": "/admin/requests#subscribers" })
    );
    assert_eq!(
        empty["privacyRequestsOverdue"],
        json!({ "count": 0, "href": "/admin/privacy-requests" })
    );
    assert_eq!(
        empty["registrationsThisWeek"],
        json!({ "count": 0, "href": "/admin/analytics" })
    );
    assert_eq!(empty["deadLetters"]["count"], 0);

    app.start_chat("Waiting Visitor", &visitor()).await;
    send_ok(&app, &request(&visitor()), None).await;
    let stored = "select count(*) from contact_requests";
    wait_for_count(&app.pool, stored, 1, Duration::from_secs(10)).await;
    let reader = format!("reader-{}@example.com", Uuid::new_v4().simple());
    let subscribed = app
        .post(
            "/api/subscriptions",
            &json!({ "email": reader, "topic": "blog" }),
        )
        .await;
    assert_eq!(subscribed.status(), StatusCode::ACCEPTED);
    let pending = "select count(*) from subscriptions";
    wait_for_count(&app.pool, pending, 1, Duration::from_secs(10)).await;
    let email = format!("user-{}@example.com", Uuid::new_v4().simple());
    assert_eq!(
        app.new_browser()
            .register(&registration(&email))
            .await
            .status(),
        StatusCode::CREATED
    );
    // A support agent's account is staff, not a registration.
    app.signed_in_as("support").await;
    let mut console = admin.socket().await;
    console.send(json!({ "type": "join_agents" })).await;
    console.recv().await;

    let overview: Value = admin
        .get("/api/admin/overview")
        .await
        .json()
        .await
        .expect("JSON");
    assert_eq!(overview["chatsWaiting"]["count"], 1);
    assert!(overview["oldestWaitingSince"].is_string(), "{overview}");
    assert_eq!(overview["agentsOnline"]["count"], 1);
    assert_eq!(overview["newContactRequests"]["count"], 1);
    assert_eq!(
        overview["subscriptionsAwaiting"]["count"], 1,
        "subscribed, its link not yet confirmed"
    );
    assert_eq!(
        overview["registrationsThisWeek"]["count"], 1,
        "neither the admin nor the support agent is counted"
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn an_email_is_skipped_when_sent_retried_while_claimed_and_sent_when_its_claim_is_stale(
    pool: PgPool,
) {
    use workers::mail::templates::{ContactAcknowledgement, Site, Template as _};
    use workers::mail::{Delivery, MailError, Mailer};
    let sink = SmtpSink::start().await;
    let mailer = Mailer::new(
        Some(&sink.url),
        "no-reply@nyota.example",
        "http://localhost:8080",
    )
    .expect("mailer");
    let email_address = visitor();
    let request = contract::intake::ContactMessage {
        id: Uuid::now_v7(),
        name: "Amina".to_owned(),
        email: email_address.clone(),
        subject: "Racks".to_owned(),
        message: "Hello".to_owned(),
        phone: None,
        company: None,
        source: None,
        received_at: time::OffsetDateTime::now_utc(),
    };
    let settings = contract::site_settings::SiteSettings::default();
    let site = Site {
        settings: &settings,
        public_url: "http://localhost:8080",
    };
    let email = ContactAcknowledgement(&request)
        .render(site)
        .expect("renders");
    let claim = |age_secs: i32| {
        sqlx::query(
            "insert into sent_emails (key, kind, recipient, claimed_at)
             values ($1, 'contact.ack', 'x@example.com', now() - make_interval(secs => $2))",
        )
        .bind(request.id)
        .bind(f64::from(age_secs))
        .execute(&pool)
    };

    // Another delivery holds a fresh claim: retry later, send nothing.
    claim(5).await.expect("claimed");
    let busy = mailer.send_once(&pool, request.id, &email).await;
    assert!(matches!(busy, Err(MailError::Busy)), "{busy:?}");
    assert!(matches!(
        MailError::Busy.outcome(),
        workers::consumer::Outcome::Retry(_)
    ));
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(mails(&sink.dir, &email_address).is_empty());

    // Its sender died long ago: the claim is taken over and the email sent.
    sqlx::query("delete from sent_emails")
        .execute(&pool)
        .await
        .expect("cleared");
    claim(600).await.expect("claimed");
    let sent = mailer
        .send_once(&pool, request.id, &email)
        .await
        .expect("sent");
    assert_eq!(sent, Delivery::Sent);
    assert_eq!(
        wait_for_mails(&sink.dir, &email_address, 1, Duration::from_secs(5))
            .await
            .len(),
        1
    );

    // Marked sent: never again.
    let again = mailer
        .send_once(&pool, request.id, &email)
        .await
        .expect("skipped");
    assert_eq!(again, Delivery::AlreadySent);
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(mails(&sink.dir, &email_address).len(), 1);
}

/// A contact request as the gateway queues it.
fn contact_message(email: &str) -> contract::intake::ContactMessage {
    contract::intake::ContactMessage {
        id: Uuid::now_v7(),
        name: "Amina Otieno".to_owned(),
        email: email.to_owned(),
        subject: "Two racks in Nairobi".to_owned(),
        message: "Line one".to_owned(),
        phone: None,
        company: None,
        source: Some("/contact".to_owned()),
        received_at: time::OffsetDateTime::now_utc(),
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn a_request_consumed_while_no_gateway_answers_is_stored_once_one_does(pool: PgPool) {
    // The intake worker alone, in a namespace no gateway serves yet.
    let namespace =
        contract::Namespace::new(format!("t{}", Uuid::new_v4().simple())).expect("valid prefix");
    let nats = contract::process::connect_nats(&crate::helpers::nats_url(), "test")
        .await
        .expect("NATS is running");
    let stop = tokio_util::sync::CancellationToken::new();
    let ctx = workers::WorkerContext {
        pool: pool.clone(),
        nats: nats.clone(),
        namespace: namespace.clone(),
    };
    let mailer = workers::mail::Mailer::new(
        None,
        "Nyota Cloud <no-reply@nyota.example>",
        "http://localhost:8080",
    )
    .expect("valid mail settings");
    let signer =
        contract::signing::Signer::new(crate::helpers::SIGNING_KEY).expect("valid signing key");
    workers::intake::spawn(
        ctx,
        std::sync::Arc::new(mailer),
        signer,
        FAST,
        stop.clone().cancelled_owned(),
    )
    .await
    .expect("intake worker starts");
    let queued = contact_message(&visitor());
    let jetstream = async_nats::jetstream::new(nats.clone());
    jetstream
        .publish(
            namespace.intake_message(),
            serde_json::to_vec(&queued).expect("json").into(),
        )
        .await
        .expect("published")
        .await
        .expect("stored by JetStream");
    let stored = format!(
        "select count(*) from contact_requests where id = '{}'",
        queued.id
    );

    // Several deliveries go by without an owner: nothing stored, nothing lost.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(count(&pool, &stored).await, 0);

    // A gateway's intake store starts answering: the next delivery is stored.
    let tracker = tokio_util::task::TaskTracker::new();
    gateway::intake::owner::serve(&nats, &namespace, pool.clone(), &tracker, stop.clone())
        .await
        .expect("the owner answers");
    assert_eq!(
        wait_for_count(&pool, &stored, 1, Duration::from_secs(10)).await,
        1
    );

    // The owner stores a request once, and refuses data the database never takes.
    let again: bool =
        contract::owners::ask(&nats, namespace.owners_store_contact_request(), &queued)
            .await
            .expect("the owner answers");
    assert!(!again, "a request is stored once");
    let mut broken = contact_message(&visitor());
    broken.message = "a NUL \u{0} in text".to_owned();
    let refused =
        contract::owners::ask::<bool>(&nats, namespace.owners_store_contact_request(), &broken)
            .await
            .expect_err("refused");
    assert!(
        refused
            .downcast_ref::<contract::owners::Refused>()
            .is_some(),
        "{refused:#}"
    );
    stop.cancel();
    crate::helpers::delete_streams(&namespace);
}
