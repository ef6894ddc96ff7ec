//! The text rules every API input goes through: control characters and
//! invisible-only values are refused before anything is published, shape
//! errors are named in words, and visitor emails are strict.

use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;

use crate::helpers::{message, registration, spawn};

const NUL: &str = "poison\u{0}byte";

#[sqlx::test(migrations = "../migrations")]
async fn a_chat_message_with_a_nul_is_refused_and_never_published(pool: PgPool) {
    let app = spawn(pool.clone()).await;
    let chat = app.start_chat("Amina", "amina@example.com").await;
    for bad in [
        NUL,
        "bell\u{7}",
        "escape\u{1b}[2J",
        "carriage\rreturn",
        "next\u{85}line",
    ] {
        let response = app.send(&chat, bad).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{bad:?}");
        assert_eq!(
            message(response).await,
            "Message must not contain control characters"
        );
    }
    for invisible in ["\u{200B}\u{200B}", " \u{202E} ", "\u{FEFF}\u{2060}"] {
        let response = app.send(&chat, invisible).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{invisible:?}");
        assert_eq!(message(response).await, "Message cannot be empty");
    }
    // Newlines and tabs are what multi-line text is made of.
    let response = app.send(&chat, "line one\r\n\tline two").await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let stored: Vec<String> = sqlx::query_scalar(
        "select message from chat_messages where sender_type = 'user' order by id",
    )
    .fetch_all(&pool)
    .await
    .expect("messages");
    assert_eq!(stored, vec!["line one\n\tline two".to_owned()]);
    // A bidi override inside real text is kept (the browser isolates it).
    let response = app.send(&chat, "price \u{202E}0001 KSh").await;
    assert_eq!(response.status(), StatusCode::CREATED);
}

#[sqlx::test(migrations = "../migrations")]
async fn chat_start_fields_with_control_or_invisible_characters_are_refused(pool: PgPool) {
    let app = spawn(pool.clone()).await;
    let valid = json!({ "visitorName": "Amina", "visitorEmail": "amina@example.com", "pageUrl": "/pricing" });
    let cases = [
        (
            "visitorName",
            json!(NUL),
            "Name must not contain control characters",
        ),
        ("visitorName", json!("\u{200B}\u{200D}"), "Name is required"),
        ("visitorName", json!("\u{202E}\u{2066}"), "Name is required"),
        (
            "visitorEmail",
            json!("amina@example.com\u{0}"),
            "Email must not contain control characters",
        ),
        (
            "visitorEmail",
            json!("a\u{200B}@example.com"),
            "Please enter a valid email address",
        ),
        (
            "visitorEmail",
            json!("a?cc=x@example.com"),
            "Please enter a valid email address",
        ),
        (
            "visitorEmail",
            json!("a&b@example.com"),
            "Please enter a valid email address",
        ),
        (
            "visitorEmail",
            json!("a b@example.com"),
            "Please enter a valid email address",
        ),
        (
            "visitorEmail",
            json!("amina@localhost"),
            "Please enter a valid email address",
        ),
        (
            "pageUrl",
            json!("/pricing\u{0}"),
            "Page address must not contain control characters",
        ),
        ("visitorName", json!(5), "Name must be text"),
        // A name that would make the chat, its transcript or its emails
        // read as if they came from us.
        (
            "visitorName",
            json!("Nyota Cloud Billing"),
            "Name must be a person's own name, not the company's or a role's",
        ),
        (
            "visitorName",
            json!("System"),
            "Name must be a person's own name, not the company's or a role's",
        ),
        (
            "visitorName",
            json!("Amina\u{2028}Support"),
            "Name must be on one line",
        ),
    ];
    for (field, value, expected) in cases {
        let mut body = valid.clone();
        body[field] = value;
        let response = app.post("/api/chat/sessions", &body).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{field} {body}");
        assert_eq!(message(response).await, expected, "{field}");
    }
    let chats: i64 = sqlx::query_scalar("select count(*) from chat_sessions")
        .fetch_one(&pool)
        .await
        .expect("count");
    assert_eq!(chats, 0, "no refused chat may be stored");
}

#[sqlx::test(migrations = "../migrations")]
async fn register_and_login_fields_with_a_nul_are_400_not_500(pool: PgPool) {
    let app = spawn(pool.clone()).await;
    for field in ["username", "email", "password", "name", "phone"] {
        let mut body = registration("nul@example.com");
        let value = body[field].as_str().expect("text").to_owned();
        body[field] = json!(format!("{value}\u{0}"));
        let response = app.register(&body).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{field}");
        let text = message(response).await;
        assert!(
            text.ends_with("must not contain control characters")
                || text == "Please enter a valid email address",
            "{field}: {text}"
        );
    }
    let users: i64 = sqlx::query_scalar("select count(*) from users")
        .fetch_one(&pool)
        .await
        .expect("count");
    assert_eq!(users, 0);
    let response = app.login("nul@example.com\u{0}", "s3cret-pass").await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert_eq!(
        message(response).await,
        "Email must not contain control characters"
    );
    let response = app.login("nul@example.com", "s3cret\u{0}").await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert_eq!(
        message(response).await,
        "Password must not contain control characters"
    );
    let response = app.login("\u{200B}", "s3cret-pass").await;
    assert_eq!(message(response).await, "Email is required");
}

#[sqlx::test(migrations = "../migrations")]
async fn shape_errors_are_in_words_and_never_name_rust_types(pool: PgPool) {
    let app = spawn(pool).await;
    let chat = app.start_chat("Amina", "amina@example.com").await;
    let cases: Vec<(String, Value, &str)> = vec![
        (
            "/api/chat/sessions".into(),
            json!(5),
            "The request body must be a JSON object",
        ),
        (
            "/api/chat/sessions".into(),
            json!([]),
            "The request body must be a JSON object",
        ),
        ("/api/chat/sessions".into(), json!({}), "Name is required"),
        (
            "/api/chat/sessions".into(),
            json!({ "visitorName": "A" }),
            "Email is required",
        ),
        (
            format!("/api/chat/sessions/{chat}/messages"),
            json!({ "message": ["x"] }),
            "Message must be text",
        ),
        (
            format!("/api/chat/sessions/{chat}/messages"),
            json!(null),
            "The request body must be a JSON object",
        ),
        (
            "/api/login".into(),
            json!({ "email": "a@b.co" }),
            "Password is required",
        ),
        (
            "/api/register".into(),
            json!("text"),
            "The request body must be a JSON object",
        ),
    ];
    for (path, body, expected) in cases {
        let response = app.post(&path, &body).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{path} {body}");
        let text = message(response).await;
        assert_eq!(text, expected, "{path} {body}");
    }
    let response = app
        .client
        .post(app.url("/api/login"))
        .header("X-Requested-With", "XMLHttpRequest")
        .header("Content-Type", "application/json")
        .body("{\"email\": \"a@b.co\", \"password\": \"x\"} trailing")
        .send()
        .await
        .expect("request");
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert_eq!(
        message(response).await,
        "The request body is not valid JSON"
    );
}
