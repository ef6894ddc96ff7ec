//! First-party analytics: the page-view beacon (checked, rate-limited,
//! crawlers and admins left out), the `analytics` worker adding views up per
//! day, path and referrer host exactly once, and the admin report.

use std::time::{Duration, Instant};

use contract::analytics::PageView;
use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;
use time::OffsetDateTime;
use uuid::Uuid;
use workers::WorkerContext;
use workers::analytics::CountedView;

use crate::helpers::{Browser, Options, TestApp, message, spawn, spawn_with};

const CHROME: &str = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) \
                      Chrome/131.0.0.0 Safari/537.36";
const GOOGLEBOT: &str = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/// The beacon as the web app sends it (fetch keepalive with the CSRF header).
async fn beacon(browser: &Browser, body: &Value, user_agent: &str) -> reqwest::Response {
    browser
        .client
        .post(browser.url("/api/analytics/pageview"))
        .header("X-Requested-With", "XMLHttpRequest")
        .header("User-Agent", user_agent)
        .json(body)
        .send()
        .await
        .expect("request")
}

/// Runs the `analytics` role in this process until the test ends.
async fn start_worker(app: &TestApp) {
    let ctx = WorkerContext {
        pool: app.pool.clone(),
        nats: app.nats.clone(),
        namespace: app.namespace.clone(),
    };
    workers::analytics::spawn(ctx, std::future::pending())
        .await
        .expect("the analytics worker starts");
}

