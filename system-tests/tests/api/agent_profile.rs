//! Each agent's own profile (`/api/agent/profile`): who may read and change
//! it, its input rules and rate limit, and the display name it sets in the
//! visitor's join notice and on the agent's messages; the overview's count
//! of chats waiting too long for a first reply.

use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;

use crate::helpers::{Browser, message, spawn};

const PROFILE: &str = "/api/agent/profile";

fn profile(display_name: Option<&str>) -> Value {
    json!({
        "displayName": display_name,
        "soundEnabled": false,
        "soundEvents": ["visitor_message", "new_chat", "new_chat"],
        "notifyEvents": ["assigned"],
    })
}

async fn me(browser: &Browser) -> Value {
    browser.get("/api/user").await.json().await.expect("json")
}

#[sqlx::test(migrations = "../migrations")]
async fn only_a_signed_in_agent_reads_or_changes_their_profile(pool: PgPool) {
    let app = spawn(pool).await;
    let stranger = app.new_browser();
    assert_eq!(
        stranger.get(PROFILE).await.status(),
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        stranger
            .put(PROFILE, &profile(Some("Mallory")))
            .await
            .status(),
        StatusCode::UNAUTHORIZED
    );
    // A visitor with a chat, and a signed-in customer, are not agents.
    stranger.start_chat("Visitor", "visitor@example.com").await;
    assert_eq!(
        stranger.get(PROFILE).await.status(),
        StatusCode::UNAUTHORIZED
    );
    let (customer, _) = app.signed_in_as("user").await;
    assert_eq!(customer.get(PROFILE).await.status(), StatusCode::FORBIDDEN);
    let response = customer.put(PROFILE, &profile(Some("Mallory"))).await;
    assert_eq!(response.status(), StatusCode::FORBIDDEN);
    assert_eq!(message(response).await, "Only support agents can do this");
    let stored: i64 = sqlx::query_scalar("select count(*) from agent_profiles")
        .fetch_one(&app.pool)
        .await
        .expect("count");
    assert_eq!(stored, 0);
}

