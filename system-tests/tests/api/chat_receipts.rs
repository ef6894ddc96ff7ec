//! Receipts (issue 37): where each message is for the other side. A socket
//! says how far its side has got; the `chat` worker stores it through the
//! durable path and tells the other side's sockets; the history shows each
//! message's delivery and sight; the agents' "seen" is the inbox's unread
//! count. Never a step back, and none lost when the worker is SIGKILLed.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;

use crate::chat_pipeline::start_chat_worker;
use crate::helpers::{Options, Socket, spawn, spawn_with};

async fn receipt(socket: &mut Socket, chat: &str, state: &str, through: &str) {
    socket
        .send(json!({ "type": "receipt", "sessionId": chat, "state": state, "through": through }))
        .await;
}

async fn sent_id(response: reqwest::Response) -> String {
    assert_eq!(response.status(), StatusCode::CREATED);
    let message: Value = response.json().await.expect("json");
    message["id"].as_str().expect("id").to_owned()
}

/// The message `id` of `messages`.
fn find<'a>(messages: &'a [Value], id: &str) -> &'a Value {
    messages
        .iter()
        .find(|message| message["id"] == id)
        .expect("the message is listed")
}

/// How far `reader`'s `state` mark of the chat has got (its furthest row).
async fn mark(pool: &PgPool, chat: &str, reader: &str, state: &str) -> Option<String> {
    sqlx::query_scalar(
        "select through_message_id::text from chat_receipts
         where session_id = $1::uuid and reader = $2 and state = $3
         order by through_message_id desc limit 1",
    )
    .bind(chat)
    .bind(reader)
    .bind(state)
    .fetch_optional(pool)
    .await
    .expect("query")
}

