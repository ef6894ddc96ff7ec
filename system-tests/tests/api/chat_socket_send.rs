//! A text message sent on the open socket (issue 37, light on data): the
//! checks and the durable path of `POST …/messages`, answered by the stored
//! message's own `new_message` frame (no answer of its own), stored once
//! whichever way a resend comes, and refused with the post's status and words.

use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;

use crate::helpers::{Options, Socket, spawn, spawn_with};

fn send_frame(chat: &str, client_id: &str, text: &str, resend: bool) -> Value {
    json!({
        "type": "send_message",
        "sessionId": chat,
        "clientMessageId": client_id,
        "message": text,
        "resend": resend,
    })
}

/// The answer to the message `client_id`: its `new_message` or a `send_failed`.
async fn answer(socket: &mut Socket, client_id: &str) -> Value {
    loop {
        let frame = socket.recv().await;
        if frame["type"] == "send_failed"
            || (frame["type"] == "new_message" && frame["message"]["clientMessageId"] == client_id)
        {
            return frame;
        }
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn a_message_sent_on_the_socket_is_answered_by_its_frame_and_stored_once(pool: PgPool) {
    let app = spawn(pool).await;
    let chat = app.start_chat("Amina", "amina@example.com").await;
    let agent = app.agent().await;
    let mut console = agent.socket().await;
    assert_eq!(console.join(&chat).await["type"], "session_joined");
    let mut visitor = app.socket().await;
    assert_eq!(visitor.join(&chat).await["type"], "session_joined");

    let client_id = uuid::Uuid::new_v4().to_string();
    visitor
        .send(send_frame(&chat, &client_id, "Is Nairobi up?", false))
        .await;
    let mine = answer(&mut visitor, &client_id).await;
    assert_eq!(mine["type"], "new_message", "{mine}");
    assert_eq!(mine["message"]["clientMessageId"], client_id.as_str());
    assert_eq!(mine["message"]["message"], "Is Nairobi up?");
    assert_eq!(mine["message"]["senderType"], "user");
    let theirs = console.recv_type("new_message").await;
    assert_eq!(theirs["message"]["id"], mine["message"]["id"]);

    // The answer was lost (as far as the client knows): a resend on the
    // socket is answered with the stored message, and a resend by POST too.
    visitor
        .send(send_frame(&chat, &client_id, "Is Nairobi up?", true))
        .await;
    let again = answer(&mut visitor, &client_id).await;
    assert_eq!(again["message"]["id"], mine["message"]["id"], "{again}");
    let posted = app
        .post(
            &format!("/api/chat/sessions/{chat}/messages"),
            &json!({ "message": "Is Nairobi up?", "clientMessageId": client_id, "resend": true }),
        )
        .await;
    assert_eq!(posted.status(), StatusCode::CREATED);
    let posted: Value = posted.json().await.expect("json");
    assert_eq!(posted["id"], mine["message"]["id"]);
    let stored = app.messages(&chat).await;
    let copies = stored
        .iter()
        .filter(|message| message["clientMessageId"] == client_id.as_str())
        .count();
    assert_eq!(copies, 1, "{stored:?}");

    // The agent answers on the socket too; the first answer takes the chat.
    let reply_id = uuid::Uuid::new_v4().to_string();
    console
        .send(send_frame(&chat, &reply_id, "Yes, all green.", false))
        .await;
    let reply = answer(&mut console, &reply_id).await;
    assert_eq!(reply["message"]["senderType"], "agent", "{reply}");
    loop {
        let frame = visitor.recv_type("new_message").await;
        if frame["message"]["id"] == reply["message"]["id"] {
            break;
        }
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn a_refused_socket_message_says_why_with_the_status_a_post_would_have(pool: PgPool) {
    let app = spawn_with(
        pool,
        Options {
            config: vec![("CHAT_MESSAGE_LIMIT_PER_IP_PER_MINUTE", "2".into())],
            ..Options::default()
        },
    )
    .await;
    let chat = app.start_chat("Amina", "amina@example.com").await;
    let mut visitor = app.socket().await;

    // Not joined (a join that failed): the socket may not write to it, and
    // says so as the message's failure, which the browser then posts.
    let unjoined = uuid::Uuid::new_v4().to_string();
    visitor
        .send(send_frame(&chat, &unjoined, "Hi", false))
        .await;
    let refused = visitor.recv().await;
    assert_eq!(
        refused,
        json!({
            "type": "send_failed",
            "sessionId": chat,
            "clientMessageId": unjoined,
            "status": 409,
            "message": "Join the chat session first",
        })
    );
    assert_eq!(visitor.join(&chat).await["type"], "session_joined");

    let check = |frame: &Value, client_id: &str, status: u16| {
        assert_eq!(frame["type"], "send_failed", "{frame}");
        assert_eq!(frame["sessionId"], chat.as_str());
        assert_eq!(frame["clientMessageId"], client_id);
        assert_eq!(frame["status"], status, "{frame}");
        assert!(
            frame["message"].as_str().is_some_and(|m| !m.is_empty()),
            "{frame}"
        );
    };
    let empty = uuid::Uuid::new_v4().to_string();
    visitor.send(send_frame(&chat, &empty, "   ", false)).await;
    check(&answer(&mut visitor, &empty).await, &empty, 400);
    let long = uuid::Uuid::new_v4().to_string();
    visitor
        .send(send_frame(&chat, &long, &"x".repeat(4001), false))
        .await;
    check(&answer(&mut visitor, &long).await, &long, 400);

    // The visitor's rate limit counts socket messages as it counts posts.
    for text in ["one", "two"] {
        let id = uuid::Uuid::new_v4().to_string();
        visitor.send(send_frame(&chat, &id, text, false)).await;
        assert_eq!(answer(&mut visitor, &id).await["type"], "new_message");
    }
    let third = uuid::Uuid::new_v4().to_string();
    visitor
        .send(send_frame(&chat, &third, "three", false))
        .await;
    let limited = answer(&mut visitor, &third).await;
    check(&limited, &third, 429);
    assert_eq!(
        limited["message"],
        "Too many messages. Please slow down and try again."
    );
    // A failure for now closes the socket, so that no message sent after it
    // on the socket is stored before it: the client sends them again, in order.
    let (code, reason) = visitor.closed_with(std::time::Duration::from_secs(5)).await;
    assert_eq!(code, 1013, "{reason}");
    let texts: Vec<Value> = app
        .messages(&chat)
        .await
        .iter()
        .filter(|message| message["senderType"] == "user")
        .map(|message| message["message"].clone())
        .collect();
    assert_eq!(texts, vec![json!("one"), json!("two")]);
}