#[sqlx::test(migrations = "../migrations")]
async fn an_agent_saves_their_profile_and_only_theirs_changes(pool: PgPool) {
    let app = spawn(pool).await;
    let (agent, _) = app.signed_in_as("support").await;
    let (other, _) = app.signed_in_as("admin").await;
    let account_name = me(&agent).await["name"].as_str().expect("name").to_owned();

    let defaults: Value = agent.get(PROFILE).await.json().await.expect("json");
    assert_eq!(
        defaults,
        json!({
            "accountName": account_name,
            "displayName": null,
            "shownName": account_name,
            "soundEnabled": true,
            "soundEvents": ["new_chat", "assigned", "visitor_message", "waiting_too_long"],
            "notifyEvents": ["new_chat", "assigned", "visitor_message", "waiting_too_long"],
            "languages": ["en"],
        })
    );

    let response = agent.put(PROFILE, &profile(Some("  Amina Otieno  "))).await;
    assert_eq!(response.status(), StatusCode::OK);
    let saved: Value = response.json().await.expect("json");
    assert_eq!(saved["displayName"], "Amina Otieno");
    assert_eq!(saved["shownName"], "Amina Otieno");
    assert_eq!(saved["soundEnabled"], false);
    assert_eq!(saved["soundEvents"], json!(["new_chat", "visitor_message"]));
    assert_eq!(saved["notifyEvents"], json!(["assigned"]));
    let read: Value = agent.get(PROFILE).await.json().await.expect("json");
    assert_eq!(read, saved);

    // Nobody else's profile moved.
    let theirs: Value = other.get(PROFILE).await.json().await.expect("json");
    assert_eq!(theirs["displayName"], Value::Null);
    assert_eq!(theirs["soundEnabled"], true);

    // The change is audited with the name visitors will see.
    let details: Value = sqlx::query_scalar(
        "select details from audit_log where entity = 'agent_profile' and action = 'update'",
    )
    .fetch_one(&app.pool)
    .await
    .expect("audited");
    assert_eq!(details, json!({ "displayName": "Amina Otieno" }));

    // Blank (spaces, zero-width): back to the account name.
    let cleared: Value = agent
        .put(PROFILE, &profile(Some(" \u{200B} ")))
        .await
        .json()
        .await
        .expect("json");
    assert_eq!(cleared["displayName"], Value::Null);
    assert_eq!(cleared["shownName"], account_name.as_str());

    // Visitors read this name on every reply: never the company's or a
    // role's, never two lines.
    for (name, expected) in [
        (
            "Administrator",
            "Display name must be a person's own name, not the company's or a role's",
        ),
        (
            "Nyota Support",
            "Display name must be a person's own name, not the company's or a role's",
        ),
        (
            "System",
            "Display name must be a person's own name, not the company's or a role's",
        ),
        ("Amina\u{2029}System", "Display name must be on one line"),
    ] {
        let refused = agent.put(PROFILE, &profile(Some(name))).await;
        assert_eq!(refused.status(), StatusCode::BAD_REQUEST, "{name}");
        let body: Value = refused.json().await.expect("json");
        assert_eq!(body["message"], expected, "{name}");
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn a_bad_profile_is_refused_in_words(pool: PgPool) {
    let app = spawn(pool).await;
    let agent = app.agent().await;
    let long = "a".repeat(61);
    let cases = [
        (
            profile(Some(&long)),
            "Display name must be at most 60 characters",
        ),
        (
            profile(Some("Amina\u{7}")),
            "Display name must not contain control characters",
        ),
    ];
    for (body, expected) in cases {
        let response = agent.put(PROFILE, &body).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{body}");
        assert_eq!(message(response).await, expected);
    }
    // 60 characters (not bytes) is fine.
    let sixty = "é".repeat(60);
    let response = agent.put(PROFILE, &profile(Some(&sixty))).await;
    assert_eq!(response.status(), StatusCode::OK);

    for body in [
        json!({ "soundEnabled": true, "soundEvents": ["fireworks"], "notifyEvents": [] }),
        json!({ "soundEnabled": "yes", "soundEvents": [], "notifyEvents": [] }),
        json!({ "displayName": "Amina", "soundEvents": [], "notifyEvents": [] }),
    ] {
        let response = agent.put(PROFILE, &body).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{body}");
        let text = message(response).await;
        assert!(!text.contains("AlertEvent") && !text.is_empty(), "{text}");
    }
    let stored: Option<String> = sqlx::query_scalar("select display_name from agent_profiles")
        .fetch_one(&app.pool)
        .await
        .expect("one profile");
    assert_eq!(
        stored.as_deref(),
        Some(sixty.as_str()),
        "refused input kept nothing"
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn profile_changes_are_rate_limited_per_agent(pool: PgPool) {
    let app = spawn(pool).await;
    let agent = app.agent().await;
    let other = app.agent().await;
    for n in 0..20 {
        let response = agent
            .put(PROFILE, &profile(Some(&format!("Agent {n}"))))
            .await;
        assert_eq!(response.status(), StatusCode::OK, "save {n}");
    }
    let response = agent.put(PROFILE, &profile(Some("One too many"))).await;
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(
        message(response).await,
        "Too many changes. Please wait a minute and try again."
    );
    // Another agent is not held back by the first one's limit.
    let response = other.put(PROFILE, &profile(Some("Baraka"))).await;
    assert_eq!(response.status(), StatusCode::OK);
}

fn joined(messages: &[Value]) -> Vec<&str> {
    messages
        .iter()
        .filter(|m| m["senderType"] == "system")
        .filter_map(|m| m["message"].as_str())
        .filter(|m| m.ends_with(" joined the chat"))
        .collect()
}

#[sqlx::test(migrations = "../migrations")]
async fn the_display_name_is_in_the_join_notice_and_on_the_agents_messages(pool: PgPool) {
    let app = spawn(pool).await;
    let agent = app.agent().await;
    let saved = agent.put(PROFILE, &profile(Some("Amina"))).await;
    assert_eq!(saved.status(), StatusCode::OK);

    let visitor = app.new_browser();
    let chat = visitor.start_chat("Wanjiru", "wanjiru@example.com").await;
    let mut live = visitor.socket().await;
    live.join(&chat).await;
    assert_eq!(
        visitor.send(&chat, "Hello?").await.status(),
        StatusCode::CREATED
    );
    let sent = agent.send(&chat, "Hi Wanjiru, how can I help?").await;
    assert_eq!(sent.status(), StatusCode::CREATED);
    let sent: Value = sent.json().await.expect("json");
    assert_eq!(sent["senderName"], "Amina");

    // Live, as the visitor's widget gets it.
    let frame = loop {
        let frame = live.recv_type("new_message").await;
        if frame["message"]["senderType"] == "agent" {
            break frame;
        }
    };
    assert_eq!(frame["message"]["senderName"], "Amina");

    // Stored, as any later read gets it.
    let messages = visitor.messages(&chat).await;
    assert_eq!(joined(&messages), ["Amina joined the chat"]);
    for message in &messages {
        let expected = if message["senderType"] == "agent" {
            json!("Amina")
        } else {
            Value::Null
        };
        assert_eq!(message["senderName"], expected, "{message}");
    }

    // A later rename changes new messages, not what was said.
    let renamed = agent.put(PROFILE, &profile(Some("Amina O."))).await;
    assert_eq!(renamed.status(), StatusCode::OK);
    assert_eq!(
        agent.send(&chat, "Still here").await.status(),
        StatusCode::CREATED
    );
    let names: Vec<Value> = visitor
        .messages(&chat)
        .await
        .into_iter()
        .filter(|m| m["senderType"] == "agent")
        .map(|m| m["senderName"].clone())
        .collect();
    assert_eq!(names, [json!("Amina"), json!("Amina O.")]);
}

#[sqlx::test(migrations = "../migrations")]
async fn without_a_display_name_the_account_name_is_shown_and_transfers_use_display_names(
    pool: PgPool,
) {
    let app = spawn(pool).await;
    let (first, _) = app.signed_in_as("support").await;
    let (second, _) = app.signed_in_as("support").await;
    let first_name = me(&first).await["name"].as_str().expect("name").to_owned();
    let second_id = me(&second).await["id"].as_str().expect("id").to_owned();
    let saved = second.put(PROFILE, &profile(Some("Baraka"))).await;
    assert_eq!(saved.status(), StatusCode::OK);

    let visitor = app.new_browser();
    let chat = visitor.start_chat("Otieno", "otieno@example.com").await;
    let sent: Value = first.send(&chat, "Hello").await.json().await.expect("json");
    assert_eq!(sent["senderName"], first_name.as_str());
    // A transfer goes only to an agent who is there: Baraka has the console
    // open and is busy (so the chat is not simply assigned to them).
    let response = second
        .put("/api/agent/status", &json!({ "status": "busy" }))
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let mut console = second.socket().await;
    console.send(json!({ "type": "join_agents" })).await;
    console.recv_type("agents_joined").await;
    let response = first
        .post(
            &format!("/api/agent/chats/{chat}/transfer"),
            &json!({ "agentId": second_id }),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let summary: Value = response.json().await.expect("json");
    assert_eq!(summary["assignedAgentName"], "Baraka");

    let messages = visitor.messages(&chat).await;
    assert_eq!(
        joined(&messages),
        [
            format!("{first_name} joined the chat"),
            "Baraka joined the chat".to_owned()
        ]
    );
    let notes: Vec<Value> = first
        .get(&format!("/api/agent/chats/{chat}/notes"))
        .await
        .json()
        .await
        .expect("json");
    assert!(
        notes
            .iter()
            .any(|n| n["body"] == format!("Transferred by {first_name} to Baraka")),
        "{notes:?}"
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn the_overview_counts_chats_waiting_too_long_for_a_first_reply(pool: PgPool) {
    let app = spawn(pool).await;
    let admin = app.agent().await;
    let visitor = app.new_browser();
    let old = visitor.start_chat("Old", "old@example.com").await;
    let answered = visitor.start_chat("Answered", "answered@example.com").await;
    let _fresh = visitor.start_chat("Fresh", "fresh@example.com").await;
    // Two chats started 5 minutes ago; one of them got an agent reply.
    sqlx::query(
        "update chat_sessions set created_at = now() - interval '5 minutes'
         where id = any($1::uuid[])",
    )
    .bind([&old, &answered].map(|id| uuid::Uuid::parse_str(id).expect("uuid")))
    .execute(&app.pool)
    .await
    .expect("backdated");
    assert_eq!(
        admin.send(&answered, "On it").await.status(),
        StatusCode::CREATED
    );

    let overview: Value = admin
        .get("/api/admin/overview")
        .await
        .json()
        .await
        .expect("json");
    assert_eq!(overview["firstReplyAlertMinutes"], 2);
    assert_eq!(overview["waitingTooLong"]["count"], 1, "{overview}");
    let oldest = overview["oldestUnansweredSince"].as_str().expect("a time");
    let summary: Value = admin
        .get(&format!("/api/agent/chats/{old}"))
        .await
        .json()
        .await
        .expect("json");
    assert_eq!(summary["firstReplyAt"], Value::Null);
    let started = time::OffsetDateTime::parse(
        summary["createdAt"].as_str().expect("createdAt"),
        &time::format_description::well_known::Rfc3339,
    )
    .expect("time");
    let oldest =
        time::OffsetDateTime::parse(oldest, &time::format_description::well_known::Rfc3339)
            .expect("time");
    assert!(
        (oldest - started).abs() < time::Duration::milliseconds(1),
        "{oldest} vs {started}"
    );
    let replied: Value = admin
        .get(&format!("/api/agent/chats/{answered}"))
        .await
        .json()
        .await
        .expect("json");
    assert!(replied["firstReplyAt"].is_string(), "{replied}");
}
