//! The password reset, subscription, waitlist and privacy request emails are
//! written in the language of the page the form was sent from (issue 39); a
//! privacy request keeps its language for every later email about it.

use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;
use uuid::Uuid;

use crate::helpers::{MailCatcher, TestApp, registration, spawn_with};
use crate::intake::{FAST, with_intake};
use crate::mailbox::{Mail, token_of, wait_for_mails};
use crate::subscriptions::{open_link, path_of};

fn address(tag: &str) -> String {
    format!("{tag}-{}@example.com", Uuid::new_v4().simple())
}

/// `POST path` from a page in `language` (its `Accept-Language`): the status and the body.
async fn post_in(app: &TestApp, language: &str, path: &str, body: &Value) -> (StatusCode, Value) {
    let response = app
        .client
        .post(app.url(path))
        .header("X-Requested-With", "XMLHttpRequest")
        .header("Accept-Language", language)
        .json(body)
        .send()
        .await
        .expect("request");
    (response.status(), response.json().await.expect("JSON"))
}

#[sqlx::test(migrations = "../migrations")]
async fn a_reset_asked_from_a_french_page_is_emailed_in_french_with_the_french_page(pool: PgPool) {
    let sink = MailCatcher::start().await;
    let app = spawn_with(pool, with_intake(Some(sink.smtp_url.clone()), FAST)).await;
    let email = address("reinit");
    assert_eq!(
        app.register(&registration(&email)).await.status(),
        StatusCode::CREATED
    );
    let asked = app
        .post(
            "/api/password-reset",
            &json!({ "email": email, "language": "fr" }),
        )
        .await;
    assert_eq!(asked.status(), StatusCode::ACCEPTED);

    let mails = wait_for_mails(&sink, &email, 2).await;
    let reset = mails
        .iter()
        .find(|mail| mail.subject() == "Réinitialisez votre mot de passe Nyota Cloud")
        .unwrap_or_else(|| panic!("{:#?}", mails.iter().map(Mail::subject).collect::<Vec<_>>()));
    assert!(
        reset.text.contains("Bonjour Amina Odhiambo,"),
        "{}",
        reset.text
    );
    assert!(reset.text.contains("pendant 30 minutes"), "{}", reset.text);
    let link = reset
        .link("/fr/reset-password?token=")
        .unwrap_or_else(|| panic!("no French reset link in {}", reset.text));
    assert!(
        link.starts_with("http://localhost:8080/fr/reset-password?token="),
        "{link}"
    );
    assert!(reset.raw.contains("lang=\"fr\"") || reset.raw.contains("lang=3D\"fr\""));
}

