use reqwest::StatusCode;
use serde_json::json;
use sqlx::PgPool;

use crate::helpers::{Options, message, registration, spawn, spawn_with};

#[sqlx::test(migrations = "../migrations")]
async fn session_cookie_is_http_only_and_lax(pool: PgPool) {
    let app = spawn(pool).await;
    let response = app.register(&registration("cookie@example.com")).await;
    let set_cookie = response
        .headers()
        .get("set-cookie")
        .expect("session cookie set")
        .to_str()
        .expect("ascii")
        .to_owned();
    assert!(set_cookie.starts_with("nyota.sid="), "{set_cookie}");
    assert!(set_cookie.contains("HttpOnly"), "{set_cookie}");
    assert!(set_cookie.contains("SameSite=Lax"), "{set_cookie}");
    assert!(!set_cookie.contains("Secure"), "{set_cookie}");
}

#[sqlx::test(migrations = "../migrations")]
async fn secure_cookie_when_configured(pool: PgPool) {
    let app = spawn_with(
        pool,
        Options {
            config: vec![("COOKIE_SECURE", "true".into())],
            ..Options::default()
        },
    )
    .await;
    let response = app.register(&registration("secure@example.com")).await;
    let set_cookie = response.headers()["set-cookie"]
        .to_str()
        .expect("ascii")
        .to_owned();
    assert!(set_cookie.contains("Secure"), "{set_cookie}");
}

#[sqlx::test(migrations = "../migrations")]
async fn session_id_changes_at_login_and_the_old_one_dies(pool: PgPool) {
    let app = spawn(pool).await;
    app.register(&registration("rotate@example.com")).await;
    let before = app.session_cookie().expect("cookie after registration");

    assert_eq!(
        app.login("rotate@example.com", "s3cret-pass")
            .await
            .status(),
        StatusCode::OK
    );
    let after = app.session_cookie().expect("cookie after login");
    assert_ne!(before, after, "login must issue a new session id");
    assert_eq!(app.user_with_cookie(&after).await, StatusCode::OK);
    assert_eq!(
        app.user_with_cookie(&before).await,
        StatusCode::UNAUTHORIZED
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn logout_destroys_the_session_on_the_server(pool: PgPool) {
    let app = spawn(pool.clone()).await;
    app.register(&registration("logout@example.com")).await;
    let cookie = app.session_cookie().expect("cookie");
    assert_eq!(app.user_with_cookie(&cookie).await, StatusCode::OK);

    app.post("/api/logout", &json!({})).await;
    // Replaying the cookie the browser had before logging out gets nothing.
    assert_eq!(
        app.user_with_cookie(&cookie).await,
        StatusCode::UNAUTHORIZED
    );
    let sessions: i64 = sqlx::query_scalar("select count(*) from tower_sessions.session")
        .fetch_one(&pool)
        .await
        .expect("count");
    assert_eq!(sessions, 0);
}

#[sqlx::test(migrations = "../migrations")]
async fn login_is_rate_limited_per_account(pool: PgPool) {
    let app = spawn_with(
        pool,
        Options {
            config: vec![("LOGIN_LIMIT_PER_ACCOUNT_PER_MINUTE", "3".into())],
            ..Options::default()
        },
    )
    .await;
    for _ in 0..3 {
        let response = app.login("target@example.com", "guess-123").await;
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    }
    let response = app.login("TARGET@example.com", "guess-123").await;
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(
        message(response).await,
        "Too many login attempts. Please try again later."
    );
    // Another account from the same address is still allowed.
    assert_eq!(
        app.login("other@example.com", "guess-123").await.status(),
        StatusCode::UNAUTHORIZED
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn login_is_rate_limited_per_ip(pool: PgPool) {
    let app = spawn_with(
        pool,
        Options {
            config: vec![("LOGIN_LIMIT_PER_IP_PER_MINUTE", "4".into())],
            ..Options::default()
        },
    )
    .await;
    for n in 0..4 {
        let response = app
            .login(&format!("user{n}@example.com"), "guess-123")
            .await;
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    }
    let response = app.login("user9@example.com", "guess-123").await;
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
}

#[sqlx::test(migrations = "../migrations")]
async fn registration_is_rate_limited_per_ip(pool: PgPool) {
    let app = spawn_with(
        pool,
        Options {
            config: vec![("REGISTER_LIMIT_PER_IP_PER_HOUR", "2".into())],
            ..Options::default()
        },
    )
    .await;
    for n in 0..2 {
        let response = app
            .register(&registration(&format!("r{n}@example.com")))
            .await;
        assert_eq!(response.status(), StatusCode::CREATED);
    }
    let response = app.register(&registration("r3@example.com")).await;
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(
        message(response).await,
        "Too many registration attempts. Please try again later."
    );
}
