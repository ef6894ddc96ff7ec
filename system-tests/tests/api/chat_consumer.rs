//! The chat worker's JetStream consumer: an old consumer takes the new
//! redelivery limit, a backlog is handed over in batches with each message
//! settled alone, and poison in a batch is dead-lettered without the good
//! messages.

use crate::dead_letters::{
    chat_consumer_info, command, context, publish, tiny_spec, wait_for_count,
};
use crate::helpers::{Options, spawn_with};
use async_nats::jetstream;
use contract::chat::SendMessage;
use sqlx::PgPool;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use uuid::Uuid;
use workers::consumer::{self, Batching, Outcome};

#[sqlx::test(migrations = "../migrations")]
async fn a_consumer_left_with_endless_redelivery_takes_the_new_limit(pool: PgPool) {
    let app = spawn_with(
        pool,
        Options {
            with_chat_worker: false,
            ..Options::default()
        },
    )
    .await;
    // As an older release left it: max_deliver -1.
    let stream = jetstream::new(app.nats.clone())
        .get_or_create_stream(app.namespace.chat_stream())
        .await
        .expect("stream");
    stream
        .create_consumer(jetstream::consumer::pull::Config {
            durable_name: Some("chat".to_owned()),
            filter_subject: app.namespace.chat_send_all(),
            max_deliver: -1,
            ..Default::default()
        })
        .await
        .expect("old consumer");

    workers::chat::spawn(context(&app), std::future::pending())
        .await
        .expect("chat worker starts");
    assert_eq!(chat_consumer_info(&app).await.config.max_deliver, 21);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_backlog_is_handed_over_in_batches_and_each_message_settled_alone(pool: PgPool) {
    const MESSAGES: usize = 60;
    let app = spawn_with(
        pool,
        Options {
            with_chat_worker: false,
            ..Options::default()
        },
    )
    .await;
    // The backlog waits in the stream before the consumer starts.
    jetstream::new(app.nats.clone())
        .get_or_create_stream(app.namespace.chat_stream())
        .await
        .expect("stream");
    let commands: Vec<SendMessage> = (0..MESSAGES)
        .map(|n| command(Uuid::now_v7(), &format!("{n}")))
        .collect();
    for command in &commands {
        publish(&app, command).await;
    }
    let batches: Arc<Mutex<Vec<usize>>> = Arc::default();
    let handler_batches = Arc::clone(&batches);
    consumer::spawn_batched(
        &context(&app),
        tiny_spec(&app, "batched"),
        Batching {
            max_messages: 16,
            linger: Duration::from_millis(50),
        },
        std::future::pending(),
        move |messages| {
            let batches = Arc::clone(&handler_batches);
            async move {
                batches.lock().expect("lock").push(messages.len());
                // Even numbers are handled, odd ones are bad data.
                messages
                    .iter()
                    .map(|message| {
                        let command: SendMessage =
                            serde_json::from_slice(&message.payload).expect("a chat command");
                        let n: usize = command.message.message.parse().expect("a number");
                        if n.is_multiple_of(2) {
                            Outcome::Done
                        } else {
                            Outcome::Reject(anyhow::anyhow!("odd {n}"))
                        }
                    })
                    .collect()
            }
        },
    )
    .await
    .expect("consumer starts");

    let count = "select count(*) from dead_letters";
    assert_eq!(
        wait_for_count(&app.pool, count, 30, Duration::from_secs(10)).await,
        30
    );
    // Time for redeliveries, were any message left unsettled (ack wait 5 s
    // is longer; a nak'ed one would come back within 80 ms).
    tokio::time::sleep(Duration::from_millis(500)).await;
    let batches = batches.lock().expect("lock").clone();
    assert_eq!(batches.iter().sum::<usize>(), MESSAGES, "{batches:?}");
    assert!(
        batches.iter().any(|&size| size > 1),
        "the backlog came in batches: {batches:?}"
    );
    assert!(batches.iter().all(|&size| size <= 16), "{batches:?}");
    let mut dead: Vec<String> =
        sqlx::query_scalar("select headers->'Nats-Msg-Id'->>0 from dead_letters")
            .fetch_all(&app.pool)
            .await
            .expect("dead letters");
    dead.sort();
    let mut odd: Vec<String> = commands
        .iter()
        .skip(1)
        .step_by(2)
        .map(|command| command.message.id.to_string())
        .collect();
    odd.sort();
    assert_eq!(dead, odd, "exactly the rejected messages are dead letters");
    let stream = jetstream::new(app.nats.clone())
        .get_stream(app.namespace.chat_stream().name)
        .await
        .expect("stream");
    let mut consumer: jetstream::consumer::PullConsumer =
        stream.get_consumer("batched").await.expect("consumer");
    let info = consumer.info().await.expect("info");
    assert_eq!(info.num_ack_pending, 0, "every message acked or terminated");
    assert_eq!(info.num_redelivered, 0);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_batch_with_poison_stores_the_good_messages_and_dead_letters_only_the_poison(
    pool: PgPool,
) {
    let app = spawn_with(
        pool,
        Options {
            with_chat_worker: false,
            config: vec![("CHAT_CONFIRM_TIMEOUT_MS", "1".into())],
            ..Options::default()
        },
    )
    .await;
    let chat: Uuid = app
        .start_chat("Mixed", "mixed@example.com")
        .await
        .parse()
        .expect("uuid");
    let first = command(chat, "first");
    let nul = command(chat, "poison\u{0}");
    let nowhere = command(Uuid::now_v7(), "for a chat that does not exist");
    let last = command(chat, "last");
    for command in [&first, &nul, &nowhere, &last] {
        publish(&app, command).await;
    }

    // The role's batch handler, given the whole stream (the offline notice
    // of the chat's start and the four) as one batch.
    let stream = jetstream::new(app.nats.clone())
        .get_stream(app.namespace.chat_stream().name)
        .await
        .expect("stream");
    let probe: jetstream::consumer::PullConsumer = stream
        .create_consumer(jetstream::consumer::pull::Config {
            durable_name: Some("probe".to_owned()),
            filter_subject: app.namespace.chat_send_all(),
            ..Default::default()
        })
        .await
        .expect("probe consumer");
    let mut messages = Vec::new();
    let mut fetched = probe
        .fetch()
        .max_messages(5)
        .expires(Duration::from_secs(2))
        .messages()
        .await
        .expect("fetch");
    {
        use futures::StreamExt as _;
        while let Some(message) = fetched.next().await {
            messages.push(message.expect("message"));
        }
    }
    assert_eq!(messages.len(), 5, "the notice and the four");
    let outcomes = workers::chat::handle_batch(&context(&app), &messages).await;
    let by_id: Vec<(Uuid, &'static str)> = messages
        .iter()
        .zip(&outcomes)
        .map(|(message, outcome)| {
            let command: SendMessage =
                serde_json::from_slice(&message.payload).expect("a chat command");
            let kind = match outcome {
                Outcome::Done => "done",
                Outcome::Retry(_) => "retry",
                Outcome::Reject(_) => "reject",
            };
            (command.message.id, kind)
        })
        .collect();
    for (command, expected) in [
        (&first, "done"),
        (&nul, "reject"),
        (&nowhere, "reject"),
        (&last, "done"),
    ] {
        assert!(
            by_id.contains(&(command.message.id, expected)),
            "{:?} should be {expected}: {by_id:?}",
            command.message.message
        );
    }
    let stored = "select message from chat_messages where session_id = $1 and sender_type = 'user' order by id";
    let texts: Vec<String> = sqlx::query_scalar(stored)
        .bind(chat)
        .fetch_all(&app.pool)
        .await
        .expect("messages");
    assert_eq!(texts, ["first", "last"]);

    // The real role on the same backlog: the good ones are stored already
    // (once), the two bad ones end as dead letters, nothing else does.
    workers::chat::spawn(context(&app), std::future::pending())
        .await
        .expect("chat worker starts");
    let count = "select count(*) from dead_letters where role = 'chat' and reason = 'data'";
    assert_eq!(
        wait_for_count(&app.pool, count, 2, Duration::from_secs(10)).await,
        2
    );
    tokio::time::sleep(Duration::from_millis(500)).await;
    let mut dead: Vec<String> =
        sqlx::query_scalar("select headers->'Nats-Msg-Id'->>0 from dead_letters")
            .fetch_all(&app.pool)
            .await
            .expect("dead letters");
    dead.sort();
    let mut poison = vec![nul.message.id.to_string(), nowhere.message.id.to_string()];
    poison.sort();
    assert_eq!(dead, poison);
    let texts: Vec<String> = sqlx::query_scalar(stored)
        .bind(chat)
        .fetch_all(&app.pool)
        .await
        .expect("messages");
    assert_eq!(texts, ["first", "last"], "stored once each");
    let info = chat_consumer_info(&app).await;
    assert_eq!(info.num_ack_pending, 0, "nothing left pending");
}
