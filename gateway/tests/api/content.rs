//! Blog posts and events: the read API (paging, search, filters, status),
//! the admin's writes (rights, validation, audit), HTTP caching, and the
//! in-memory cache kept coherent across gateways.

use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;
use time::{Duration, OffsetDateTime, UtcOffset};

use crate::helpers::{Browser, TestApp, message, registration, spawn};

fn post(title: &str, category: &str) -> Value {
    json!({
        "title": title,
        "excerpt": format!("About {title}"),
        "fullContent": format!("{title}, in full.\nSecond line."),
        "category": category,
        "author": "Nyota Cloud Team",
    })
}

fn event(title: &str, date: &str) -> Value {
    json!({
        "title": title,
        "description": format!("{title}: a day of talks."),
        "category": "Conference",
        "date": date,
        "time": "09:00 - 17:00 EAT",
        "location": "Nairobi",
        "highlights": ["Keynote", "  ", "Workshops"],
        "registerLink": "https://events.example/register",
    })
}

/// Creates a post as `admin`; returns its id.
async fn create_post(admin: &Browser, body: &Value) -> String {
    let response = admin.post("/api/admin/blog", body).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let post: Value = response.json().await.expect("json");
    post["id"].as_str().expect("id").to_owned()
}

async fn create_event(admin: &Browser, body: &Value) -> String {
    let response = admin.post("/api/admin/events", body).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let event: Value = response.json().await.expect("json");
    event["id"].as_str().expect("id").to_owned()
}

async fn json_of(app: &TestApp, path: &str) -> Value {
    let response = app.get(path).await;
    assert_eq!(response.status(), StatusCode::OK, "{path}");
    response.json().await.expect("json")
}

/// A day relative to today in Nairobi, as `YYYY-MM-DD`.
fn nairobi_day(offset_days: i64) -> String {
    let nairobi = UtcOffset::from_hms(3, 0, 0).expect("offset");
    let date = (OffsetDateTime::now_utc().to_offset(nairobi) + Duration::days(offset_days)).date();
    format!(
        "{:04}-{:02}-{:02}",
        date.year(),
        u8::from(date.month()),
        date.day()
    )
}

#[sqlx::test(migrations = "../migrations")]
async fn pages_of_posts_are_counted_right_and_newest_first(pool: PgPool) {
    let app = spawn(pool).await;
    let admin = app.agent().await;
    for n in 0..25 {
        let mut body = post(&format!("Post {n:02}"), "News");
        body["publishedAt"] = json!(format!("2026-01-{:02}T09:00:00Z", n + 1));
        create_post(&admin, &body).await;
    }
    let first = json_of(&app, "/api/blog?page=1&limit=12").await;
    assert_eq!(
        first["pagination"],
        json!({ "page": 1, "limit": 12, "total": 25, "totalPages": 3, "hasPrevPage": false, "hasNextPage": true })
    );
    let posts = first["posts"].as_array().expect("posts");
    assert_eq!(posts.len(), 12);
    assert_eq!(posts[0]["title"], "Post 24", "newest first");
    assert_eq!(posts[0]["readTime"], "1 min read", "computed from 6 words");
    assert_eq!(posts[0]["readTimeAuto"], true);
    assert_eq!(
        posts[0]["contentHtml"],
        Value::Null,
        "lists leave the HTML out"
    );
    assert_eq!(posts[0]["uvm"], 0);
    let last = json_of(&app, "/api/blog?page=3&limit=12").await;
    assert_eq!(last["posts"].as_array().expect("posts").len(), 1);
    assert_eq!(last["posts"][0]["title"], "Post 00");
    assert_eq!(last["pagination"]["hasPrevPage"], true);
    assert_eq!(last["pagination"]["hasNextPage"], false);
    let middle = json_of(&app, "/api/blog?page=2").await;
    assert_eq!(middle["pagination"]["limit"], 12, "limit defaults to 12");
    assert_eq!(middle["pagination"]["hasPrevPage"], true);
    assert_eq!(middle["pagination"]["hasNextPage"], true);
    let beyond = json_of(&app, "/api/blog?page=9").await;
    assert_eq!(beyond["posts"], json!([]));
    assert_eq!(beyond["pagination"]["total"], 25);
    let all = json_of(&app, "/api/blog?limit=1000").await;
    assert_eq!(all["pagination"]["totalPages"], 1);
}

