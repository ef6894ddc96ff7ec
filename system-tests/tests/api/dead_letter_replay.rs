//! Replaying dead letters: a message dead-lettered because its chat was missing
//! is stored once the chat exists, by the admin's replay and by the replay
//! command.

use crate::dead_letters::{command, publish, wait_for_count};
use crate::helpers::{TestApp, nats_url, spawn};
use async_nats::jetstream;
use sqlx::PgPool;
use std::time::Duration;
use uuid::Uuid;
use workers::dead_letters::{self, Filter};

/// A chat message dead-lettered because its chat did not exist yet.
async fn dead_letter_for_a_missing_chat(app: &TestApp, text: &str) -> (Uuid, Uuid, Uuid) {
    let chat = Uuid::now_v7();
    let command = command(chat, text);
    publish(app, &command).await;
    let sql = format!(
        "select count(*) from dead_letters where subject = '{}'",
        app.namespace.chat_send(chat)
    );
    assert_eq!(
        wait_for_count(&app.pool, &sql, 1, Duration::from_secs(10)).await,
        1
    );
    let dead_letter: Uuid = sqlx::query_scalar(
        "select id from dead_letters where subject = $1 and reason = 'data' and role = 'chat'",
    )
    .bind(app.namespace.chat_send(chat))
    .fetch_one(&app.pool)
    .await
    .expect("dead letter");
    sqlx::query(
        "insert into chat_sessions (id, visitor_name, visitor_email, owner_token)
         values ($1, 'Late', 'late@example.com', $2)",
    )
    .bind(chat)
    .bind(Uuid::new_v4())
    .execute(&app.pool)
    .await
    .expect("chat created");
    (dead_letter, chat, command.message.id)
}

async fn stored_messages(pool: &PgPool, id: Uuid) -> i64 {
    let sql = format!("select count(*) from chat_messages where id = '{id}'");
    wait_for_count(pool, &sql, 1, Duration::from_secs(10)).await
}

async fn replayed_at_is_set(pool: &PgPool, id: Uuid) -> bool {
    sqlx::query_scalar("select replayed_at is not null from dead_letters where id = $1")
        .bind(id)
        .fetch_one(pool)
        .await
        .expect("dead letter")
}

#[sqlx::test(migrations = "../migrations")]
async fn replay_stores_a_message_whose_chat_exists_now(pool: PgPool) {
    let app = spawn(pool).await;
    let (dead_letter, _, message) = dead_letter_for_a_missing_chat(&app, "early bird").await;
    assert_eq!(
        dead_letters::counts(&app.pool).await.expect("counts"),
        [("chat".to_owned(), "data".to_owned(), 1)]
    );

    // Well inside the duplicate window of the original Nats-Msg-Id.
    let jetstream = jetstream::new(app.nats.clone());
    let filter = Filter {
        role: Some("chat".to_owned()),
        ..Filter::default()
    };
    let replayed = dead_letters::replay(&app.pool, &jetstream, &filter)
        .await
        .expect("replayed");
    assert_eq!(replayed, 1);
    assert_eq!(stored_messages(&app.pool, message).await, 1, "stored");
    assert!(replayed_at_is_set(&app.pool, dead_letter).await);
    assert!(
        dead_letters::counts(&app.pool)
            .await
            .expect("counts")
            .is_empty()
    );

    // Nothing left to replay; other roles are not touched.
    assert_eq!(
        dead_letters::replay(&app.pool, &jetstream, &Filter::default())
            .await
            .expect("replayed"),
        0
    );
    let total: i64 = sqlx::query_scalar("select count(*) from dead_letters")
        .fetch_one(&app.pool)
        .await
        .expect("count");
    assert_eq!(total, 1, "the replay did not fail again");
}

#[sqlx::test(migrations = "../migrations")]
async fn the_replay_command_replays_the_dead_letter_it_is_given(pool: PgPool) {
    let app = spawn(pool).await;
    let (first, _, first_message) = dead_letter_for_a_missing_chat(&app, "one").await;
    let (second, _, _) = dead_letter_for_a_missing_chat(&app, "two").await;

    let output = std::process::Command::new(crate::chat_pipeline::workers_binary())
        .args(["replay-dead-letters", "--id", &first.to_string()])
        .env("DATABASE_URL", &app.database_url)
        .env("NATS_URL", nats_url())
        .env("NATS_PREFIX", app.namespace_prefix())
        .env("RUST_LOG", "warn")
        .output()
        .expect("the command runs");
    assert!(output.status.success(), "{output:?}");
    assert_eq!(
        String::from_utf8_lossy(&output.stdout).trim(),
        "replayed 1 dead letters"
    );
    assert_eq!(stored_messages(&app.pool, first_message).await, 1);
    assert!(replayed_at_is_set(&app.pool, first).await);
    assert!(!replayed_at_is_set(&app.pool, second).await, "only --id");
}
