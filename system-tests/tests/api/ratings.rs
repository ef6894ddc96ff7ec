//! After the chat. "How was your chat?": only the chat's visitor rates it,
//! only once, only after it is resolved; the rating shows to agents and, per
//! agent and week, on the analytics report. The transcript: emailed by the
//! `notify` worker once per request, without private notes, rate-limited.

use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;

use crate::helpers::{MailCatcher, Options, spawn, spawn_with};
use crate::mailbox::wait_for_subject;

async fn message(response: reqwest::Response) -> String {
    let body: Value = response.json().await.expect("json");
    body["message"].as_str().unwrap_or_default().to_owned()
}

#[sqlx::test(migrations = "../migrations")]
async fn a_resolved_chat_is_rated_once_by_its_visitor(pool: PgPool) {
    let app = spawn(pool).await;
    let visitor = app.new_browser();
    let chat = visitor.start_chat("Amina", "amina@example.com").await;
    let path = format!("/api/chat/sessions/{chat}/rating");
    let good = json!({ "score": 4, "comment": "Quick and helpful" });

    let early = visitor.post(&path, &good).await;
    assert_eq!(early.status(), StatusCode::CONFLICT);
    assert_eq!(
        message(early).await,
        "You can rate this chat once it has been resolved"
    );

    let agent = app.agent().await;
    let me: Value = agent.get("/api/user").await.json().await.expect("json");
    let answered = agent.send(&chat, "Hello Amina").await;
    assert_eq!(answered.status(), StatusCode::CREATED);
    let resolved = agent
        .post(&format!("/api/agent/chats/{chat}/resolve"), &json!({}))
        .await;
    assert_eq!(resolved.status(), StatusCode::OK);

    // Nobody but the chat's visitor rates it.
    let by_agent = agent.post(&path, &good).await;
    assert_eq!(by_agent.status(), StatusCode::FORBIDDEN);
    assert_eq!(
        message(by_agent).await,
        "Only the visitor who started this chat can rate it"
    );
    assert_eq!(
        app.new_browser().post(&path, &good).await.status(),
        StatusCode::NOT_FOUND
    );
    for (bad, words) in [
        (
            json!({ "score": 0 }),
            "Score must be a whole number from 1 to 5",
        ),
        (
            json!({ "score": 6 }),
            "Score must be a whole number from 1 to 5",
        ),
        (
            json!({ "score": 3, "comment": "x".repeat(1001) }),
            "Comment must be at most 1000 characters",
        ),
    ] {
        let response = visitor.post(&path, &bad).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{bad}");
        assert_eq!(message(response).await, words, "{bad}");
    }
    let before: Value = visitor.get(&path).await.json().await.expect("json");
    assert_eq!(before, Value::Null);

    let rated = visitor.post(&path, &good).await;
    assert_eq!(rated.status(), StatusCode::CREATED);
    let again = visitor
        .post(&path, &json!({ "score": 1, "comment": "changed my mind" }))
        .await;
    assert_eq!(again.status(), StatusCode::CONFLICT);
    assert_eq!(
        message(again).await,
        "You have already rated this chat. Thank you!"
    );
    let stored: Value = visitor.get(&path).await.json().await.expect("json");
    assert_eq!(stored, good);

    // Agents see it in the conversation…
    let summary: Value = agent
        .get(&format!("/api/agent/chats/{chat}"))
        .await
        .json()
        .await
        .expect("json");
    assert_eq!(summary["rating"], 4);
    assert_eq!(summary["ratingComment"], "Quick and helpful");
    // …and admins per agent and week.
    let report: Value = agent
        .get("/api/admin/analytics")
        .await
        .json()
        .await
        .expect("json");
    let weeks = report["ratingsPerAgentWeek"].as_array().expect("weeks");
    assert_eq!(weeks.len(), 1, "{weeks:?}");
    assert_eq!(weeks[0]["agentId"], me["id"]);
    assert_eq!(weeks[0]["name"], me["name"]);
    assert_eq!(weeks[0]["ratings"], 1);
    assert_eq!(weeks[0]["average"], 4.0);
}

