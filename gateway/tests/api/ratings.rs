//! "How was your chat?": only the chat's visitor rates it, only once, only
//! after it is resolved; the rating shows to agents and, per agent and
//! week, on the analytics report.

use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;

use crate::helpers::spawn;

async fn message(response: reqwest::Response) -> String {
    let body: Value = response.json().await.expect("json");
    body["message"].as_str().unwrap_or_default().to_owned()
}

#[sqlx::test(migrations = "../migrations")]
async fn a_resolved_chat_is_rated_once_by_its_visitor(pool: PgPool) {
    let app = spawn(pool).await;
    let visitor = app.new_browser();
    let chat = visitor.start_chat("Amina", "amina@example.com").await;
    let path = format!("/api/chat/sessions/{chat}/rating");
    let good = json!({ "score": 4, "comment": "Quick and helpful" });

    let early = visitor.post(&path, &good).await;
    assert_eq!(early.status(), StatusCode::CONFLICT);
    assert_eq!(
        message(early).await,
        "You can rate this chat once it has been resolved"
    );

    let agent = app.agent().await;
    let me: Value = agent.get("/api/user").await.json().await.expect("json");
    let answered = agent.send(&chat, "Hello Amina").await;
    assert_eq!(answered.status(), StatusCode::CREATED);
    let resolved = agent
        .post(&format!("/api/agent/chats/{chat}/resolve"), &json!({}))
        .await;
    assert_eq!(resolved.status(), StatusCode::OK);

    // Nobody but the chat's visitor rates it.
    let by_agent = agent.post(&path, &good).await;
    assert_eq!(by_agent.status(), StatusCode::FORBIDDEN);
    assert_eq!(
        message(by_agent).await,
        "Only the visitor who started this chat can rate it"
    );
    assert_eq!(
        app.new_browser().post(&path, &good).await.status(),
        StatusCode::NOT_FOUND
    );
    for (bad, words) in [
        (
            json!({ "score": 0 }),
            "Score must be a whole number from 1 to 5",
        ),
        (
            json!({ "score": 6 }),
            "Score must be a whole number from 1 to 5",
        ),
        (
            json!({ "score": 3, "comment": "x".repeat(1001) }),
            "Comment must be at most 1000 characters",
        ),
    ] {
        let response = visitor.post(&path, &bad).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{bad}");
        assert_eq!(message(response).await, words, "{bad}");
    }
    let before: Value = visitor.get(&path).await.json().await.expect("json");
    assert_eq!(before, Value::Null);

    let rated = visitor.post(&path, &good).await;
    assert_eq!(rated.status(), StatusCode::CREATED);
    let again = visitor
        .post(&path, &json!({ "score": 1, "comment": "changed my mind" }))
        .await;
    assert_eq!(again.status(), StatusCode::CONFLICT);
    assert_eq!(
        message(again).await,
        "You have already rated this chat. Thank you!"
    );
    let stored: Value = visitor.get(&path).await.json().await.expect("json");
    assert_eq!(stored, good);

    // Agents see it in the conversation…
    let summary: Value = agent
        .get(&format!("/api/agent/chats/{chat}"))
        .await
        .json()
        .await
        .expect("json");
    assert_eq!(summary["rating"], 4);
    assert_eq!(summary["ratingComment"], "Quick and helpful");
    // …and admins per agent and week.
    let report: Value = agent
        .get("/api/admin/analytics")
        .await
        .json()
        .await
        .expect("json");
    let weeks = report["ratingsPerAgentWeek"].as_array().expect("weeks");
    assert_eq!(weeks.len(), 1, "{weeks:?}");
    assert_eq!(weeks[0]["agentId"], me["id"]);
    assert_eq!(weeks[0]["name"], me["name"]);
    assert_eq!(weeks[0]["ratings"], 1);
    assert_eq!(weeks[0]["average"], 4.0);
}
