//! The content answers' HTTP caching (ETag, 304), the in-memory cache kept
//! coherent across gateways, and the pages crawlers see.

use crate::content::{create_event, create_post, event, post};
use crate::helpers::{Browser, spawn};
use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;

#[sqlx::test(migrations = "../migrations")]
async fn answers_carry_an_etag_and_a_matching_one_gets_304(pool: PgPool) {
    let app = spawn(pool).await;
    let admin = app.agent().await;
    let id = create_post(&admin, &post("Cached", "News")).await;
    for path in [
        "/api/blog?page=1&limit=12".to_owned(),
        format!("/api/blog/{id}"),
        "/api/events".to_owned(),
    ] {
        let response = app.get(&path).await;
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(response.headers()["cache-control"], "public, max-age=300");
        assert_eq!(response.headers()["content-type"], "application/json");
        let etag = response.headers()["etag"]
            .to_str()
            .expect("ascii")
            .to_owned();
        assert!(
            etag.starts_with('"') && !etag.starts_with("W/"),
            "a strong ETag: {etag}"
        );
        let body = response.bytes().await.expect("body");

        let again = app
            .client
            .get(app.url(&path))
            .header("If-None-Match", &etag)
            .send()
            .await
            .expect("request");
        assert_eq!(again.status(), StatusCode::NOT_MODIFIED, "{path}");
        assert_eq!(again.headers()["etag"], etag.as_str());
        assert!(again.bytes().await.expect("body").is_empty());
        let other = app
            .client
            .get(app.url(&path))
            .header("If-None-Match", "\"other\"")
            .send()
            .await
            .expect("request");
        assert_eq!(other.status(), StatusCode::OK);
        assert_eq!(
            other.bytes().await.expect("body"),
            body,
            "the same bytes again"
        );
    }
    // An edit changes the answer, so the old ETag no longer matches.
    let before = app.get(&format!("/api/blog/{id}")).await.headers()["etag"].clone();
    let mut edited = post("Cached, edited", "News");
    edited["featured"] = json!(true);
    assert_eq!(
        admin
            .put(&format!("/api/admin/blog/{id}"), &edited)
            .await
            .status(),
        StatusCode::OK
    );
    let after = app
        .client
        .get(app.url(&format!("/api/blog/{id}")))
        .header("If-None-Match", before.clone())
        .send()
        .await
        .expect("request");
    assert_eq!(after.status(), StatusCode::OK);
    assert_ne!(after.headers()["etag"], before);
}

#[sqlx::test(migrations = "../migrations")]
async fn an_edit_through_one_gateway_shows_on_another_within_a_second(pool: PgPool) {
    let app = spawn(pool).await;
    let admin = app.agent().await;
    let id = create_post(&admin, &post("Original title", "News")).await;
    let event_id = create_event(&admin, &event("Original event", "2030-01-01")).await;
    let b = app.new_browser().on(&app.another_gateway().await);
    let list = "/api/blog?page=1&limit=12";
    let detail = format!("/api/blog/{id}");
    let event_path = format!("/api/events/{event_id}");

    // B answers and keeps the answers; a change made behind its back (as SQL,
    // with no event) is not seen: it really serves from its cache.
    let read = |path: String| {
        let b = &b;
        async move {
            let response = b.get(&path).await;
            assert_eq!(response.status(), StatusCode::OK, "{path}");
            response.json::<Value>().await.expect("json")
        }
    };
    assert_eq!(read(detail.clone()).await["title"], "Original title");
    assert_eq!(
        read(list.to_owned()).await["posts"][0]["title"],
        "Original title"
    );
    assert_eq!(read(event_path.clone()).await["title"], "Original event");
    sqlx::query("update blog_posts set title = 'Changed behind its back'")
        .execute(&app.pool)
        .await
        .expect("update");
    assert_eq!(
        read(detail.clone()).await["title"],
        "Original title",
        "served from the cache"
    );

    // The admin edits through A: B shows the edit as soon as the
    // `content.changed` event reaches it (well under a second; without the
    // event it would keep its answer for the cache's full minute).
    let mut edited = post("Edited title", "News");
    edited["featured"] = json!(true);
    assert_eq!(
        admin
            .put(&format!("/api/admin/blog/{id}"), &edited)
            .await
            .status(),
        StatusCode::OK
    );
    shows_within_a_second(&b, &detail, "/title", json!("Edited title")).await;
    assert_eq!(
        read(list.to_owned()).await["posts"][0]["title"],
        "Edited title"
    );

    let mut moved = event("Moved event", "2030-02-01");
    moved["location"] = json!("Mombasa");
    assert_eq!(
        admin
            .put(&format!("/api/admin/events/{event_id}"), &moved)
            .await
            .status(),
        StatusCode::OK
    );
    shows_within_a_second(&b, &event_path, "/location", json!("Mombasa")).await;

    assert_eq!(
        admin
            .delete(&format!("/api/admin/blog/{id}"))
            .await
            .status(),
        StatusCode::NO_CONTENT
    );
    shows_within_a_second(&b, list, "/pagination/total", json!(0)).await;
    assert_eq!(b.get(&detail).await.status(), StatusCode::NOT_FOUND);
}

