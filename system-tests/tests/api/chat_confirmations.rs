//! Read-your-writes: each send's answer waits for its own message's commit
//! confirmation, bounded (moved from chat_pipeline.rs).

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::Value;
use sqlx::PgPool;

use crate::helpers::{Options, nats_url, spawn_with};

/// Many sends at once through one gateway share its one confirmation
/// subscription: each answer still waits for its own message's commit
/// (listed right after the answer: read-your-writes) and comes long before
/// the time-out.
#[sqlx::test(migrations = "../migrations")]
async fn concurrent_sends_each_get_their_own_commit_confirmation(pool: PgPool) {
    const SENDS: usize = 200;
    const CONFIRM_TIMEOUT: Duration = Duration::from_secs(30);
    let app = spawn_with(
        pool,
        Options {
            config: vec![
                (
                    "CHAT_CONFIRM_TIMEOUT_MS",
                    CONFIRM_TIMEOUT.as_millis().to_string(),
                ),
                ("CHAT_MESSAGE_LIMIT_PER_IP_PER_MINUTE", "1000".into()),
                // One client address opens up to two connections per send
                // here (the send and its listing), beyond the default 256.
                ("MAX_CONNECTIONS_PER_IP", "1000".into()),
            ],
            ..Options::default()
        },
    )
    .await;
    let chat = app.start_chat("Many", "many@example.com").await;
    let sends = (0..SENDS).map(|n| {
        let (app, chat) = (&app, &chat);
        async move {
            let started = std::time::Instant::now();
            let response = app.send(chat, &format!("concurrent {n}")).await;
            let answered_in = started.elapsed();
            assert_eq!(response.status(), StatusCode::CREATED);
            let sent: Value = response.json().await.expect("json");
            let listing = app
                .get(&format!("/api/chat/sessions/{chat}/messages"))
                .await;
            let status = listing.status();
            assert_eq!(
                status,
                StatusCode::OK,
                "{}",
                listing.text().await.unwrap_or_default()
            );
            let listed: Vec<Value> = listing.json().await.expect("json");
            assert!(
                listed.iter().any(|message| message["id"] == sent["id"]),
                "message {n} is listed right after its answer"
            );
            answered_in
        }
    });
    let answer_times = futures::future::join_all(sends).await;
    let slowest = answer_times.iter().max().expect("answers");
    assert!(
        *slowest < CONFIRM_TIMEOUT / 3,
        "the slowest of {SENDS} answers took {slowest:?}: a send waited out its confirmation"
    );
    let from_visitor = app.visitor_messages(&chat).await.len();
    assert_eq!(from_visitor, SENDS, "each stored once");
}

/// One confirmation (a committed batch) wakes the waits of the ids it lists
/// and no other; a malformed one is ignored; a wait without one ends at its
/// bound and is forgotten; and with the routing task gone (here: shut down)
/// a wait still ends at its bound instead of hanging.
#[tokio::test]
async fn confirmation_waits_are_bounded_and_forgotten() {
    use contract::chat::CommitConfirmation;
    use gateway::chat::confirmations::Confirmations;
    use uuid::Uuid;
    let nats = async_nats::connect(nats_url()).await.expect("NATS");
    let namespace =
        contract::Namespace::new(format!("t{}", Uuid::new_v4().simple())).expect("namespace");
    let stop = tokio_util::sync::CancellationToken::new();
    let confirmations = Confirmations::listen(&nats, namespace, stop.clone())
        .await
        .expect("subscribed");
    let confirm = |subject: &str, ids: Vec<Uuid>| {
        let payload = serde_json::to_vec(&CommitConfirmation { ids }).expect("json");
        nats.publish(subject.to_owned(), payload.into())
    };

    let (first, second, third) = (Uuid::now_v7(), Uuid::now_v7(), Uuid::now_v7());
    let (subject, first_wait) = confirmations.expect(first);
    let subject = subject.to_owned();
    let (_, second_wait) = confirmations.expect(second);
    let (_, third_wait) = confirmations.expect(third);
    assert_eq!(confirmations.waiting(), 3);
    nats.publish(subject.clone(), "not json".into())
        .await
        .expect("published");
    confirm(&subject, vec![first, Uuid::now_v7(), second])
        .await
        .expect("published");
    assert!(first_wait.wait(Duration::from_secs(10)).await, "confirmed");
    assert!(second_wait.wait(Duration::from_secs(10)).await, "confirmed");
    assert!(
        !third_wait.wait(Duration::from_millis(200)).await,
        "a batch that does not list this message does not wake it"
    );
    assert_eq!(confirmations.waiting(), 0, "nothing left behind");

    stop.cancel();
    tokio::time::sleep(Duration::from_millis(100)).await;
    let id = Uuid::now_v7();
    let (_, wait) = confirmations.expect(id);
    confirm(&subject, vec![id]).await.expect("published");
    let started = std::time::Instant::now();
    assert!(!wait.wait(Duration::from_millis(300)).await);
    assert!(started.elapsed() < Duration::from_secs(5), "bounded");
    assert_eq!(confirmations.waiting(), 0);
}

