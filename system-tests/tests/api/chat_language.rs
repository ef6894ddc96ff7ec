//! A chat keeps its visitor's language (issue 39): the notices written into
//! it, its emails and its transcript are in that language, agents see it,
//! and it goes first to an agent who speaks it.

use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;

use crate::agent_presence::agent_online;
use crate::helpers::{Browser, MailCatcher, Options, spawn, spawn_with};
use crate::mailbox::wait_for_subject;

/// Starts a chat in `language` from `visitor`; its id.
pub(crate) async fn start_in(visitor: &Browser, language: &str, email: &str) -> String {
    let response = visitor
        .post(
            "/api/chat/sessions",
            &json!({ "visitorName": "Aïcha", "visitorEmail": email, "language": language }),
        )
        .await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let chat: Value = response.json().await.expect("json");
    assert_eq!(chat["language"], language);
    chat["sessionId"].as_str().expect("id").to_owned()
}

fn notices(messages: &[Value]) -> Vec<String> {
    messages
        .iter()
        .filter(|m| m["senderType"] == "system")
        .filter_map(|m| m["message"].as_str().map(str::to_owned))
        .collect()
}

async fn speaks(agent: &Browser, languages: &[&str]) -> StatusCode {
    agent
        .put(
            "/api/agent/profile",
            &json!({
                "soundEnabled": true,
                "soundEvents": [],
                "notifyEvents": [],
                "languages": languages,
            }),
        )
        .await
        .status()
}