#[sqlx::test(migrations = "../migrations")]
async fn the_transcript_is_emailed_once_per_request_without_private_notes(pool: PgPool) {
    let sink = MailCatcher::start().await;
    let app = spawn_with(
        pool,
        Options {
            smtp_url: Some(sink.smtp_url.clone()),
            ..Options::default()
        },
    )
    .await;
    let marker = uuid::Uuid::new_v4().simple().to_string();
    let email = format!("amina-{marker}@example.com");
    let visitor = app.new_browser();
    let chat = visitor.start_chat("Amina", &email).await;
    let path = format!("/api/chat/sessions/{chat}/transcript");
    let agent = app.agent().await;
    assert_eq!(
        visitor
            .send(&chat, "Do you have GPU servers in Nairobi?")
            .await
            .status(),
        StatusCode::CREATED
    );
    assert_eq!(
        agent
            .send(&chat, "Yes: A100 nodes, from next week.")
            .await
            .status(),
        StatusCode::CREATED
    );
    let secret = format!("private-{marker}");
    let noted = agent
        .post(
            &format!("/api/agent/chats/{chat}/notes"),
            &json!({ "message": secret }),
        )
        .await;
    assert_eq!(noted.status(), StatusCode::CREATED);

    // Only the chat's visitor asks for it.
    let by_agent = agent.post(&path, &json!({})).await;
    assert_eq!(by_agent.status(), StatusCode::FORBIDDEN);
    assert_eq!(
        message(by_agent).await,
        "Only the visitor who started this chat can ask for its transcript"
    );
    assert_eq!(
        app.new_browser().post(&path, &json!({})).await.status(),
        StatusCode::NOT_FOUND
    );

    // The address is anyone's until proved: first a code goes to it, with
    // nothing the visitor typed.
    let asked = visitor.post(&path, &json!({})).await;
    assert_eq!(asked.status(), StatusCode::ACCEPTED);
    let body: serde_json::Value = asked.json().await.expect("json");
    assert_eq!(
        body["message"],
        format!(
            "To keep your address safe, we have emailed a 6-digit code to {email}. Enter it here to receive the transcript."
        )
    );
    assert_eq!(body["codeRequired"], true);
    let code = codes_in(&sink, &email, 1).await.remove(0);
    let wrong = if code == "000000" { "111111" } else { "000000" };
    let refused = visitor.post(&path, &json!({ "code": wrong })).await;
    assert_eq!(refused.status(), StatusCode::BAD_REQUEST);
    assert_eq!(
        message(refused).await,
        "That code is not right. Please check the email and try again."
    );
    let asked = visitor.post(&path, &json!({ "code": code })).await;
    assert_eq!(asked.status(), StatusCode::ACCEPTED);
    assert_eq!(
        message(asked).await,
        format!("We are emailing the transcript to {email}.")
    );
    let subject = "Your chat transcript from Nyota Cloud";
    let mails = wait_for_subject(&sink, &email, subject, 1).await;
    assert_eq!(mails.len(), 1, "one email per request");
    let mail = &mails[0];
    assert!(
        mail.text.contains("Do you have GPU servers in Nairobi?"),
        "{}",
        mail.text
    );
    assert!(
        mail.text.contains("Yes: A100 nodes, from next week."),
        "{}",
        mail.text
    );
    assert!(
        mail.raw.contains("text/html"),
        "a plain-text and an HTML part"
    );
    assert!(
        !mail.raw.contains(&secret),
        "no private note in the transcript"
    );

    // A second request is a second email, with no code now; past three
    // emails an hour (the code counts), refused.
    assert_eq!(
        visitor.post(&path, &json!({})).await.status(),
        StatusCode::ACCEPTED
    );
    assert_eq!(wait_for_subject(&sink, &email, subject, 2).await.len(), 2);
    let limited = visitor.post(&path, &json!({})).await;
    assert_eq!(limited.status(), StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(
        message(limited).await,
        "This transcript was sent several times already. Please try again in an hour."
    );
}

const CODE_SUBJECT: &str = "Your Nyota Cloud confirmation code";

/// The codes of the `count` confirmation code emails to `email`.
async fn codes_in(sink: &MailCatcher, email: &str, count: usize) -> Vec<String> {
    let mails = wait_for_subject(sink, email, CODE_SUBJECT, count).await;
    assert_eq!(mails.len(), count, "{count} code emails");
    mails
        .iter()
        .map(|mail| {
            let at = mail.text.find("Code").expect("the code's label");
            let code: String = mail.text[at..]
                .chars()
                .skip_while(|c| !c.is_ascii_digit())
                .take_while(char::is_ascii_digit)
                .collect();
            assert_eq!(code.len(), 6, "{}", mail.text);
            code
        })
        .collect()
}

#[sqlx::test(migrations = "../migrations")]
async fn a_chat_address_gets_a_code_with_nothing_the_visitor_typed_and_few_of_them(pool: PgPool) {
    let sink = MailCatcher::start().await;
    let app = spawn_with(
        pool,
        Options {
            smtp_url: Some(sink.smtp_url.clone()),
            ..Options::default()
        },
    )
    .await;
    let victim = format!("victim-{}@example.com", uuid::Uuid::new_v4().simple());
    let lure = "Your account is suspended: pay at http://evil.example";
    let attacker = app.new_browser();
    let mut chats = Vec::new();
    for _ in 0..4 {
        let chat = attacker.start_chat("Amani Otieno", &victim).await;
        assert_eq!(
            attacker.send(&chat, lure).await.status(),
            StatusCode::CREATED
        );
        chats.push(chat);
    }
    // Three codes an hour to one address, across chats; then refused.
    for chat in &chats[..3] {
        let path = format!("/api/chat/sessions/{chat}/transcript");
        assert_eq!(
            attacker.post(&path, &json!({})).await.status(),
            StatusCode::ACCEPTED
        );
    }
    let path = format!("/api/chat/sessions/{}/transcript", chats[3]);
    let refused = attacker.post(&path, &json!({})).await;
    assert_eq!(refused.status(), StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(
        message(refused).await,
        "Several codes were sent to this address already. Please use the last one, or try again in an hour."
    );
    let codes = codes_in(&sink, &victim, 3).await;
    let mails = wait_for_subject(&sink, &victim, CODE_SUBJECT, 3).await;
    for mail in &mails {
        assert!(!mail.raw.contains("evil.example"), "{}", mail.raw);
        assert!(!mail.raw.contains("Amani"), "no visitor name: {}", mail.raw);
    }
    // No transcript went out: the attacker's words never reached the victim.
    assert!(
        wait_for_subject(&sink, &victim, "Your chat transcript from Nyota Cloud", 0)
            .await
            .is_empty()
    );
    // Guessing: five wrong codes void the chat's code, so even its real
    // code (one of the three sent) no longer works.
    let first = format!("/api/chat/sessions/{}/transcript", chats[0]);
    for guess in ["000001", "000002", "000003", "000004", "000005"] {
        let wrong = attacker.post(&first, &json!({ "code": guess })).await;
        assert_eq!(wrong.status(), StatusCode::BAD_REQUEST, "{guess}");
    }
    for code in &codes {
        let voided = attacker.post(&first, &json!({ "code": code })).await;
        assert_eq!(voided.status(), StatusCode::BAD_REQUEST);
        assert_eq!(
            message(voided).await,
            "This code has expired. Please ask for a new one."
        );
    }
    let bad = attacker.post(&first, &json!({ "code": "12 34" })).await;
    assert_eq!(
        message(bad).await,
        "Code must be the 6 digits from the email"
    );
}
