//! The API words its refusals in the reader's language: the web app sends
//! the page's language as `Accept-Language`, the first tag the site speaks
//! wins, anything else is English (issue 39). The English words are the
//! spec's, unchanged.

use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;

use crate::helpers::{TestApp, registration, spawn, spawn_with};
use crate::intake::{request, visitor};

/// `POST path` with `body`, asking for `language` (no header when `None`).
async fn post(
    app: &TestApp,
    language: Option<&str>,
    path: &str,
    body: &Value,
) -> reqwest::Response {
    let mut request = app
        .client
        .post(app.url(path))
        .header("X-Requested-With", "XMLHttpRequest")
        .json(body);
    if let Some(language) = language {
        request = request.header("Accept-Language", language);
    }
    request.send().await.expect("request")
}

async fn refusal(response: reqwest::Response, status: StatusCode) -> Value {
    assert_eq!(response.status(), status);
    response.json().await.expect("JSON")
}

#[sqlx::test(migrations = "../migrations")]
async fn a_wrong_password_is_refused_in_the_readers_language(pool: PgPool) {
    let app = spawn(pool).await;
    app.register(&registration("words@example.com")).await;
    app.post("/api/logout", &json!({})).await;
    let wrong = json!({ "email": "words@example.com", "password": "not-the-password" });
    for (language, words) in [
        (Some("fr"), "E-mail ou mot de passe incorrect"),
        (Some("sw-KE,sw;q=0.9"), "Barua pepe au nenosiri si sahihi"),
        (Some("en-GB,en;q=0.9"), "Invalid email or password"),
        (None, "Invalid email or password"),
    ] {
        let body = refusal(
            post(&app, language, "/api/login", &wrong).await,
            StatusCode::UNAUTHORIZED,
        )
        .await;
        assert_eq!(body, json!({ "message": words }), "{language:?}");
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn a_contact_form_field_is_refused_by_name_in_the_readers_language(pool: PgPool) {
    let app = spawn_with(pool, Default::default()).await;
    let mut blank_name = request(&visitor());
    blank_name["name"] = json!("  ");
    for (language, words) in [
        ("sw", "Sehemu ya jina inahitajika"),
        ("fr", "Le nom est obligatoire"),
        ("en", "Name is required"),
    ] {
        let body = refusal(
            post(&app, Some(language), "/api/messages", &blank_name).await,
            StatusCode::BAD_REQUEST,
        )
        .await;
        assert_eq!(
            body,
            json!({ "message": words, "field": "name" }),
            "{language}"
        );
    }
    // A number in the words, and another field.
    let mut long_message = request(&visitor());
    long_message["message"] = json!("m".repeat(5_001));
    let body = refusal(
        post(&app, Some("fr"), "/api/messages", &long_message).await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert_eq!(
        body,
        json!({ "message": "Le message ne doit pas dépasser 5000 caractères", "field": "message" })
    );
    let body = refusal(
        post(&app, None, "/api/messages", &long_message).await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert_eq!(body["message"], "Message must be at most 5000 characters");
}

#[sqlx::test(migrations = "../migrations")]
async fn the_first_language_the_site_speaks_wins_else_english(pool: PgPool) {
    let app = spawn(pool).await;
    let mut bad_email = request(&visitor());
    bad_email["email"] = json!("not-an-address");
    for (header, words) in [
        ("de, fr;q=0.5", "Veuillez saisir une adresse e-mail valide"),
        (
            "de-CH, sw;q=0.4, fr;q=0.9",
            "Tafadhali weka anwani sahihi ya barua pepe",
        ),
        ("fr;q=0, sw", "Tafadhali weka anwani sahihi ya barua pepe"),
        ("de", "Please enter a valid email address"),
        ("*", "Please enter a valid email address"),
    ] {
        let body = refusal(
            post(&app, Some(header), "/api/messages", &bad_email).await,
            StatusCode::BAD_REQUEST,
        )
        .await;
        assert_eq!(body["message"], words, "{header}");
        assert_eq!(body["field"], "email", "{header}");
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn the_generic_refusals_are_in_the_readers_language_too(pool: PgPool) {
    let app = spawn(pool).await;
    let missing = |language: &'static str| {
        app.client
            .get(app.url("/api/no-such-thing"))
            .header("Accept-Language", language)
            .send()
    };
    let body = refusal(missing("fr").await.expect("request"), StatusCode::NOT_FOUND).await;
    assert_eq!(body, json!({ "message": "Introuvable" }));
    let body = refusal(missing("en").await.expect("request"), StatusCode::NOT_FOUND).await;
    assert_eq!(body, json!({ "message": "Not found" }));
    // A refusal not in the catalogue yet (only programs meet it) stays English.
    let response = app
        .client
        .post(app.url("/api/messages"))
        .header("Accept-Language", "sw")
        .json(&request(&visitor()))
        .send()
        .await
        .expect("request");
    let body = refusal(response, StatusCode::FORBIDDEN).await;
    assert_eq!(
        body["message"],
        "Missing X-Requested-With: XMLHttpRequest header"
    );
}
