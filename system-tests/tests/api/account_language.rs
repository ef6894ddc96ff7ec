//! A signed-in user's language is kept on the account (issue 39): the page
//! they registered on gives the first, each choice replaces it, and a
//! sign-in answers it so the site can open in it.

use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;

use crate::helpers::{message, registration, spawn};

#[sqlx::test(migrations = "../migrations")]
async fn the_language_chosen_is_kept_on_the_account_and_answered_at_sign_in(pool: PgPool) {
    let app = spawn(pool.clone()).await;
    let mut body = registration("langue@example.com");
    body["language"] = "fr".into();
    let created: Value = app.register(&body).await.json().await.expect("json");
    assert_eq!(created["language"], "fr");

    let saved = app
        .put("/api/user/language", &json!({ "language": "sw" }))
        .await;
    assert_eq!(saved.status(), StatusCode::NO_CONTENT);
    let current: Value = app.get("/api/user").await.json().await.expect("json");
    assert_eq!(current["language"], "sw");

    // Saying it again writes nothing: the row is not rewritten.
    let version = |pool: PgPool| async move {
        sqlx::query_scalar::<_, String>(
            "select xmin::text from users where email = 'langue@example.com'",
        )
        .fetch_one(&pool)
        .await
        .expect("the user")
    };
    let before = version(pool.clone()).await;
    let again = app
        .put("/api/user/language", &json!({ "language": "sw" }))
        .await;
    assert_eq!(again.status(), StatusCode::NO_CONTENT);
    assert_eq!(version(pool.clone()).await, before);

    app.post("/api/logout", &json!({})).await;
    let signed_in = app.login("langue@example.com", "s3cret-pass").await;
    assert_eq!(signed_in.status(), StatusCode::OK);
    let user: Value = signed_in.json().await.expect("json");
    assert_eq!(user["language"], "sw");
}

#[sqlx::test(migrations = "../migrations")]
async fn an_account_from_before_has_no_language_until_one_is_chosen(pool: PgPool) {
    let app = spawn(pool.clone()).await;
    app.register(&registration("ancien@example.com")).await;
    sqlx::query("update users set language = null where email = 'ancien@example.com'")
        .execute(&pool)
        .await
        .expect("forgotten");
    let current: Value = app.get("/api/user").await.json().await.expect("json");
    assert!(current.get("language").is_none(), "{current}");
}

#[sqlx::test(migrations = "../migrations")]
async fn only_a_signed_in_user_saves_a_language_and_only_one_the_site_speaks(pool: PgPool) {
    let app = spawn(pool).await;
    let anonymous = app
        .put("/api/user/language", &json!({ "language": "fr" }))
        .await;
    assert_eq!(anonymous.status(), StatusCode::UNAUTHORIZED);

    app.register(&registration("choix@example.com")).await;
    for (body, words) in [
        (json!({ "language": "de" }), "Language"),
        (json!({}), "Language"),
    ] {
        let refused = app.put("/api/user/language", &body).await;
        assert_eq!(refused.status(), StatusCode::BAD_REQUEST, "{body}");
        let said = message(refused).await;
        assert!(said.contains(words), "{body}: {said}");
    }
    let current: Value = app.get("/api/user").await.json().await.expect("json");
    assert_eq!(current["language"], "en");
}
