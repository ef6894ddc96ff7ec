//! Agents at scale: the support role (chat console only).

use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;

use crate::helpers::{Browser, spawn};

/// Every admin route, with a body that would pass validation where one is
/// needed, so only the role check can refuse it.
fn admin_routes() -> Vec<(&'static str, String)> {
    let id = uuid::Uuid::now_v7();
    vec![
        ("GET", "/api/admin/overview".into()),
        ("GET", "/api/admin/messages".into()),
        ("PATCH", format!("/api/admin/messages/{id}")),
        ("POST", "/api/admin/blog".into()),
        ("PUT", format!("/api/admin/blog/{id}")),
        ("DELETE", format!("/api/admin/blog/{id}")),
        ("POST", "/api/admin/events".into()),
        ("PUT", format!("/api/admin/events/{id}")),
        ("DELETE", format!("/api/admin/events/{id}")),
        ("GET", "/api/admin/uploads".into()),
        ("POST", "/api/admin/uploads".into()),
        ("DELETE", format!("/api/admin/uploads/{id}")),
        ("GET", "/api/admin/database".into()),
        ("POST", format!("/api/admin/dead-letters/{id}/replay")),
        ("POST", format!("/api/admin/dead-letters/{id}/discard")),
        ("GET", "/api/admin/subscriptions".into()),
        ("PUT", "/api/admin/site-settings".into()),
        ("GET", "/api/admin/waitlist".into()),
        ("GET", "/api/admin/waitlist.csv".into()),
        ("GET", "/api/admin/analytics".into()),
    ]
}

/// Every agent route (the chat console's API).
fn agent_routes(chat: &str) -> Vec<(&'static str, String)> {
    vec![
        ("GET", "/api/agent/chats".into()),
        ("GET", format!("/api/agent/chats/{chat}")),
        ("POST", format!("/api/agent/chats/{chat}/assign")),
        ("POST", format!("/api/agent/chats/{chat}/resolve")),
        ("POST", format!("/api/agent/chats/{chat}/reopen")),
        ("POST", format!("/api/agent/chats/{chat}/read")),
    ]
}

async fn call(browser: &Browser, method: &str, path: &str) -> StatusCode {
    let body = json!({});
    let response = match method {
        "GET" => browser.get(path).await,
        "POST" => browser.post(path, &body).await,
        "PUT" => browser.put(path, &body).await,
        "PATCH" => browser.patch(path, &body).await,
        "DELETE" => browser.delete(path).await,
        other => panic!("no helper for {other}"),
    };
    response.status()
}

#[sqlx::test(migrations = "../migrations")]
async fn a_support_agent_is_refused_every_admin_route_but_may_use_the_console(pool: PgPool) {
    let app = spawn(pool).await;
    let (support, _) = app.signed_in_as("support").await;
    let user: Value = support.get("/api/user").await.json().await.expect("JSON");
    assert_eq!(user["role"], "support");
    assert_eq!(user["isAdmin"], false);
    for (method, path) in admin_routes() {
        assert_eq!(
            call(&support, method, &path).await,
            StatusCode::FORBIDDEN,
            "{method} {path}"
        );
    }
    let chat = app
        .new_browser()
        .start_chat("Amina", "amina@example.com")
        .await;
    for (method, path) in agent_routes(&chat) {
        assert!(
            call(&support, method, &path).await.is_success(),
            "{method} {path}"
        );
    }
    // And the console's socket frames.
    let mut console = support.socket().await;
    console.send(json!({ "type": "join_agents" })).await;
    assert_eq!(console.recv().await["type"], "agents_joined");
    assert_eq!(console.join(&chat).await["type"], "session_joined");
}

#[sqlx::test(migrations = "../migrations")]
async fn a_plain_user_is_refused_every_agent_route_and_frame(pool: PgPool) {
    let app = spawn(pool).await;
    let (user, _) = app.signed_in_as("user").await;
    let chat = app
        .new_browser()
        .start_chat("Amina", "amina@example.com")
        .await;
    for (method, path) in agent_routes(&chat).into_iter().chain(admin_routes()) {
        assert_eq!(
            call(&user, method, &path).await,
            StatusCode::FORBIDDEN,
            "{method} {path}"
        );
    }
    let mut socket = user.socket().await;
    socket.send(json!({ "type": "join_agents" })).await;
    let answer = socket.recv().await;
    assert_eq!(answer["type"], "error", "{answer}");
    // Someone else's chat is not found for a plain user.
    assert_ne!(socket.join(&chat).await["type"], "session_joined");
}

#[sqlx::test(migrations = "../migrations")]
async fn an_admin_may_use_admin_and_agent_routes(pool: PgPool) {
    let app = spawn(pool).await;
    let (admin, _) = app.signed_in_as("admin").await;
    let user: Value = admin.get("/api/user").await.json().await.expect("JSON");
    assert_eq!(
        (user["role"].as_str(), user["isAdmin"].as_bool()),
        (Some("admin"), Some(true))
    );
    for path in [
        "/api/admin/overview",
        "/api/admin/database",
        "/api/agent/chats",
    ] {
        assert_eq!(admin.get(path).await.status(), StatusCode::OK, "{path}");
    }
}
