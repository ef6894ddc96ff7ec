//! Resume instead of refetch (issue 37): a socket rejoining a chat names
//! the newest message it has and the answer carries exactly what it missed,
//! with where the receipts stand; a gap too old to replay says so.

use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;

use crate::helpers::{Options, Socket, spawn, spawn_with};

async fn rejoin(socket: &mut Socket, chat: &str, after: &str) -> Value {
    socket
        .send(json!({ "type": "join_session", "sessionId": chat, "after": after }))
        .await;
    socket.recv_type("session_joined").await
}

fn ids(messages: &[Value]) -> Vec<&str> {
    messages
        .iter()
        .map(|message| message["id"].as_str().expect("id"))
        .collect()
}

#[sqlx::test(migrations = "../migrations")]
async fn a_rejoin_gets_exactly_the_messages_it_missed(pool: PgPool) {
    let app = spawn(pool).await;
    let chat = app.start_chat("Amina", "amina@example.com").await;
    for text in ["one", "two"] {
        assert_eq!(app.send(&chat, text).await.status(), StatusCode::CREATED);
    }
    let had = app.messages(&chat).await;
    let last_had = had.last().expect("messages")["id"]
        .as_str()
        .expect("id")
        .to_owned();

    // While the visitor's link is down: the agent answers and reads.
    let agent = app.agent().await;
    for text in ["Hello Amina", "Which region?"] {
        assert_eq!(agent.send(&chat, text).await.status(), StatusCode::CREATED);
    }
    let read = agent
        .post(&format!("/api/agent/chats/{chat}/read"), &json!({}))
        .await;
    assert_eq!(read.status(), StatusCode::OK);

    let mut socket = app.socket().await;
    let joined = rejoin(&mut socket, &chat, &last_had).await;
    assert_eq!(joined["resume"]["kind"], "replayed", "{joined}");
    let now = app.messages(&chat).await;
    let missed = joined["resume"]["missed"].as_array().expect("missed");
    assert_eq!(
        ids(missed),
        ids(&now[had.len()..]),
        "exactly what it lacked, in order"
    );
    assert!(
        missed
            .iter()
            .any(|message| message["message"] == "Hello Amina"),
        "{missed:?}"
    );
    // The agents' read mark came with it: the visitor's messages are seen.
    let receipts = joined["resume"]["receipts"].as_array().expect("receipts");
    let seen = receipts
        .iter()
        .find(|mark| mark["reader"] == "agent" && mark["state"] == "seen")
        .expect("the agents' seen mark");
    assert_eq!(seen["through"], now.last().expect("messages")["id"]);

    // Nothing missed: an empty replay, still no refetch.
    let newest = now.last().expect("messages")["id"]
        .as_str()
        .expect("id")
        .to_owned();
    let mut again = app.socket().await;
    let joined = rejoin(&mut again, &chat, &newest).await;
    assert_eq!(joined["resume"]["kind"], "replayed");
    assert_eq!(joined["resume"]["missed"], json!([]));

    // A first join asks nothing and is told nothing more.
    let mut first = app.socket().await;
    assert_eq!(
        first.join(&chat).await,
        json!({ "type": "session_joined", "sessionId": chat })
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn a_gap_too_old_to_replay_says_so(pool: PgPool) {
    let app = spawn_with(
        pool,
        Options {
            config: vec![("CHAT_MESSAGE_LIMIT_PER_IP_PER_MINUTE", "100000".into())],
            ..Options::default()
        },
    )
    .await;
    let chat = app.start_chat("Amina", "amina@example.com").await;
    let first = app.messages(&chat).await[0]["id"]
        .as_str()
        .expect("id")
        .to_owned();
    for n in 0..101 {
        assert_eq!(
            app.send(&chat, &format!("line {n}")).await.status(),
            StatusCode::CREATED
        );
    }
    let mut socket = app.socket().await;
    let joined = rejoin(&mut socket, &chat, &first).await;
    assert_eq!(
        joined["resume"],
        json!({ "kind": "too_old", "reason": "More than 100 messages were missed" })
    );

    // A message the chat does not hold (another chat's, or one erased).
    let other = app
        .new_browser()
        .start_chat("Juma", "juma@example.com")
        .await;
    let foreign = app.messages(&chat).await; // ours, to find theirs below
    let theirs: String = sqlx::query_scalar(
        "select id::text from chat_messages where session_id = $1::uuid limit 1",
    )
    .bind(&other)
    .fetch_one(&app.pool)
    .await
    .expect("their notice");
    assert!(ids(&foreign).iter().all(|id| *id != theirs));
    let joined = rejoin(&mut socket, &chat, &theirs).await;
    assert_eq!(
        joined["resume"],
        json!({
            "kind": "too_old",
            "reason": "The last message this device had is no longer in the chat"
        })
    );
}
