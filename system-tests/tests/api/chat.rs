use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;

use crate::helpers::{message, spawn};

#[sqlx::test(migrations = "../migrations")]
async fn starting_a_chat_validates_its_input(pool: PgPool) {
    let app = spawn(pool).await;
    let cases = [
        (
            json!({ "visitorName": "  ", "visitorEmail": "a@b.co" }),
            "Name is required",
        ),
        (
            json!({ "visitorName": "A".repeat(101), "visitorEmail": "a@b.co" }),
            "Name must be at most 100 characters",
        ),
        (
            json!({ "visitorName": "Ann", "visitorEmail": " " }),
            "Please enter a valid email address",
        ),
        (
            json!({ "visitorName": "Ann", "visitorEmail": "ann@" }),
            "Please enter a valid email address",
        ),
    ];
    for (body, expected) in cases {
        let response = app.post("/api/chat/sessions", &body).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{body}");
        assert_eq!(message(response).await, expected);
    }
    let response = app
        .post("/api/chat/sessions", &json!({ "visitorName": "Ann" }))
        .await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_chat_started_with_no_agent_online_says_so(pool: PgPool) {
    let app = spawn(pool).await;
    // Email is sent (as the workers record when they start with an SMTP
    // server): the notice promises the reply by email.
    sqlx::query("insert into email_health (configured) values (true)")
        .execute(&app.pool)
        .await
        .expect("email_health");
    let response = app
        .post(
            "/api/chat/sessions",
            &json!({ "visitorName": " Wanjiru ", "visitorEmail": " wanjiru@example.com " }),
        )
        .await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let chat: Value = response.json().await.expect("json");
    assert_eq!(chat["visitorName"], "Wanjiru");
    assert_eq!(chat["visitorEmail"], "wanjiru@example.com");
    assert_eq!(chat["status"], "open");
    let id = chat["sessionId"].as_str().expect("id");
    assert_eq!(
        uuid::Uuid::parse_str(id).expect("uuid").get_version_num(),
        7
    );

    let messages = app.messages(id).await;
    assert_eq!(messages.len(), 1);
    assert_eq!(messages[0]["senderType"], "system");
    assert_eq!(
        messages[0]["message"],
        "Our support team is offline right now. We have your message and will reply by email to wanjiru@example.com."
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn with_an_agent_online_there_is_no_offline_notice(pool: PgPool) {
    let app = spawn(pool).await;
    let agent = app.agent().await;
    let mut console = agent.socket().await;
    console.send(json!({ "type": "join_agents" })).await;
    assert_eq!(console.recv().await["type"], "agents_joined");

    let chat = app.start_chat("Baraka", "baraka@example.com").await;
    // No offline notice: the chat went straight to the agent, who is
    // announced by a system message (sent by whichever assigner took the
    // chat, so it may land just after the start's answer).
    let mut messages = Vec::new();
    for _ in 0..50 {
        messages = app.messages(&chat).await;
        if !messages.is_empty() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(messages.len(), 1, "{messages:?}");
    assert_eq!(messages[0]["senderType"], "system");
    assert_eq!(messages[0]["message"], "Administrator joined the chat");
    let update = console.recv_type("inbox_update").await;
    assert_eq!(update["sessionId"], chat.as_str());
    assert_eq!(update["reason"], "new_session");
}

#[sqlx::test(migrations = "../migrations")]
async fn every_sent_message_is_listed_at_once_in_order(pool: PgPool) {
    let app = spawn(pool).await;
    let chat = app.start_chat("Amina", "amina@example.com").await;
    let mut sent = Vec::new();
    for n in 0..20 {
        let response = app.send(&chat, &format!("  message {n}  ")).await;
        assert_eq!(response.status(), StatusCode::CREATED);
        let stored: Value = response.json().await.expect("json");
        assert_eq!(stored["message"], format!("message {n}"), "trimmed");
        assert_eq!(stored["senderType"], "user");
        sent.push(stored["id"].clone());
        // Read your writes: the very next read includes it.
        let listed: Vec<Value> = app
            .messages(&chat)
            .await
            .iter()
            .map(|m| m["id"].clone())
            .collect();
        assert_eq!(listed.last(), sent.last(), "message {n} listed at once");
    }
    let users: Vec<Value> = app
        .visitor_messages(&chat)
        .await
        .iter()
        .map(|m| m["id"].clone())
        .collect();
    assert_eq!(users, sent);
}

/// A client that got no answer sends the same message again with the same
/// `clientMessageId`: it is stored once and both answers name it.
#[sqlx::test(migrations = "../migrations")]
async fn a_retried_send_with_the_same_client_message_id_is_stored_once(pool: PgPool) {
    let app = spawn(pool).await;
    let chat = app.start_chat("Amina", "amina@example.com").await;
    let path = format!("/api/chat/sessions/{chat}/messages");
    let client_message_id = uuid::Uuid::new_v4();
    let mut answers = Vec::new();
    for _ in 0..3 {
        let response = app
            .post(
                &path,
                &json!({ "message": "hello once", "clientMessageId": client_message_id }),
            )
            .await;
        assert_eq!(response.status(), StatusCode::CREATED);
        let stored: Value = response.json().await.expect("json");
        answers.push(stored["id"].clone());
    }
    assert!(answers.iter().all(|id| *id == answers[0]), "{answers:?}");
    // Another message of its own id is another message.
    let other = app
        .post(
            &path,
            &json!({ "message": "hello once", "clientMessageId": uuid::Uuid::new_v4() }),
        )
        .await;
    assert_eq!(other.status(), StatusCode::CREATED);
    let other: Value = other.json().await.expect("json");
    assert_ne!(other["id"], answers[0]);
    let users: Vec<Value> = app
        .visitor_messages(&chat)
        .await
        .iter()
        .map(|m| m["id"].clone())
        .collect();
    assert_eq!(users, vec![answers[0].clone(), other["id"].clone()]);
}

#[sqlx::test(migrations = "../migrations")]
async fn message_bounds_are_enforced(pool: PgPool) {
    let app = spawn(pool).await;
    let chat = app.start_chat("Amina", "amina@example.com").await;
    for blank in ["", "   \n\t "] {
        let response = app.send(&chat, blank).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST);
        assert_eq!(message(response).await, "Message cannot be empty");
    }
    let response = app.send(&chat, &"x".repeat(4001)).await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert_eq!(
        message(response).await,
        "Message must be at most 4000 characters"
    );
    // Characters, not bytes: 4,000 multi-byte characters are fine.
    assert_eq!(
        app.send(&chat, &"é".repeat(4000)).await.status(),
        StatusCode::CREATED
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn only_the_owner_and_agents_can_see_a_chat(pool: PgPool) {
    let app = spawn(pool).await;
    let chat = app.start_chat("Owner", "owner@example.com").await;
    app.send(&chat, "private details").await;

    let stranger = app.new_browser();
    let signed_in_stranger = app.new_browser();
    assert_eq!(
        signed_in_stranger
            .register(&crate::helpers::registration("stranger@example.com"))
            .await
            .status(),
        StatusCode::CREATED
    );
    let missing = uuid::Uuid::now_v7().to_string();
    for intruder in [&stranger, &signed_in_stranger] {
        for path in [
            format!("/api/chat/sessions/{chat}"),
            format!("/api/chat/sessions/{chat}/messages"),
        ] {
            let response = intruder.get(&path).await;
            assert_eq!(response.status(), StatusCode::NOT_FOUND, "{path}");
            let body = response.text().await.expect("body");
            assert!(!body.contains("private"), "{body}");
        }
        let response = intruder.send(&chat, "hijack").await;
        assert_eq!(response.status(), StatusCode::NOT_FOUND);
        let mut socket = intruder.socket().await;
        let answer = socket.join(&chat).await;
        assert_eq!(
            answer,
            json!({ "type": "error", "message": "Chat session not found" })
        );
        // A chat that does not exist answers exactly the same.
        assert_eq!(
            intruder
                .get(&format!("/api/chat/sessions/{missing}/messages"))
                .await
                .status(),
            StatusCode::NOT_FOUND
        );
        assert_eq!(socket.join(&missing).await, answer);
        for path in [
            "/api/agent/chats".to_owned(),
            format!("/api/agent/chats/{chat}"),
        ] {
            let status = intruder.get(&path).await.status();
            assert!(
                status == StatusCode::UNAUTHORIZED || status == StatusCode::FORBIDDEN,
                "{path}: {status}"
            );
        }
        let response = intruder
            .post(&format!("/api/agent/chats/{chat}/resolve"), &json!({}))
            .await;
        assert!(matches!(
            response.status(),
            StatusCode::UNAUTHORIZED | StatusCode::FORBIDDEN
        ));
    }
    let stored: i64 =
        sqlx::query_scalar("select count(*) from chat_messages where message = 'hijack'")
            .fetch_one(&app.pool)
            .await
            .expect("count");
    assert_eq!(stored, 0);

    // The owner keeps access after signing in (the session id rotates).
    app.register(&crate::helpers::registration("owner@example.com"))
        .await;
    assert_eq!(app.messages(&chat).await.len(), 2);
    // And an agent may read it.
    let agent = app.agent().await;
    assert_eq!(agent.messages(&chat).await.len(), 2);
}

/// Each gateway caches a chat's owner and status (a message costs no read
/// of them); a change made through another gateway holds here at once: the
/// visitor who signs in there still owns the chat here, and a chat resolved
/// there is reopened by its visitor writing here.
#[sqlx::test(migrations = "../migrations")]
async fn a_change_to_a_chat_on_one_gateway_holds_at_once_on_another(pool: PgPool) {
    let app = spawn(pool).await;
    let other = app.another_gateway().await;
    let here = app.new_browser();
    let chat = here.start_chat("Owner", "owner@example.com").await;
    // Sending reads (and caches) the chat's owner here.
    assert_eq!(
        here.send(&chat, "first").await.status(),
        StatusCode::CREATED
    );

    let there = here.on(&other);
    let registered = there
        .register(&crate::helpers::registration("owner@example.com"))
        .await;
    assert_eq!(registered.status(), StatusCode::CREATED);
    // The chat now belongs to the account (the browser's token is gone).
    assert_eq!(
        here.send(&chat, "second").await.status(),
        StatusCode::CREATED
    );

    let agent = app.agent().await.on(&other);
    let resolved: Value = agent
        .post(&format!("/api/agent/chats/{chat}/resolve"), &json!({}))
        .await
        .json()
        .await
        .expect("json");
    assert_eq!(resolved["status"], "resolved");
    assert_eq!(
        here.send(&chat, "third").await.status(),
        StatusCode::CREATED
    );
    let row: Value = agent
        .get(&format!("/api/agent/chats/{chat}"))
        .await
        .json()
        .await
        .expect("json");
    assert_eq!(row["status"], "open", "writing again reopened the chat");
    let texts: Vec<Value> = here
        .visitor_messages(&chat)
        .await
        .iter()
        .map(|m| m["message"].clone())
        .collect();
    assert_eq!(texts, [json!("first"), json!("second"), json!("third")]);
}

/// Agent consoles get an inbox update for each chat with a new message
/// (the worker sends a stored batch's updates in one NATS message, which
/// the gateway splits into one frame per chat).
#[sqlx::test(migrations = "../migrations")]
async fn every_chat_with_new_messages_gets_an_inbox_update(pool: PgPool) {
    let app = spawn(pool).await;
    let chats = [app.new_browser(), app.new_browser(), app.new_browser()];
    let mut ids = Vec::new();
    for (n, visitor) in chats.iter().enumerate() {
        ids.push(
            visitor
                .start_chat("Visitor", &format!("visitor{n}@example.com"))
                .await,
        );
    }
    let agent = app.agent().await;
    let mut console = agent.socket().await;
    console.send(json!({ "type": "join_agents" })).await;
    assert_eq!(console.recv().await["type"], "agents_joined");

    let sends = chats
        .iter()
        .zip(&ids)
        .map(|(visitor, id)| visitor.send(id, "hello"));
    for response in futures::future::join_all(sends).await {
        assert_eq!(response.status(), StatusCode::CREATED);
    }
    let mut updated = std::collections::BTreeSet::new();
    while updated.len() < ids.len() {
        let update = console.recv_type("inbox_update").await;
        if update["reason"] == "new_message" {
            updated.insert(update["sessionId"].as_str().expect("id").to_owned());
        }
    }
    let expected: std::collections::BTreeSet<String> = ids.into_iter().collect();
    assert_eq!(updated, expected);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_message_sent_through_one_gateway_reaches_a_socket_on_another(pool: PgPool) {
    let app = spawn(pool).await;
    let chat = app.start_chat("Amina", "amina@example.com").await;
    let other = app.another_gateway().await;
    assert_ne!(other, app.address);

    // The same browser (its cookie) on gateway B; an agent on gateway B too.
    let mut visitor_on_b = crate::helpers::Browser {
        address: other.clone(),
        client: app.client.clone(),
        jar: app.jar.clone(),
    }
    .socket()
    .await;
    assert_eq!(visitor_on_b.join(&chat).await["type"], "session_joined");
    let agent = app.agent().await;
    let agent_on_b = crate::helpers::Browser {
        address: other.clone(),
        client: agent.client.clone(),
        jar: agent.jar.clone(),
    };
    let mut console_on_b = agent_on_b.socket().await;
    assert_eq!(console_on_b.join(&chat).await["type"], "session_joined");

    let response = app.send(&chat, "hello from gateway A").await;
    let sent: Value = response.json().await.expect("json");
    let event = visitor_on_b.recv_type("new_message").await;
    assert_eq!(event["sessionId"], chat.as_str());
    assert_eq!(event["message"], sent);
    assert_eq!(
        console_on_b.recv_type("new_message").await["message"]["id"],
        sent["id"]
    );

    // Typing travels too, labelled with who types.
    let mut visitor_on_a = app.socket().await;
    visitor_on_a.join(&chat).await;
    visitor_on_a
        .send(json!({ "type": "typing", "sessionId": chat, "isTyping": true }))
        .await;
    assert_eq!(
        console_on_b.recv_type("typing").await,
        json!({ "type": "typing", "sessionId": chat, "senderType": "user", "isTyping": true })
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn agents_work_the_inbox(pool: PgPool) {
    let app = spawn(pool).await;
    let chat = app.start_chat("Amina", "amina@example.com").await;
    app.send(&chat, "Is bare metal available in Nairobi?").await;
    app.send(&chat, "Hello?").await;
    let agent = app.agent().await;

    let inbox = agent
        .get("/api/agent/chats?status=unanswered&assigned=unassigned")
        .await;
    assert_eq!(inbox.status(), StatusCode::OK, "{:?}", inbox.text().await);
    let inbox: Vec<Value> = agent
        .get("/api/agent/chats?status=unanswered&assigned=unassigned")
        .await
        .json()
        .await
        .expect("json");
    assert_eq!(inbox.len(), 1);
    let row = &inbox[0];
    assert_eq!(row["sessionId"], chat.as_str());
    assert_eq!(row["unreadCount"], 2);
    assert_eq!(row["awaitingReply"], true);
    assert_eq!(row["lastMessagePreview"], "Hello?");
    assert_eq!(row["pageUrl"], "/pricing");
    assert!(row["waitingSince"].is_string());
    let mine: Vec<Value> = agent
        .get("/api/agent/chats?assigned=me")
        .await
        .json()
        .await
        .expect("json");
    assert!(mine.is_empty());

    // Replying takes the chat, tells the visitor, and answers it.
    let reply = agent.send(&chat, "Yes, it is.").await;
    assert_eq!(reply.status(), StatusCode::CREATED);
    let reply: Value = reply.json().await.expect("json");
    assert_eq!(reply["senderType"], "agent");
    let messages = app.messages(&chat).await;
    let texts: Vec<&str> = messages
        .iter()
        .map(|m| m["message"].as_str().expect("text"))
        .collect();
    assert_eq!(
        &texts[texts.len() - 2..],
        ["Administrator joined the chat", "Yes, it is."]
    );

    let row: Value = agent
        .get(&format!("/api/agent/chats/{chat}"))
        .await
        .json()
        .await
        .expect("json");
    assert_eq!(row["awaitingReply"], false);
    assert!(row["waitingSince"].is_null());
    assert!(row["assignedAgentName"] == "Administrator");
    let mine: Vec<Value> = agent
        .get("/api/agent/chats?assigned=me")
        .await
        .json()
        .await
        .expect("json");
    assert_eq!(mine.len(), 1);

    let read: Value = agent
        .post(&format!("/api/agent/chats/{chat}/read"), &json!({}))
        .await
        .json()
        .await
        .expect("json");
    assert_eq!(read["unreadCount"], 0);

    let resolved: Value = agent
        .post(&format!("/api/agent/chats/{chat}/resolve"), &json!({}))
        .await
        .json()
        .await
        .expect("json");
    assert_eq!(resolved["status"], "resolved");
    assert_eq!(
        app.messages(&chat).await.last().expect("one")["message"],
        "This chat has been marked as resolved."
    );
    let open: Vec<Value> = agent
        .get("/api/agent/chats?status=open")
        .await
        .json()
        .await
        .expect("json");
    assert!(open.is_empty());
    let done: Vec<Value> = agent
        .get("/api/agent/chats?status=resolved")
        .await
        .json()
        .await
        .expect("json");
    assert_eq!(done.len(), 1);

    // The visitor writing again reopens it.
    app.send(&chat, "One more question").await;
    let row: Value = agent
        .get(&format!("/api/agent/chats/{chat}"))
        .await
        .json()
        .await
        .expect("json");
    assert_eq!(row["status"], "open");
    assert_eq!(row["unreadCount"], 1);

    let bad = agent.get("/api/agent/chats?status=sleeping").await;
    assert_eq!(bad.status(), StatusCode::BAD_REQUEST);
}