#[sqlx::test(migrations = "../migrations")]
async fn a_kiswahili_chat_with_nobody_online_is_told_so_in_kiswahili(pool: PgPool) {
    let app = spawn(pool).await;
    let visitor = app.new_browser();
    let chat = start_in(&visitor, "sw", "asha@example.com").await;
    assert_eq!(
        notices(&visitor.messages(&chat).await),
        [
            "Timu yetu ya usaidizi haipo mtandaoni kwa sasa. Tumepokea ujumbe wako na tutakujibu hapa mhudumu atakaporudi."
        ]
    );
    // A chat started without a language (an older widget) is English.
    let english = visitor.start_chat("Amina", "amina@example.com").await;
    assert!(
        notices(&visitor.messages(&english).await)[0].starts_with("Our support team is offline")
    );
    // A language the site does not speak is refused, saying which field.
    let refused = visitor
        .post(
            "/api/chat/sessions",
            &json!({ "visitorName": "Jan", "visitorEmail": "jan@example.com", "language": "de" }),
        )
        .await;
    assert_eq!(refused.status(), StatusCode::BAD_REQUEST);
    let body: Value = refused.json().await.expect("json");
    assert!(
        body["message"]
            .as_str()
            .unwrap_or_default()
            .contains("Language"),
        "{body}"
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn a_french_chat_goes_to_a_french_speaker_and_is_written_in_french(pool: PgPool) {
    let sink = MailCatcher::start().await;
    let app = spawn_with(
        pool,
        Options {
            smtp_url: Some(sink.smtp_url.clone()),
            ..Options::default()
        },
    )
    .await;
    // The French speaker is online first and takes an English chat: the
    // English-only colleague who comes next has fewer chats.
    let (french_agent, _, french_name, _console) = agent_online(&app, &app.address).await;
    assert_eq!(
        speaks(&french_agent, &["fr", "en", "fr"]).await,
        StatusCode::OK
    );
    let profile: Value = french_agent
        .get("/api/agent/profile")
        .await
        .json()
        .await
        .expect("json");
    assert_eq!(profile["languages"], json!(["en", "fr"]));
    let first = app.new_browser();
    first.start_chat("Amina", "amina@example.com").await;
    let (_other, _, _, _other_console) = agent_online(&app, &app.address).await;

    let marker = uuid::Uuid::new_v4().simple().to_string();
    let email = format!("aicha-{marker}@example.com");
    let visitor = app.new_browser();
    let chat = start_in(&visitor, "fr", &email).await;
    assert_eq!(
        notices(&visitor.messages(&chat).await),
        [format!("{french_name} a rejoint la conversation")]
    );
    let summary: Value = french_agent
        .get(&format!("/api/agent/chats/{chat}"))
        .await
        .json()
        .await
        .expect("json");
    assert_eq!(summary["language"], "fr");
    assert_eq!(summary["assignedAgentName"], french_name.as_str());

    assert_eq!(
        french_agent
            .send(&chat, "Bonjour Aïcha, que puis-je faire pour vous ?")
            .await
            .status(),
        StatusCode::CREATED
    );
    let resolved = french_agent
        .post(&format!("/api/agent/chats/{chat}/resolve"), &json!({}))
        .await;
    assert_eq!(resolved.status(), StatusCode::OK);
    assert_eq!(
        notices(&visitor.messages(&chat).await)
            .last()
            .map(String::as_str),
        Some("Cette conversation a été marquée comme résolue.")
    );

    // The code and the transcript come in French.
    let path = format!("/api/chat/sessions/{chat}/transcript");
    assert_eq!(
        visitor.post(&path, &json!({})).await.status(),
        StatusCode::ACCEPTED
    );
    let code_mail = wait_for_subject(&sink, &email, "Votre code de confirmation Nyota Cloud", 1)
        .await
        .remove(0);
    assert!(
        code_mail.text.contains("Le code est valable 15 minutes"),
        "{}",
        code_mail.text
    );
    let at = code_mail.text.find("Code:").expect("the code's label") + "Code:".len();
    let code: String = code_mail.text[at..].trim_start().chars().take(6).collect();
    assert_eq!(
        visitor.post(&path, &json!({ "code": code })).await.status(),
        StatusCode::ACCEPTED
    );
    let subject = "La transcription de votre conversation avec Nyota Cloud";
    let transcript = wait_for_subject(&sink, &email, subject, 1).await.remove(0);
    assert!(
        transcript
            .text
            .contains("Bonjour Aïcha, voici la transcription de votre conversation avec Nyota Cloud, commencée le"),
        "{}",
        transcript.text
    );
    assert!(
        transcript.text.contains("(heure EAT)"),
        "{}",
        transcript.text
    );
    assert!(
        transcript
            .text
            .contains("Cette conversation a été marquée comme résolue.")
    );
    assert!(transcript.raw.contains("lang=\"fr\"") || transcript.raw.contains("lang=3D\"fr\""));
}

#[sqlx::test(migrations = "../migrations")]
async fn an_agent_speaks_at_least_one_language_and_keeps_them_when_not_said(pool: PgPool) {
    let app = spawn(pool).await;
    let agent = app.agent().await;
    let profile: Value = agent
        .get("/api/agent/profile")
        .await
        .json()
        .await
        .expect("json");
    assert_eq!(
        profile["languages"],
        json!(["en"]),
        "English until they say"
    );
    let none = agent
        .put(
            "/api/agent/profile",
            &json!({ "soundEnabled": true, "soundEvents": [], "notifyEvents": [], "languages": [] }),
        )
        .await;
    assert_eq!(none.status(), StatusCode::BAD_REQUEST);
    let body: Value = none.json().await.expect("json");
    assert_eq!(
        body["message"],
        "Choose at least one language you answer chats in"
    );
    assert_eq!(body["field"], "languages");
    assert_eq!(speaks(&agent, &["sw"]).await, StatusCode::OK);
    let unsaid = agent
        .put(
            "/api/agent/profile",
            &json!({ "soundEnabled": false, "soundEvents": [], "notifyEvents": [] }),
        )
        .await;
    assert_eq!(unsaid.status(), StatusCode::OK);
    let profile: Value = unsaid.json().await.expect("json");
    assert_eq!(profile["languages"], json!(["sw"]));
}
