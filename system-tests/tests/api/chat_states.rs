//! A chat's states (issue 40): open, pending, snoozed, resolved; a
//! visitor's message bringing a pending or snoozed chat back; a snooze
//! ending; the presets; the trail; who may change them.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;
use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;

use crate::helpers::{Browser, TestApp, message, spawn};

/// A chat the visitor wrote in and an agent answered (and so took).
async fn answered_chat(app: &TestApp, agent: &Browser) -> String {
    let chat = app.start_chat("Amina", "amina@example.com").await;
    assert_eq!(
        app.send(&chat, "Is bare metal available?").await.status(),
        StatusCode::CREATED
    );
    assert_eq!(
        agent.send(&chat, "Yes, in Nairobi.").await.status(),
        StatusCode::CREATED
    );
    chat
}

async fn set_state(agent: &Browser, chat: &str, body: Value) -> reqwest::Response {
    agent
        .post(&format!("/api/agent/chats/{chat}/state"), &body)
        .await
}

async fn row(agent: &Browser, chat: &str) -> Value {
    agent
        .get(&format!("/api/agent/chats/{chat}"))
        .await
        .json()
        .await
        .expect("json")
}

/// The state events of the chat's trail, as (from, to, body).
async fn trail(agent: &Browser, chat: &str) -> Vec<(String, String, String)> {
    let notes: Vec<Value> = agent
        .get(&format!("/api/agent/chats/{chat}/notes"))
        .await
        .json()
        .await
        .expect("json");
    notes
        .iter()
        .filter(|note| note["kind"] == "state")
        .map(|note| {
            (
                note["fromState"].as_str().unwrap_or_default().to_owned(),
                note["toState"].as_str().unwrap_or_default().to_owned(),
                note["body"].as_str().unwrap_or_default().to_owned(),
            )
        })
        .collect()
}

async fn counts(agent: &Browser) -> Value {
    agent
        .get("/api/agent/chats/counts")
        .await
        .json()
        .await
        .expect("json")
}

