//! The visitor's one status line (issue 35): computed by the server from one
//! reading of who is online, the queue, the assignment and the chat's state,
//! so the widget never shows two stories at once.

use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;

use crate::agent_presence::{agent_online, set_capacity};
use crate::helpers::{Browser, spawn};

async fn line(visitor: &Browser, chat: &str) -> Value {
    let response = visitor.get(&format!("/api/chat/sessions/{chat}")).await;
    assert_eq!(response.status(), StatusCode::OK);
    let chat: Value = response.json().await.expect("json");
    chat["line"].clone()
}

/// Marks outgoing email as configured, as the workers do when they start
/// with an SMTP server.
async fn email_configured(pool: &PgPool) {
    sqlx::query(
        "insert into email_health (configured) values (true)
         on conflict (singleton) do update set configured = true",
    )
    .execute(pool)
    .await
    .expect("email_health");
}

#[sqlx::test(migrations = "../migrations")]
async fn with_no_agent_online_the_visitor_is_told_the_team_is_away(pool: PgPool) {
    let app = spawn(pool).await;
    let visitor = app.new_browser();
    let response = visitor
        .post(
            "/api/chat/sessions",
            &json!({ "visitorName": "Amina", "visitorEmail": "amina@example.com" }),
        )
        .await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let started: Value = response.json().await.expect("json");
    // The start's answer carries the line: no second read to show it.
    assert_eq!(
        started["line"],
        json!({ "kind": "away", "replyByEmail": false })
    );
    let chat = started["sessionId"].as_str().expect("id");
    assert_eq!(
        line(&visitor, chat).await,
        json!({ "kind": "away", "replyByEmail": false })
    );
    // Email is off: neither the line nor the log promises one.
    let messages = visitor.messages(chat).await;
    assert_eq!(
        messages[0]["message"],
        "Our support team is offline right now. We have your message and will reply here when an agent is back."
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn with_email_sent_the_away_line_promises_a_reply_by_email(pool: PgPool) {
    let app = spawn(pool).await;
    email_configured(&app.pool).await;
    let visitor = app.new_browser();
    let chat = visitor.start_chat("Amina", "amina@example.com").await;
    assert_eq!(
        line(&visitor, &chat).await,
        json!({ "kind": "away", "replyByEmail": true })
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn an_assigned_agent_is_joining_until_they_answer_then_connected(pool: PgPool) {
    let app = spawn(pool).await;
    let (agent, _, name, _console) = agent_online(&app, &app.address).await;
    let visitor = app.new_browser();
    let chat = visitor.start_chat("Amina", "amina@example.com").await;
    assert_eq!(
        line(&visitor, &chat).await,
        json!({ "kind": "joining", "agentName": name })
    );

    assert_eq!(
        agent.send(&chat, "Hello Amina").await.status(),
        StatusCode::CREATED
    );
    assert_eq!(
        line(&visitor, &chat).await,
        json!({ "kind": "connected", "agentName": name })
    );

    let resolved = agent
        .post(&format!("/api/agent/chats/{chat}/resolve"), &json!({}))
        .await;
    assert_eq!(resolved.status(), StatusCode::OK);
    assert_eq!(line(&visitor, &chat).await, json!({ "kind": "resolved" }));
}

#[sqlx::test(migrations = "../migrations")]
async fn with_every_agent_full_the_chat_is_queued_with_an_estimate(pool: PgPool) {
    let app = spawn(pool).await;
    let (agent, agent_id, _, _console) = agent_online(&app, &app.address).await;
    let admin = app.agent().await;
    set_capacity(&admin, &agent_id, 1).await;

    // The first chat takes the agent's one place and is answered.
    let visitor = app.new_browser();
    let first = visitor.start_chat("Amina", "amina@example.com").await;
    assert_eq!(
        agent.send(&first, "Hello Amina").await.status(),
        StatusCode::CREATED
    );

    // The next two wait: an agent is online, so they are queued, not away.
    let second = app.new_browser();
    let second_chat = second.start_chat("Baraka", "baraka@example.com").await;
    let third = app.new_browser();
    let third_chat = third.start_chat("Chebet", "chebet@example.com").await;
    let second_line = line(&second, &second_chat).await;
    let third_line = line(&third, &third_chat).await;
    assert_eq!(second_line["kind"], "queued", "{second_line}");
    assert_eq!(second_line["position"], 1);
    assert_eq!(third_line["position"], 2);
    // The one answered chat waited well under a minute: about a minute
    // each for the chats ahead.
    assert_eq!(second_line["waitMinutes"], 1);
    assert_eq!(third_line["waitMinutes"], 1);

    // Recent chats waited ten minutes each: the third waits about twenty.
    sqlx::query(
        "update chat_sessions s set created_at =
             (select min(m.created_at) from chat_messages m
               where m.session_id = s.id and m.sender_type = 'agent') - interval '10 minutes'
         where s.id = $1::uuid",
    )
    .bind(&first)
    .execute(&app.pool)
    .await
    .expect("backdated");
    assert_eq!(line(&third, &third_chat).await["waitMinutes"], 20);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_queued_chat_without_any_answered_chat_has_no_estimate(pool: PgPool) {
    let app = spawn(pool).await;
    let (_agent, agent_id, _, _console) = agent_online(&app, &app.address).await;
    let admin = app.agent().await;
    set_capacity(&admin, &agent_id, 1).await;
    let visitor = app.new_browser();
    visitor.start_chat("Amina", "amina@example.com").await;
    let waiting = visitor.start_chat("Amina", "amina@example.com").await;
    assert_eq!(
        line(&visitor, &waiting).await,
        json!({ "kind": "queued", "position": 1, "waitMinutes": null })
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn the_start_form_learns_whether_an_agent_is_online(pool: PgPool) {
    let app = spawn(pool).await;
    let availability = |app: &crate::helpers::TestApp| {
        let visitor = app.new_browser();
        async move {
            let response = visitor.get("/api/chat/availability").await;
            assert_eq!(response.status(), StatusCode::OK);
            response.json::<Value>().await.expect("json")
        }
    };
    assert_eq!(availability(&app).await, json!({ "agentsOnline": false }));
    let (_agent, _, _, _console) = agent_online(&app, &app.address).await;
    assert_eq!(availability(&app).await, json!({ "agentsOnline": true }));
}
