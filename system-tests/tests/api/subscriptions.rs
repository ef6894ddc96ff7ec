//! Subscriptions with double opt-in end to end: subscribe → `INTAKE` → the
//! `requests` worker stores it pending and emails signed links → confirm and
//! unsubscribe without a login; forged links refused; counts for admins.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;
use uuid::Uuid;
use workers::consumer::RetryPolicy;

use crate::helpers::{MailCatcher, Options, TestApp, message, registration, spawn_with};
use crate::mailbox::{Mail, mails_to, token_of, wait_for_mails, wait_until_consumed};

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

fn reader() -> String {
    format!("reader-{}@example.com", Uuid::new_v4().simple())
}

const SUBSCRIBED: &str = "Thank you! Please check your inbox to confirm your subscription.";
const INVALID: &str = "This subscription link is not valid.";

async fn subscribe(app: &TestApp, email: &str, topic: &str) {
    let response = app
        .post(
            "/api/subscriptions",
            &json!({ "email": email, "topic": topic }),
        )
        .await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let body: Value = response.json().await.expect("JSON");
    assert_eq!(body["message"], SUBSCRIBED);
}

/// The path and query of a link in an email (the links name PUBLIC_URL).
pub(crate) fn path_of(link: &str) -> String {
    let at = link.find("/api/").expect("an API link");
    link[at..].to_owned()
}

fn links(mail: &Mail) -> (String, String) {
    let confirm = mail
        .link("/api/subscriptions/confirm?token=")
        .expect("confirm link");
    let unsubscribe = mail
        .link("/api/subscriptions/unsubscribe?token=")
        .expect("unsubscribe link");
    (path_of(&confirm), path_of(&unsubscribe))
}

/// GET an emailed link from a browser with no cookies, as a mail scanner
/// or a person opening it does: a 303 to the page that asks, changing
/// nothing; returns where it leads.
pub(crate) async fn open_link(app: &TestApp, path: &str) -> String {
    let browser = app.new_browser();
    let response = browser
        .client
        .get(browser.url(path))
        .header("Accept", "text/html,application/xhtml+xml")
        .send()
        .await
        .expect("request");
    assert_eq!(response.status(), StatusCode::SEE_OTHER, "{path}");
    response.headers()["location"]
        .to_str()
        .expect("ASCII")
        .to_owned()
}

/// What the page's button does with an emailed link: POSTs its token to
/// the link's path (from a browser that never signed in).
async fn press(app: &TestApp, path: &str) -> reqwest::Response {
    let route = path.split_once('?').map_or(path, |(route, _)| route);
    let token = token_of(path);
    app.new_browser()
        .post(route, &json!({ "token": token }))
        .await
}

async fn counts(admin: &crate::helpers::Browser, topic: &str) -> (i64, i64, i64) {
    let body: Value = admin
        .get("/api/admin/subscriptions")
        .await
        .json()
        .await
        .expect("JSON");
    let row = body["topics"]
        .as_array()
        .expect("topics")
        .iter()
        .find(|row| row["topic"] == topic)
        .expect("the topic")
        .clone();
    let n = |key: &str| row[key].as_i64().expect("number");
    (n("confirmed"), n("pending"), n("unsubscribed"))
}

#[sqlx::test(migrations = "../migrations")]
async fn a_subscription_counts_only_once_confirmed_by_its_signed_link(pool: PgPool) {
    let sink = MailCatcher::start().await;
    let app = spawn_with(pool, with_intake(Some(sink.smtp_url.clone()))).await;
    let admin = app.agent().await;
    let email = reader();
    subscribe(&app, &email, "blog").await;

    let mails = wait_for_mails(&sink, &email, 1).await;
    assert_eq!(mails.len(), 1);
    let mail = &mails[0];
    assert_eq!(
        mail.subject(),
        "Confirm your subscription to new articles on the Nyota blog"
    );
    assert!(mail.raw.contains("Content-Type: multipart/alternative"));
    let (confirm, unsubscribe) = links(mail);
    let header = mail.header("List-Unsubscribe").expect("List-Unsubscribe");
    assert_eq!(header, format!("<http://localhost:8080{unsubscribe}>"));
    assert!(mail.raw.contains("Content-Type: text/html; charset=utf-8"));
    assert_eq!(counts(&admin, "blog").await, (0, 1, 0));
    assert_eq!(counts(&admin, "events").await, (0, 0, 0));

    // Opening the link (a mail scanner does) changes nothing: the page asks.
    let token = token_of(&confirm);
    assert_eq!(
        open_link(&app, &confirm).await,
        format!("/subscription?action=confirm&token={token}")
    );
    assert_eq!(counts(&admin, "blog").await, (0, 1, 0));

    let response = press(&app, &confirm).await;
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.expect("JSON");
    assert_eq!(body["status"], "confirmed");
    assert_eq!(
        body["message"],
        "Your subscription is confirmed. Thank you!"
    );
    assert_eq!(counts(&admin, "blog").await, (1, 0, 0));

    // Confirming twice is fine.
    assert_eq!(press(&app, &confirm).await.status(), StatusCode::OK);
    assert_eq!(counts(&admin, "blog").await, (1, 0, 0));
}

