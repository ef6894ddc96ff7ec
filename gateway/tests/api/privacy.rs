//! Data subject requests end to end: the /privacy form → a signed
//! confirmation email → the admin's list with due dates → access (an
//! archive downloaded through a signed link), correction and erasure
//! (every table the schema says can hold a person, checked after).

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;
use uuid::Uuid;
use workers::consumer::RetryPolicy;

use crate::helpers::{Browser, Options, SmtpSink, TestApp, message, registration, spawn_with};
use crate::mailbox::{Mail, mails_to, wait_for_subject, wait_until_consumed};

const FAST: RetryPolicy = RetryPolicy {
    max_deliveries: 50,
    backoff_base: Duration::from_millis(100),
    backoff_cap: Duration::from_millis(500),
};

const ASKED: &str = "Thank you. We have emailed a link to this address: please open it to confirm your request. Nothing happens until you do.";
const CONFIRM_SUBJECT: &str = "Confirm your privacy request";
const EXPORT_SUBJECT: &str = "Your data from Nyota Cloud is ready";

async fn app_with_mail(pool: PgPool) -> (TestApp, SmtpSink) {
    let sink = SmtpSink::start().await;
    let app = spawn_with(
        pool,
        Options {
            smtp_url: Some(sink.url.clone()),
            intake_worker: Some(FAST),
            ..Options::default()
        },
    )
    .await;
    (app, sink)
}

/// A person with data everywhere: an account, a chat with messages, an
/// upload, a rating and an agent's note, a contact request, a subscription,
/// a waitlist entry.
struct Person {
    email: String,
    name: String,
    phone: String,
    user_id: Uuid,
    chat: String,
    browser: Browser,
}

