//! The chat socket itself: bad frames, oversized frames, foreign origins,
//! slow readers, shutdown and the closing handshake (moved from chat.rs).

use reqwest::StatusCode;
use serde_json::json;
use sqlx::PgPool;

use crate::helpers::{Ending, spawn};

#[sqlx::test(migrations = "../migrations")]
async fn malformed_frames_get_an_error_and_the_socket_lives_on(pool: PgPool) {
    use tokio_tungstenite::tungstenite::Message;
    let app = spawn(pool).await;
    let chat = app.start_chat("Amina", "amina@example.com").await;
    let mut socket = app.socket().await;
    for bad in [
        "not json".to_owned(),
        json!({ "type": "dance" }).to_string(),
        json!({ "type": "join_session" }).to_string(),
        json!({ "type": "join_session", "sessionId": "not-a-uuid" }).to_string(),
    ] {
        socket.send_raw(Message::text(bad)).await;
        assert_eq!(
            socket.recv().await,
            json!({ "type": "error", "message": "Unknown or malformed frame" })
        );
    }
    socket.send_raw(Message::binary(vec![1, 2, 3])).await;
    assert_eq!(socket.recv().await["message"], "Frames must be JSON text");
    socket
        .send(json!({ "type": "typing", "sessionId": chat, "isTyping": true }))
        .await;
    assert_eq!(
        socket.recv().await["message"],
        "Join the chat session first"
    );
    socket.send(json!({ "type": "join_agents" })).await;
    assert_eq!(
        socket.recv().await["message"],
        "Only support agents can do this"
    );

    assert_eq!(
        socket.join(&chat).await,
        json!({ "type": "session_joined", "sessionId": chat })
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn an_oversized_frame_closes_the_socket(pool: PgPool) {
    use tokio_tungstenite::tungstenite::Message;
    let app = spawn(pool).await;
    let mut socket = app.socket().await;
    socket.send_raw(Message::text("x".repeat(64 * 1024))).await;
    // The server refuses frames over 16 KiB by closing the connection.
    let (texts, _) = socket
        .read_until_end(std::time::Duration::from_secs(5))
        .await;
    assert_eq!(texts, 0);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_foreign_origin_cannot_open_a_socket(pool: PgPool) {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest as _;
    let app = spawn(pool).await;
    let host = app.address.trim_start_matches("http://");
    let mut request = format!("ws://{host}/ws")
        .into_client_request()
        .expect("request");
    request
        .headers_mut()
        .insert("Origin", "https://evil.example".parse().expect("header"));
    let error = tokio_tungstenite::connect_async(request)
        .await
        .expect_err("refused");
    let tokio_tungstenite::tungstenite::Error::Http(response) = error else {
        panic!("expected an HTTP refusal, got {error:?}");
    };
    assert_eq!(response.status(), StatusCode::FORBIDDEN);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_socket_that_stops_reading_is_disconnected_not_buffered(pool: PgPool) {
    let app = spawn(pool).await;
    let chat = app.start_chat("Slow", "slow@example.com").await;
    let mut slow = app.socket().await;
    assert_eq!(slow.join(&chat).await["type"], "session_joined");
    let mut healthy = app.socket().await;
    assert_eq!(healthy.join(&chat).await["type"], "session_joined");

    // Flood the chat's event subject as the worker would (8 KiB frames,
    // 24 MiB in all, far beyond the socket buffers), in batches the healthy
    // socket reads in full before the next; the slow one reads nothing.
    let id = uuid::Uuid::parse_str(&chat).expect("uuid");
    let frame = json!({
        "type": "new_message",
        "sessionId": chat,
        "message": { "id": id, "sessionId": chat, "senderType": "agent", "message": "x".repeat(8192), "createdAt": "2026-11-22T00:00:00Z" },
    })
    .to_string();
    const SENT: usize = 3000;
    const BATCH: usize = 50;
    let mut delivered = 0;
    for _ in 0..SENT / BATCH {
        for _ in 0..BATCH {
            app.nats
                .publish(app.namespace.chat_events(id), frame.clone().into())
                .await
                .expect("publish");
        }
        app.nats.flush().await.expect("flush");
        for _ in 0..BATCH {
            assert_eq!(healthy.recv_type("new_message").await["sessionId"], chat);
            delivered += 1;
        }
    }
    assert_eq!(delivered, SENT, "the healthy socket got every message");

    // The slow socket gets what was already in flight, then its connection
    // ends: it was not buffered without limit.
    let (received, _) = slow
        .read_until_end(std::time::Duration::from_secs(10))
        .await;
    assert!(
        received < SENT,
        "the slow consumer received all {SENT} frames: it was buffered, not dropped"
    );
    // The healthy socket is still joined and live.
    app.nats
        .publish(app.namespace.chat_events(id), frame.into())
        .await
        .expect("publish");
    assert_eq!(healthy.recv_type("new_message").await["sessionId"], chat);
}

/// A gateway shutting down closes its sockets cleanly (1012, "service
/// restart"), each told to come back at its own moment within 5 s.
#[sqlx::test(migrations = "../migrations")]
async fn sockets_are_closed_cleanly_on_shutdown_and_told_when_to_return(pool: PgPool) {
    const SOCKETS: usize = 20;
    let app = spawn(pool).await;
    let chat = app.start_chat("Amina", "amina@example.com").await;
    let mut sockets = Vec::new();
    for _ in 0..SOCKETS {
        let mut socket = app.socket().await;
        socket.join(&chat).await;
        sockets.push(socket);
    }
    app.shut_down();
    let mut delays = std::collections::BTreeSet::new();
    for socket in &mut sockets {
        let (code, reason) = socket.closed_with(std::time::Duration::from_secs(5)).await;
        assert_eq!(code, 1012);
        let delay: u64 = reason
            .strip_prefix("Restarting; reconnect in ")
            .and_then(|rest| rest.strip_suffix(" ms"))
            .and_then(|ms| ms.parse().ok())
            .unwrap_or_else(|| panic!("no delay in {reason:?}"));
        assert!(delay < 5_000, "{delay} ms");
        delays.insert(delay);
    }
    // Spread, not all at once: 20 draws from 5,000 ms are (almost surely)
    // at least 15 different moments.
    assert!(delays.len() >= 15, "{delays:?}");
}

#[sqlx::test(migrations = "../migrations")]
async fn a_client_close_gets_the_closing_handshake(pool: PgPool) {
    use futures::SinkExt as _;
    use tokio_tungstenite::tungstenite::Message;
    let app = spawn(pool).await;
    let chat = app.start_chat("Amina", "amina@example.com").await;
    let mut socket = app.socket().await;
    socket.join(&chat).await;
    socket
        .ws_mut()
        .send(Message::Close(None))
        .await
        .expect("close sent");
    let (_, ending) = socket
        .read_until_end(std::time::Duration::from_secs(5))
        .await;
    assert_eq!(ending, Ending::CloseFrame);
}

#[sqlx::test(migrations = "../migrations")]
async fn an_agent_online_on_another_gateway_counts_as_online(pool: PgPool) {
    let app = spawn(pool).await;
    let other = app.another_gateway().await;
    let agent = app.agent().await;
    let agent_on_b = crate::helpers::Browser {
        address: other,
        client: agent.client.clone(),
        jar: agent.jar.clone(),
    };
    let mut console = agent_on_b.socket().await;
    console.send(json!({ "type": "join_agents" })).await;
    assert_eq!(console.recv().await["type"], "agents_joined");

    let chat = app.start_chat("Baraka", "baraka@example.com").await;
    let messages = app.messages(&chat).await;
    assert!(
        messages.iter().all(|m| !m["message"]
            .as_str()
            .unwrap_or("")
            .starts_with("Our support team")),
        "no offline notice: {messages:?}"
    );

    // When that console goes away, visitors are told the team is offline again.
    drop(console);
    let mut notice = Vec::new();
    for _ in 0..50 {
        let chat = app.start_chat("Later", "later@example.com").await;
        notice = app.messages(&chat).await;
        if notice.iter().any(|m| {
            m["message"]
                .as_str()
                .is_some_and(|m| m.starts_with("Our support team is offline"))
        }) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(notice.len(), 1);
    assert_eq!(notice[0]["senderType"], "system");
}

#[sqlx::test(migrations = "../migrations")]
async fn a_ping_is_answered_and_a_flood_of_pings_is_not(pool: PgPool) {
    let app = spawn(pool).await;
    let chat = app.start_chat("Amina", "amina@example.com").await;
    let mut socket = app.socket().await;
    socket.send(json!({ "type": "ping" })).await;
    assert_eq!(socket.recv().await, json!({ "type": "pong" }));

    // A page probes every few seconds; twenty at once get the burst's
    // answers and no more. The join behind them marks the end: the gateway
    // answers a socket's frames in order.
    for _ in 0..20 {
        socket.send(json!({ "type": "ping" })).await;
    }
    socket
        .send(json!({ "type": "join_session", "sessionId": chat }))
        .await;
    let mut pongs = 0;
    loop {
        let frame = socket.recv().await;
        match frame["type"].as_str() {
            Some("pong") => pongs += 1,
            Some("session_joined") => break,
            _ => panic!("unexpected frame {frame}"),
        }
    }
    // The burst of 5 less the one spent above, and one more if a second passed.
    assert!((4..=5).contains(&pongs), "{pongs} pongs");
}
