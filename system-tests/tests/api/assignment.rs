//! Agents at scale: fair auto-assignment within capacity across gateways,
//! the queue, transfers, private notes that never reach the visitor,
//! availability, and the return of an absent agent's chats to the queue.

use std::collections::HashMap;
use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;

use crate::agent_presence::{agent_online, joined_notices, set_capacity};
use crate::helpers::{Browser, Options, spawn, spawn_with};

async fn inbox(agent: &Browser, query: &str) -> Vec<Value> {
    let response = agent.get(&format!("/api/agent/chats?{query}")).await;
    assert_eq!(response.status(), StatusCode::OK);
    response.json().await.expect("json")
}

#[sqlx::test(migrations = "../migrations")]
async fn fifty_chats_at_once_on_two_gateways_go_fairly_to_three_agents_within_capacity(
    pool: PgPool,
) {
    let app = spawn_with(
        pool,
        Options {
            config: vec![("CHAT_START_LIMIT_PER_IP_PER_HOUR", "1000".into())],
            ..Options::default()
        },
    )
    .await;
    let other = app.another_gateway().await;
    let admin = app.agent().await;
    let mut agents = Vec::new();
    for gateway in [&app.address, &other, &app.address] {
        let (browser, id, name, console) = agent_online(&app, gateway).await;
        set_capacity(&admin, &id, 10).await;
        agents.push((browser, id, name, console));
    }

    // 50 visitors start chats at once, half on each gateway.
    let starts = (0..50).map(|n| {
        let visitor = Browser::new(if n % 2 == 0 { &app.address } else { &other });
        async move {
            let chat = visitor
                .start_chat(&format!("Visitor {n}"), &format!("v{n}@example.com"))
                .await;
            (visitor, chat)
        }
    });
    let visitors = futures::future::join_all(starts).await;

    let mut load: HashMap<String, usize> = HashMap::new();
    let mut queued = Vec::new();
    for chat in inbox(&agents[0].0, "status=open").await {
        match chat["assignedAgentId"].as_str() {
            Some(agent) => *load.entry(agent.to_owned()).or_default() += 1,
            None => queued.push(
                chat["queuePosition"]
                    .as_i64()
                    .expect("a place in the queue"),
            ),
        }
    }
    for (_, id, name, _) in &agents {
        assert_eq!(
            load.get(id),
            Some(&10),
            "{name} is full, not over: {load:?}"
        );
    }
    queued.sort_unstable();
    assert_eq!(queued, (1..=20).collect::<Vec<i64>>(), "20 wait, in order");

    // Each chat was given at most once, and the visitor saw that agent join.
    let agent_names: Vec<&String> = agents.iter().map(|(_, _, name, _)| name).collect();
    let mut assigned = 0;
    for (visitor, chat) in &visitors {
        let joined = joined_notices(&visitor.messages(chat).await);
        assert!(joined.len() <= 1, "one assignee at most: {joined:?}");
        if let Some(notice) = joined.first() {
            assert!(
                agent_names
                    .iter()
                    .any(|name| *notice == format!("{name} joined the chat")),
                "{notice}"
            );
            assigned += 1;
        }
        let session: Value = visitor
            .get(&format!("/api/chat/sessions/{chat}"))
            .await
            .json()
            .await
            .expect("json");
        assert_eq!(session["queuePosition"].is_null(), !joined.is_empty());
    }
    assert_eq!(assigned, 30);

    // A resolved chat frees a place: the first in the queue takes it at once.
    let next = inbox(&agents[0].0, "status=open&assigned=unassigned")
        .await
        .into_iter()
        .find(|chat| chat["queuePosition"] == 1)
        .expect("a first in the queue");
    let (first_agent, first_id, ..) = &agents[0];
    let mine = inbox(first_agent, "status=open&assigned=me").await;
    let done = mine[0]["sessionId"].as_str().expect("id");
    let response = first_agent
        .post(&format!("/api/agent/chats/{done}/resolve"), &json!({}))
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let next_id = next["sessionId"].as_str().expect("id");
    let now: Value = first_agent
        .get(&format!("/api/agent/chats/{next_id}"))
        .await
        .json()
        .await
        .expect("json");
    assert_eq!(now["assignedAgentId"], first_id.as_str());
    assert!(now["queuePosition"].is_null());
}