#[sqlx::test(migrations = "../migrations")]
async fn a_subscription_from_a_kiswahili_page_is_confirmed_in_kiswahili(pool: PgPool) {
    let sink = MailCatcher::start().await;
    let app = spawn_with(pool, with_intake(Some(sink.smtp_url.clone()), FAST)).await;
    let email = address("msomaji");
    assert_eq!(
        post_in(
            &app,
            "sw",
            "/api/subscriptions",
            &json!({ "email": email, "topic": "blog", "language": "sw" }),
        )
        .await,
        (
            StatusCode::ACCEPTED,
            json!({ "message": "Asante! Tafadhali angalia kikasha chako ili kuthibitisha usajili wako." })
        )
    );

    let mail = wait_for_mails(&sink, &email, 1).await.remove(0);
    assert_eq!(
        mail.subject(),
        "Thibitisha usajili wako wa kupokea makala mapya ya blogu ya Nyota"
    );
    assert!(mail.text.starts_with("Habari,"), "{}", mail.text);
    assert!(
        mail.text
            .contains(&format!("Tafadhali thibitisha kwamba {email} inapaswa")),
        "{}",
        mail.text
    );
    // Both links name the email's language (a subscription keeps none),
    // so they lead to the pages in Kiswahili.
    let confirm = mail
        .link("/api/subscriptions/confirm?token=")
        .unwrap_or_else(|| panic!("no confirm link in {}", mail.text));
    assert!(confirm.ends_with("&lang=sw"), "{confirm}");
    assert_eq!(
        open_link(&app, &path_of(&confirm)).await,
        format!(
            "/sw/subscription?action=confirm&token={}",
            token_of(&confirm)
        )
    );
    let leave = mail
        .link("/api/subscriptions/unsubscribe?token=")
        .unwrap_or_else(|| panic!("no unsubscribe link in {}", mail.text));
    assert!(
        mail.text.contains(&format!("Jiondoe: {leave}")),
        "{}",
        mail.text
    );
    assert_eq!(
        open_link(&app, &path_of(&leave)).await,
        format!(
            "/sw/subscription?action=unsubscribe&token={}",
            token_of(&leave)
        )
    );
    // The List-Unsubscribe header carries the same link.
    assert_eq!(mail.header("List-Unsubscribe"), Some(format!("<{leave}>")));

    // The page's buttons are answered in its language, a bad link too.
    let (status, body) = post_in(
        &app,
        "sw",
        "/api/subscriptions/confirm",
        &json!({ "token": token_of(&confirm) }),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["message"], "Usajili wako umethibitishwa. Asante!");
    let (status, body) = post_in(
        &app,
        "sw",
        "/api/subscriptions/confirm",
        &json!({ "token": token_of(&leave) }),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body,
        json!({ "message": "Kiungo hiki cha usajili si sahihi." })
    );
    let (status, body) = post_in(
        &app,
        "sw",
        "/api/subscriptions/unsubscribe",
        &json!({ "token": token_of(&leave) }),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        body["message"],
        "Umejiondoa. Hutapokea tena barua pepe hizi."
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn a_waitlist_entry_from_a_french_page_is_confirmed_in_french(pool: PgPool) {
    let sink = MailCatcher::start().await;
    let app = spawn_with(pool, with_intake(Some(sink.smtp_url.clone()), FAST)).await;
    let email = address("attente");
    let response = app
        .post(
            "/api/waitlist",
            &json!({ "email": email, "name": "Amina", "interest": "gpu-cluster", "language": "fr" }),
        )
        .await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);

    let mail = wait_for_mails(&sink, &email, 1).await.remove(0);
    assert_eq!(
        mail.subject(),
        "Vous êtes sur la liste d’accès anticipé au cluster GPU Nyota Cloud"
    );
    assert!(mail.text.starts_with("Bonjour Amina,"), "{}", mail.text);
    assert!(mail.text.contains("L’équipe Nyota Cloud"), "{}", mail.text);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_privacy_request_from_a_kiswahili_page_is_answered_in_kiswahili_at_every_step(
    pool: PgPool,
) {
    let sink = MailCatcher::start().await;
    let app = spawn_with(pool.clone(), with_intake(Some(sink.smtp_url.clone()), FAST)).await;
    let email = address("faragha");
    let response = app
        .post(
            "/api/privacy/requests",
            &json!({ "email": email, "kind": "erasure", "language": "sw" }),
        )
        .await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);

    let confirmation = wait_for_mails(&sink, &email, 1).await.remove(0);
    assert_eq!(
        confirmation.subject(),
        "Thibitisha ombi lako kuhusu data binafsi"
    );
    assert!(
        confirmation
            .text
            .contains("Tumepokea ombi la kufutwa kwa data yako"),
        "{}",
        confirmation.text
    );
    assert!(confirmation.raw.contains("lang=\"sw\"") || confirmation.raw.contains("lang=3D\"sw\""));
    let link = confirmation
        .link("/api/privacy/requests/confirm?token=")
        .expect("the confirmation link");
    let token = token_of(&link);
    // The link leads to the request form of the privacy page in Kiswahili.
    assert_eq!(
        open_link(&app, &path_of(&link)).await,
        format!("/sw/privacy?request=confirm&token={token}#privacy-request")
    );
    let confirmed = app
        .new_browser()
        .post("/api/privacy/requests/confirm", &json!({ "token": token }))
        .await;
    assert_eq!(confirmed.status(), StatusCode::OK);

    // The request keeps its language: staff's acknowledgement is in it too.
    let id: Uuid =
        sqlx::query_scalar("select id from privacy_requests where email = $1 and language = 'sw'")
            .bind(&email)
            .fetch_one(&pool)
            .await
            .expect("the request, stored with its language");
    let admin = app.agent().await;
    let acknowledged = admin
        .post(
            &format!("/api/admin/privacy-requests/{id}/acknowledge"),
            &json!({}),
        )
        .await;
    assert_eq!(acknowledged.status(), StatusCode::OK);
    let mails = wait_for_mails(&sink, &email, 2).await;
    assert!(
        mails.iter().any(
            |mail| mail.subject() == "Tumepokea ombi lako la kufuta data yako"
                && mail.text.contains("Timu yetu inalishughulikia.")
        ),
        "{:#?}",
        mails.iter().map(|mail| &mail.text).collect::<Vec<_>>()
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn a_language_the_site_does_not_speak_is_refused_naming_the_field_on_every_form(
    pool: PgPool,
) {
    let app = spawn_with(pool, with_intake(None, FAST)).await;
    let email = address("de");
    let forms = [
        (
            "/api/password-reset",
            json!({ "email": email, "language": "de" }),
        ),
        (
            "/api/subscriptions",
            json!({ "email": email, "topic": "blog", "language": "de" }),
        ),
        (
            "/api/waitlist",
            json!({ "email": email, "interest": "general", "language": "de" }),
        ),
        (
            "/api/privacy/requests",
            json!({ "email": email, "kind": "access", "language": "de" }),
        ),
    ];
    for (path, body) in forms {
        let refused = app.post(path, &body).await;
        assert_eq!(refused.status(), StatusCode::BAD_REQUEST, "{path}");
        let answer: Value = refused.json().await.expect("json");
        assert!(
            answer["message"]
                .as_str()
                .unwrap_or_default()
                .contains("Language"),
            "{path}: {answer}"
        );
    }
}