/// Waits (at most 10 s) until the chat's state is `state`.
async fn until_state(agent: &Browser, chat: &str, state: &str) -> Value {
    for _ in 0..200 {
        let row = row(agent, chat).await;
        if row["state"] == state {
            return row;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!(
        "chat {chat} never became {state}: {:?}",
        row(agent, chat).await
    );
}

fn in_seconds(seconds: i64) -> String {
    (OffsetDateTime::now_utc() + time::Duration::seconds(seconds))
        .format(&Rfc3339)
        .expect("formats")
}

#[sqlx::test(migrations = "../migrations")]
async fn an_agent_moves_a_chat_through_every_state(pool: PgPool) {
    let app = spawn(pool).await;
    let agent = app.agent().await;
    let chat = answered_chat(&app, &agent).await;
    assert_eq!(row(&agent, &chat).await["state"], "open");

    let response = set_state(&agent, &chat, json!({ "state": "pending" })).await;
    assert_eq!(response.status(), StatusCode::OK);
    let pending: Value = response.json().await.expect("json");
    assert_eq!(
        (&pending["state"], &pending["status"]),
        (&json!("pending"), &json!("open"))
    );
    let listed: Vec<Value> = agent
        .get("/api/agent/chats?status=pending")
        .await
        .json()
        .await
        .expect("json");
    assert_eq!(listed.len(), 1);
    let open: Vec<Value> = agent
        .get("/api/agent/chats?status=open")
        .await
        .json()
        .await
        .expect("json");
    assert!(open.is_empty(), "a pending chat is not in Open: {open:?}");
    assert_eq!(
        counts(&agent).await,
        json!({ "open": 0, "pending": 1, "snoozed": 0, "resolved": 0, "all": 1 })
    );

    let until = in_seconds(3600);
    let response = set_state(
        &agent,
        &chat,
        json!({ "state": "snoozed", "snoozeUntil": until }),
    )
    .await;
    assert_eq!(response.status(), StatusCode::OK);
    let snoozed: Value = response.json().await.expect("json");
    assert_eq!(snoozed["state"], "snoozed");
    let snoozed_until =
        OffsetDateTime::parse(snoozed["snoozedUntil"].as_str().expect("end"), &Rfc3339)
            .expect("time");
    let asked = OffsetDateTime::parse(&until, &Rfc3339).expect("time");
    assert!((snoozed_until - asked).abs() < time::Duration::seconds(1));

    let response = set_state(&agent, &chat, json!({ "state": "open" })).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(row(&agent, &chat).await["snoozedUntil"], Value::Null);

    let response = set_state(&agent, &chat, json!({ "state": "resolved" })).await;
    let resolved: Value = response.json().await.expect("json");
    assert_eq!(
        (&resolved["state"], &resolved["status"]),
        (&json!("resolved"), &json!("resolved"))
    );
    let response = set_state(&agent, &chat, json!({ "state": "open" })).await;
    assert_eq!(
        response.json::<Value>().await.expect("json")["state"],
        "open"
    );

    let steps: Vec<(String, String)> = trail(&agent, &chat)
        .await
        .into_iter()
        .map(|(from, to, _)| (from, to))
        .collect();
    let expected = [
        ("open", "pending"),
        ("pending", "snoozed"),
        ("snoozed", "open"),
        ("open", "resolved"),
        ("resolved", "open"),
    ];
    assert_eq!(
        steps,
        expected.map(|(a, b)| (a.to_owned(), b.to_owned())).to_vec()
    );
    let bodies = trail(&agent, &chat).await;
    assert!(bodies[0].2.starts_with("Marked pending by "), "{bodies:?}");
    assert!(
        bodies[1].2.starts_with("Snoozed by ") && bodies[1].2.ends_with(" EAT"),
        "{bodies:?}"
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn visitors_see_pending_and_snoozed_chats_as_open_and_are_told_nothing(pool: PgPool) {
    let app = spawn(pool).await;
    let agent = app.agent().await;
    let chat = answered_chat(&app, &agent).await;
    let before = app.messages(&chat).await;
    set_state(&agent, &chat, json!({ "state": "pending" })).await;
    let session: Value = app
        .get(&format!("/api/chat/sessions/{chat}"))
        .await
        .json()
        .await
        .expect("json");
    assert_eq!(session["status"], "open");
    set_state(
        &agent,
        &chat,
        json!({ "state": "snoozed", "snoozePreset": "next_week" }),
    )
    .await;
    let session: Value = app
        .get(&format!("/api/chat/sessions/{chat}"))
        .await
        .json()
        .await
        .expect("json");
    assert_eq!(session["status"], "open");
    assert_eq!(
        app.messages(&chat).await,
        before,
        "nothing is posted to the visitor"
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn a_visitor_writing_brings_a_pending_or_snoozed_chat_back_and_alerts(pool: PgPool) {
    let app = spawn(pool).await;
    let agent = app.agent().await;
    let mut console = agent.socket().await;
    console.send(json!({ "type": "join_agents" })).await;
    console.recv_type("agents_joined").await;
    for (state, extra) in [
        ("pending", json!({})),
        ("snoozed", json!({ "snoozeUntil": in_seconds(3600) })),
    ] {
        let chat = answered_chat(&app, &agent).await;
        let mut body = extra;
        body["state"] = json!(state);
        assert_eq!(
            set_state(&agent, &chat, body).await.status(),
            StatusCode::OK
        );
        assert_eq!(row(&agent, &chat).await["state"], state);
        assert_eq!(
            app.send(&chat, "Still there?").await.status(),
            StatusCode::CREATED
        );
        let row = until_state(&agent, &chat, "open").await;
        assert_eq!(row["snoozedUntil"], Value::Null);
        loop {
            let update = console.recv_type("inbox_update").await;
            if update["sessionId"] == json!(chat) && update["reason"] == "returned" {
                break;
            }
        }
        let last = trail(&agent, &chat).await.pop().expect("an event");
        assert_eq!(
            last,
            (
                state.to_owned(),
                "open".to_owned(),
                "Opened again: the visitor wrote".to_owned()
            )
        );
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn a_snooze_ends_by_itself_once(pool: PgPool) {
    let app = spawn(pool).await;
    let agent = app.agent().await;
    let mut console = agent.socket().await;
    console.send(json!({ "type": "join_agents" })).await;
    console.recv_type("agents_joined").await;
    let chat = answered_chat(&app, &agent).await;
    let response = set_state(
        &agent,
        &chat,
        json!({ "state": "snoozed", "snoozeUntil": in_seconds(2) }),
    )
    .await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(row(&agent, &chat).await["state"], "snoozed");
    until_state(&agent, &chat, "open").await;
    loop {
        let update = console.recv_type("inbox_update").await;
        if update["sessionId"] == json!(chat) && update["reason"] == "returned" {
            break;
        }
    }
    // Later sweeps find nothing more to do.
    tokio::time::sleep(Duration::from_millis(2500)).await;
    let ended: Vec<_> = trail(&agent, &chat)
        .await
        .into_iter()
        .filter(|(from, to, _)| from == "snoozed" && to == "open")
        .collect();
    assert_eq!(
        ended,
        vec![(
            "snoozed".to_owned(),
            "open".to_owned(),
            "Opened again: the snooze ended".to_owned()
        )]
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn presets_follow_the_business_hours_in_eat(pool: PgPool) {
    let app = spawn(pool).await;
    let agent = app.agent().await;
    let mut settings: Value = agent
        .get("/api/site-settings")
        .await
        .json()
        .await
        .expect("json");
    settings["chatHours"] = json!({ "days": [1, 2, 3, 4, 5], "opens": "08:00", "closes": "17:00" });
    let saved = agent.put("/api/admin/site-settings", &settings).await;
    assert_eq!(saved.status(), StatusCode::OK, "{:?}", saved.text().await);
    let eat = time::UtcOffset::from_hms(3, 0, 0).expect("offset");
    let today = OffsetDateTime::now_utc().to_offset(eat).date();
    // By hand: the first weekday after today, and the Monday after this week.
    let mut tomorrow = today.next_day().expect("date");
    while tomorrow.weekday().number_from_monday() > 5 {
        tomorrow = tomorrow.next_day().expect("date");
    }
    let monday = today.next_occurrence(time::Weekday::Monday);
    for (preset, day) in [("tomorrow_opening", tomorrow), ("next_week", monday)] {
        let chat = answered_chat(&app, &agent).await;
        let response = set_state(
            &agent,
            &chat,
            json!({ "state": "snoozed", "snoozePreset": preset }),
        )
        .await;
        assert_eq!(response.status(), StatusCode::OK);
        let row: Value = response.json().await.expect("json");
        let until = OffsetDateTime::parse(row["snoozedUntil"].as_str().expect("end"), &Rfc3339)
            .expect("time");
        let expected = day.with_hms(8, 0, 0).expect("time").assume_offset(eat);
        assert_eq!(until, expected, "{preset}");
    }
    let chat = answered_chat(&app, &agent).await;
    let before = OffsetDateTime::now_utc();
    let row: Value = set_state(
        &agent,
        &chat,
        json!({ "state": "snoozed", "snoozePreset": "in_one_hour" }),
    )
    .await
    .json()
    .await
    .expect("json");
    let until =
        OffsetDateTime::parse(row["snoozedUntil"].as_str().expect("end"), &Rfc3339).expect("time");
    let hour = until - before;
    assert!(
        hour >= time::Duration::minutes(60) && hour < time::Duration::minutes(61),
        "{hour}"
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn refusals_are_in_words(pool: PgPool) {
    let app = spawn(pool).await;
    let agent = app.agent().await;
    let chat = answered_chat(&app, &agent).await;
    let cases = [
        (
            json!({ "state": "snoozed", "snoozeUntil": in_seconds(-60) }),
            StatusCode::BAD_REQUEST,
            "The snooze must end in the future",
        ),
        (
            json!({ "state": "snoozed" }),
            StatusCode::BAD_REQUEST,
            "Choose when the snooze ends",
        ),
        (
            json!({ "state": "snoozed", "snoozeUntil": in_seconds(60), "snoozePreset": "next_week" }),
            StatusCode::BAD_REQUEST,
            "Give either snoozeUntil or snoozePreset, not both",
        ),
        (
            json!({ "state": "snoozed", "snoozeUntil": in_seconds(91 * 86400) }),
            StatusCode::BAD_REQUEST,
            "A snooze can last at most 90 days",
        ),
        (
            json!({ "state": "pending", "snoozeUntil": in_seconds(60) }),
            StatusCode::BAD_REQUEST,
            "Only a snooze has an end",
        ),
        (
            json!({ "state": "asleep" }),
            StatusCode::BAD_REQUEST,
            "State",
        ),
        (
            json!({ "state": "snoozed", "snoozePreset": "someday" }),
            StatusCode::BAD_REQUEST,
            "Snooze preset",
        ),
    ];
    for (body, status, words) in cases {
        let response = set_state(&agent, &chat, body.clone()).await;
        assert_eq!(response.status(), status, "{body}");
        let said = message(response).await;
        assert!(said.contains(words), "{body}: {said}");
    }
    assert_eq!(row(&agent, &chat).await["state"], "open");

    set_state(&agent, &chat, json!({ "state": "resolved" })).await;
    let response = set_state(
        &agent,
        &chat,
        json!({ "state": "snoozed", "snoozePreset": "in_one_hour" }),
    )
    .await;
    assert_eq!(response.status(), StatusCode::CONFLICT);
    assert_eq!(
        message(response).await,
        "A resolved chat cannot be snoozed: reopen it first"
    );
    let response = set_state(&agent, &chat, json!({ "state": "pending" })).await;
    assert_eq!(response.status(), StatusCode::CONFLICT);
    assert_eq!(
        message(response).await,
        "A resolved chat cannot be marked pending: reopen it first"
    );

    let unknown = uuid::Uuid::now_v7();
    let response = set_state(&agent, &unknown.to_string(), json!({ "state": "pending" })).await;
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
}

#[sqlx::test(migrations = "../migrations")]
async fn only_agents_change_states(pool: PgPool) {
    let app = spawn(pool).await;
    let agent = app.agent().await;
    let chat = answered_chat(&app, &agent).await;
    let (customer, _) = app.signed_in_as("user").await;
    let response = set_state(&customer, &chat, json!({ "state": "pending" })).await;
    assert_eq!(response.status(), StatusCode::FORBIDDEN);
    assert_eq!(
        customer.get("/api/agent/chats/counts").await.status(),
        StatusCode::FORBIDDEN
    );
    // The chat's own visitor, not signed in: not an agent either.
    let response = set_state(&app, &chat, json!({ "state": "pending" })).await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    // Nor does the visitor route know of states.
    let response = app
        .post(
            &format!("/api/chat/sessions/{chat}/state"),
            &json!({ "state": "pending" }),
        )
        .await;
    assert!(
        [StatusCode::NOT_FOUND, StatusCode::METHOD_NOT_ALLOWED].contains(&response.status()),
        "{}",
        response.status()
    );
    assert_eq!(row(&agent, &chat).await["state"], "open");
}

#[sqlx::test(migrations = "../migrations")]
async fn with_auto_pending_an_agents_last_word_makes_a_chat_pending(pool: PgPool) {
    let app = spawn(pool).await;
    let agent = app.agent().await;
    let mut settings: Value = agent
        .get("/api/site-settings")
        .await
        .json()
        .await
        .expect("json");
    assert_eq!(settings["autoPending"], false, "off by default");
    let chat = answered_chat(&app, &agent).await;
    assert_eq!(row(&agent, &chat).await["state"], "open");

    settings["autoPending"] = json!(true);
    assert_eq!(
        agent
            .put("/api/admin/site-settings", &settings)
            .await
            .status(),
        StatusCode::OK
    );
    assert_eq!(
        agent.send(&chat, "Anything else?").await.status(),
        StatusCode::CREATED
    );
    until_state(&agent, &chat, "pending").await;
    assert_eq!(
        app.send(&chat, "Yes, one more thing").await.status(),
        StatusCode::CREATED
    );
    until_state(&agent, &chat, "open").await;
    let steps: Vec<(String, String, String)> = trail(&agent, &chat).await;
    assert_eq!(
        steps,
        vec![
            (
                "open".into(),
                "pending".into(),
                "Marked pending: an agent's reply is the last message".into()
            ),
            (
                "pending".into(),
                "open".into(),
                "Opened again: the visitor wrote".into()
            ),
        ]
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn a_bulk_change_applies_to_each_chat_or_says_why_not(pool: PgPool) {
    let app = spawn(pool).await;
    let agent = app.agent().await;
    let first = answered_chat(&app, &agent).await;
    let second = answered_chat(&app, &agent).await;
    let resolved = answered_chat(&app, &agent).await;
    set_state(&agent, &resolved, json!({ "state": "resolved" })).await;
    let unknown = uuid::Uuid::now_v7().to_string();

    let body = json!({
        "chatIds": [first, second, resolved, unknown],
        "change": { "state": "snoozed", "snoozePreset": "in_one_hour" },
    });
    let response = agent.post("/api/agent/chats/state", &body).await;
    assert_eq!(response.status(), StatusCode::OK);
    let results: Vec<Value> = response.json().await.expect("json");
    let outcome = |chat: &str| {
        results
            .iter()
            .find(|result| result["chatId"] == chat)
            .map(|result| (result["changed"].clone(), result["message"].clone()))
            .expect("a result per chat")
    };
    assert_eq!(outcome(&first), (json!(true), Value::Null));
    assert_eq!(outcome(&second), (json!(true), Value::Null));
    assert_eq!(
        outcome(&resolved),
        (
            json!(false),
            json!("A resolved chat cannot be snoozed: reopen it first")
        )
    );
    assert_eq!(outcome(&unknown), (json!(false), json!("No such chat")));
    for chat in [&first, &second] {
        assert_eq!(row(&agent, chat).await["state"], "snoozed");
        assert_eq!(trail(&agent, chat).await.len(), 1, "one event per chat");
    }
    assert_eq!(row(&agent, &resolved).await["state"], "resolved");

    let response = agent
        .post(
            "/api/agent/chats/state",
            &json!({ "chatIds": [], "change": { "state": "pending" } }),
        )
        .await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert_eq!(message(response).await, "Choose at least one chat");
    let response = agent
        .post(
            "/api/agent/chats/state",
            &json!({ "chatIds": [first], "change": { "state": "snoozed" } }),
        )
        .await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    let (customer, _) = app.signed_in_as("user").await;
    assert_eq!(
        customer
            .post("/api/agent/chats/state", &body)
            .await
            .status(),
        StatusCode::FORBIDDEN
    );
}