async fn person_with_data(app: &TestApp, admin: &Browser) -> Person {
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

fn path_of(link: &str) -> String {
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
async fn ask_and_confirm(
    app: &TestApp,
    sink: &SmtpSink,
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
    let before: Vec<String> = wait_for_subject(&sink.dir, email, CONFIRM_SUBJECT, 0)
        .await
        .iter()
        .map(link_of)
        .collect();
    ask(app, email, kind).await;
    let mails = wait_for_subject(&sink.dir, email, CONFIRM_SUBJECT, before.len() + 1).await;
    assert_eq!(mails.len(), before.len() + 1, "one more confirmation email");
    let link = mails
        .iter()
        .map(link_of)
        .find(|link| !before.contains(link))
        .expect("the new link");
    let token = link.split_once("token=").expect("token").1;
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

fn at(value: &Value) -> time::OffsetDateTime {
    time::OffsetDateTime::parse(
        value.as_str().expect("date"),
        &time::format_description::well_known::Rfc3339,
    )
    .expect("RFC 3339")
}

/// The entries of a zip, in order, as Info-ZIP's `unzip` (the tool a
/// person opens it with) reads them; fails unless `unzip -t` finds every
/// entry intact.
fn unzip(archive: &[u8]) -> Vec<(String, Vec<u8>)> {
    let dir = tempfile::tempdir().expect("temporary folder");
    let path = dir.path().join("export.zip");
    std::fs::write(&path, archive).expect("write the archive");
    let run = |args: &[&str]| {
        let output = std::process::Command::new("unzip")
            .args(args)
            .arg(&path)
            .output()
            .expect("unzip runs (infra/test installs it)");
        assert!(
            output.status.success(),
            "unzip {args:?}: {}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
        output.stdout
    };
    run(&["-tq"]);
    let listing = String::from_utf8(run(&["-Z1"])).expect("UTF-8 names");
    listing
        .lines()
        .map(|name| {
            let output = std::process::Command::new("unzip")
                .arg("-p")
                .arg(&path)
                .arg(name)
                .output()
                .expect("unzip -p");
            assert!(output.status.success(), "unzip -p {name}");
            (name.to_owned(), output.stdout)
        })
        .collect()
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
            wait_for_subject(&sink.dir, email, CONFIRM_SUBJECT, 1)
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
async fn overdue(admin: &crate::helpers::Browser) -> Value {
    let overview: Value = admin
        .get("/api/admin/overview")
        .await
        .json()
        .await
        .expect("JSON");
    overview["privacyRequestsOverdue"]["count"].clone()
}

#[sqlx::test(migrations = "../migrations")]
async fn an_access_request_is_exported_as_an_archive_behind_a_signed_link(pool: PgPool) {
    let (app, sink) = app_with_mail(pool).await;
    let admin = app.agent().await;
    let person = person_with_data(&app, &admin).await;
    let request = ask_and_confirm(&app, &sink, &admin, &person.email, "access").await;
    let id = request["id"].as_str().expect("id").to_owned();

    // Due dates counted from the request, as the DPA states.
    let received = at(&request["receivedAt"]);
    assert_eq!(
        at(&request["acknowledgeBy"]) - received,
        time::Duration::hours(72)
    );
    assert_eq!(
        at(&request["fulfilBy"]) - received,
        time::Duration::days(30)
    );
    // Ten business days: two weeks from a weekday, less from a weekend day
    // (a Saturday's tenth weekday is the second Friday, 13 days on).
    let respond = at(&request["respondBy"]) - received;
    let expected = match received.weekday() {
        time::Weekday::Saturday => 13,
        time::Weekday::Sunday => 12,
        _ => 14,
    };
    assert_eq!(
        respond,
        time::Duration::days(expected),
        "received {received}"
    );
    assert_eq!(request["nextStep"], "acknowledge");
    assert_eq!(request["overdue"], false);

    // Not acknowledged within 72 hours: the overview counts it overdue.
    assert_eq!(overdue(&admin).await, 0);
    sqlx::query("update privacy_requests set received_at = received_at - interval '73 hours'")
        .execute(&app.pool)
        .await
        .expect("aged");
    assert_eq!(overdue(&admin).await, 1);
    sqlx::query("update privacy_requests set received_at = received_at + interval '73 hours'")
        .execute(&app.pool)
        .await
        .expect("back");

    let step = |path: &'static str, body: Value| {
        let admin = &admin;
        let id = id.clone();
        async move {
            let response = admin
                .post(&format!("/api/admin/privacy-requests/{id}/{path}"), &body)
                .await;
            assert_eq!(response.status(), StatusCode::OK, "{path}");
            response.json::<Value>().await.expect("JSON")
        }
    };
    let acknowledged = step("acknowledge", json!({})).await;
    assert_eq!(acknowledged["nextStep"], "respond");
    let complex = step("complex", json!({ "complex": true })).await;
    assert_eq!(
        at(&complex["fulfilBy"]) - received,
        time::Duration::days(60)
    );
    let fulfilled = step("fulfil", json!({})).await;
    assert_eq!(fulfilled["nextStep"], "done");
    // Their three messages and the chat's own (the greeting).
    assert!(
        fulfilled["outcome"]["exported"]["chat_messages"]
            .as_u64()
            .expect("count")
            >= 3
    );
    assert_eq!(fulfilled["outcome"]["attachments"], 1);

    let mails = wait_for_subject(&sink.dir, &person.email, EXPORT_SUBJECT, 1).await;
    assert_eq!(mails.len(), 1);
    let link = path_of(
        &mails[0]
            .link("/api/privacy/exports?token=")
            .expect("download link"),
    );
    let response = app.new_browser().get(&link).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["content-type"], "application/zip");
    let archive = response.bytes().await.expect("bytes");
    let entries = unzip(&archive);
    let names: Vec<&str> = entries.iter().map(|(name, _)| name.as_str()).collect();
    assert_eq!(names[..2], ["data.json", "summary.html"]);
    assert!(
        names[2].starts_with("attachments/") && names[2].ends_with("-invoice.pdf"),
        "{names:?}"
    );
    assert_eq!(entries[2].1, b"%PDF-1.4");
    let data: Value = serde_json::from_slice(&entries[0].1).expect("JSON");
    assert_eq!(data["account"][0]["email"], person.email);
    assert_eq!(data["account"][0]["phone"], person.phone);
    assert!(data["account"][0].get("password_hash").is_none());
    let texts: Vec<&str> = data["chat_messages"]
        .as_array()
        .expect("messages")
        .iter()
        .filter_map(|m| m["message"].as_str())
        .collect();
    assert!(texts.contains(&"Hello, my order is stuck"), "{texts:?}");
    assert_eq!(data["chats"][0]["id"], person.chat);
    assert_eq!(data["chat_ratings"][0]["score"], 5);
    assert_eq!(
        data["contact_requests"][0]["message"],
        "Please call me back"
    );
    assert_eq!(data["subscriptions"][0]["topic"], "blog");
    assert_eq!(data["waitlist_entries"][0]["interest"], "general");
    let kinds: Vec<&str> = data["emails_sent"]
        .as_array()
        .expect("emails")
        .iter()
        .filter_map(|e| e["kind"].as_str())
        .collect();
    assert!(kinds.contains(&"privacy.confirm"), "{kinds:?}");
    // Staff notes are the team's: not exported.
    let json_text = String::from_utf8_lossy(&entries[0].1);
    assert!(!json_text.contains("VIP customer"));
    let html = String::from_utf8_lossy(&entries[1].1);
    assert!(html.contains("<h2>Chat messages</h2>") && html.contains("Please call me back"));

    // The link is signed for this purpose and expires: forged or altered
    // ones find nothing, and an expired archive is gone.
    let altered = link.replacen("token=", "token=0", 1);
    assert_eq!(
        app.new_browser().get(&altered).await.status(),
        StatusCode::NOT_FOUND
    );
    sqlx::query("update privacy_exports set expires_at = now() - interval '1 second'")
        .execute(&app.pool)
        .await
        .expect("expire");
    assert_eq!(
        app.new_browser().get(&link).await.status(),
        StatusCode::NOT_FOUND
    );

    // Every step is audited, without personal data.
    let audited: Vec<(String, Value)> = sqlx::query_as(
        "select action, details from audit_log where entity = 'privacy_request' and entity_id = $1 order by at, id",
    )
    .bind(Uuid::parse_str(&id).expect("uuid"))
    .fetch_all(&app.pool)
    .await
    .expect("audit");
    let actions: Vec<&str> = audited.iter().map(|(action, _)| action.as_str()).collect();
    assert_eq!(
        actions,
        [
            "request",
            "confirm",
            "acknowledge",
            "mark_complex",
            "fulfil"
        ]
    );
    for (_, details) in &audited {
        assert!(!details.to_string().contains(&person.email));
    }
}

/// A date as the emails write it.
fn day(at: time::OffsetDateTime) -> String {
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
        &sink.dir,
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
    let responded = wait_for_subject(
        &sink.dir,
        &email,
        "An update on your data erasure request",
        1,
    )
    .await;
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
    let mut subjects: Vec<String> = mails_to(&sink.dir, &email)
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

#[sqlx::test(migrations = "../migrations")]
async fn a_correction_changes_name_email_and_phone_on_record(pool: PgPool) {
    let (app, sink) = app_with_mail(pool).await;
    let admin = app.agent().await;
    let person = person_with_data(&app, &admin).await;
    let request = ask_and_confirm(&app, &sink, &admin, &person.email, "correction").await;
    let id = request["id"].as_str().expect("id");
    let path = format!("/api/admin/privacy-requests/{id}/fulfil");
    let nothing = admin.post(&path, &json!({})).await;
    assert_eq!(nothing.status(), StatusCode::BAD_REQUEST);
    let new_email = format!("zawadi.new-{}@example.com", Uuid::new_v4().simple());
    let response = admin
        .post(&path, &json!({ "name": "Zawadi Wanjiru", "email": new_email.to_uppercase(), "phone": "+254 711 222 333" }))
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let done: Value = response.json().await.expect("JSON");
    assert_eq!(done["nextStep"], "done");
    let user: (String, String, String) =
        sqlx::query_as("select name, email, phone from users where id = $1")
            .bind(person.user_id)
            .fetch_one(&app.pool)
            .await
            .expect("user");
    assert_eq!(
        user,
        (
            "Zawadi Wanjiru".to_owned(),
            new_email.clone(),
            "+254 711 222 333".to_owned()
        )
    );
    let chat: (String, String) =
        sqlx::query_as("select visitor_name, visitor_email from chat_sessions where id = $1::uuid")
            .bind(&person.chat)
            .fetch_one(&app.pool)
            .await
            .expect("chat");
    assert_eq!(chat, ("Zawadi Wanjiru".to_owned(), new_email.clone()));
    let contact: (String, String, Option<String>) =
        sqlx::query_as("select name, email, phone from contact_requests")
            .fetch_one(&app.pool)
            .await
            .expect("contact");
    assert_eq!(
        contact,
        (
            "Zawadi Wanjiru".to_owned(),
            new_email.clone(),
            Some("+254 711 222 333".to_owned())
        )
    );
    let subscribed: i64 = sqlx::query_scalar("select count(*) from subscriptions where email = $1")
        .bind(&new_email)
        .fetch_one(&app.pool)
        .await
        .expect("subscription");
    assert_eq!(subscribed, 1);
    // The waitlist, owned by the `intake` role, was corrected by it, and the
    // outcome counts it.
    let waitlist: Vec<(String, Option<String>)> =
        sqlx::query_as("select email, name from waitlist_entries")
            .fetch_all(&app.pool)
            .await
            .expect("waitlist");
    assert_eq!(
        waitlist,
        vec![(new_email.clone(), Some("Zawadi Wanjiru".to_owned()))]
    );
    assert_eq!(done["outcome"]["waitlist_entries"], 1);
    // They sign in with the corrected address.
    assert_eq!(
        app.new_browser()
            .login(&new_email, "s3cret-pass")
            .await
            .status(),
        StatusCode::OK
    );
    // A correction to an address another account holds is refused.
    let (_, other) = app.signed_in_as("user").await;
    let again = ask_and_confirm(&app, &sink, &admin, &new_email, "correction").await;
    let clash = admin
        .post(
            &format!(
                "/api/admin/privacy-requests/{}/fulfil",
                again["id"].as_str().expect("id")
            ),
            &json!({ "email": other }),
        )
        .await;
    assert_eq!(clash.status(), StatusCode::CONFLICT);
    // So is one for a person with no account: their chats would have moved
    // onto the other account's address.
    let stranger = format!("stranger-{}@example.com", Uuid::new_v4().simple());
    let chat = app.new_browser().start_chat("Baraka", &stranger).await;
    let theirs = ask_and_confirm(&app, &sink, &admin, &stranger, "correction").await;
    let clash = admin
        .post(
            &format!(
                "/api/admin/privacy-requests/{}/fulfil",
                theirs["id"].as_str().expect("id")
            ),
            &json!({ "email": other }),
        )
        .await;
    assert_eq!(clash.status(), StatusCode::CONFLICT);
    assert_eq!(
        message(clash).await,
        "An account already uses this email address"
    );
    let kept: String =
        sqlx::query_scalar("select visitor_email from chat_sessions where id = $1::uuid")
            .bind(&chat)
            .fetch_one(&app.pool)
            .await
            .expect("chat");
    assert_eq!(kept, stranger);
    let _ = person.name;
}

/// What a column can hold of a person.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Holds {
    Email,
    Name,
    Phone,
    UserId,
    /// A payload (bytes or JSON) that may name the email.
    MentionsEmail,
    /// A payload that may name the user id (the cookie sessions).
    MentionsUserId,
    /// A team member's id or name: erasure of staff is refused (the team
    /// page removes them), so a customer's erasure leaves these alone.
    Staff,
    /// Holds nothing of a person (the reason is in the comment).
    Nothing,
}

/// Every column that can hold a person's email, name, phone or user id, or
/// a payload that can: registered here with what it holds. A table or
/// column added later that matches is missing from this list, and
/// `every_personal_column_is_registered` fails until it is added (and its
/// erasure written).
const REGISTRY: &[(&str, &str, Holds)] = &[
    ("agent_consoles", "agent_id", Holds::Staff),
    ("agent_profiles", "agent_id", Holds::Staff),
    ("agent_profiles", "display_name", Holds::Staff),
    ("audit_log", "actor_id", Holds::Staff),
    ("audit_log", "details", Holds::MentionsEmail),
    ("blog_posts", "author", Holds::Staff),
    ("chat_attachments", "data", Holds::Nothing), // the file; deleted with the visitor's upload
    ("chat_attachments", "filename", Holds::Name),
    ("chat_attachments", "thumbnail", Holds::Nothing),
    ("chat_attachments", "uploader_agent_id", Holds::Staff),
    ("chat_messages", "agent_id", Holds::Staff),
    ("chat_messages", "sender_name", Holds::Name), // agents' names, never the visitor's
    ("chat_notes", "author_id", Holds::Staff),
    ("chat_ratings", "agent_id", Holds::Staff),
    ("chat_sessions", "assigned_agent_id", Holds::Staff),
    ("chat_sessions", "announced_agent_id", Holds::Staff),
    ("chat_sessions", "email_code_attempts", Holds::Nothing), // a count
    ("chat_sessions", "email_code_expires_at", Holds::Nothing), // a time
    ("chat_sessions", "email_code_hash", Holds::Nothing),     // a hash of a one-time code
    ("chat_sessions", "email_confirmed_at", Holds::Nothing),  // a time
    ("chat_sessions", "user_agent", Holds::Nothing), // the browser's name; cleared on erasure
    ("chat_sessions", "user_id", Holds::UserId),
    ("chat_sessions", "visitor_email", Holds::Email),
    ("chat_sessions", "visitor_name", Holds::Name),
    ("contact_requests", "assigned_to", Holds::Staff),
    ("contact_requests", "email", Holds::Email),
    ("contact_requests", "handled_by", Holds::Staff),
    ("contact_requests", "name", Holds::Name),
    ("contact_requests", "phone", Holds::Phone),
    ("dead_letters", "headers", Holds::Nothing), // trace and message ids
    ("dead_letters", "payload", Holds::MentionsEmail),
    ("outbox", "payload", Holds::MentionsEmail),
    ("page_visitors_daily", "visitor", Holds::Nothing), // a daily-salted hash
    ("password_reset_tokens", "token_hash", Holds::Nothing),
    ("password_reset_tokens", "user_id", Holds::UserId),
    ("privacy_exports", "archive", Holds::MentionsEmail),
    ("privacy_requests", "email", Holds::Email),
    ("privacy_requests", "outcome", Holds::MentionsEmail),
    ("retention_runs", "removed", Holds::Nothing), // rows removed per kind of data: counts
    ("sent_emails", "recipient", Holds::Email),
    ("site_settings", "settings", Holds::Nothing), // the company's own details
    ("site_settings", "updated_by", Holds::Staff),
    ("subscriptions", "email", Holds::Email),
    ("session", "data", Holds::MentionsUserId),
    ("uploads", "data", Holds::Nothing), // admin images
    ("uploads", "filename", Holds::Nothing),
    ("uploads", "uploaded_by", Holds::Staff),
    ("user_passkeys", "credential_id", Holds::Nothing), // an authenticator's random id
    ("user_passkeys", "name", Holds::Name), // the member's label; deleted with the account
    ("user_passkeys", "passkey", Holds::Nothing), // a public key and a counter
    ("user_passkeys", "user_id", Holds::UserId),
    ("user_recovery_codes", "user_id", Holds::UserId),
    ("user_totp", "secret_sealed", Holds::Nothing), // sealed; deleted with the account
    ("user_totp", "user_id", Holds::UserId),
    ("users", "email", Holds::Email),
    ("users", "id", Holds::UserId),
    ("users", "name", Holds::Name),
    ("users", "phone", Holds::Phone),
    ("users", "username", Holds::Email), // registration uses the email
    ("visitor_salts", "salt", Holds::Nothing),
    ("waitlist_entries", "email", Holds::Email),
    ("waitlist_entries", "name", Holds::Name),
];

/// From the schema itself: every column whose name says it holds an email,
/// name, phone, recipient, user or visitor, every column referring to
/// `users`, and every bytes or JSON column (payloads).
async fn personal_columns(pool: &PgPool) -> BTreeSet<(String, String)> {
    let rows: Vec<(String, String)> = sqlx::query_as(
        r"select c.table_name::text, c.column_name::text
          from information_schema.columns c
          join information_schema.tables t
            on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
          where c.table_schema in ('public', 'tower_sessions')
            and c.table_name <> '_sqlx_migrations'
            and (c.column_name ~ '(email|name|phone|recipient|user|visitor|author|actor|agent_id|assigned_to|_by$)'
                 or c.data_type in ('bytea', 'jsonb', 'json')
                 or exists (
                   select 1 from information_schema.key_column_usage k
                   join information_schema.referential_constraints r
                     on r.constraint_name = k.constraint_name and r.constraint_schema = k.constraint_schema
                   join information_schema.constraint_column_usage u
                     on u.constraint_name = r.unique_constraint_name and u.constraint_schema = r.unique_constraint_schema
                   where k.table_schema = c.table_schema and k.table_name = c.table_name
                     and k.column_name = c.column_name and u.table_name = 'users'))",
    )
    .fetch_all(pool)
    .await
    .expect("schema");
    let mut columns: BTreeSet<(String, String)> = rows.into_iter().collect();
    // The account's own id: named `id`, so found by its table.
    columns.insert(("users".to_owned(), "id".to_owned()));
    columns
}

#[sqlx::test(migrations = "../migrations")]
async fn every_personal_column_is_registered(pool: PgPool) {
    let found = personal_columns(&pool).await;
    let registered: BTreeSet<(String, String)> = REGISTRY
        .iter()
        .map(|(table, column, _)| ((*table).to_owned(), (*column).to_owned()))
        .collect();
    let missing: Vec<_> = found.difference(&registered).collect();
    assert!(
        missing.is_empty(),
        "columns that can hold a person's data but are not in REGISTRY (add them, with their erasure): {missing:?}"
    );
    let stale: Vec<_> = registered.difference(&found).collect();
    assert!(
        stale.is_empty(),
        "REGISTRY names columns the schema no longer has: {stale:?}"
    );
}

/// The rows of every registered column that still hold something of the
/// person: `table.column` for each.
async fn what_remains(pool: &PgPool, person: &Person) -> Vec<String> {
    let mut remains = Vec::new();
    for (table, column, holds) in REGISTRY {
        let schema = if *table == "session" {
            "tower_sessions"
        } else {
            "public"
        };
        // Built at run time: the table and column come from REGISTRY, so
        // the query cannot be checked at compile time.
        let sql = match holds {
            Holds::Email => format!(
                r#"select count(*) from {schema}."{table}" where lower("{column}") = lower($1)"#
            ),
            Holds::Name => {
                format!(r#"select count(*) from {schema}."{table}" where "{column}" = $2"#)
            }
            Holds::Phone => {
                format!(r#"select count(*) from {schema}."{table}" where "{column}" = $3"#)
            }
            Holds::UserId => {
                format!(r#"select count(*) from {schema}."{table}" where "{column}" = $4"#)
            }
            Holds::MentionsEmail => {
                let data_type: String = sqlx::query_scalar(
                    "select data_type::text from information_schema.columns
                     where table_schema = $1 and table_name = $2 and column_name = $3",
                )
                .bind(schema)
                .bind(table)
                .bind(column)
                .fetch_one(pool)
                .await
                .expect("column type");
                if data_type == "bytea" {
                    format!(
                        r#"select count(*) from {schema}."{table}" where position(convert_to(lower($1), 'UTF8') in "{column}") > 0"#
                    )
                } else {
                    format!(
                        r#"select count(*) from {schema}."{table}" where position(lower($1) in lower("{column}"::text)) > 0"#
                    )
                }
            }
            Holds::MentionsUserId => format!(
                r#"select count(*) from {schema}."{table}" where position(convert_to($4::text, 'UTF8') in "{column}") > 0"#
            ),
            Holds::Staff | Holds::Nothing => continue,
        };
        let count: i64 = sqlx::query_scalar(&sql)
            .bind(&person.email)
            .bind(&person.name)
            .bind(&person.phone)
            .bind(person.user_id)
            .fetch_one(pool)
            .await
            .unwrap_or_else(|error| panic!("{sql}: {error}"));
        if count > 0 {
            remains.push(format!("{table}.{column} ({count})"));
        }
    }
    remains
}

#[sqlx::test(migrations = "../migrations")]
async fn an_erasure_leaves_nothing_of_the_person_in_any_table_and_ends_their_sessions(
    pool: PgPool,
) {
    let (app, sink) = app_with_mail(pool).await;
    let admin = app.agent().await;
    let person = person_with_data(&app, &admin).await;
    // Signed in on a second gateway too, with a socket open there.
    let second = app.another_gateway().await;
    let elsewhere = app.new_browser().on(&second);
    assert_eq!(
        elsewhere.login(&person.email, "s3cret-pass").await.status(),
        StatusCode::OK
    );
    let mut socket = elsewhere.socket().await;
    // A dead letter that names them (an email that kept failing).
    sqlx::query(
        "insert into dead_letters (id, stream, subject, payload, headers, error, reason, role, deliveries)
         values ($1, 'INTAKE', 'intake.message', convert_to($2, 'UTF8'), '{}', 'smtp down', 'exhausted', 'intake', 30)",
    )
    .bind(Uuid::now_v7())
    .bind(json!({ "email": person.email }).to_string())
    .execute(&app.pool)
    .await
    .expect("dead letter");
    let before = what_remains(&app.pool, &person).await;
    assert!(
        before.len() >= 10,
        "the person is everywhere first: {before:?}"
    );
    // The offline notice of their chat names their address too.
    let mentions = crate::schema_sweep::columns_mentioning(&app.pool, &person.email).await;
    assert!(
        mentions
            .iter()
            .any(|column| column.starts_with("chat_messages.message")),
        "{mentions:?}"
    );

    let request = ask_and_confirm(&app, &sink, &admin, &person.email, "erasure").await;
    let id = request["id"].as_str().expect("id");
    let started = Instant::now();
    let response = admin
        .post(
            &format!("/api/admin/privacy-requests/{id}/fulfil"),
            &json!({}),
        )
        .await;
    assert_eq!(
        response.status(),
        StatusCode::OK,
        "{:?}",
        response.text().await
    );
    eprintln!("erasure took {:?}", started.elapsed());
    let done: Value = response.json().await.expect("JSON");
    assert_eq!(done["nextStep"], "done");
    assert_eq!(done["email"], "");
    assert_eq!(done["outcome"]["users"], 1);
    assert_eq!(done["outcome"]["chat_messages"], 4);

    assert_eq!(what_remains(&app.pool, &person).await, Vec::<String>::new());
    // Nor anywhere else: no text, JSON or bytes column of any table holds
    // the address.
    assert_eq!(
        crate::schema_sweep::columns_mentioning(&app.pool, &person.email).await,
        Vec::<String>::new()
    );
    // The chat stays, shown to agents as "Erased visitor".
    let chat: Value = admin
        .get(&format!("/api/agent/chats/{}", person.chat))
        .await
        .json()
        .await
        .expect("JSON");
    assert_eq!(chat["visitorName"], "Erased visitor");
    let visitor = admin.visitor_messages(&person.chat).await;
    assert_eq!(visitor.len(), 3);
    assert!(
        visitor.iter().all(|m| m["message"] == "(erased)"),
        "{visitor:?}"
    );
    // Their sign-ins ended on both gateways, and the socket was closed.
    assert_eq!(
        person.browser.get("/api/user").await.status(),
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        elsewhere.get("/api/user").await.status(),
        StatusCode::UNAUTHORIZED
    );
    let (code, _) = socket.closed_with(Duration::from_secs(5)).await;
    assert_eq!(code, 1008);
    // The audit record says what was erased, not whose data it was.
    let audit: Value = sqlx::query_scalar(
        "select details from audit_log where entity_id = $1::uuid and action = 'fulfil'",
    )
    .bind(id)
    .fetch_one(&app.pool)
    .await
    .expect("audit");
    assert_eq!(audit["outcome"]["contact_requests"], 1);
    assert!(!audit.to_string().contains(&person.email));

    // Idempotent: erasing the same address again finds nothing more.
    let again = ask_and_confirm(&app, &sink, &admin, &person.email, "erasure").await;
    let response = admin
        .post(
            &format!(
                "/api/admin/privacy-requests/{}/fulfil",
                again["id"].as_str().expect("id")
            ),
            &json!({}),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let twice: Value = response.json().await.expect("JSON");
    let outcome = twice["outcome"].as_object().expect("outcome");
    for (table, count) in outcome {
        if table == "intake_records" || table == "privacy_requests" {
            continue; // the second request's own confirmation email and row
        }
        assert_eq!(count, 0, "{table} changed on the second erasure");
    }
    assert_eq!(what_remains(&app.pool, &person).await, Vec::<String>::new());
}

#[sqlx::test(migrations = "../migrations")]
async fn a_team_members_address_is_not_erased(pool: PgPool) {
    let (app, sink) = app_with_mail(pool).await;
    let admin = app.agent().await;
    let (_, staff) = app.signed_in_as("support").await;
    let request = ask_and_confirm(&app, &sink, &admin, &staff, "erasure").await;
    let response = admin
        .post(
            &format!(
                "/api/admin/privacy-requests/{}/fulfil",
                request["id"].as_str().expect("id")
            ),
            &json!({}),
        )
        .await;
    assert_eq!(response.status(), StatusCode::CONFLICT);
    assert_eq!(
        message(response).await,
        "This address belongs to a member of the team. Remove them from the team first."
    );
}

/// The figure for the docs: erasing a person whose chat holds 1,000
/// messages (run with `-- --nocapture` to see it).
#[sqlx::test(migrations = "../migrations")]
async fn erasing_a_person_with_1000_chat_messages(pool: PgPool) {
    let (app, sink) = app_with_mail(pool).await;
    let admin = app.agent().await;
    let email = format!("chatty-{}@example.com", Uuid::new_v4().simple());
    let visitor = app.new_browser();
    let chat = visitor.start_chat("Chatty Visitor", &email).await;
    sqlx::query(
        "insert into chat_messages (id, session_id, sender_type, message, created_at)
         select gen_random_uuid(), $1::uuid, case when n % 2 = 0 then 'user' else 'agent' end,
                'message number ' || n, now() - make_interval(secs => 1000 - n)
         from generate_series(1, 1000) n",
    )
    .bind(&chat)
    .execute(&app.pool)
    .await
    .expect("messages");
    let request = ask_and_confirm(&app, &sink, &admin, &email, "erasure").await;
    let started = Instant::now();
    let response = admin
        .post(
            &format!(
                "/api/admin/privacy-requests/{}/fulfil",
                request["id"].as_str().expect("id")
            ),
            &json!({}),
        )
        .await;
    let took = started.elapsed();
    assert_eq!(
        response.status(),
        StatusCode::OK,
        "{:?}",
        response.text().await
    );
    let done: Value = response.json().await.expect("JSON");
    // Its 500 messages blanked, and the offline notice that named the address.
    assert_eq!(done["outcome"]["chat_messages"], 501);
    println!("ERASURE_1000_MESSAGES_MS={}", took.as_millis());
    assert!(took < Duration::from_secs(10), "erasure took {took:?}");
}
