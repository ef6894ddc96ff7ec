//! Blog posts and events written by admins: only admins write, every write is
//! audited, and bad input is refused in words at its field.

use crate::content::{create_event, create_post, event, post};
use crate::helpers::{message, registration, spawn};
use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;

#[sqlx::test(migrations = "../migrations")]
async fn only_admins_write_and_every_write_is_audited(pool: PgPool) {
    let app = spawn(pool).await;
    let body = post("Secret plans", "News");
    let anonymous = app.new_browser();
    for response in [
        anonymous.post("/api/admin/blog", &body).await,
        anonymous
            .put(&format!("/api/admin/blog/{}", uuid::Uuid::new_v4()), &body)
            .await,
        anonymous
            .delete(&format!("/api/admin/events/{}", uuid::Uuid::new_v4()))
            .await,
        anonymous
            .post("/api/admin/events", &event("E", "2026-01-01"))
            .await,
    ] {
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    }
    let user = app.new_browser();
    user.register(&registration("reader@example.com")).await;
    assert_eq!(
        user.login("reader@example.com", "s3cret-pass")
            .await
            .status(),
        StatusCode::OK
    );
    let response = user.post("/api/admin/blog", &body).await;
    assert_eq!(response.status(), StatusCode::FORBIDDEN);
    assert_eq!(message(response).await, "Only admins can do this");
    let count: i64 = sqlx::query_scalar("select count(*) from blog_posts")
        .fetch_one(&app.pool)
        .await
        .expect("count");
    assert_eq!(count, 0);

    let admin = app.agent().await;
    let id = create_post(&admin, &body).await;
    let mut edited = body.clone();
    edited["title"] = json!("Public plans");
    let response = admin.put(&format!("/api/admin/blog/{id}"), &edited).await;
    assert_eq!(response.status(), StatusCode::OK);
    let saved: Value = response.json().await.expect("json");
    assert_eq!(saved["title"], "Public plans");
    assert_eq!(
        admin
            .delete(&format!("/api/admin/blog/{id}"))
            .await
            .status(),
        StatusCode::NO_CONTENT
    );
    let again = admin.delete(&format!("/api/admin/blog/{id}")).await;
    assert_eq!(again.status(), StatusCode::NOT_FOUND);
    assert_eq!(message(again).await, "Blog post not found");
    let event_id = create_event(&admin, &event("Summit", "2026-06-01")).await;

    let rows: Vec<(String, String, String, Option<String>)> = sqlx::query_as(
        "select a.action, a.entity, a.details->>'title', u.email from audit_log a \
         left join users u on u.id = a.actor_id where a.entity <> 'account' order by a.id",
    )
    .fetch_all(&app.pool)
    .await
    .expect("audit rows");
    let admin_email = rows[0].3.clone();
    assert!(
        admin_email
            .as_deref()
            .is_some_and(|e| e.starts_with("agent-")),
        "{rows:?}"
    );
    let actions: Vec<(&str, &str, &str)> = rows
        .iter()
        .map(|r| (r.0.as_str(), r.1.as_str(), r.2.as_str()))
        .collect();
    assert_eq!(
        actions,
        [
            ("create", "blog_post", "Secret plans"),
            ("update", "blog_post", "Public plans"),
            ("delete", "blog_post", "Public plans"),
            ("create", "event", "Summit"),
        ]
    );
    let entity_id: uuid::Uuid =
        sqlx::query_scalar("select entity_id from audit_log where entity = 'event'")
            .fetch_one(&app.pool)
            .await
            .expect("row");
    assert_eq!(entity_id.to_string(), event_id);
}