/// A retried send (same `clientMessageId`) that arrives while the first
/// one's message is still unstored answers once it is stored, as the first
/// send would have: read-your-writes holds for the retry too.
#[sqlx::test(migrations = "../migrations")]
async fn a_retried_send_answers_once_its_message_is_stored(pool: PgPool) {
    let app = spawn_with(
        pool,
        Options {
            config: vec![("CHAT_CONFIRM_TIMEOUT_MS", "1500".into())],
            ..Options::default()
        },
    )
    .await;
    let chat = app.start_chat("Amina", "amina@example.com").await;
    let path = format!("/api/chat/sessions/{chat}/messages");
    let body =
        serde_json::json!({ "message": "hello once", "clientMessageId": uuid::Uuid::new_v4() });

    // Hold the worker's insert: the first send waits out its time-out and
    // answers with its message durable in JetStream but not yet stored.
    let mut blocker = app.pool.begin().await.expect("transaction");
    sqlx::query("lock table chat_messages in share mode")
        .execute(&mut *blocker)
        .await
        .expect("lock");
    let first = app.post(&path, &body).await;
    assert_eq!(first.status(), StatusCode::CREATED);
    let first: Value = first.json().await.expect("json");

    // The client retries; the worker is let go a moment later.
    let release = async {
        tokio::time::sleep(Duration::from_millis(300)).await;
        blocker.commit().await.expect("unlock");
    };
    let (retry, ()) = tokio::join!(app.post(&path, &body), release);
    assert_eq!(retry.status(), StatusCode::CREATED);
    let retry: Value = retry.json().await.expect("json");
    assert_eq!(retry["id"], first["id"]);
    let stored: Vec<Value> = app
        .visitor_messages(&chat)
        .await
        .iter()
        .map(|message| message["id"].clone())
        .collect();
    assert_eq!(
        stored,
        vec![first["id"].clone()],
        "the retry's answer came before its commit"
    );
}

/// A client's message id holds however late the resend: the message it
/// names is kept with it and echoed, a resend answers with the stored one,
/// and a copy that comes through after the stream's duplicate window (a new
/// message id, the same client id) is not stored a second time.
#[sqlx::test(migrations = "../migrations")]
async fn a_client_message_id_is_stored_once_however_late_it_comes_again(pool: PgPool) {
    use contract::chat::{ChatMessage, SendMessage, SenderType};

    let app = spawn_with(pool, Options::default()).await;
    let chat = app.start_chat("Amina", "amina@example.com").await;
    let path = format!("/api/chat/sessions/{chat}/messages");
    let client_id = uuid::Uuid::new_v4();
    let body = serde_json::json!({ "message": "typed on the bus", "clientMessageId": client_id });

    let first = app.post(&path, &body).await;
    assert_eq!(first.status(), StatusCode::CREATED);
    let first: Value = first.json().await.expect("json");
    assert_eq!(first["clientMessageId"], client_id.to_string());
    let listed = app.visitor_messages(&chat).await;
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0]["clientMessageId"], client_id.to_string());

    // The same id again, said to be a resend: the stored message, not a new one.
    let resend = serde_json::json!({ "message": "typed on the bus", "clientMessageId": client_id, "resend": true });
    let again: Value = app.post(&path, &resend).await.json().await.expect("json");
    assert_eq!(again["id"], first["id"]);
    // Not said (a client that forgot): the stream's duplicate window answers the same.
    let unsaid: Value = app.post(&path, &body).await.json().await.expect("json");
    assert_eq!(unsaid["id"], first["id"]);

    // A copy past the duplicate window: new message id, same client id. A
    // socket on the chat hears nothing of it.
    let mut socket = app.socket().await;
    socket.join(&chat).await;
    let session_id: uuid::Uuid = chat.parse().expect("a chat id");
    let late = SendMessage {
        message: ChatMessage {
            id: uuid::Uuid::now_v7(),
            session_id,
            sender_type: SenderType::User,
            sender_name: None,
            message: "typed on the bus".to_owned(),
            created_at: time::OffsetDateTime::now_utc(),
            attachment: None,
            client_message_id: Some(client_id),
            delivered_at: None,
            seen_at: None,
            channel: Default::default(),
            emailed_at: None,
        },
        agent_id: None,
    };
    crate::dead_letters::publish(&app, &late).await;
    // A later message by another id is stored, so the worker got past the copy.
    let next =
        serde_json::json!({ "message": "and this", "clientMessageId": uuid::Uuid::new_v4() });
    assert_eq!(app.post(&path, &next).await.status(), StatusCode::CREATED);
    let heard = socket.recv_type("new_message").await;
    assert_eq!(
        heard["message"]["message"], "and this",
        "the skipped copy was not announced"
    );
    let texts: Vec<Value> = app
        .visitor_messages(&chat)
        .await
        .iter()
        .map(|message| message["message"].clone())
        .collect();
    assert_eq!(
        texts,
        vec![Value::from("typed on the bus"), Value::from("and this")]
    );
    let dead: i64 = sqlx::query_scalar("select count(*) from dead_letters")
        .fetch_one(&app.pool)
        .await
        .expect("count");
    assert_eq!(dead, 0, "the copy is skipped, not refused");
}