#[sqlx::test(migrations = "../migrations")]
async fn notes_and_transfers_stay_with_the_agents(pool: PgPool) {
    let app = spawn(pool).await;
    let (alice, _, alice_name, _alice_console) = agent_online(&app, &app.address).await;
    let response = alice
        .put("/api/agent/status", &json!({ "status": "busy" }))
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let (bob, bob_id, bob_name, mut bob_console) = agent_online(&app, &app.address).await;
    let status: Value = alice
        .get("/api/agent/status")
        .await
        .json()
        .await
        .expect("json");
    assert_eq!(status["status"], "busy");

    // Alice is busy: the chat goes to Bob, the only online agent.
    let visitor = app.new_browser();
    let chat = visitor.start_chat("Amina", "amina@example.com").await;
    let mut visitor_socket = visitor.socket().await;
    visitor_socket
        .send(json!({ "type": "join_session", "sessionId": chat }))
        .await;
    visitor_socket.recv_type("session_joined").await;
    let summary: Value = bob
        .get(&format!("/api/agent/chats/{chat}"))
        .await
        .json()
        .await
        .expect("json");
    assert_eq!(summary["assignedAgentId"], bob_id.as_str());

    // Bob writes a private note, then hands the chat to Alice with another.
    let secret = "Customer is on the enterprise plan; check invoice 4411";
    let response = bob
        .post(
            &format!("/api/agent/chats/{chat}/notes"),
            &json!({ "message": secret }),
        )
        .await;
    assert_eq!(response.status(), StatusCode::CREATED);
    // The consoles hear of it (after the start and assignment updates).
    loop {
        let update = bob_console.recv_type("inbox_update").await;
        if update["reason"] == "note" {
            assert_eq!(update["sessionId"], chat.as_str());
            break;
        }
    }
    let handover = "Over to you: billing question";
    let alice_me: Value = alice.get("/api/user").await.json().await.expect("json");
    let response = bob
        .post(
            &format!("/api/agent/chats/{chat}/transfer"),
            &json!({ "agentId": alice_me["id"], "note": handover }),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let summary: Value = response.json().await.expect("json");
    assert_eq!(summary["assignedAgentId"], alice_me["id"]);

    // Agents see the notes and the trail…
    let notes: Vec<Value> = alice
        .get(&format!("/api/agent/chats/{chat}/notes"))
        .await
        .json()
        .await
        .expect("json");
    let bodies: Vec<(&str, &str)> = notes
        .iter()
        .map(|n| {
            (
                n["kind"].as_str().expect("kind"),
                n["body"].as_str().expect("body"),
            )
        })
        .collect();
    assert_eq!(
        bodies,
        vec![
            ("event", format!("Assigned to {bob_name}").as_str()),
            ("note", secret),
            ("note", handover),
            (
                "event",
                format!("Transferred by {bob_name} to {alice_name}").as_str()
            ),
        ]
    );
    assert_eq!(notes[1]["authorName"], bob_name.as_str());

    // …the visitor only who joined, on every visitor path.
    let messages = visitor.messages(&chat).await;
    assert_eq!(
        joined_notices(&messages),
        vec![
            format!("{bob_name} joined the chat"),
            format!("{alice_name} joined the chat")
        ]
    );
    let everything = serde_json::to_string(&messages).expect("json");
    for private in [secret, handover, "Transferred", "Assigned to"] {
        assert!(!everything.contains(private), "{private} in {everything}");
    }
    let mut frames = Vec::new();
    while let Ok(frame) =
        tokio::time::timeout(Duration::from_millis(500), visitor_socket.recv()).await
    {
        frames.push(frame.to_string());
    }
    assert!(!frames.is_empty(), "the visitor's socket saw the joins");
    for frame in &frames {
        for private in [secret, handover, "Transferred", "Assigned to"] {
            assert!(!frame.contains(private), "{private} on the visitor socket");
        }
    }
    assert_eq!(
        visitor
            .get(&format!("/api/agent/chats/{chat}/notes"))
            .await
            .status(),
        StatusCode::UNAUTHORIZED
    );

    // Bad input is refused in words.
    for (path, body, message) in [
        (
            format!("/api/agent/chats/{chat}/notes"),
            json!({ "message": "  " }),
            "Note cannot be empty",
        ),
        (
            format!("/api/agent/chats/{chat}/transfer"),
            json!({ "agentId": uuid::Uuid::now_v7() }),
            "No active agent with that id",
        ),
    ] {
        let response = bob.post(&path, &body).await;
        assert!(response.status().is_client_error(), "{path}");
        let answer: Value = response.json().await.expect("json");
        assert_eq!(answer["message"], message, "{path}");
    }
    let response = bob
        .put("/api/agent/status", &json!({ "status": "asleep" }))
        .await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
}

#[sqlx::test(migrations = "../migrations")]
async fn an_away_agent_s_chats_return_to_the_queue_and_go_to_who_is_online(pool: PgPool) {
    let app = spawn_with(
        pool,
        Options {
            config: vec![("AGENT_RETURN_AFTER_SECS", "1".into())],
            ..Options::default()
        },
    )
    .await;
    let (alice, alice_id, alice_name, _console) = agent_online(&app, &app.address).await;
    let visitor = app.new_browser();
    let chat = visitor.start_chat("Amina", "amina@example.com").await;
    let summary: Value = alice
        .get(&format!("/api/agent/chats/{chat}"))
        .await
        .json()
        .await
        .expect("json");
    assert_eq!(summary["assignedAgentId"], alice_id.as_str());

    // Alice goes away; Bob comes online but is full (capacity 1, one chat).
    alice
        .put("/api/agent/status", &json!({ "status": "away" }))
        .await;
    let (bob, bob_id, _, _bob_console) = agent_online(&app, &app.address).await;
    let admin = app.agent().await;
    set_capacity(&admin, &bob_id, 2).await;
    let other_chat = visitor.start_chat("Amina", "amina@example.com").await;
    let other: Value = bob
        .get(&format!("/api/agent/chats/{other_chat}"))
        .await
        .json()
        .await
        .expect("json");
    assert_eq!(
        other["assignedAgentId"],
        bob_id.as_str(),
        "not to the away agent"
    );

    // Within a heartbeat (10 s) of being away for a second, Alice's chat
    // goes back to the queue and on to Bob.
    let mut assignee = Value::Null;
    for _ in 0..30 {
        let summary: Value = bob
            .get(&format!("/api/agent/chats/{chat}"))
            .await
            .json()
            .await
            .expect("json");
        assignee = summary["assignedAgentId"].clone();
        if assignee == bob_id.as_str() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    assert_eq!(assignee, bob_id.as_str());
    let notes: Vec<Value> = bob
        .get(&format!("/api/agent/chats/{chat}/notes"))
        .await
        .json()
        .await
        .expect("json");
    let bodies: Vec<&str> = notes.iter().filter_map(|n| n["body"].as_str()).collect();
    assert!(
        bodies.contains(&format!("Returned to the queue: {alice_name} is away").as_str()),
        "{bodies:?}"
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn agents_see_a_returning_visitor_s_earlier_chats(pool: PgPool) {
    let app = spawn(pool).await;
    let agent = app.agent().await;
    let first_visit = app.new_browser();
    let first = first_visit.start_chat("Amina", "Amina@Example.com").await;
    assert_eq!(
        first_visit
            .send(&first, "Is colocation available in Mombasa?")
            .await
            .status(),
        StatusCode::CREATED
    );
    let stranger = app.new_browser();
    stranger.start_chat("Baraka", "baraka@example.com").await;
    let second_visit = app.new_browser();
    let second = second_visit.start_chat("Amina", "amina@example.com").await;

    let history: Vec<Value> = agent
        .get(&format!("/api/agent/chats/{second}/history"))
        .await
        .json()
        .await
        .expect("json");
    assert_eq!(history.len(), 1, "{history:?}");
    assert_eq!(history[0]["sessionId"], first.as_str());
    assert_eq!(
        history[0]["firstLine"],
        "Is colocation available in Mombasa?"
    );
    assert_eq!(history[0]["status"], "open");
    // Visitors have no such view.
    assert_eq!(
        second_visit
            .get(&format!("/api/agent/chats/{second}/history"))
            .await
            .status(),
        StatusCode::UNAUTHORIZED
    );
}

/// A message's insert never stalls its batch on the search index: with
/// GIN's pending list, the insert that filled it moved the whole list into
/// the index (about 200 ms, every few seconds under load, with no
/// autovacuum to empty it first; loadtests/RESULTS.md).
#[sqlx::test(migrations = "../migrations")]
async fn the_message_search_index_takes_each_insert_directly(pool: PgPool) {
    let options: Option<Vec<String>> = sqlx::query_scalar(
        "select reloptions from pg_class where relname = 'chat_messages_search_idx'",
    )
    .fetch_one(&pool)
    .await
    .expect("the index exists");
    assert_eq!(options, Some(vec!["fastupdate=off".to_owned()]));
}

#[sqlx::test(migrations = "../migrations")]
async fn agents_label_chats_filter_by_label_and_search_every_conversation(pool: PgPool) {
    let app = spawn(pool).await;
    let agent = app.agent().await;
    let visitor = app.new_browser();
    let outage = visitor
        .start_chat("Amina Wanjiku", "amina@example.com")
        .await;
    visitor
        .send(&outage, "Our VPS in Nairobi-2 is unreachable since 9am")
        .await;
    let other = app.new_browser();
    let billing = other.start_chat("Baraka", "baraka@example.com").await;
    other.send(&billing, "Please resend invoice 4411").await;

    let labels = |chat: &str, labels: Value| {
        let path = format!("/api/agent/chats/{chat}/labels");
        let agent = &agent;
        async move { agent.put(&path, &json!({ "labels": labels })).await }
    };
    let response = labels(&outage, json!(["Outage", "vps", "outage"])).await;
    assert_eq!(response.status(), StatusCode::OK);
    let summary: Value = response.json().await.expect("json");
    assert_eq!(
        summary["labels"],
        json!(["outage", "vps"]),
        "trimmed, lowercased, once"
    );
    assert_eq!(
        labels(&billing, json!(["billing"])).await.status(),
        StatusCode::OK
    );
    for (bad, words) in [
        (
            json!(["two words"]),
            "\"two words\" is not a label: use 1 to 24 lowercase letters, digits or dashes",
        ),
        (
            json!(["a", "b", "c", "d", "e", "f"]),
            "A chat can have at most 5 labels",
        ),
    ] {
        let response = labels(&billing, bad).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST);
        let body: Value = response.json().await.expect("json");
        assert_eq!(body["message"], words);
    }

    let filtered: Vec<Value> = agent
        .get("/api/agent/chats?label=outage")
        .await
        .json()
        .await
        .expect("json");
    let ids: Vec<&str> = filtered
        .iter()
        .filter_map(|chat| chat["sessionId"].as_str())
        .collect();
    assert_eq!(ids, vec![outage.as_str()]);
    let in_use: Vec<String> = agent
        .get("/api/agent/labels")
        .await
        .json()
        .await
        .expect("json");
    assert_eq!(in_use.len(), 3);
    assert!(in_use.contains(&"billing".to_owned()));

    // Search: a word of a message, whatever its case; a visitor's name or email.
    let search = |q: &str| {
        let path = format!("/api/agent/search?q={}", urlencoding(q));
        let agent = &agent;
        async move {
            let response = agent.get(&path).await;
            assert_eq!(response.status(), StatusCode::OK);
            response.json::<Vec<Value>>().await.expect("json")
        }
    };
    let hits = search("UNREACHABLE").await;
    assert_eq!(hits.len(), 1, "{hits:?}");
    assert_eq!(hits[0]["sessionId"], outage.as_str());
    assert!(hits[0]["messageId"].is_string());
    assert_eq!(
        hits[0]["excerpt"],
        "Our VPS in Nairobi-2 is unreachable since 9am"
    );
    let by_name = search("wanjiku").await;
    assert_eq!(by_name.len(), 1);
    assert_eq!(by_name[0]["sessionId"], outage.as_str());
    assert!(by_name[0]["messageId"].is_null());
    assert_eq!(
        search("baraka@example").await[0]["sessionId"],
        billing.as_str()
    );
    assert!(search("100%_").await.is_empty(), "wildcards are text");
    let short = agent.get("/api/agent/search?q=a").await;
    assert_eq!(short.status(), StatusCode::BAD_REQUEST);
    // Not for visitors.
    assert_eq!(
        visitor.get("/api/agent/search?q=invoice").await.status(),
        StatusCode::UNAUTHORIZED
    );
}

fn urlencoding(text: &str) -> String {
    reqwest::Url::parse_with_params("http://x/", [("q", text)])
        .expect("url")
        .query()
        .unwrap_or_default()
        .trim_start_matches("q=")
        .to_owned()
}

#[sqlx::test(migrations = "../migrations")]
async fn a_disconnected_agent_s_chats_return_to_the_queue(pool: PgPool) {
    let app = spawn_with(
        pool,
        Options {
            config: vec![("AGENT_RETURN_AFTER_SECS", "1".into())],
            ..Options::default()
        },
    )
    .await;
    let (alice, alice_id, alice_name, console) = agent_online(&app, &app.address).await;
    let chat = app
        .new_browser()
        .start_chat("Amina", "amina@example.com")
        .await;
    let summary = |browser: &Browser| {
        let path = format!("/api/agent/chats/{chat}");
        let browser = browser.on(&browser.address);
        async move {
            let summary: Value = browser.get(&path).await.json().await.expect("json");
            summary
        }
    };
    assert_eq!(summary(&alice).await["assignedAgentId"], alice_id.as_str());

    // Alice's console goes away (still "online"): within a heartbeat of a
    // second without it, her chat is back in the queue, first in line.
    drop(console);
    let mut back = Value::Null;
    for _ in 0..30 {
        back = summary(&alice).await;
        if back["assignedAgentId"].is_null() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    assert!(back["assignedAgentId"].is_null(), "{back}");
    assert_eq!(back["queuePosition"], 1);
    let notes: Vec<Value> = alice
        .get(&format!("/api/agent/chats/{chat}/notes"))
        .await
        .json()
        .await
        .expect("json");
    assert!(
        notes
            .iter()
            .any(|n| n["body"] == format!("Returned to the queue: {alice_name} is away")),
        "{notes:?}"
    );
}