#[sqlx::test(migrations = "../migrations")]
async fn admin_input_is_validated_in_words(pool: PgPool) {
    let app = spawn(pool).await;
    let admin = app.agent().await;
    let with = |field: &str, value: Value| {
        let mut body = post("Fine title", "News");
        body[field] = value;
        body
    };
    let mut missing = post("T", "News");
    missing
        .as_object_mut()
        .expect("object")
        .remove("fullContent");
    for (body, expected) in [
        (with("title", json!("   ")), "Title is required"),
        (
            with("title", json!("x".repeat(201))),
            "Title must be at most 200 characters",
        ),
        (
            with("excerpt", json!("x".repeat(1_001))),
            "Excerpt must be at most 1000 characters",
        ),
        (
            with("fullContent", json!("x".repeat(100_001))),
            "Content must be at most 100000 characters",
        ),
        (missing, "Content is required"),
        (
            with("category", json!("x".repeat(61))),
            "Category must be at most 60 characters",
        ),
        (with("title", json!(5)), "Title must be text"),
        (
            with("featured", json!("yes")),
            "Featured must be true or false",
        ),
        (
            with("sourceUrl", json!("javascript:alert(1)")),
            "Source URL must be a web address (http:// or https://) or a site path starting with /",
        ),
        (
            with("image", json!("//evil.example/x.png")),
            "Image must be a web address (http:// or https://) or a site path starting with /",
        ),
        (
            with(
                "sourceUrl",
                json!(format!("https://x.example/{}", "a".repeat(2_000))),
            ),
            "Source URL must be at most 2000 characters",
        ),
        (
            with("publishedAt", json!("yesterday")),
            "Publication date must be a date and time like 2026-01-31T09:00:00Z",
        ),
    ] {
        let response = admin.post("/api/admin/blog", &body).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST);
        assert_eq!(message(response).await, expected);
    }
    let mut bad_date = event("Summit", "2026-02-30");
    let response = admin.post("/api/admin/events", &bad_date).await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert_eq!(
        message(response).await,
        "Date must be a calendar date like 2026-03-14"
    );
    bad_date["date"] = json!("2026-02-28");
    bad_date["registerLink"] = json!("mailto:x@example.com");
    let response = admin.post("/api/admin/events", &bad_date).await;
    assert_eq!(
        message(response).await,
        "Registration link must be a web address (http:// or https://) or a site path starting with /"
    );
}

/// No page may fetch from another site on load (issue 27): an image on
/// another site is refused at save, at the field that holds it.
#[sqlx::test(migrations = "../migrations")]
async fn an_image_on_another_site_is_refused_at_its_field(pool: PgPool) {
    let app = spawn(pool).await;
    let admin = app.agent().await;
    let image_message = "Image must be a site path such as /objects/… (upload an image from \
        another site under Uploads first: every visitor's browser would otherwise fetch it from there)";
    let mut cover = post("Cover", "News");
    cover["image"] = json!("https://cdn.example/cover.png");
    let mut inline = post("Inline", "News");
    inline["fullContent"] = json!("Our racks:\n\n![Racks](https://cdn.example/racks.png)");
    let mut poster = event("Summit", "2026-02-28");
    poster["image"] = json!("https://cdn.example/summit.png");
    for (path, body, field, expected) in [
        ("/api/admin/blog", cover, "image", image_message.to_owned()),
        (
            "/api/admin/blog",
            inline,
            "fullContent",
            "Content has an image from another site (https://cdn.example/racks.png): upload it \
             under Uploads and use its /objects/ address, as every reader's browser would \
             otherwise fetch it from there"
                .to_owned(),
        ),
        (
            "/api/admin/events",
            poster,
            "image",
            image_message.to_owned(),
        ),
    ] {
        let response = admin.post(path, &body).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{path} {field}");
        let refusal: Value = response.json().await.expect("json");
        assert_eq!(refusal["field"], json!(field));
        assert_eq!(refusal["message"], json!(expected));
    }
    let mut uploaded = post("Uploaded", "News");
    uploaded["image"] = json!("/objects/0b7e4c1e-1d2a-4a59-9d62-4d7c3c2a1f00");
    uploaded["fullContent"] = json!("![Racks](/objects/0b7e4c1e-1d2a-4a59-9d62-4d7c3c2a1f00)");
    create_post(&admin, &uploaded).await;
}