#[sqlx::test(migrations = "../migrations")]
async fn each_side_sees_where_its_messages_are(pool: PgPool) {
    let app = spawn(pool).await;
    let chat = app.start_chat("Amina", "amina@example.com").await;
    let first = sent_id(app.send(&chat, "Is the Nairobi region up?").await).await;
    let agent = app.agent().await;
    let mut visitor_socket = app.socket().await;
    let mut agent_socket = agent.socket().await;
    visitor_socket.join(&chat).await;
    agent_socket.join(&chat).await;

    // The agent's console has the message: the visitor hears it was delivered.
    receipt(&mut agent_socket, &chat, "delivered", &first).await;
    let frame = visitor_socket.recv_type("receipt").await;
    assert_eq!(frame["sessionId"], chat.as_str());
    assert_eq!(frame["reader"], "agent");
    assert_eq!(frame["state"], "delivered");
    assert_eq!(frame["through"], first.as_str());
    let messages = app.messages(&chat).await;
    assert_eq!(find(&messages, &first)["deliveredAt"], frame["at"]);
    assert!(find(&messages, &first).get("seenAt").is_none());
    let inbox: Value = agent
        .get(&format!("/api/agent/chats/{chat}"))
        .await
        .json()
        .await
        .expect("json");
    assert_eq!(inbox["unreadCount"], 1, "delivered is not read");

    // ...and in view: seen, and the inbox counts it read: every console is
    // told the unread count, so none reads the chat's summary for it.
    let mut console = agent.socket().await;
    console.send(json!({ "type": "join_agents" })).await;
    console.recv_type("agents_joined").await;
    receipt(&mut agent_socket, &chat, "seen", &first).await;
    let seen = visitor_socket.recv_type("receipt").await;
    assert_eq!(seen["state"], "seen");
    let update = loop {
        let update = console.recv_type("inbox_update").await;
        if update["reason"] == "read" {
            break update;
        }
    };
    assert_eq!(update["sessionId"], chat.as_str());
    assert_eq!(update["unreadCount"], 0, "{update}");
    let messages = app.messages(&chat).await;
    assert_eq!(find(&messages, &first)["seenAt"], seen["at"]);
    assert_eq!(
        find(&messages, &first)["deliveredAt"],
        frame["at"],
        "the first delivery keeps its time"
    );
    let inbox: Value = agent
        .get(&format!("/api/agent/chats/{chat}"))
        .await
        .json()
        .await
        .expect("json");
    assert_eq!(inbox["unreadCount"], 0);

    // A receipt for an earlier message moves nothing back; one naming
    // another chat's message is ignored.
    let before: Vec<Value> = app.messages(&chat).await;
    let older = before[0]["id"].as_str().expect("id").to_owned();
    receipt(&mut agent_socket, &chat, "seen", &older).await;
    let other_chat = app
        .new_browser()
        .start_chat("Juma", "juma@example.com")
        .await;
    let foreign: String = sqlx::query_scalar(
        "select id::text from chat_messages where session_id = $1::uuid limit 1",
    )
    .bind(&other_chat)
    .fetch_one(&app.pool)
    .await
    .expect("the other chat's notice");
    receipt(&mut agent_socket, &chat, "seen", &foreign).await;

    // The visitor reads the agent's reply: the agent hears it.
    let reply = sent_id(agent.send(&chat, "Yes, all green.").await).await;
    receipt(&mut visitor_socket, &chat, "seen", &reply).await;
    // The first receipt the agent's socket hears: its own side's two were
    // for the visitor alone.
    let frame = agent_socket.recv_type("receipt").await;
    assert_eq!(frame["reader"], "user", "{frame}");
    assert_eq!(frame["state"], "seen");
    assert_eq!(frame["through"], reply.as_str());
    let messages: Vec<Value> = agent
        .get(&format!("/api/chat/sessions/{chat}/messages"))
        .await
        .json()
        .await
        .expect("json");
    assert_eq!(find(&messages, &reply)["seenAt"], frame["at"]);
    assert_eq!(
        find(&messages, &reply)["deliveredAt"],
        frame["at"],
        "seen is delivered too"
    );
    assert_eq!(
        mark(&app.pool, &chat, "agent", "seen").await.as_deref(),
        Some(first.as_str()),
        "the earlier and the foreign receipts changed nothing"
    );

    // A new visitor message is unread again until the agents see it.
    let second = sent_id(app.send(&chat, "Thanks!").await).await;
    let inbox: Value = agent
        .get(&format!("/api/agent/chats/{chat}"))
        .await
        .json()
        .await
        .expect("json");
    assert_eq!(inbox["unreadCount"], 1);
    let read: Value = agent
        .post(&format!("/api/agent/chats/{chat}/read"), &json!({}))
        .await
        .json()
        .await
        .expect("json");
    assert_eq!(read["unreadCount"], 0, "marking read is a seen receipt");
    assert_eq!(
        mark(&app.pool, &chat, "agent", "seen").await.as_deref(),
        Some(second.as_str())
    );

    // Receipts only for a joined chat.
    let mut stranger = app.new_browser().socket().await;
    receipt(&mut stranger, &chat, "seen", &second).await;
    assert_eq!(
        stranger.recv().await["message"],
        "Join the chat session first"
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn visitors_are_not_told_an_agent_read_them_when_the_site_says_so(pool: PgPool) {
    let app = spawn(pool).await;
    let agent = app.agent().await;
    let mut settings =
        serde_json::to_value(contract::site_settings::SiteSettings::default()).expect("JSON");
    settings["showAgentsSeenToVisitors"] = json!(false);
    let saved = agent.put("/api/admin/site-settings", &settings).await;
    assert_eq!(saved.status(), StatusCode::OK);

    let chat = app.start_chat("Amina", "amina@example.com").await;
    let message = sent_id(app.send(&chat, "Hello?").await).await;
    let mut visitor_socket = app.socket().await;
    let mut agent_socket = agent.socket().await;
    visitor_socket.join(&chat).await;
    agent_socket.join(&chat).await;
    receipt(&mut agent_socket, &chat, "seen", &message).await;

    // Delivered, as far as the seen went; never the seen itself.
    let frame = visitor_socket.recv_type("receipt").await;
    assert_eq!(frame["state"], "delivered");
    assert_eq!(frame["through"], message.as_str());
    let quiet = tokio::time::timeout(
        Duration::from_millis(700),
        visitor_socket.recv_type("receipt"),
    )
    .await;
    assert!(quiet.is_err(), "no seen frame: {quiet:?}");
    let listed = app.messages(&chat).await;
    assert!(find(&listed, &message)["deliveredAt"].is_string());
    assert!(find(&listed, &message).get("seenAt").is_none());
    // The agents' own record still counts it read.
    let inbox: Value = agent
        .get(&format!("/api/agent/chats/{chat}"))
        .await
        .json()
        .await
        .expect("json");
    assert_eq!(inbox["unreadCount"], 0);
}

#[sqlx::test(migrations = "../migrations")]
async fn receipts_survive_a_sigkilled_worker_and_never_step_back(pool: PgPool) {
    const MESSAGES: usize = 30;
    let app = spawn_with(
        pool,
        Options {
            with_chat_worker: false,
            config: vec![("CHAT_MESSAGE_LIMIT_PER_IP_PER_MINUTE", "100000".into())],
            ..Options::default()
        },
    )
    .await;
    let mut worker = start_chat_worker(&app);
    let chat = app.start_chat("Amina", "amina@example.com").await;
    let mut ids = Vec::new();
    for n in 0..MESSAGES {
        ids.push(sent_id(app.send(&chat, &format!("message {n}")).await).await);
    }
    let agent = app.agent().await;
    let mut agent_socket = agent.socket().await;
    agent_socket.join(&chat).await;
    let mut visitor_socket = app.socket().await;
    visitor_socket.join(&chat).await;

    // The agent reads along; the worker dies twice with receipts in hand
    // (its insert held by a lock), and is down while more arrive.
    for (round, chunk) in ids.chunks(MESSAGES / 3).enumerate() {
        let mut blocker = app.pool.begin().await.expect("transaction");
        sqlx::query("lock table chat_receipts in share mode")
            .execute(&mut *blocker)
            .await
            .expect("lock");
        for id in chunk {
            receipt(&mut agent_socket, &chat, "delivered", id).await;
            receipt(&mut agent_socket, &chat, "seen", id).await;
        }
        tokio::time::sleep(Duration::from_millis(300)).await;
        if round < 2 {
            worker.kill().expect("SIGKILL");
            worker.wait().expect("reaped");
        }
        blocker.rollback().await.expect("unlocked");
        if round < 2 {
            worker = start_chat_worker(&app);
        }
    }

    // None lost: every message reaches seen, and the visitor hears so.
    let last = ids.last().expect("messages").clone();
    let mut heard = Vec::new();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    loop {
        let frame = tokio::time::timeout_at(deadline, visitor_socket.recv_type("receipt"))
            .await
            .expect("the last receipt within 20 s");
        let through = frame["through"].as_str().expect("through").to_owned();
        heard.push((
            frame["state"].as_str().expect("state").to_owned(),
            through.clone(),
        ));
        if frame["state"] == "seen" && through == last {
            break;
        }
    }
    worker.kill().expect("stop worker");
    worker.wait().expect("reaped");
    let messages = app.messages(&chat).await;
    for id in &ids {
        let message = find(&messages, id);
        assert!(message["seenAt"].is_string(), "{id} not seen: {message}");
        assert!(message["deliveredAt"].is_string(), "{id} not delivered");
    }

    // Never backwards: the seen frames the visitor heard only go forward,
    // and so do the stored marks, in the order they were written.
    let seen_heard: Vec<&String> = heard
        .iter()
        .filter(|(state, _)| state == "seen")
        .map(|(_, through)| through)
        .collect();
    assert!(
        seen_heard.windows(2).all(|pair| pair[0] <= pair[1]),
        "a seen frame stepped back: {seen_heard:?}"
    );
    for state in ["delivered", "seen"] {
        let rows: Vec<String> = sqlx::query_scalar(
            "select through_message_id::text from chat_receipts
             where session_id = $1::uuid and reader = 'agent' and state = $2
             order by at, through_message_id",
        )
        .bind(&chat)
        .bind(state)
        .fetch_all(&app.pool)
        .await
        .expect("rows");
        assert!(
            rows.windows(2).all(|pair| pair[0] < pair[1]),
            "{state}: {rows:?}"
        );
        assert_eq!(rows.last(), Some(&last));
    }
}