#[sqlx::test(migrations = "../migrations")]
async fn repeated_subscribes_send_at_most_one_confirmation_an_hour_and_none_once_confirmed(
    pool: PgPool,
) {
    let sink = MailCatcher::start().await;
    let app = spawn_with(pool, with_intake(Some(sink.smtp_url.clone()))).await;
    let email = reader();
    subscribe(&app, &email, "events").await;
    let first = wait_for_mails(&sink, &email, 1).await;
    assert_eq!(
        first[0].subject(),
        "Confirm your subscription to upcoming Nyota events"
    );
    subscribe(&app, &email, "events").await;
    subscribe(&app, &email.to_uppercase(), "events").await;
    wait_until_consumed(&app, "intake-subscriptions").await;
    assert_eq!(mails_to(&sink, &email).await.len(), 1);
    let rows: i64 = sqlx::query_scalar("select count(*) from subscriptions")
        .fetch_one(&app.pool)
        .await
        .expect("count");
    assert_eq!(rows, 1);

    // An hour later a still-pending address may have another confirmation.
    sqlx::query("update subscriptions set confirmation_sent_at = now() - interval '61 minutes'")
        .execute(&app.pool)
        .await
        .expect("moved back");
    subscribe(&app, &email, "events").await;
    let mails = wait_for_mails(&sink, &email, 2).await;
    assert_eq!(mails.len(), 2);

    // Once confirmed, subscribing again gets the same answer and no email.
    let (confirm, _) = links(&mails[1]);
    assert_eq!(press(&app, &confirm).await.status(), StatusCode::OK);
    sqlx::query("update subscriptions set confirmation_sent_at = now() - interval '61 minutes'")
        .execute(&app.pool)
        .await
        .expect("moved back");
    subscribe(&app, &email, "events").await;
    wait_until_consumed(&app, "intake-subscriptions").await;
    assert_eq!(mails_to(&sink, &email).await.len(), 2);
}

#[sqlx::test(migrations = "../migrations")]
async fn unsubscribe_links_work_without_login_and_forged_links_are_refused(pool: PgPool) {
    let sink = MailCatcher::start().await;
    let app = spawn_with(pool, with_intake(Some(sink.smtp_url.clone()))).await;
    let admin = app.agent().await;
    let email = reader();
    subscribe(&app, &email, "blog").await;
    let mails = wait_for_mails(&sink, &email, 1).await;
    let (confirm, unsubscribe) = links(&mails[0]);
    assert_eq!(press(&app, &confirm).await.status(), StatusCode::OK);
    assert_eq!(counts(&admin, "blog").await, (1, 0, 0));

    // Forged, altered, swapped or missing tokens change nothing.
    let confirm_token = token_of(&confirm).to_owned();
    let unsubscribe_token = token_of(&unsubscribe).to_owned();
    let mut altered = unsubscribe_token.clone();
    let last = altered.pop().expect("a character");
    altered.push(if last == 'A' { 'B' } else { 'A' });
    let (_, tag) = unsubscribe_token.split_once('.').expect("two parts");
    let other_id = format!("{}.{tag}", Uuid::now_v7().simple());
    for path in [
        format!("/api/subscriptions/unsubscribe?token={altered}"),
        format!("/api/subscriptions/unsubscribe?token={confirm_token}"),
        format!("/api/subscriptions/unsubscribe?token={other_id}"),
        "/api/subscriptions/unsubscribe?token=garbage".to_owned(),
        format!("/api/subscriptions/confirm?token={unsubscribe_token}"),
    ] {
        let response = press(&app, &path).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{path}");
        assert_eq!(message(response).await, INVALID, "{path}");
    }
    let response = press(&app, "/api/subscriptions/unsubscribe").await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST, "no token");
    // A malformed token is left off the page's address (which then says
    // the link is not valid).
    assert_eq!(
        open_link(
            &app,
            "/api/subscriptions/unsubscribe?token=a%26status%3Dconfirmed"
        )
        .await,
        "/subscription?action=unsubscribe"
    );
    assert_eq!(counts(&admin, "blog").await, (1, 0, 0));

    // The genuine link, from a browser that never signed in.
    // Opening the link changes nothing; the page's button unsubscribes.
    open_link(&app, &unsubscribe).await;
    assert_eq!(counts(&admin, "blog").await, (1, 0, 0));
    let response = press(&app, &unsubscribe).await;
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.expect("JSON");
    assert_eq!(body["status"], "unsubscribed");
    assert_eq!(counts(&admin, "blog").await, (0, 0, 1));

    // Subscribing again starts over: pending, with a new confirmation.
    sqlx::query("update subscriptions set confirmation_sent_at = now() - interval '61 minutes'")
        .execute(&app.pool)
        .await
        .expect("moved back");
    subscribe(&app, &email, "blog").await;
    let mails = wait_for_mails(&sink, &email, 2).await;
    assert_eq!(mails.len(), 2);
    assert_eq!(counts(&admin, "blog").await, (0, 1, 0));
}

