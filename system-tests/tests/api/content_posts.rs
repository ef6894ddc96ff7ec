//! A post's life: Markdown rendered on write, its read time, drafts, scheduled
//! publishing, the admin's preview and deletion.

use crate::content::{create_event, create_post, event, json_of, post};
use crate::helpers::{TestApp, message, spawn};
use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;
use time::{Duration, OffsetDateTime};

#[sqlx::test(migrations = "../migrations")]
async fn a_markdown_post_is_rendered_sanitised_on_write_and_shown_rendered(pool: PgPool) {
    let app = spawn(pool).await;
    let admin = app.agent().await;
    let mut body = post("Rendered", "News");
    body["fullContent"] = json!(
        "## Heading\n\nSome **bold** and [a link](https://docs.example/x).\n\n\
         ![Rack](/objects/0b7e4c1e-1d2a-4a59-9d62-4d7c3c2a1f00)\n\n\
         <script>alert(1)</script>\n\n[bad](javascript:alert(1))"
    );
    let id = create_post(&admin, &body).await;
    let post = json_of(&app, &format!("/api/blog/{id}")).await;
    assert_eq!(post["contentFormat"], "markdown");
    assert_eq!(post["status"], "published");
    let html = post["contentHtml"].as_str().expect("html");
    assert!(html.contains("<h3>Heading</h3>"), "{html}");
    assert!(html.contains("<strong>bold</strong>"), "{html}");
    assert!(
        html.contains("<a href=\"https://docs.example/x\" rel=\"noopener nofollow\">a link</a>"),
        "{html}"
    );
    assert!(
        html.contains("<img src=\"/objects/0b7e4c1e-1d2a-4a59-9d62-4d7c3c2a1f00\" alt=\"Rack\""),
        "{html}"
    );
    assert!(
        html.contains("<p>&lt;script&gt;alert(1)&lt;/script&gt;"),
        "{html}"
    );
    assert!(html.contains("<p>bad</p>"), "{html}");
    // Stored with the post, as rendered.
    let stored: Option<String> =
        sqlx::query_scalar("select content_html from blog_posts where id = $1::uuid")
            .bind(&id)
            .fetch_one(&app.pool)
            .await
            .expect("row");
    assert_eq!(stored.as_deref(), Some(html));
}

#[sqlx::test(migrations = "../migrations")]
async fn a_post_written_before_markdown_keeps_its_line_breaks(pool: PgPool) {
    let app = spawn(pool).await;
    // As the rows written before this change, and the sample seed: no format
    // given, no HTML stored.
    let id = uuid::Uuid::new_v4();
    sqlx::query(
        "insert into blog_posts (id, title, excerpt, full_content, category, author)
         values ($1, 'Old', 'e', 'First **line**\nSecond <b>line</b>', 'News', 'Nyota')",
    )
    .bind(id)
    .execute(&app.pool)
    .await
    .expect("post");
    let post = json_of(&app, &format!("/api/blog/{id}")).await;
    assert_eq!(post["contentFormat"], "plain");
    assert_eq!(
        post["contentHtml"],
        "<p>First **line**<br>\nSecond &lt;b&gt;line&lt;/b&gt;</p>"
    );
    // An edit that does not name a format keeps it plain.
    let admin = app.agent().await;
    let mut body = post_body_of(&post);
    body["fullContent"] = json!("Still\nplain");
    let response = admin.put(&format!("/api/admin/blog/{id}"), &body).await;
    assert_eq!(response.status(), StatusCode::OK);
    let saved: Value = response.json().await.expect("json");
    assert_eq!(saved["contentFormat"], "plain");
    assert_eq!(saved["contentHtml"], "<p>Still<br>\nplain</p>");
}

/// The admin API body for a post as the API answered it.
fn post_body_of(post: &Value) -> Value {
    json!({
        "title": post["title"],
        "excerpt": post["excerpt"],
        "fullContent": post["fullContent"],
        "category": post["category"],
        "author": post["author"],
    })
}

#[sqlx::test(migrations = "../migrations")]
async fn read_time_is_computed_from_the_words_unless_set(pool: PgPool) {
    let app = spawn(pool).await;
    let admin = app.agent().await;
    let mut body = post("Long read", "News");
    body["fullContent"] = json!(format!("# Title\n\n{}", "word ".repeat(1_000)));
    let id = create_post(&admin, &body).await;
    let post = json_of(&app, &format!("/api/blog/{id}")).await;
    assert_eq!(
        (post["readTime"].as_str(), post["readTimeAuto"].as_bool()),
        (Some("5 min read"), Some(true)),
        "1,001 words at 200 a minute"
    );
    body["fullContent"] = json!("forty words ".repeat(20));
    let response = admin.put(&format!("/api/admin/blog/{id}"), &body).await;
    assert_eq!(response.status(), StatusCode::OK);
    let saved: Value = response.json().await.expect("json");
    assert_eq!(saved["readTime"], "1 min read");
    body["readTime"] = json!("12 min read");
    let saved: Value = admin
        .put(&format!("/api/admin/blog/{id}"), &body)
        .await
        .json()
        .await
        .expect("json");
    assert_eq!(
        (saved["readTime"].as_str(), saved["readTimeAuto"].as_bool()),
        (Some("12 min read"), Some(false))
    );
}