/// Every row of `page_views_daily` as (path, referrer host, views), once
/// they add up to `total` (within ten seconds).
async fn rows_adding_up_to(pool: &PgPool, total: i64) -> Vec<(String, String, i64)> {
    let started = Instant::now();
    loop {
        let rows: Vec<(String, String, i64)> = sqlx::query_as(
            "select path, referrer_host, views from page_views_daily order by path, referrer_host",
        )
        .fetch_all(pool)
        .await
        .expect("rows");
        let sum: i64 = rows.iter().map(|row| row.2).sum();
        assert!(sum <= total, "{rows:?}");
        if sum == total {
            return rows;
        }
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "{sum} of {total} views after ten seconds: {rows:?}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn page_views_are_added_up_per_day_path_and_referrer_host(pool: PgPool) {
    let app = spawn(pool).await;
    start_worker(&app).await;
    let visitor = app.new_browser();
    let google = "https://www.google.com/search?q=nyota+cloud";
    let own = format!("{}/contact", app.address);
    for (path, referrer) in [
        ("/blog", Some(google)),
        ("/blog/", Some(google)),
        ("/contact?subject=x#contact-form", None),
        ("/", Some(own.as_str())),
        ("/blog", Some("")),
    ] {
        let body = json!({ "path": path, "referrer": referrer });
        let response = beacon(&visitor, &body, CHROME).await;
        assert_eq!(response.status(), StatusCode::NO_CONTENT, "{body}");
    }
    // Crawlers, admins, the admin area and pages that do not exist are
    // answered alike but not counted.
    let crawled = beacon(&visitor, &json!({ "path": "/about" }), GOOGLEBOT).await;
    assert_eq!(crawled.status(), StatusCode::NO_CONTENT);
    for path in ["/admin/settings", "/no-such-page"] {
        let response = beacon(&visitor, &json!({ "path": path }), CHROME).await;
        assert_eq!(response.status(), StatusCode::NO_CONTENT, "{path}");
    }
    let admin = app.agent().await;
    let admin_view = beacon(&admin, &json!({ "path": "/about" }), CHROME).await;
    assert_eq!(admin_view.status(), StatusCode::NO_CONTENT);

    let rows = rows_adding_up_to(&app.pool, 5).await;
    assert_eq!(
        rows,
        [
            ("/".to_owned(), String::new(), 1),
            ("/blog".to_owned(), String::new(), 1),
            ("/blog".to_owned(), "www.google.com".to_owned(), 2),
            ("/contact".to_owned(), String::new(), 1),
        ]
    );
    let day: String =
        sqlx::query_scalar("select distinct to_char(day, 'YYYY-MM-DD') from page_views_daily")
            .fetch_one(&app.pool)
            .await
            .expect("day");
    let nairobi_today = contract::analytics::nairobi_day(OffsetDateTime::now_utc());
    assert_eq!(day, nairobi_today.to_string());
    // Nothing more arrives later (the crawler's and the admin's views).
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(rows_adding_up_to(&app.pool, 5).await, rows);
}

#[sqlx::test(migrations = "../migrations")]
async fn no_view_is_counted_while_the_admin_has_counting_off(pool: PgPool) {
    let app = spawn(pool).await;
    start_worker(&app).await;
    let admin = app.agent().await;
    let set_counting = |on: bool| {
        let mut settings =
            serde_json::to_value(contract::site_settings::SiteSettings::default()).expect("JSON");
        settings["countPageViews"] = json!(on);
        settings
    };
    let off = admin
        .put("/api/admin/site-settings", &set_counting(false))
        .await;
    assert_eq!(off.status(), StatusCode::OK);
    let visitor = app.new_browser();
    let ignored = beacon(&visitor, &json!({ "path": "/blog" }), CHROME).await;
    assert_eq!(ignored.status(), StatusCode::NO_CONTENT);

    let on = admin
        .put("/api/admin/site-settings", &set_counting(true))
        .await;
    assert_eq!(on.status(), StatusCode::OK);
    let counted = beacon(&visitor, &json!({ "path": "/about" }), CHROME).await;
    assert_eq!(counted.status(), StatusCode::NO_CONTENT);
    let rows = rows_adding_up_to(&app.pool, 1).await;
    assert_eq!(rows, [("/about".to_owned(), String::new(), 1)]);
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(
        rows_adding_up_to(&app.pool, 1).await,
        rows,
        "the view while off never arrives"
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn a_view_delivered_twice_is_counted_once_and_pruned_after_the_ack_floor(pool: PgPool) {
    let view = |seq: u64, path: &str, host: Option<&str>| CountedView {
        view: PageView {
            id: Uuid::now_v7(),
            path: path.to_owned(),
            referrer_host: host.map(str::to_owned),
            at: OffsetDateTime::now_utc(),
            visitor: Some(format!("{:064x}", seq % 2)),
        },
        stream_seq: seq,
    };
    let first = [
        view(1, "/blog", None),
        view(2, "/blog", Some("news.example")),
        view(3, "/blog", None),
    ];
    assert_eq!(
        workers::analytics::record(&pool, &first)
            .await
            .expect("recorded"),
        3
    );
    // Redelivered (the acks were lost) beside a new view, and twice within
    // one batch: only the new one counts.
    let again = [
        first[0].clone(),
        first[1].clone(),
        first[2].clone(),
        first[2].clone(),
        view(4, "/blog", None),
    ];
    assert_eq!(
        workers::analytics::record(&pool, &again)
            .await
            .expect("recorded"),
        1
    );
    assert_eq!(
        workers::analytics::record(&pool, &again)
            .await
            .expect("recorded"),
        0
    );
    let rows: Vec<(String, i64)> =
        sqlx::query_as("select referrer_host, views from page_views_daily order by referrer_host")
            .fetch_all(&pool)
            .await
            .expect("rows");
    assert_eq!(rows, [(String::new(), 3), ("news.example".to_owned(), 1)]);
    // Four views from two visitors (odd and even sequences).
    let visitors: i64 = sqlx::query_scalar("select count(*) from page_visitors_daily")
        .fetch_one(&pool)
        .await
        .expect("visitors");
    assert_eq!(visitors, 2);

    assert_eq!(
        workers::analytics::prune(&pool, 3).await.expect("pruned"),
        3
    );
    let left: i64 = sqlx::query_scalar("select count(*) from counted_page_views")
        .fetch_one(&pool)
        .await
        .expect("count");
    assert_eq!(left, 1, "view 4 stays until the floor passes it");
}

#[sqlx::test(migrations = "../migrations")]
async fn bad_beacons_are_refused_in_words(pool: PgPool) {
    let app = spawn(pool).await;
    for (body, expected) in [
        (json!({}), "Path is required"),
        (json!({ "path": "  " }), "Path is required"),
        (json!({ "path": 7 }), "Path must be text"),
        (
            json!({ "path": format!("/{}", "a".repeat(300)) }),
            "Path must be at most 300 characters",
        ),
        (
            json!({ "path": "https://evil.example/" }),
            "Path must be a path on this site, starting with /",
        ),
        (
            json!({ "path": "//evil.example/x" }),
            "Path must be a path on this site, starting with /",
        ),
        (
            json!({ "path": "/blog\u{0}" }),
            "Path must not contain control characters",
        ),
        (
            json!({ "path": "/", "referrer": "not a web address" }),
            "Referrer must be a web address",
        ),
    ] {
        let response = beacon(&app, &body, CHROME).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{body}");
        assert_eq!(message(response).await, expected);
    }
    // sendBeacon cannot set the CSRF header: the beacon is a fetch that can.
    let response = app
        .client
        .post(app.url("/api/analytics/pageview"))
        .json(&json!({ "path": "/" }))
        .send()
        .await
        .expect("request");
    assert_eq!(response.status(), StatusCode::FORBIDDEN);
}

#[sqlx::test(migrations = "../migrations")]
async fn page_views_are_rate_limited_per_address(pool: PgPool) {
    let app = spawn_with(
        pool,
        Options {
            config: vec![("TRUST_FORWARDED_FOR", "true".into())],
            ..Options::default()
        },
    )
    .await;
    let from = |ip: &'static str, user_agent: &'static str| {
        app.client
            .post(app.url("/api/analytics/pageview"))
            .header("X-Requested-With", "XMLHttpRequest")
            .header("X-Forwarded-For", ip)
            .header("User-Agent", user_agent)
            .json(&json!({ "path": "/blog" }))
    };
    // Crawlers are not counted, so they use up nothing.
    for _ in 0..100 {
        let response = from("10.0.0.1", GOOGLEBOT).send().await.expect("request");
        assert_eq!(response.status(), StatusCode::NO_CONTENT);
    }
    for n in 0..60 {
        let response = from("10.0.0.1", CHROME).send().await.expect("request");
        assert_eq!(response.status(), StatusCode::NO_CONTENT, "view {n}");
    }
    let response = from("10.0.0.1", CHROME).send().await.expect("request");
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(
        message(response).await,
        "Too many page views. Please slow down."
    );
    let elsewhere = from("10.0.0.2", CHROME).send().await.expect("request");
    assert_eq!(
        elsewhere.status(),
        StatusCode::NO_CONTENT,
        "another address has its own quota"
    );
}

/// Views and visitors of today (Nairobi), once the views add up to `views`.
async fn today(pool: &PgPool, views: i64) -> (i64, i64) {
    rows_adding_up_to(pool, views).await;
    sqlx::query_as(
        "select (select sum(views)::bigint from page_views_daily),
                (select count(*) from page_visitors_daily where day = $1)",
    )
    .bind(contract::analytics::nairobi_day(OffsetDateTime::now_utc()))
    .fetch_one(pool)
    .await
    .expect("today")
}

#[sqlx::test(migrations = "../migrations")]
async fn a_visitor_is_counted_once_a_day_and_nothing_of_them_is_kept(pool: PgPool) {
    use futures::StreamExt as _;
    let app = spawn_with(
        pool,
        Options {
            config: vec![("TRUST_FORWARDED_FOR", "true".into())],
            ..Options::default()
        },
    )
    .await;
    start_worker(&app).await;
    const FIREFOX: &str = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
    let mut published = app
        .nats
        .subscribe(app.namespace.intake_pageview())
        .await
        .expect("subscribe");
    app.nats.flush().await.expect("flush");
    let view = |ip: &'static str, user_agent: &'static str, path: &'static str| {
        app.client
            .post(app.url("/api/analytics/pageview"))
            .header("X-Requested-With", "XMLHttpRequest")
            .header("X-Forwarded-For", ip)
            .header("User-Agent", user_agent)
            .json(&json!({ "path": path }))
            .send()
    };
    // One visitor on three pages, the same address with another browser,
    // another address with the first browser.
    for (ip, agent, path) in [
        ("198.51.100.7", CHROME, "/"),
        ("198.51.100.7", CHROME, "/blog"),
        ("198.51.100.7", CHROME, "/contact"),
        ("198.51.100.7", FIREFOX, "/about"),
        ("198.51.100.8", CHROME, "/events"),
    ] {
        let response = view(ip, agent, path).await.expect("request");
        assert_eq!(response.status(), StatusCode::NO_CONTENT);
    }
    assert_eq!(today(&app.pool, 5).await, (5, 3));

    // What leaves the gateway: the day's hash, never the address or the
    // agent. (Each view is published from a task of its own: in any order.)
    let mut visitors = std::collections::HashMap::new();
    for _ in 0..5 {
        let message = tokio::time::timeout(Duration::from_secs(5), published.next())
            .await
            .expect("published")
            .expect("message");
        let text = String::from_utf8(message.payload.to_vec()).expect("utf-8");
        assert!(
            !text.contains("198.51.100") && !text.contains("Mozilla"),
            "{text}"
        );
        let event: PageView = serde_json::from_str(&text).expect("a page view");
        visitors.insert(event.path, event.visitor.expect("a visitor"));
    }
    let visitor = |path: &str| visitors[path].clone();
    assert_eq!(visitor("/"), visitor("/blog"));
    assert_eq!(visitor("/blog"), visitor("/contact"));
    assert_ne!(visitor("/"), visitor("/about"), "another browser");
    assert_ne!(visitor("/"), visitor("/events"), "another address");
    assert_ne!(visitor("/about"), visitor("/events"));
    // The stored visitor is that hash; only today's salt is kept.
    let stored: Vec<String> =
        sqlx::query_scalar("select encode(visitor, 'hex') from page_visitors_daily order by 1")
            .fetch_all(&app.pool)
            .await
            .expect("visitors");
    let mut expected = vec![visitor("/"), visitor("/about"), visitor("/events")];
    expected.sort();
    assert_eq!(stored, expected);
    let salts: Vec<String> =
        sqlx::query_scalar("select to_char(day, 'YYYY-MM-DD') from visitor_salts")
            .fetch_all(&app.pool)
            .await
            .expect("salts");
    assert_eq!(
        salts,
        [contract::analytics::nairobi_day(OffsetDateTime::now_utc()).to_string()]
    );

    // The report has them per day.
    let admin = app.agent().await;
    let report: Value = admin
        .get("/api/admin/analytics")
        .await
        .json()
        .await
        .expect("json");
    let days = report["days"].as_array().expect("days");
    assert_eq!(days.last().expect("today")["visitors"], 3);
    assert_eq!(days.last().expect("today")["views"], 5);
}

#[sqlx::test(migrations = "../migrations")]
async fn the_salt_is_one_a_day_and_gone_the_next(pool: PgPool) {
    use contract::analytics::visitor_hash;
    use runtime::visitor_salts::{discard_past_salts, salt_for};
    let monday = time::Date::from_calendar_date(2026, time::Month::March, 2).expect("date");
    let tuesday = monday.next_day().expect("tuesday");
    let address = "203.0.113.9".parse().expect("address");

    let salt = salt_for(&pool, monday).await.expect("salt");
    assert_eq!(salt.len(), 32);
    assert_eq!(
        salt_for(&pool, monday).await.expect("salt"),
        salt,
        "one a day"
    );
    let seen_monday = visitor_hash(&salt, address, CHROME);

    // The next day has its own salt, and making it deletes Monday's: the
    // Monday hash can no longer be recomputed, so it ties to nobody.
    let next = salt_for(&pool, tuesday).await.expect("salt");
    assert_ne!(next, salt);
    assert_ne!(visitor_hash(&next, address, CHROME), seen_monday);
    let days: Vec<time::Date> = sqlx::query_scalar("select day from visitor_salts")
        .fetch_all(&pool)
        .await
        .expect("salts");
    assert_eq!(days, [tuesday]);

    // The worker's minute sweep deletes a past day's salt even when no view
    // came after it.
    assert_eq!(discard_past_salts(&pool, tuesday).await.expect("swept"), 0);
    assert_eq!(
        discard_past_salts(&pool, tuesday.next_day().expect("wednesday"))
            .await
            .expect("swept"),
        1
    );
    // Two gateways making the day's salt at once agree on one.
    let (a, b) = tokio::join!(salt_for(&pool, monday), salt_for(&pool, monday));
    assert_eq!(a.expect("salt"), b.expect("salt"));
}