#[sqlx::test(migrations = "../migrations")]
async fn bad_subscriptions_are_refused_and_counts_are_for_admins(pool: PgPool) {
    let app = spawn_with(
        pool,
        Options {
            config: vec![("SUBSCRIBE_LIMIT_PER_IP_PER_HOUR", "2".to_owned())],
            ..with_intake(None)
        },
    )
    .await;
    for (body, expected) in [
        (
            json!({ "email": "a@example.com", "topic": "news" }),
            "Topic must be blog or events",
        ),
        (json!({ "email": "a@example.com" }), "Topic is required"),
        (
            json!({ "email": "a@", "topic": "blog" }),
            "Please enter a valid email address",
        ),
        (json!({ "topic": "blog" }), "Email is required"),
    ] {
        let response = app.post("/api/subscriptions", &body).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{body}");
        assert_eq!(message(response).await, expected, "{body}");
    }
    subscribe(&app, &reader(), "blog").await;
    subscribe(&app, &reader(), "events").await;
    let response = app
        .post(
            "/api/subscriptions",
            &json!({ "email": reader(), "topic": "blog" }),
        )
        .await;
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(
        message(response).await,
        "Too many subscription requests. Please try again later."
    );

    assert_eq!(
        app.new_browser()
            .get("/api/admin/subscriptions")
            .await
            .status(),
        StatusCode::UNAUTHORIZED
    );
    let user = app.new_browser();
    assert_eq!(
        user.register(&registration("subscriber-user@example.com"))
            .await
            .status(),
        StatusCode::CREATED
    );
    assert_eq!(
        user.get("/api/admin/subscriptions").await.status(),
        StatusCode::FORBIDDEN
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn the_owner_stores_an_address_once_and_gives_one_request_the_confirmation_slot(
    pool: PgPool,
) {
    use contract::owners::{ClaimConfirmation, SubscriptionStored, ask};
    use contract::subscriptions::{SubscriptionRequested, SubscriptionTopic};

    let app = crate::helpers::spawn(pool).await;
    // The gateway serves HTTP once its listeners, the owner's among them, are up.
    assert_eq!(app.get("/healthz").await.status(), StatusCode::OK);
    let email = reader();
    let request = |id| SubscriptionRequested {
        id,
        email: email.clone(),
        topic: SubscriptionTopic::Blog,
        received_at: time::OffsetDateTime::now_utc(),
        language: contract::language::Language::En,
    };
    let (first, second) = (Uuid::now_v7(), Uuid::now_v7());
    let store = app.namespace.owners_store_subscription();

    // As the requests worker asks: any gateway answers.
    let stored: SubscriptionStored = ask(&app.nats, store.clone(), &request(first))
        .await
        .expect("the owner answers");
    assert_eq!(
        stored,
        SubscriptionStored {
            id: first,
            confirmed: false
        }
    );
    let again: SubscriptionStored = ask(&app.nats, store, &request(second))
        .await
        .expect("the owner answers");
    assert_eq!(again.id, first, "one subscription per address and topic");

    let claim = |request_id| ClaimConfirmation {
        subscription_id: first,
        request_id,
        interval_secs: 3600.0,
    };
    let claims = app.namespace.owners_claim_confirmation();
    for (request_id, expected) in [(first, true), (second, false), (first, true)] {
        let claimed: bool = ask(&app.nats, claims.clone(), &claim(request_id))
            .await
            .expect("the owner answers");
        assert_eq!(claimed, expected, "claim by {request_id}");
    }
}
