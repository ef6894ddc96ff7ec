//! Blog posts and events: the read API (paging, search, filters, status) and
//! an event's completed mark, with the post and event builders the other
//! `content_*` tests share.

use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;
use time::{Duration, OffsetDateTime, UtcOffset};

use crate::helpers::{Browser, TestApp, message, spawn};

pub(crate) fn post(title: &str, category: &str) -> Value {
    json!({
        "title": title,
        "excerpt": format!("About {title}"),
        "fullContent": format!("{title}, in full.\nSecond line."),
        "category": category,
        "author": "Nyota Cloud Team",
    })
}

pub(crate) fn event(title: &str, date: &str) -> Value {
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
pub(crate) async fn create_post(admin: &Browser, body: &Value) -> String {
    let response = admin.post("/api/admin/blog", body).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let post: Value = response.json().await.expect("json");
    post["id"].as_str().expect("id").to_owned()
}

pub(crate) async fn create_event(admin: &Browser, body: &Value) -> String {
    let response = admin.post("/api/admin/events", body).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let event: Value = response.json().await.expect("json");
    event["id"].as_str().expect("id").to_owned()
}

pub(crate) async fn json_of(app: &TestApp, path: &str) -> Value {
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