/// Reads `path` on `browser` until the value at `pointer` is `expected`;
/// panics after a second.
async fn shows_within_a_second(browser: &Browser, path: &str, pointer: &str, expected: Value) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(1);
    loop {
        let response = browser.get(path).await;
        let body: Value = response.json().await.expect("json");
        if body.pointer(pointer) == Some(&expected) {
            return;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "{path}{pointer} is still {:?} a second after the change",
            body.pointer(pointer)
        );
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn crawlers_see_every_post_and_event_with_its_own_tags(pool: PgPool) {
    let app = spawn(pool).await;
    let admin = app.agent().await;
    let before = app.get("/sitemap.xml").await.text().await.expect("xml");
    let mut body = post("Edge & the city", "Technology");
    body["excerpt"] = json!("Why <edge> matters");
    body["image"] = json!("/objects/0190c3a4-0000-7000-8000-000000000001");
    body["publishedAt"] = json!("2026-01-02T09:00:00Z");
    let post_id = create_post(&admin, &body).await;
    let event_id = create_event(&admin, &event("Nairobi Cloud Summit", "2030-05-01")).await;

    let xml = app.get("/sitemap.xml").await.text().await.expect("xml");
    assert!(!before.contains("/blog/"), "{before}");
    assert!(xml.contains(&format!("/blog/{post_id}</loc>")), "{xml}");
    assert!(xml.contains(&format!("/events/{event_id}</loc>")), "{xml}");

    let html = app
        .get(&format!("/blog/{post_id}"))
        .await
        .text()
        .await
        .expect("html");
    assert!(
        html.contains("<title>Edge &amp; the city | Nyota Cloud</title>"),
        "{html}"
    );
    assert!(html.contains("<meta name=\"description\" content=\"Why &lt;edge&gt; matters\">"));
    assert!(
        html.contains("<meta property=\"og:title\" content=\"Edge &amp; the city | Nyota Cloud\">")
    );
    assert!(
        html.contains("/objects/0190c3a4-0000-7000-8000-000000000001\">"),
        "{html}"
    );
    assert!(
        html.contains(
            "<meta property=\"article:published_time\" content=\"2026-01-02T09:00:00Z\">"
        )
    );
    assert!(
        html.contains(&format!("/blog/{post_id}\">")),
        "canonical URL"
    );

    let html = app
        .get(&format!("/events/{event_id}"))
        .await
        .text()
        .await
        .expect("html");
    assert!(
        html.contains("<title>Nairobi Cloud Summit | Nyota Cloud Events</title>"),
        "{html}"
    );
    assert!(html.contains("content=\"Nairobi Cloud Summit: a day of talks.\""));
    assert!(!html.contains("article:published_time"));

    // Unknown and malformed ids are 404s with the not-found page (no soft 404).
    for path in [
        format!("/blog/{}", uuid::Uuid::new_v4()),
        "/blog/42".to_owned(),
        format!("/events/{}", uuid::Uuid::new_v4()),
        "/events/abc".to_owned(),
    ] {
        let response = app.get(&path).await;
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{path}");
        let html = response.text().await.expect("html");
        assert!(
            html.contains("<title>404 Page Not Found</title>"),
            "{path}: {html}"
        );
        assert!(
            html.contains("/assets/app-4f3a.js"),
            "{path}: still the app"
        );
    }

    // An edit shows in the tags at once.
    let mut edited = body.clone();
    edited["title"] = json!("Edge, revised");
    assert_eq!(
        admin
            .put(&format!("/api/admin/blog/{post_id}"), &edited)
            .await
            .status(),
        StatusCode::OK
    );
    let html = app
        .get(&format!("/blog/{post_id}"))
        .await
        .text()
        .await
        .expect("html");
    assert!(
        html.contains("<title>Edge, revised | Nyota Cloud</title>"),
        "{html}"
    );
}
