//! Presence that follows the agent: a chat goes back to the queue once per
//! absence, the visitor is not told again that the same agent joined, and
//! chats are transferred only to colleagues who can take them.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;

use crate::helpers::{Browser, Options, Socket, TestApp, message, spawn, spawn_with};

/// A support agent with their console open on `gateway`: (browser, id, name).
pub(crate) async fn agent_online(
    app: &TestApp,
    gateway: &str,
) -> (Browser, String, String, Socket) {
    let (agent, email) = app.signed_in_as("support").await;
    let agent = agent.on(gateway);
    let me: Value = agent.get("/api/user").await.json().await.expect("json");
    assert_eq!(me["email"], email.as_str());
    let mut console = agent.socket().await;
    console.send(json!({ "type": "join_agents" })).await;
    assert_eq!(
        console.recv_type("agents_joined").await["type"],
        "agents_joined"
    );
    let id = me["id"].as_str().expect("id").to_owned();
    let name = me["name"].as_str().expect("name").to_owned();
    (agent, id, name, console)
}

/// Sets how many chats agent `agent_id` takes at once (as `admin`).
pub(crate) async fn set_capacity(admin: &Browser, agent_id: &str, capacity: i32) {
    let response = admin
        .patch(
            &format!("/api/admin/agents/{agent_id}"),
            &json!({ "capacity": capacity }),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
}

pub(crate) fn joined_notices(messages: &[Value]) -> Vec<String> {
    messages
        .iter()
        .filter(|m| m["senderType"] == "system")
        .filter_map(|m| m["message"].as_str())
        .filter(|m| m.ends_with(" joined the chat"))
        .map(str::to_owned)
        .collect()
}

async fn summary(agent: &Browser, chat: &str) -> Value {
    agent
        .get(&format!("/api/agent/chats/{chat}"))
        .await
        .json()
        .await
        .expect("json")
}

async fn notes(agent: &Browser, chat: &str) -> Vec<String> {
    let notes: Vec<Value> = agent
        .get(&format!("/api/agent/chats/{chat}/notes"))
        .await
        .json()
        .await
        .expect("json");
    notes
        .iter()
        .filter_map(|note| note["body"].as_str().map(str::to_owned))
        .collect()
}

/// Polls the chat's summary until `done` holds (at most 20 s: two heartbeats).
async fn wait_for(agent: &Browser, chat: &str, done: impl Fn(&Value) -> bool) -> Value {
    let mut last = Value::Null;
    for _ in 0..40 {
        last = summary(agent, chat).await;
        if done(&last) {
            return last;
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    panic!("never happened: {last}");
}

#[sqlx::test(migrations = "../migrations")]
async fn a_chat_returns_to_the_queue_once_per_absence_and_the_visitor_reads_one_joined(
    pool: PgPool,
) {
    let app = spawn_with(
        pool,
        Options {
            config: vec![("AGENT_RETURN_AFTER_SECS", "1".into())],
            ..Options::default()
        },
    )
    .await;
    let (alice, alice_id, alice_name, console) = agent_online(&app, &app.address).await;
    let visitor = app.new_browser();
    let chat = visitor.start_chat("Amina", "amina@example.com").await;
    assert_eq!(summary(&alice, &chat).await["assignedAgentId"], alice_id);
    let returned = format!("Returned to the queue: {alice_name} is away");
    let count = |bodies: &[String], wanted: &str| bodies.iter().filter(|b| *b == wanted).count();

    // Alice closes her last admin tab: her chat goes back to the queue once,
    // however many heartbeats pass while she is gone.
    drop(console);
    wait_for(&alice, &chat, |s| s["assignedAgentId"].is_null()).await;
    tokio::time::sleep(Duration::from_secs(12)).await;
    assert!(summary(&alice, &chat).await["assignedAgentId"].is_null());
    assert_eq!(count(&notes(&alice, &chat).await, &returned), 1);

    // She comes back: the chat is hers again, and the visitor, who was told
    // she joined, is not told so a second time.
    let mut console = alice.socket().await;
    console.send(json!({ "type": "join_agents" })).await;
    console.recv_type("agents_joined").await;
    wait_for(&alice, &chat, |s| s["assignedAgentId"] == alice_id.as_str()).await;
    // The assignment's event is written just after the assignment itself.
    let assigned = format!("Assigned to {alice_name}");
    let mut bodies = notes(&alice, &chat).await;
    for _ in 0..20 {
        if count(&bodies, &assigned) >= 2 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
        bodies = notes(&alice, &chat).await;
    }
    assert_eq!(count(&bodies, &assigned), 2, "{bodies:?}");

    // A second absence is a second return, and still one joined line.
    drop(console);
    wait_for(&alice, &chat, |s| s["assignedAgentId"].is_null()).await;
    assert_eq!(count(&notes(&alice, &chat).await, &returned), 2);
    let mut console = alice.socket().await;
    console.send(json!({ "type": "join_agents" })).await;
    console.recv_type("agents_joined").await;
    wait_for(&alice, &chat, |s| s["assignedAgentId"] == alice_id.as_str()).await;
    assert_eq!(
        joined_notices(&visitor.messages(&chat).await),
        vec![format!("{alice_name} joined the chat")]
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn a_chat_handed_to_another_agent_and_back_tells_the_visitor_each_time(pool: PgPool) {
    let app = spawn(pool).await;
    let (alice, alice_id, _, _alice_console) = agent_online(&app, &app.address).await;
    let (_bob, bob_id, _, _bob_console) = agent_online(&app, &app.address).await;
    // Registered with the same name: told apart by the names they are shown under.
    let (alice_name, bob_name) = ("Alice Wambui", "Bob Kamau");
    for (id, name) in [(&alice_id, alice_name), (&bob_id, bob_name)] {
        sqlx::query("update users set name = $2 where id = $1::uuid")
            .bind(id)
            .bind(name)
            .execute(&app.pool)
            .await
            .expect("renamed");
    }
    let visitor = app.new_browser();
    let chat = visitor.start_chat("Amina", "amina@example.com").await;
    let first = summary(&alice, &chat).await["assignedAgentId"].clone();
    let (to, back) = if first == alice_id.as_str() {
        (&bob_id, &alice_id)
    } else {
        (&alice_id, &bob_id)
    };
    for agent in [to, back] {
        let response = alice
            .post(
                &format!("/api/agent/chats/{chat}/transfer"),
                &json!({ "agentId": agent }),
            )
            .await;
        assert_eq!(response.status(), StatusCode::OK);
    }
    // A real change of hands each time: three joined lines, alternating.
    let joined = joined_notices(&visitor.messages(&chat).await);
    assert_eq!(joined.len(), 3, "{joined:?}");
    assert_ne!(joined[0], joined[1]);
    assert_eq!(joined[0], joined[2]);
    assert!(
        joined.contains(&format!("{alice_name} joined the chat"))
            && joined.contains(&format!("{bob_name} joined the chat"))
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn chats_are_transferred_only_to_agents_who_can_take_them(pool: PgPool) {
    let app = spawn(pool).await;
    let (lead, _lead_id, _, _lead_console) = agent_online(&app, &app.address).await;
    let visitor = app.new_browser();
    let chat = visitor.start_chat("Amina", "amina@example.com").await;

    // Invited, no password yet.
    let (admin, _) = app.signed_in_as("admin").await;
    let invited = admin
        .post(
            "/api/admin/agents",
            &json!({ "email": "sup.port@example.com", "name": "Sup Port", "role": "support" }),
        )
        .await;
    assert_eq!(invited.status(), StatusCode::CREATED);
    let invited: Value = invited.json().await.expect("json");
    // Signed up but with no admin tab open.
    let (offline, _) = app.signed_in_as("support").await;
    let offline: Value = offline.get("/api/user").await.json().await.expect("json");
    // Present but away, present and busy.
    let (away, away_id, _, _away_console) = agent_online(&app, &app.address).await;
    let response = away
        .put("/api/agent/status", &json!({ "status": "away" }))
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let (busy, busy_id, busy_name, _busy_console) = agent_online(&app, &app.address).await;
    let response = busy
        .put("/api/agent/status", &json!({ "status": "busy" }))
        .await;
    assert_eq!(response.status(), StatusCode::OK);

    // The team the transfer form offers: no pending invitation; who accepts.
    let team: Vec<Value> = lead
        .get("/api/agent/team")
        .await
        .json()
        .await
        .expect("json");
    let member = |id: &Value| team.iter().find(|m| m["id"] == *id).cloned();
    assert_eq!(member(&invited["id"]), None, "{team:?}");
    let accepts = |id: &Value| member(id).expect("listed")["acceptsTransfers"].clone();
    assert_eq!(accepts(&offline["id"]), false);
    assert_eq!(accepts(&json!(away_id)), false);
    assert_eq!(accepts(&json!(busy_id)), true);

    let transfer = |to: Value| {
        let lead = &lead;
        let path = format!("/api/agent/chats/{chat}/transfer");
        async move { lead.post(&path, &json!({ "agentId": to })).await }
    };
    let refused = transfer(invited["id"].clone()).await;
    assert_eq!(refused.status(), StatusCode::CONFLICT);
    assert_eq!(
        message(refused).await,
        "Sup Port has not accepted their invitation yet, so they cannot take chats"
    );
    for target in [offline["id"].clone(), json!(away_id)] {
        let refused = transfer(target).await;
        assert_eq!(refused.status(), StatusCode::CONFLICT);
        assert!(
            message(refused)
                .await
                .ends_with(" is away or offline and cannot take chats right now")
        );
    }
    // Nobody was told anyone joined by the refused transfers.
    let before = joined_notices(&visitor.messages(&chat).await);

    let accepted = transfer(json!(busy_id)).await;
    assert_eq!(accepted.status(), StatusCode::OK);
    let accepted: Value = accepted.json().await.expect("json");
    assert_eq!(accepted["assignedAgentId"], busy_id.as_str());
    let after = joined_notices(&visitor.messages(&chat).await);
    assert_eq!(after.len(), before.len() + 1);
    assert_eq!(after.last(), Some(&format!("{busy_name} joined the chat")));
}
