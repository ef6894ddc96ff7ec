use reqwest::StatusCode;
use serde_json::Value;
use sqlx::PgPool;

use crate::helpers::{message, registration, spawn};

#[sqlx::test(migrations = "../migrations")]
async fn unsafe_methods_without_the_xhr_header_are_refused(pool: PgPool) {
    let app = spawn(pool.clone()).await;
    let response = app
        .client
        .post(app.url("/api/register"))
        .json(&registration("csrf@example.com"))
        .send()
        .await
        .expect("request");
    assert_eq!(response.status(), StatusCode::FORBIDDEN);
    assert_eq!(
        message(response).await,
        "Missing X-Requested-With: XMLHttpRequest header"
    );
    for method in [
        reqwest::Method::PUT,
        reqwest::Method::PATCH,
        reqwest::Method::DELETE,
    ] {
        let response = app
            .client
            .request(method, app.url("/api/logout"))
            .send()
            .await
            .expect("request");
        assert_eq!(response.status(), StatusCode::FORBIDDEN);
    }
    let users: i64 = sqlx::query_scalar("select count(*) from users")
        .fetch_one(&pool)
        .await
        .expect("count");
    assert_eq!(users, 0);
}

#[sqlx::test(migrations = "../migrations")]
async fn malformed_json_is_a_400_with_a_message(pool: PgPool) {
    let app = spawn(pool).await;
    let response = app
        .client
        .post(app.url("/api/login"))
        .header("X-Requested-With", "XMLHttpRequest")
        .header("Content-Type", "application/json")
        .body("{\"email\": ")
        .send()
        .await
        .expect("request");
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert!(message(response).await.contains("JSON"));
}

#[sqlx::test(migrations = "../migrations")]
async fn non_json_content_type_is_a_415(pool: PgPool) {
    let app = spawn(pool).await;
    let response = app
        .client
        .post(app.url("/api/login"))
        .header("X-Requested-With", "XMLHttpRequest")
        .body("email=a@b.co")
        .send()
        .await
        .expect("request");
    assert_eq!(response.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert_eq!(
        message(response).await,
        "Expected a JSON body (Content-Type: application/json)"
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn oversized_body_is_a_413_with_a_message(pool: PgPool) {
    let app = spawn(pool).await;
    let big = format!(
        "{{\"email\":\"a@b.co\",\"password\":\"{}\"}}",
        "x".repeat(2 * 1024 * 1024)
    );
    let response = app
        .client
        .post(app.url("/api/login"))
        .header("X-Requested-With", "XMLHttpRequest")
        .header("Content-Type", "application/json")
        .body(big)
        .send()
        .await
        .expect("request");
    assert_eq!(response.status(), StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(message(response).await, "Request body is too large");
}

#[sqlx::test(migrations = "../migrations")]
async fn unknown_api_paths_are_json_404s(pool: PgPool) {
    let app = spawn(pool).await;
    let response = app.get("/api/does-not-exist").await;
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    let body: Value = response.json().await.expect("JSON body");
    assert_eq!(body["message"], "Not found");
}

#[sqlx::test(migrations = "../migrations")]
async fn unknown_methods_on_api_routes_are_405_with_allow(pool: PgPool) {
    let app = spawn(pool).await;
    for (method, path) in [("BREW", "/api/user"), ("PUT", "/api/login")] {
        let response = app
            .client
            .request(
                reqwest::Method::from_bytes(method.as_bytes()).expect("method"),
                app.url(path),
            )
            .header("X-Requested-With", "XMLHttpRequest")
            .send()
            .await
            .expect("request");
        assert_eq!(
            response.status(),
            StatusCode::METHOD_NOT_ALLOWED,
            "{method} {path}"
        );
        let allow = response.headers()["allow"]
            .to_str()
            .expect("ascii")
            .to_owned();
        let wanted = if path == "/api/login" { "POST" } else { "GET" };
        assert!(allow.contains(wanted), "{method} {path}: Allow: {allow}");
        assert_eq!(message(response).await, "This method is not allowed here");
    }
}
