//! Data subject requests end to end: the /privacy form → a signed
//! confirmation email → the admin's list with due dates and the emails that
//! acknowledge and answer; with the person and request helpers that the
//! access, correction and erasure tests (`privacy_*.rs`) share.

use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;
use uuid::Uuid;
use workers::consumer::RetryPolicy;

use crate::helpers::{Browser, MailCatcher, Options, TestApp, message, registration, spawn_with};
use crate::mailbox::{Mail, mails_to, token_of, wait_for_subject, wait_until_consumed};

const FAST: RetryPolicy = RetryPolicy {
    max_deliveries: 50,
    backoff_base: Duration::from_millis(100),
    backoff_cap: Duration::from_millis(500),
};

const ASKED: &str = "Thank you. We have emailed a link to this address: please open it to confirm your request. Nothing happens until you do.";
const CONFIRM_SUBJECT: &str = "Confirm your privacy request";
pub(crate) const EXPORT_SUBJECT: &str = "Your data from Nyota Cloud is ready";

pub(crate) async fn app_with_mail(pool: PgPool) -> (TestApp, MailCatcher) {
    let sink = MailCatcher::start().await;
    let app = spawn_with(
        pool,
        Options {
            smtp_url: Some(sink.smtp_url.clone()),
            requests_worker: Some(FAST),
            ..Options::default()
        },
    )
    .await;
    (app, sink)
}

/// A person with data everywhere: an account, a chat with messages, an
/// upload, a rating and an agent's note, a contact request, a subscription,
/// a waitlist entry.
pub(crate) struct Person {
    pub(crate) email: String,
    pub(crate) name: String,
    pub(crate) phone: String,
    pub(crate) user_id: Uuid,
    pub(crate) chat: String,
    pub(crate) browser: Browser,
}

