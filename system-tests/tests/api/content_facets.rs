//! The blog's and the events' facets (`GET /api/blog/facets`,
//! `GET /api/events/facets`): right counts of public items only, a size that
//! does not grow with the number of items, cached like the lists; and the
//! first image the blog pages paint, preloaded from their served HTML.

use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;
use time::{Duration, OffsetDateTime, UtcOffset};

use crate::helpers::{Browser, TestApp, spawn};

pub fn post(title: &str, category: &str, published_at: &str) -> Value {
    json!({
        "title": title,
        "excerpt": format!("About {title}"),
        "fullContent": format!("{title}, in full."),
        "category": category,
        "author": "Nyota Cloud Team",
        "publishedAt": published_at,
    })
}

pub async fn create(admin: &Browser, path: &str, body: &Value) -> String {
    let response = admin.post(path, body).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let item: Value = response.json().await.expect("json");
    item["id"].as_str().expect("id").to_owned()
}

pub async fn json_of(app: &TestApp, path: &str) -> Value {
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

async fn set_views(pool: &PgPool, id: &str, views: i64) {
    let id = uuid::Uuid::parse_str(id).expect("uuid");
    sqlx::query("insert into blog_post_views (post_id, views) values ($1, $2)")
        .bind(id)
        .bind(views)
        .execute(pool)
        .await
        .expect("views");
}

#[sqlx::test(migrations = "../migrations")]
async fn blog_facets_count_public_posts_only_and_rank_the_most_viewed(pool: PgPool) {
    let app = spawn(pool.clone()).await;
    let admin = app.agent().await;
    let empty = json_of(&app, "/api/blog/facets").await;
    assert_eq!(empty, json!({ "categories": [], "popular": [] }));

    let mut ids = Vec::new();
    for (n, category) in [
        "News", "Security", "News", "Tech", "News", "Security", "Business",
    ]
    .iter()
    .enumerate()
    {
        // Post 0 is the newest.
        let at = format!("2026-01-{:02}T09:00:00Z", 20 - n);
        ids.push(
            create(
                &admin,
                "/api/admin/blog",
                &post(&format!("Post {n}"), category, &at),
            )
            .await,
        );
    }
    for (id, views) in ids.iter().zip([5, 50, 7, 1, 100, 7, 0]) {
        if views > 0 {
            set_views(&pool, id, views).await;
        }
    }
    // Neither a draft nor a post scheduled for later is counted or shown.
    let mut draft = post("Draft", "Drafts", "2026-01-25T09:00:00Z");
    draft["status"] = json!("draft");
    let draft = create(&admin, "/api/admin/blog", &draft).await;
    set_views(&pool, &draft, 1000).await;
    let later = (OffsetDateTime::now_utc() + Duration::days(30))
        .format(&time::format_description::well_known::Rfc3339)
        .expect("time");
    create(&admin, "/api/admin/blog", &post("Later", "News", &later)).await;
    // A write clears the cache; the views written above go straight to the table.
    create(
        &admin,
        "/api/admin/blog",
        &post("Oldest", "Business", "2025-12-01T09:00:00Z"),
    )
    .await;

    let facets = json_of(&app, "/api/blog/facets").await;
    assert_eq!(
        facets["categories"],
        json!([
            { "category": "News", "count": 3 },
            { "category": "Security", "count": 2 },
            { "category": "Tech", "count": 1 },
            { "category": "Business", "count": 2 },
        ]),
        "in the order the newest-first list first shows them"
    );
    let popular: Vec<(&str, i64)> = facets["popular"]
        .as_array()
        .expect("popular")
        .iter()
        .map(|p| {
            (
                p["title"].as_str().expect("title"),
                p["uvm"].as_i64().expect("uvm"),
            )
        })
        .collect();
    // Ties (7 views) newest first.
    assert_eq!(
        popular,
        [
            ("Post 4", 100),
            ("Post 1", 50),
            ("Post 2", 7),
            ("Post 5", 7),
            ("Post 0", 5)
        ]
    );
    assert_eq!(facets["popular"][0]["id"], ids[4].as_str());
}

#[sqlx::test(migrations = "../migrations")]
async fn facets_are_cached_with_an_etag_and_cleared_by_a_write(pool: PgPool) {
    let app = spawn(pool).await;
    let admin = app.agent().await;
    create(
        &admin,
        "/api/admin/blog",
        &post("One", "News", "2026-01-01T09:00:00Z"),
    )
    .await;
    for path in ["/api/blog/facets", "/api/events/facets"] {
        let first = app.get(path).await;
        assert_eq!(first.status(), StatusCode::OK);
        assert_eq!(first.headers()["cache-control"], "public, max-age=300");
        let etag = first.headers()["etag"].to_str().expect("etag").to_owned();
        let again = app
            .client
            .get(app.url(path))
            .header("If-None-Match", &etag)
            .send()
            .await
            .expect("request");
        assert_eq!(again.status(), StatusCode::NOT_MODIFIED, "{path}");
    }
    create(
        &admin,
        "/api/admin/blog",
        &post("Two", "News", "2026-01-02T09:00:00Z"),
    )
    .await;
    let facets = json_of(&app, "/api/blog/facets").await;
    assert_eq!(
        facets["categories"],
        json!([{ "category": "News", "count": 2 }])
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn event_facets_count_statuses_and_categories_and_pick_other_events(pool: PgPool) {
    let app = spawn(pool).await;
    let admin = app.agent().await;
    let event = |title: &str, category: &str, day: i64| {
        json!({
            "title": title, "description": "Talks.", "category": category,
            "date": nairobi_day(day), "time": "09:00", "location": "Nairobi",
        })
    };
    create(
        &admin,
        "/api/admin/events",
        &event("Summit soon", "Summit", 3),
    )
    .await;
    create(
        &admin,
        "/api/admin/events",
        &event("Workshop later", "Workshop", 10),
    )
    .await;
    create(
        &admin,
        "/api/admin/events",
        &event("Workshop sooner", "Workshop", 5),
    )
    .await;
    create(
        &admin,
        "/api/admin/events",
        &event("Past meetup", "Meetup", -4),
    )
    .await;
    create(
        &admin,
        "/api/admin/events",
        &event("Past conference", " conference ", -2),
    )
    .await;
    let mut marked = event("Called off", "Webinar", 20);
    marked["completed"] = json!(true);
    create(&admin, "/api/admin/events", &marked).await;

    let facets = json_of(&app, "/api/events/facets").await;
    assert_eq!(
        facets["statuses"],
        json!([{ "status": "upcoming", "count": 3 }, { "status": "completed", "count": 3 }])
    );
    assert_eq!(
        facets["categories"],
        json!([
            { "category": "Summit", "count": 1 },
            { "category": "Workshop", "count": 2 },
            { "category": "Webinar", "count": 1 },
            { "category": "conference", "count": 1 },
            { "category": "Meetup", "count": 1 },
        ]),
        "in the list's order: upcoming soonest first, then completed latest date first"
    );
    let others: Vec<&str> = facets["otherEvents"]
        .as_array()
        .expect("others")
        .iter()
        .map(|e| e["title"].as_str().expect("title"))
        .collect();
    assert_eq!(
        others,
        [
            "Workshop sooner",
            "Workshop later",
            "Called off",
            "Past meetup"
        ],
        "outside summit, conference and infrastructure (any case), in the list's order"
    );
    assert_eq!(facets["otherEvents"][2]["status"], "completed");
}

#[sqlx::test(migrations = "../migrations")]
async fn facets_stay_small_however_many_items_are_stored(pool: PgPool) {
    let app = spawn(pool.clone()).await;
    // Written straight into the tables (a thousand admin writes would take
    // minutes): the same rows the admin API writes, in five categories.
    sqlx::query(
        "insert into blog_posts (id, title, excerpt, full_content, category, author,
                                 published_at, image, status, content_format)
         select gen_random_uuid(), 'Post ' || n || ': running cloud infrastructure close to customers',
                'An excerpt about as long as a real one, describing the article ' || n,
                repeat('Paragraph of content. ', 200), 'Category ' || (n % 5), 'Nyota Cloud Team',
                now() - n * interval '1 minute', '/images/sample/edge-ai.svg', 'published', 'markdown'
         from generate_series(1, 1000) as n",
    )
    .execute(&pool)
    .await
    .expect("posts");
    sqlx::query(
        "insert into events (id, title, description, category, date, time, location, highlights)
         select gen_random_uuid(), 'Event ' || n, repeat('A day of talks. ', 20),
                case when n % 2 = 0 then 'Workshop ' || (n % 7) else 'Summit' end,
                current_date + (n - 500), '09:00 - 17:00 EAT', 'Nairobi', array['Talks', 'Labs']
         from generate_series(1, 1000) as n",
    )
    .execute(&pool)
    .await
    .expect("events");

    let blog = app
        .get("/api/blog/facets")
        .await
        .bytes()
        .await
        .expect("body");
    let facets: Value = serde_json::from_slice(&blog).expect("json");
    let total: i64 = facets["categories"]
        .as_array()
        .expect("categories")
        .iter()
        .map(|c| c["count"].as_i64().expect("count"))
        .sum();
    assert_eq!(total, 1000);
    assert_eq!(facets["popular"].as_array().expect("popular").len(), 5);
    assert!(blog.len() < 2_000, "blog facets: {} bytes", blog.len());

    let events = app
        .get("/api/events/facets")
        .await
        .bytes()
        .await
        .expect("body");
    let facets: Value = serde_json::from_slice(&events).expect("json");
    assert_eq!(facets["otherEvents"].as_array().expect("others").len(), 16);
    assert!(
        events.len() < 20 * 1024,
        "events facets: {} bytes",
        events.len()
    );
    // The first page the list pages fetch stays small too.
    let page = app
        .get("/api/blog?page=1&limit=12")
        .await
        .bytes()
        .await
        .expect("body");
    assert!(
        page.len() < 20 * 1024,
        "first blog page: {} bytes",
        page.len()
    );
    println!(
        "1,000 posts and events: blog facets {} bytes, events facets {} bytes, first blog page {} bytes",
        blog.len(),
        events.len(),
        page.len()
    );
}

/// The `href` of the served page's image preload, if any.
pub async fn preloaded_image(app: &TestApp, path: &str) -> Option<String> {
    let response = app.get(path).await;
    assert_eq!(response.status(), StatusCode::OK, "{path}");
    let html = response.text().await.expect("html");
    let start = html.find("<link rel=\"preload\" as=\"image\" href=\"")?;
    let rest = &html[start..];
    assert!(
        rest.contains("\" fetchpriority=\"high\">"),
        "high priority: {rest}"
    );
    let href = &rest["<link rel=\"preload\" as=\"image\" href=\"".len()..];
    Some(href[..href.find('"').expect("closing quote")].to_owned())
}

#[sqlx::test(migrations = "../migrations")]
async fn the_blog_pages_name_their_first_image_in_the_served_html(pool: PgPool) {
    let app = spawn(pool).await;
    let admin = app.agent().await;
    assert_eq!(
        preloaded_image(&app, "/blog").await,
        None,
        "no post, no image"
    );

    let mut first = post("Newest", "News", "2026-01-10T09:00:00Z");
    first["image"] = json!("/cover\"one\"<&>.png");
    let first = create(&admin, "/api/admin/blog", &first).await;
    assert_eq!(
        preloaded_image(&app, "/blog").await.as_deref(),
        Some("/images/cover&quot;one&quot;&lt;&amp;&gt;.png"),
        "the first card's image, by the path rule, escaped"
    );
    assert_eq!(
        preloaded_image(&app, &format!("/blog/{first}"))
            .await
            .as_deref(),
        Some("/images/cover&quot;one&quot;&lt;&amp;&gt;.png"),
        "a post's page preloads its own image"
    );

    // A featured post on the first page is the Featured card: drawn first.
    let mut featured = post("Featured", "News", "2026-01-05T09:00:00Z");
    featured["featured"] = json!(true);
    featured["image"] = json!("/objects/0190c3a4-0000-7000-8000-000000000001");
    create(&admin, "/api/admin/blog", &featured).await;
    assert_eq!(
        preloaded_image(&app, "/blog").await.as_deref(),
        Some("/objects/0190c3a4-0000-7000-8000-000000000001")
    );

    // Beyond the first page (12 newer posts) it is still the Featured card,
    // drawn first (the list names it whatever page it is on).
    for n in 0..12 {
        let mut newer = post(
            &format!("Newer {n}"),
            "News",
            &format!("2026-02-{:02}T09:00:00Z", n + 1),
        );
        newer["image"] = json!("/images/sample/edge-ai.svg");
        create(&admin, "/api/admin/blog", &newer).await;
    }
    assert_eq!(
        preloaded_image(&app, "/blog").await.as_deref(),
        Some("/objects/0190c3a4-0000-7000-8000-000000000001")
    );

    // An image on another site, or none, is not preloaded.
    let mut elsewhere = post("Elsewhere", "News", "2026-03-01T09:00:00Z");
    elsewhere["image"] = json!("https://cdn.example/a.png");
    let response = admin.post("/api/admin/blog", &elsewhere).await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST, "refused anyway");
    let bare = create(
        &admin,
        "/api/admin/blog",
        &post("Bare", "News", "2026-03-02T09:00:00Z"),
    )
    .await;
    assert_eq!(
        preloaded_image(&app, "/blog").await.as_deref(),
        Some("/objects/0190c3a4-0000-7000-8000-000000000001"),
        "the Featured card still comes first"
    );
    assert_eq!(preloaded_image(&app, &format!("/blog/{bare}")).await, None);
}

#[sqlx::test(migrations = "../migrations")]
async fn answers_are_gzipped_for_clients_that_accept_it(pool: PgPool) {
    let app = spawn(pool).await;
    let admin = app.agent().await;
    for n in 0..12 {
        let at = format!("2026-01-{:02}T09:00:00Z", n + 1);
        create(
            &admin,
            "/api/admin/blog",
            &post(&format!("Post {n}"), "News", &at),
        )
        .await;
    }
    let path = "/api/blog?page=1&limit=12";
    let plain = app.get(path).await;
    assert!(plain.headers().get("content-encoding").is_none());
    let plain_tag = plain.headers()["etag"].clone();
    let plain = plain.bytes().await.expect("body");

    let gzipped = app
        .client
        .get(app.url(path))
        .header("Accept-Encoding", "gzip, deflate")
        .send()
        .await
        .expect("request");
    assert_eq!(gzipped.headers()["content-encoding"], "gzip");
    assert_eq!(gzipped.headers()["vary"], "accept-encoding");
    let gzip_tag = gzipped.headers()["etag"].clone();
    assert_ne!(gzip_tag, plain_tag, "another representation, another ETag");
    let body = gzipped.bytes().await.expect("body");
    assert!(
        body.len() * 3 < plain.len(),
        "{} of {} bytes",
        body.len(),
        plain.len()
    );
    let mut text = Vec::new();
    std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&body[..]), &mut text)
        .expect("gunzips");
    assert_eq!(text, plain, "the same answer");

    // Either tag revalidates.
    for tag in [plain_tag, gzip_tag] {
        let again = app
            .client
            .get(app.url(path))
            .header("Accept-Encoding", "gzip")
            .header("If-None-Match", tag)
            .send()
            .await
            .expect("request");
        assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
    }
}