/// The ids of the public list.
async fn public_ids(app: &TestApp) -> Vec<String> {
    let list = json_of(app, "/api/blog?limit=1000").await;
    list["posts"]
        .as_array()
        .expect("posts")
        .iter()
        .map(|post| post["id"].as_str().expect("id").to_owned())
        .collect()
}

#[sqlx::test(migrations = "../migrations")]
async fn drafts_are_for_admins_only(pool: PgPool) {
    let app = spawn(pool).await;
    let admin = app.agent().await;
    let mut body = post("Not yet", "News");
    body["status"] = json!("draft");
    let id = create_post(&admin, &body).await;
    assert_eq!(public_ids(&app).await, Vec::<String>::new());
    assert_eq!(
        app.get(&format!("/api/blog/{id}")).await.status(),
        StatusCode::NOT_FOUND
    );
    let sitemap = app.get("/sitemap.xml").await.text().await.expect("xml");
    assert!(!sitemap.contains(&id), "a draft is not in the sitemap");
    let all: Value = admin
        .get("/api/admin/blog?limit=1000")
        .await
        .json()
        .await
        .expect("json");
    assert_eq!(all["posts"][0]["id"], id.as_str());
    assert_eq!(all["posts"][0]["status"], "draft");
    // Publishing it (an update that does not name a status keeps the draft).
    let response = admin.put(&format!("/api/admin/blog/{id}"), &body).await;
    assert_eq!(
        response.json::<Value>().await.expect("json")["status"],
        "draft"
    );
    body["status"] = json!("published");
    let response = admin.put(&format!("/api/admin/blog/{id}"), &body).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(public_ids(&app).await, vec![id.clone()]);
    body["status"] = json!("hidden");
    let response = admin.put(&format!("/api/admin/blog/{id}"), &body).await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert_eq!(message(response).await, "Status is not valid");
    // Strangers never see the admin's list.
    assert_eq!(
        app.get("/api/admin/blog").await.status(),
        StatusCode::UNAUTHORIZED
    );
    let (user, _) = app.signed_in_as("user").await;
    assert_eq!(
        user.get("/api/admin/blog").await.status(),
        StatusCode::FORBIDDEN
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn a_scheduled_post_becomes_public_at_its_time_and_not_before(pool: PgPool) {
    let app = spawn(pool).await;
    let admin = app.agent().await;
    let now_id = create_post(&admin, &post("Out now", "News")).await;
    let at = OffsetDateTime::now_utc() + Duration::seconds(3);
    let mut body = post("Coming soon", "News");
    body["publishedAt"] = json!(
        at.format(&time::format_description::well_known::Rfc3339)
            .expect("rfc3339")
    );
    let id = create_post(&admin, &body).await;
    // Read (and so cached) before its time: not public.
    assert_eq!(public_ids(&app).await, vec![now_id.clone()]);
    assert_eq!(
        app.get(&format!("/api/blog/{id}")).await.status(),
        StatusCode::NOT_FOUND
    );
    let sitemap = app.get("/sitemap.xml").await.text().await.expect("xml");
    assert!(!sitemap.contains(&id));
    // No write announces it: the cache must know when it is due.
    let wait = at - OffsetDateTime::now_utc() + Duration::milliseconds(300);
    tokio::time::sleep(wait.try_into().expect("positive")).await;
    assert_eq!(public_ids(&app).await, vec![id.clone(), now_id]);
    assert_eq!(
        app.get(&format!("/api/blog/{id}")).await.status(),
        StatusCode::OK
    );
    let sitemap = app.get("/sitemap.xml").await.text().await.expect("xml");
    assert!(sitemap.contains(&id));
}

#[sqlx::test(migrations = "../migrations")]
async fn the_preview_renders_as_the_page_for_admins_only_within_limits(pool: PgPool) {
    let app = spawn(pool).await;
    let body = json!({ "fullContent": "# Hi\n\n**bold** <img src=x onerror=alert(1)>" });
    assert_eq!(
        app.post("/api/admin/blog/preview", &body).await.status(),
        StatusCode::UNAUTHORIZED
    );
    let (user, _) = app.signed_in_as("user").await;
    let response = user.post("/api/admin/blog/preview", &body).await;
    assert_eq!(response.status(), StatusCode::FORBIDDEN);
    assert_eq!(message(response).await, "Only admins can do this");
    let (support, _) = app.signed_in_as("support").await;
    assert_eq!(
        support
            .post("/api/admin/blog/preview", &body)
            .await
            .status(),
        StatusCode::FORBIDDEN
    );

    let admin = app.agent().await;
    let response = admin.post("/api/admin/blog/preview", &body).await;
    assert_eq!(response.status(), StatusCode::OK);
    let preview: Value = response.json().await.expect("json");
    assert_eq!(
        preview["html"],
        "<h2>Hi</h2>\n<p><strong>bold</strong> &lt;img src=x onerror=alert(1)&gt;</p>\n"
    );
    assert_eq!(preview["readTime"], "1 min read");
    // What a saved post would show, byte for byte.
    let mut saved = post("Same", "News");
    saved["fullContent"] = body["fullContent"].clone();
    let id = create_post(&admin, &saved).await;
    let page = json_of(&app, &format!("/api/blog/{id}")).await;
    assert_eq!(page["contentHtml"], preview["html"]);

    let plain = json!({ "fullContent": "a\nb", "contentFormat": "plain" });
    let preview: Value = admin
        .post("/api/admin/blog/preview", &plain)
        .await
        .json()
        .await
        .expect("json");
    assert_eq!(preview["html"], "<p>a<br>\nb</p>");

    let long = json!({ "fullContent": "a".repeat(100_001) });
    let response = admin.post("/api/admin/blog/preview", &long).await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert_eq!(
        message(response).await,
        "Content must be at most 100000 characters"
    );
    let response = admin
        .post("/api/admin/blog/preview", &json!({ "fullContent": 5 }))
        .await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert_eq!(message(response).await, "Content must be text");

    // 120 a minute per admin (2 used above; refused bodies are not counted),
    // then 429 in words. The quota refills one every half second while this
    // runs, so a few more may pass.
    let mut accepted = 2;
    let refused = loop {
        let response = admin.post("/api/admin/blog/preview", &plain).await;
        if response.status() != StatusCode::OK || accepted > 200 {
            break response;
        }
        accepted += 1;
    };
    assert_eq!(refused.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!((120..160).contains(&accepted), "{accepted} accepted");
    assert_eq!(
        message(refused).await,
        "Too many previews. Please wait a moment and try again."
    );
    // Another admin has a quota of their own.
    let other = app.agent().await;
    assert_eq!(
        other.post("/api/admin/blog/preview", &plain).await.status(),
        StatusCode::OK
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn a_deleted_post_is_gone_and_a_draft_or_deleted_event_is_not_found(pool: PgPool) {
    let app = spawn(pool).await;
    let admin = app.agent().await;
    let post_id = create_post(&admin, &post("Short-lived", "Technology")).await;
    let mut draft = post("Not yet", "Technology");
    draft["status"] = json!("draft");
    let draft_id = create_post(&admin, &draft).await;
    let event_id = create_event(&admin, &event("Cancelled summit", "2030-05-01")).await;
    // Read once so the pages are cached: the delete must clear them.
    for path in [format!("/blog/{post_id}"), format!("/events/{event_id}")] {
        assert_eq!(app.get(&path).await.status(), StatusCode::OK, "{path}");
    }
    assert_eq!(
        app.get(&format!("/blog/{draft_id}")).await.status(),
        StatusCode::NOT_FOUND,
        "a draft is not public"
    );

    for path in [
        format!("/api/admin/blog/{post_id}"),
        format!("/api/admin/events/{event_id}"),
    ] {
        assert_eq!(admin.delete(&path).await.status(), StatusCode::NO_CONTENT);
    }

    let response = app.get(&format!("/blog/{post_id}")).await;
    assert_eq!(response.status(), StatusCode::GONE);
    let html = response.text().await.expect("html");
    assert!(html.contains("<title>404 Page Not Found</title>"), "{html}");
    assert!(html.contains("/assets/app-4f3a.js"), "still the app");
    let xml = app.get("/sitemap.xml").await.text().await.expect("xml");
    assert!(!xml.contains(&post_id), "{xml}");

    assert_eq!(
        app.get(&format!("/events/{event_id}")).await.status(),
        StatusCode::NOT_FOUND
    );
    // Another id is still merely unknown.
    assert_eq!(
        app.get(&format!("/blog/{}", uuid::Uuid::new_v4()))
            .await
            .status(),
        StatusCode::NOT_FOUND
    );
}