pub(crate) async fn person_with_data(app: &TestApp, admin: &Browser) -> Person {
    let tag = Uuid::new_v4().simple().to_string();
    let email = format!("zawadi-{tag}@example.com");
    let name = format!("Zawadi {}", &tag[..8]);
    let phone = format!(
        "+254 7{}",
        &tag[..8]
            .chars()
            .filter(char::is_ascii_hexdigit)
            .map(|c| char::from(b'0' + (c as u8 % 10)))
            .collect::<String>()
    );
    let mut account = registration(&email);
    account["name"] = json!(name);
    account["phone"] = json!(phone);
    let browser = app.new_browser();
    assert_eq!(
        browser.register(&account).await.status(),
        StatusCode::CREATED
    );
    let browser = app.new_browser();
    assert_eq!(
        browser.login(&email, "s3cret-pass").await.status(),
        StatusCode::OK
    );
    let user_id: Uuid = sqlx::query_scalar("select id from users where email = $1")
        .bind(&email)
        .fetch_one(&app.pool)
        .await
        .expect("account");
    let chat = browser.start_chat(&name, &email).await;
    for text in ["Hello, my order is stuck", "My phone is on file"] {
        assert_eq!(
            browser.send(&chat, text).await.status(),
            StatusCode::CREATED
        );
    }
    let chat_id: Uuid = chat.parse().expect("uuid");
    let attachment = Uuid::now_v7();
    sqlx::query(
        "insert into chat_attachments (id, session_id, uploader_type, kind, content_type, filename, byte_size, data)
         values ($1, $2, 'user', 'pdf', 'application/pdf', 'invoice.pdf', 8, '\\x255044462d312e34')",
    )
    .bind(attachment)
    .bind(chat_id)
    .execute(&app.pool)
    .await
    .expect("attachment");
    sqlx::query(
        "insert into chat_messages (id, session_id, sender_type, message, attachment_id, created_at)
         values ($1, $2, 'user', 'my invoice', $3, now())",
    )
    .bind(Uuid::now_v7())
    .bind(chat_id)
    .bind(attachment)
    .execute(&app.pool)
    .await
    .expect("attachment message");
    sqlx::query("insert into chat_ratings (session_id, score, comment) values ($1, 5, 'Thanks, Zawadi here')")
        .bind(chat_id)
        .execute(&app.pool)
        .await
        .expect("rating");
    let note = admin
        .post(
            &format!("/api/agent/chats/{chat}/notes"),
            &json!({ "message": "Private: VIP customer" }),
        )
        .await;
    assert_eq!(note.status(), StatusCode::CREATED);
    let contact = app
        .post(
            "/api/messages",
            &json!({ "name": name, "email": email, "phone": phone, "subject": "Quote", "message": "Please call me back" }),
        )
        .await;
    assert_eq!(
        contact.status(),
        StatusCode::ACCEPTED,
        "{:?}",
        contact.text().await
    );
    for (path, body) in [
        (
            "/api/subscriptions",
            json!({ "email": email, "topic": "blog" }),
        ),
        (
            "/api/waitlist",
            json!({ "email": email, "name": name, "interest": "general" }),
        ),
    ] {
        assert_eq!(app.post(path, &body).await.status(), StatusCode::ACCEPTED);
    }
    // Everything the workers store has arrived.
    let started = Instant::now();
    loop {
        let stored: (i64, i64, i64) = sqlx::query_as(
            "select (select count(*) from contact_requests where email = $1),
                    (select count(*) from subscriptions where email = $1),
                    (select count(*) from waitlist_entries where email = $1)",
        )
        .bind(&email)
        .fetch_one(&app.pool)
        .await
        .expect("counts");
        if stored == (1, 1, 1) {
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(15),
            "not stored: {stored:?}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    Person {
        email,
        name,
        phone,
        user_id,
        chat,
        browser,
    }
}

pub(crate) fn path_of(link: &str) -> String {
    let at = link.find("/api/").expect("an API link");
    link[at..].to_owned()
}

async fn ask(app: &TestApp, email: &str, kind: &str) {
    let response = app
        .post(
            "/api/privacy/requests",
            &json!({ "email": email, "kind": kind, "details": "Please act on this" }),
        )
        .await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let body: Value = response.json().await.expect("JSON");
    assert_eq!(body["message"], ASKED);
}

/// Asks, opens the emailed confirmation link as a browser (which only
/// leads to the page that asks), presses its button, and returns the
/// request as the admin sees it.
pub(crate) async fn ask_and_confirm(
    app: &TestApp,
    sink: &MailCatcher,
    admin: &Browser,
    email: &str,
    kind: &str,
) -> Value {
    let link_of = |mail: &Mail| {
        path_of(
            &mail
                .link("/api/privacy/requests/confirm?token=")
                .expect("link"),
        )
    };
    let before: Vec<String> = wait_for_subject(sink, email, CONFIRM_SUBJECT, 0)
        .await
        .iter()
        .map(link_of)
        .collect();
    ask(app, email, kind).await;
    let mails = wait_for_subject(sink, email, CONFIRM_SUBJECT, before.len() + 1).await;
    assert_eq!(mails.len(), before.len() + 1, "one more confirmation email");
    let link = mails
        .iter()
        .map(link_of)
        .find(|link| !before.contains(link))
        .expect("the new link");
    let token = token_of(&link);
    let browser = app.new_browser();
    let response = browser
        .client
        .get(browser.url(&link))
        .header("Accept", "text/html")
        .send()
        .await
        .expect("request");
    assert_eq!(response.status(), StatusCode::SEE_OTHER);
    assert_eq!(
        response.headers()["location"],
        format!("/privacy?request=confirm&token={token}#privacy-request").as_str()
    );
    // Opening the link (a mail scanner does too) confirmed nothing.
    let unconfirmed: i64 = sqlx::query_scalar(
        "select count(*) from privacy_requests where email = $1 and confirmed_at is null",
    )
    .bind(email)
    .fetch_one(&app.pool)
    .await
    .expect("count");
    assert!(unconfirmed >= 1, "the GET confirmed the request");
    let response = browser
        .post("/api/privacy/requests/confirm", &json!({ "token": token }))
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.expect("JSON");
    assert_eq!(body["status"], "confirmed");
    let list: Value = admin
        .get("/api/admin/privacy-requests")
        .await
        .json()
        .await
        .expect("JSON");
    list["requests"]
        .as_array()
        .expect("requests")
        .iter()
        .find(|request| {
            request["email"] == email && request["kind"] == kind && request["completedAt"].is_null()
        })
        .expect("the confirmed request is listed")
        .clone()
}

pub(crate) fn at(value: &Value) -> time::OffsetDateTime {
    time::OffsetDateTime::parse(
        value.as_str().expect("date"),
        &time::format_description::well_known::Rfc3339,
    )
    .expect("RFC 3339")
}

#[sqlx::test(migrations = "../migrations")]
async fn the_form_answers_the_same_for_every_address_and_limits_each_address(pool: PgPool) {
    let (app, sink) = app_with_mail(pool).await;
    let (_, known) = app.signed_in_as("user").await;
    let unknown = format!("nobody-{}@example.com", Uuid::new_v4().simple());
    for email in [&known, &unknown] {
        ask(&app, email, "access").await;
    }
    // Both get the same email; neither is listed before it is confirmed.
    for email in [&known, &unknown] {
        assert_eq!(
            wait_for_subject(&sink, email, CONFIRM_SUBJECT, 1)
                .await
                .len(),
            1
        );
    }
    let admin = app.agent().await;
    let list: Value = admin
        .get("/api/admin/privacy-requests")
        .await
        .json()
        .await
        .expect("JSON");
    assert_eq!(list["requests"], json!([]));
    // A customer cannot read the list.
    let (customer, _) = app.signed_in_as("user").await;
    assert_eq!(
        customer.get("/api/admin/privacy-requests").await.status(),
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        app.new_browser()
            .get("/api/admin/privacy-requests")
            .await
            .status(),
        StatusCode::UNAUTHORIZED
    );
    // Three confirmation emails an hour per address at most, whoever asks.
    ask(&app, &unknown, "erasure").await;
    ask(&app, &unknown, "correction").await;
    let refused = app
        .post(
            "/api/privacy/requests",
            &json!({ "email": unknown, "kind": "access", "details": "" }),
        )
        .await;
    assert_eq!(refused.status(), StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(
        message(refused).await,
        "Too many privacy requests. Please try again later."
    );
    // Bad input is named.
    let bad = app
        .post(
            "/api/privacy/requests",
            &json!({ "email": "x@example.com", "kind": "everything" }),
        )
        .await;
    assert_eq!(bad.status(), StatusCode::BAD_REQUEST);
    assert_eq!(
        message(bad).await,
        "Request must be access, correction or erasure"
    );
    // A forged or altered confirmation link confirms nothing.
    let forged = app
        .post(
            "/api/privacy/requests/confirm",
            &json!({ "token": "0123.1.abc" }),
        )
        .await;
    assert_eq!(forged.status(), StatusCode::BAD_REQUEST);
    assert_eq!(
        message(forged).await,
        "This confirmation link is not valid or has expired."
    );
}

/// The overview's count of overdue privacy requests.
pub(crate) async fn overdue(admin: &crate::helpers::Browser) -> Value {
    let overview: Value = admin
        .get("/api/admin/overview")
        .await
        .json()
        .await
        .expect("JSON");
    overview["privacyRequestsOverdue"]["count"].clone()
}

/// A date as the emails write it.
pub(crate) fn day(at: time::OffsetDateTime) -> String {
    format!("{} {} {}", at.day(), at.month(), at.year())
}

#[sqlx::test(migrations = "../migrations")]
async fn acknowledging_and_responding_email_the_person_once_each_with_the_due_date(pool: PgPool) {
    let (app, sink) = app_with_mail(pool).await;
    let admin = app.agent().await;
    let email = format!("amani-{}@example.com", Uuid::new_v4().simple());
    let request = ask_and_confirm(&app, &sink, &admin, &email, "erasure").await;
    let id = request["id"].as_str().expect("id").to_owned();
    let due = day(at(&request["fulfilBy"]));
    let step = |path: &'static str| {
        let (admin, id) = (&admin, id.clone());
        async move {
            let response = admin
                .post(
                    &format!("/api/admin/privacy-requests/{id}/{path}"),
                    &json!({}),
                )
                .await;
            assert_eq!(response.status(), StatusCode::OK, "{path}");
        }
    };

    // Acknowledged twice (a double click): one email.
    step("acknowledge").await;
    step("acknowledge").await;
    let acknowledged = wait_for_subject(
        &sink,
        &email,
        "We have received your data erasure request",
        1,
    )
    .await;
    assert_eq!(acknowledged.len(), 1);
    assert!(
        acknowledged[0]
            .text
            .contains(&format!("complete it by {due} at the latest")),
        "{}",
        acknowledged[0].text
    );
    step("respond").await;
    let responded =
        wait_for_subject(&sink, &email, "An update on your data erasure request", 1).await;
    assert_eq!(responded.len(), 1);
    assert!(
        responded[0]
            .text
            .contains(&format!("complete by {due} at the latest")),
        "{}",
        responded[0].text
    );
    step("respond").await;

    // Once everything queued was handled: the confirmation, the
    // acknowledgement and the update, each once, and each on record.
    wait_until_consumed(&app, "intake-privacy").await;
    let mut subjects: Vec<String> = mails_to(&sink, &email)
        .await
        .iter()
        .map(Mail::subject)
        .collect();
    subjects.sort();
    assert_eq!(
        subjects,
        [
            "An update on your data erasure request",
            CONFIRM_SUBJECT,
            "We have received your data erasure request",
        ]
    );
    let recorded: Vec<(String, String)> = sqlx::query_as(
        "select kind, recipient from sent_emails where key = $1::uuid order by kind",
    )
    .bind(&id)
    .fetch_all(&app.pool)
    .await
    .expect("sent emails");
    assert_eq!(
        recorded,
        [
            ("privacy.acknowledge".to_owned(), email.clone()),
            ("privacy.confirm".to_owned(), email.clone()),
            ("privacy.respond".to_owned(), email.clone()),
        ]
    );
}
