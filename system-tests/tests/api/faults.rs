//! Faults that must leave nothing half done (issue 34).

use async_nats::jetstream::stream::DiscardPolicy;
use reqwest::StatusCode;
use serde_json::json;
use sqlx::PgPool;

use crate::helpers::{Options, spawn_with};

#[sqlx::test(migrations = "../migrations")]
async fn a_chat_start_refused_by_a_full_stream_leaves_no_chat_behind(pool: PgPool) {
    let app = spawn_with(pool, Options::default()).await;
    // The CHAT stream is full and refuses new messages.
    let jetstream = async_nats::jetstream::new(app.nats.clone());
    jetstream
        .publish(
            app.namespace.chat_started(uuid::Uuid::now_v7()),
            "{}".into(),
        )
        .await
        .expect("published")
        .await
        .expect("stored");
    let mut full = app.namespace.chat_stream();
    full.max_messages = 1;
    full.discard = DiscardPolicy::New;
    jetstream.update_stream(full).await.expect("stream updated");

    let response = app
        .post(
            "/api/chat/sessions",
            &json!({ "visitorName": "Amina", "visitorEmail": "amina@example.com" }),
        )
        .await;
    assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
    let chats: i64 = sqlx::query_scalar("select count(*) from chat_sessions")
        .fetch_one(&app.pool)
        .await
        .expect("count");
    assert_eq!(chats, 0, "the refused chat was left in the table");
}