#[sqlx::test(migrations = "../migrations")]
async fn search_matches_prefixes_ranks_and_filters_by_category(pool: PgPool) {
    let app = spawn(pool).await;
    let admin = app.agent().await;
    create_post(
        &admin,
        &post("Infrastructure for African SMEs", "Infrastructure"),
    )
    .await;
    let mut mentions = post("Quarterly news", "News");
    mentions["fullContent"] = json!("Deep down we also talk about infrastructure.");
    create_post(&admin, &mentions).await;
    create_post(&admin, &post("Security basics", "Security")).await;

    let found = json_of(&app, "/api/blog?search=%20infra%20").await;
    let titles: Vec<&str> = found["posts"]
        .as_array()
        .expect("posts")
        .iter()
        .map(|p| p["title"].as_str().expect("title"))
        .collect();
    assert_eq!(
        titles,
        ["Infrastructure for African SMEs", "Quarterly news"],
        "a title match outranks a content match"
    );
    assert_eq!(found["pagination"]["total"], 2);
    let both = json_of(&app, "/api/blog?search=afri%20infra").await;
    assert_eq!(both["pagination"]["total"], 1, "every word must match");
    let none = json_of(&app, "/api/blog?search=kubernetes").await;
    assert_eq!(none["posts"], json!([]));
    let syntax = json_of(&app, "/api/blog?search=infra%20%26%20%21%3A*%7C").await;
    assert_eq!(
        syntax["pagination"]["total"], 2,
        "tsquery syntax is only text"
    );

    let news = json_of(&app, "/api/blog?category=News").await;
    assert_eq!(news["pagination"]["total"], 1);
    assert_eq!(news["posts"][0]["category"], "News");
    let exact = json_of(&app, "/api/blog?category=news").await;
    assert_eq!(exact["pagination"]["total"], 0, "category is exact");
    let combined = json_of(&app, "/api/blog?search=infra&category=Infrastructure").await;
    assert_eq!(combined["pagination"]["total"], 1);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_post_is_read_whole_and_unknown_or_malformed_ids_are_404(pool: PgPool) {
    let app = spawn(pool).await;
    let admin = app.agent().await;
    let mut body = post("Edge computing", "Technology");
    body["image"] = json!("/images/edge.png");
    body["sourceUrl"] = json!("https://source.example/edge");
    body["featured"] = json!(true);
    body["readTime"] = json!("7 min read");
    let id = create_post(&admin, &body).await;
    let post = json_of(&app, &format!("/api/blog/{id}")).await;
    assert_eq!(post["title"], "Edge computing");
    assert_eq!(
        post["fullContent"],
        "Edge computing, in full.\nSecond line."
    );
    assert_eq!(post["image"], "/images/edge.png");
    assert_eq!(post["imageData"], Value::Null);
    assert_eq!(post["sourceUrl"], "https://source.example/edge");
    assert_eq!(post["featured"], true);
    assert_eq!(post["readTime"], "7 min read");
    assert!(post["publishedAt"].as_str().expect("date").ends_with('Z'));
    let image = json_of(&app, &format!("/api/blog/{id}/image-data")).await;
    assert_eq!(image, json!({ "imageData": null }));

    for path in [
        format!("/api/blog/{}", uuid::Uuid::new_v4()),
        "/api/blog/not-a-uuid".to_owned(),
        "/api/blog/12".to_owned(),
        format!("/api/blog/{}/image-data", uuid::Uuid::new_v4()),
    ] {
        let response = app.get(&path).await;
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{path}");
        assert_eq!(message(response).await, "Blog post not found", "{path}");
    }
    for path in [
        format!("/api/events/{}", uuid::Uuid::new_v4()),
        "/api/events/x".to_owned(),
    ] {
        let response = app.get(&path).await;
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{path}");
        assert_eq!(message(response).await, "Event not found", "{path}");
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn the_public_list_leaves_the_content_out_and_the_admin_list_keeps_it(pool: PgPool) {
    let app = spawn(pool).await;
    let admin = app.agent().await;
    let id = create_post(&admin, &post("Edge computing", "Technology")).await;

    let list = json_of(&app, "/api/blog").await;
    let card = list["posts"][0].as_object().expect("a post");
    assert_eq!(card["id"], json!(id));
    assert_eq!(card["title"], "Edge computing");
    assert_eq!(
        card["excerpt"],
        post("Edge computing", "Technology")["excerpt"]
    );
    assert!(!card.contains_key("fullContent"), "{card:?}");
    assert!(!card.contains_key("contentHtml"), "{card:?}");
    // The detail call has it.
    let whole = json_of(&app, &format!("/api/blog/{id}")).await;
    assert_eq!(
        whole["fullContent"],
        "Edge computing, in full.\nSecond line."
    );

    // The admin's list writes posts back from their rows: whole.
    let response = admin.get("/api/admin/blog").await;
    assert_eq!(response.status(), StatusCode::OK);
    let admin_list: Value = response.json().await.expect("json");
    assert_eq!(
        admin_list["posts"][0]["fullContent"],
        "Edge computing, in full.\nSecond line."
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn bad_list_parameters_are_400_in_words(pool: PgPool) {
    let app = spawn(pool).await;
    let long = "a".repeat(5_000);
    for (path, expected) in [
        (
            "/api/blog?page=0".to_owned(),
            "page must be a whole number of at least 1",
        ),
        (
            "/api/blog?page=two".to_owned(),
            "page must be a whole number of at least 1",
        ),
        (
            "/api/blog?limit=-1".to_owned(),
            "limit must be a whole number from 1 to 1000",
        ),
        (
            "/api/blog?limit=0".to_owned(),
            "limit must be a whole number from 1 to 1000",
        ),
        (
            "/api/blog?limit=1001".to_owned(),
            "limit must be a whole number from 1 to 1000",
        ),
        (
            format!("/api/blog?search={long}"),
            "search must be at most 200 characters",
        ),
        (
            "/api/events?page=0".to_owned(),
            "page must be a whole number of at least 1",
        ),
        (
            "/api/events?status=soon".to_owned(),
            "status must be upcoming or completed",
        ),
    ] {
        let response = app.get(&path).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{path:.60}");
        assert_eq!(message(response).await, expected, "{path:.60}");
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn event_status_comes_from_the_date_and_filters_the_list(pool: PgPool) {
    let app = spawn(pool).await;
    let admin = app.agent().await;
    create_event(&admin, &event("Last year's summit", &nairobi_day(-365))).await;
    create_event(&admin, &event("Yesterday's meetup", &nairobi_day(-1))).await;
    let today = create_event(&admin, &event("Today's workshop", &nairobi_day(0))).await;
    create_event(&admin, &event("Next month's summit", &nairobi_day(30))).await;

    let all = json_of(&app, "/api/events").await;
    let listed: Vec<(&str, &str)> = all["events"]
        .as_array()
        .expect("events")
        .iter()
        .map(|e| {
            (
                e["title"].as_str().expect("t"),
                e["status"].as_str().expect("s"),
            )
        })
        .collect();
    assert_eq!(
        listed,
        [
            ("Today's workshop", "upcoming"),
            ("Next month's summit", "upcoming"),
            ("Yesterday's meetup", "completed"),
            ("Last year's summit", "completed"),
        ],
        "upcoming soonest first, then completed most recent first"
    );
    let upcoming = json_of(&app, "/api/events?status=upcoming").await;
    assert_eq!(upcoming["pagination"]["total"], 2);
    let completed = json_of(&app, "/api/events?status=completed&limit=1").await;
    assert_eq!(completed["pagination"]["total"], 2);
    assert_eq!(completed["pagination"]["totalPages"], 2);
    assert_eq!(completed["events"][0]["title"], "Yesterday's meetup");
    let searched = json_of(&app, "/api/events?search=summ").await;
    assert_eq!(searched["pagination"]["total"], 2);

    let one = json_of(&app, &format!("/api/events/{today}")).await;
    assert_eq!(one["date"], nairobi_day(0));
    assert_eq!(one["status"], "upcoming");
    assert_eq!(
        one["highlights"],
        json!(["Keynote", "Workshops"]),
        "blank items dropped"
    );
    assert_eq!(one["registerLink"], "https://events.example/register");
    assert_eq!(one["time"], "09:00 - 17:00 EAT");
}

#[sqlx::test(migrations = "../migrations")]
async fn an_admin_can_mark_an_upcoming_event_completed_and_edits_keep_the_mark(pool: PgPool) {
    let app = spawn(pool).await;
    let admin = app.agent().await;
    let id = create_event(&admin, &event("Cancelled summit", &nairobi_day(20))).await;
    create_event(&admin, &event("Next week's meetup", &nairobi_day(7))).await;

    let mut marked = event("Cancelled summit", &nairobi_day(20));
    marked["completed"] = json!(true);
    let response = admin.put(&format!("/api/admin/events/{id}"), &marked).await;
    assert_eq!(response.status(), StatusCode::OK);
    let saved: Value = response.json().await.expect("json");
    assert_eq!(
        (saved["status"].clone(), saved["markedCompleted"].clone()),
        (json!("completed"), json!(true))
    );

    let completed = json_of(&app, "/api/events?status=completed").await;
    assert_eq!(completed["events"][0]["title"], "Cancelled summit");
    let upcoming = json_of(&app, "/api/events?status=upcoming").await;
    assert_eq!(upcoming["pagination"]["total"], 1);

    // An edit that does not say `completed` keeps the mark…
    let renamed = event("Cancelled summit (moved)", &nairobi_day(20));
    let response = admin
        .put(&format!("/api/admin/events/{id}"), &renamed)
        .await;
    let saved: Value = response.json().await.expect("json");
    assert_eq!(saved["status"], "completed");
    // …and `completed: false` lifts it.
    let mut reopened = renamed.clone();
    reopened["completed"] = json!(false);
    let response = admin
        .put(&format!("/api/admin/events/{id}"), &reopened)
        .await;
    let saved: Value = response.json().await.expect("json");
    assert_eq!(
        (saved["status"].clone(), saved["markedCompleted"].clone()),
        (json!("upcoming"), json!(false))
    );
}

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
         left join users u on u.id = a.actor_id order by a.id",
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
