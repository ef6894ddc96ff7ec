//! A contact request's acknowledgement and a registration's welcome are
//! written in the language of the page the form was sent from (issue 39);
//! the emails to the sales inbox stay in English.

use reqwest::StatusCode;
use serde_json::Value;
use sqlx::PgPool;
use uuid::Uuid;

use crate::helpers::{MailCatcher, registration, spawn_with};
use crate::intake::{FAST, request, send, send_ok, visitor, with_intake};
use crate::mailbox::{Mail, wait_for_mails};

#[sqlx::test(migrations = "../migrations")]
async fn a_request_from_a_french_page_is_acknowledged_in_french(pool: PgPool) {
    let sink = MailCatcher::start().await;
    let app = spawn_with(pool, with_intake(Some(sink.smtp_url.clone()), FAST)).await;
    let email = visitor();
    let mut body = request(&email);
    body["language"] = "fr".into();
    body["source"] = "/fr/contact".into();
    send_ok(&app, &body, None).await;

    // Only the acknowledgement is addressed to the visitor.
    let ack = wait_for_mails(&sink, &email, 1).await.remove(0);
    assert_eq!(
        ack.subject(),
        "Nous avons bien reçu votre message : Two racks in Nairobi"
    );
    assert!(ack.text.contains("Bonjour Amina Otieno,"), "{}", ack.text);
    assert!(
        ack.text.contains(
            "Merci d’avoir contacté Nyota Cloud. Nous avons bien reçu votre message et \
             nous vous répondrons sous 24 heures."
        ),
        "{}",
        ack.text
    );
    assert!(
        ack.text.contains("Objet: Two racks in Nairobi"),
        "{}",
        ack.text
    );
    assert!(ack.raw.contains("lang=\"fr\"") || ack.raw.contains("lang=3D\"fr\""));

    // The sales inbox reads it in English.
    let sales = wait_for_mails(&sink, "sales@nyota.example", 1).await;
    assert!(
        sales
            .iter()
            .any(|mail| mail.subject() == "Contact request from Amina Otieno: Two racks in Nairobi"),
        "{:#?}",
        sales.iter().map(Mail::subject).collect::<Vec<_>>()
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn a_language_the_site_does_not_speak_is_refused_naming_the_field(pool: PgPool) {
    let app = spawn_with(pool, with_intake(None, FAST)).await;
    let mut body = request(&visitor());
    body["language"] = "de".into();
    let refused = send(&app, &body, None).await;
    assert_eq!(refused.status(), StatusCode::BAD_REQUEST);
    let answer: Value = refused.json().await.expect("json");
    assert!(
        answer["message"]
            .as_str()
            .unwrap_or_default()
            .contains("Language"),
        "{answer}"
    );

    let mut registering = registration("de@example.com");
    registering["language"] = "de".into();
    let refused = app.register(&registering).await;
    assert_eq!(refused.status(), StatusCode::BAD_REQUEST);
    let answer: Value = refused.json().await.expect("json");
    assert!(
        answer["message"]
            .as_str()
            .unwrap_or_default()
            .contains("Language"),
        "{answer}"
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn a_registration_on_a_kiswahili_page_is_welcomed_in_kiswahili(pool: PgPool) {
    let sink = MailCatcher::start().await;
    let app = spawn_with(pool, with_intake(Some(sink.smtp_url.clone()), FAST)).await;
    let email = format!("mpya-{}@example.com", Uuid::new_v4().simple());
    let mut body = registration(&email);
    body["language"] = "sw".into();
    assert_eq!(app.register(&body).await.status(), StatusCode::CREATED);

    let welcome = wait_for_mails(&sink, &email, 1).await.remove(0);
    assert_eq!(welcome.subject(), "Karibu Nyota Cloud");
    assert!(
        welcome.text.contains("Habari Amina Odhiambo,"),
        "{}",
        welcome.text
    );
    assert!(
        welcome.text.contains(&format!(
            "Karibu Nyota Cloud. Akaunti yako ya {email} iko tayari"
        )),
        "{}",
        welcome.text
    );
    assert!(
        welcome.text.contains("Timu ya Nyota Cloud"),
        "{}",
        welcome.text
    );
    assert!(welcome.raw.contains("lang=\"sw\"") || welcome.raw.contains("lang=3D\"sw\""));
    // Its sign-in link opens the sign-in page in Kiswahili.
    assert!(
        welcome
            .text
            .contains("Ingia: http://localhost:8080/sw/login"),
        "{}",
        welcome.text
    );

    // The note to sales stays in English.
    let sales = wait_for_mails(&sink, "sales@nyota.example", 1).await;
    assert!(
        sales
            .iter()
            .any(|mail| mail.subject() == "New registration: Amina Odhiambo"),
        "{:#?}",
        sales.iter().map(Mail::subject).collect::<Vec<_>>()
    );
}
