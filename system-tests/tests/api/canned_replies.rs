//! The canned-reply library: validated, managed by admins, read by agents
//! (moved from agents.rs).

use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;

use crate::helpers::{message, spawn};

#[sqlx::test(migrations = "../migrations")]
async fn canned_responses_are_validated_managed_by_admins_and_read_by_agents(pool: PgPool) {
    let app = spawn(pool).await;
    let (admin, _) = app.signed_in_as("admin").await;
    let (support, _) = app.signed_in_as("support").await;
    let greeting = json!({
        "shortcut": "hello",
        "title": "Greeting",
        "body": "Hello {{visitor.name}}, I'm {{agent.name}}.\nHow can I help?",
    });
    let created = admin.post("/api/agent/canned-responses", &greeting).await;
    assert_eq!(created.status(), StatusCode::CREATED);
    let created: Value = created.json().await.expect("JSON");
    let id = created["id"].as_str().expect("id").to_owned();

    // Support agents read the library but cannot change it.
    let listed: Vec<Value> = support
        .get("/api/agent/canned-responses")
        .await
        .json()
        .await
        .expect("JSON");
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0]["body"], greeting["body"]);
    assert_eq!(
        support
            .post("/api/agent/canned-responses", &greeting)
            .await
            .status(),
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        support
            .delete(&format!("/api/agent/canned-responses/{id}"))
            .await
            .status(),
        StatusCode::FORBIDDEN
    );

    let long_title = "t".repeat(101);
    let long_body = "b".repeat(4001);
    for (body, expected) in [
        (
            json!({ "shortcut": "Hello", "title": "x", "body": "x" }),
            "Shortcut must be 1 to 32 lowercase letters, digits or dashes",
        ),
        (
            json!({ "shortcut": "a b", "title": "x", "body": "x" }),
            "Shortcut must be 1 to 32 lowercase letters, digits or dashes",
        ),
        (
            json!({ "shortcut": "x".repeat(33), "title": "x", "body": "x" }),
            "Shortcut must be 1 to 32 lowercase letters, digits or dashes",
        ),
        (
            json!({ "shortcut": "", "title": "x", "body": "x" }),
            "Shortcut is required",
        ),
        (
            json!({ "shortcut": "ok", "title": long_title, "body": "x" }),
            "Title must be at most 100 characters",
        ),
        (
            json!({ "shortcut": "ok", "title": "x", "body": " " }),
            "Reply text is required",
        ),
        (
            json!({ "shortcut": "ok", "title": "x", "body": long_body }),
            "Reply text must be at most 4000 characters",
        ),
    ] {
        let response = admin.post("/api/agent/canned-responses", &body).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{body}");
        assert_eq!(message(response).await, expected, "{body}");
    }
    // Shortcuts are unique, on create and on update.
    let clash = admin.post("/api/agent/canned-responses", &greeting).await;
    assert_eq!(clash.status(), StatusCode::CONFLICT);
    assert_eq!(
        message(clash).await,
        "Another canned reply in this language already uses this shortcut"
    );
    let refund =
        json!({ "shortcut": "refund", "title": "Refunds", "body": "Refunds take 5 days." });
    let refund: Value = admin
        .post("/api/agent/canned-responses", &refund)
        .await
        .json()
        .await
        .expect("JSON");
    let refund_id = refund["id"].as_str().expect("id");
    let renamed = admin
        .put(
            &format!("/api/agent/canned-responses/{refund_id}"),
            &greeting,
        )
        .await;
    assert_eq!(renamed.status(), StatusCode::CONFLICT);
    let edited = admin
        .put(
            &format!("/api/agent/canned-responses/{refund_id}"),
            &json!({ "shortcut": "refunds", "title": "Refunds", "body": "Refunds take 3 days." }),
        )
        .await;
    assert_eq!(edited.status(), StatusCode::OK);
    assert_eq!(
        admin
            .delete(&format!("/api/agent/canned-responses/{id}"))
            .await
            .status(),
        StatusCode::NO_CONTENT
    );
    assert_eq!(
        admin
            .delete(&format!("/api/agent/canned-responses/{id}"))
            .await
            .status(),
        StatusCode::NOT_FOUND
    );
    let actions: Vec<String> = sqlx::query_scalar(
        "select action from audit_log where entity = 'canned_response' order by at, id",
    )
    .fetch_all(&app.pool)
    .await
    .expect("audit");
    assert_eq!(actions, ["create", "create", "update", "delete"]);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_shortcut_has_a_version_per_language(pool: PgPool) {
    let app = spawn(pool).await;
    let (admin, _) = app.signed_in_as("admin").await;
    let version = |language: Option<&str>, body: &str| {
        let mut reply = json!({ "shortcut": "pricing", "title": "Pricing", "body": body });
        if let Some(language) = language {
            reply["language"] = json!(language);
        }
        reply
    };
    let english = admin
        .post(
            "/api/agent/canned-responses",
            &version(None, "Bare metal starts at KES 45,000."),
        )
        .await;
    assert_eq!(english.status(), StatusCode::CREATED);
    let english: Value = english.json().await.expect("JSON");
    assert_eq!(english["language"], "en", "English when not said");
    let french = admin
        .post(
            "/api/agent/canned-responses",
            &version(Some("fr"), "Le bare metal commence à 45 000 KES."),
        )
        .await;
    assert_eq!(french.status(), StatusCode::CREATED);
    // One version per language: a second French one is refused.
    let again = admin
        .post(
            "/api/agent/canned-responses",
            &version(Some("fr"), "Encore."),
        )
        .await;
    assert_eq!(again.status(), StatusCode::CONFLICT);
    assert_eq!(
        message(again).await,
        "Another canned reply in this language already uses this shortcut"
    );
    let listed: Vec<Value> = admin
        .get("/api/agent/canned-responses")
        .await
        .json()
        .await
        .expect("JSON");
    let languages: Vec<&str> = listed
        .iter()
        .filter_map(|reply| reply["language"].as_str())
        .collect();
    assert_eq!(languages, ["en", "fr"]);
}
