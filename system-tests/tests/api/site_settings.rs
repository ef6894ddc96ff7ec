//! Site settings: read by anyone (defaults until an admin saves), written by
//! admins only, validated in words, audited, carried inside every page, and
//! seen by every gateway within a second of a change.

use std::time::{Duration, Instant};

use contract::site_settings::SiteSettings;
use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;

use crate::helpers::{Browser, message, registration, spawn};

fn defaults() -> Value {
    serde_json::to_value(SiteSettings::default()).expect("JSON")
}

async fn settings_of(browser: &Browser) -> Value {
    let response = browser.get("/api/site-settings").await;
    assert_eq!(response.status(), StatusCode::OK);
    response.json().await.expect("json")
}

/// The settings block of a page's HTML, parsed.
fn settings_in_page(html: &str) -> Value {
    let open = "<script id=\"site-settings\" type=\"application/json\">";
    let start = html.find(open).expect("the settings block") + open.len();
    let end = start + html[start..].find("</script>").expect("its end");
    serde_json::from_str(&html[start..end]).expect("JSON inside")
}

async fn page(browser: &Browser, path: &str) -> String {
    let response = browser.get(path).await;
    assert!(response.status().is_success() || response.status() == StatusCode::NOT_FOUND);
    response.text().await.expect("html")
}

async fn save(admin: &Browser, settings: &Value) -> reqwest::Response {
    admin.put("/api/admin/site-settings", settings).await
}

#[sqlx::test(migrations = "../migrations")]
async fn anyone_reads_the_defaults_with_an_etag(pool: PgPool) {
    let app = spawn(pool).await;
    let response = app.get("/api/site-settings").await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["cache-control"], "public, max-age=60");
    let etag = response.headers()["etag"]
        .to_str()
        .expect("ascii")
        .to_owned();
    let body: Value = response.json().await.expect("json");
    assert_eq!(body, defaults());
    assert_eq!(body["infoEmail"], "info@nyota.example", "camelCase keys");

    let again = app
        .client
        .get(app.url("/api/site-settings"))
        .header("If-None-Match", &etag)
        .send()
        .await
        .expect("request");
    assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
    assert_eq!(settings_in_page(&page(&app, "/").await), defaults());
}

#[sqlx::test(migrations = "../migrations")]
async fn a_change_shows_on_another_gateway_within_a_second_and_in_its_pages(pool: PgPool) {
    let app = spawn(pool).await;
    let admin = app.agent().await;
    // Started before the change: it loaded the defaults.
    let b = app.new_browser().on(&app.another_gateway().await);
    assert_eq!(settings_of(&b).await["phone"], "+254 700 000 000");
    let old_etag = b.get("/api/site-settings").await.headers()["etag"].clone();

    let mut changed = defaults();
    changed["phone"] = json!("+254 711 222 333");
    changed["partners"] = json!(["Savanna Fibre", "Umoja SACCO"]);
    let response = save(&admin, &changed).await;
    assert_eq!(response.status(), StatusCode::OK);
    let saved: Value = response.json().await.expect("json");
    assert_eq!(saved, changed);
    // The writer serves it at once.
    assert_eq!(settings_of(&admin).await, changed);

    let deadline = Instant::now() + Duration::from_secs(1);
    while settings_of(&b).await["phone"] != "+254 711 222 333" {
        assert!(
            Instant::now() < deadline,
            "the other gateway still serves the old phone a second after the change"
        );
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    assert_eq!(settings_of(&b).await, changed);
    let response = b.get("/api/site-settings").await;
    assert_ne!(response.headers()["etag"], old_etag, "a new ETag");

    // Every kind of page carries the new settings on its next load.
    for path in [
        "/",
        "/contact",
        "/blog/0190c3a4-0000-7000-8000-000000000001",
        "/admin/settings",
        "/no-such-page",
    ] {
        assert_eq!(settings_in_page(&page(&b, path).await), changed, "{path}");
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn values_cannot_break_out_of_the_page(pool: PgPool) {
    let app = spawn(pool).await;
    let admin = app.agent().await;
    let mut sneaky = defaults();
    sneaky["hours"] = json!("</script><script>alert(1)</script> & <!-- Mon-Fri");
    assert_eq!(save(&admin, &sneaky).await.status(), StatusCode::OK);
    let html = page(&app, "/").await;
    assert!(!html.contains("alert(1)</script>"), "{html}");
    assert!(html.contains("\\u003c/script\\u003e"), "{html}");
    assert_eq!(settings_in_page(&html), sneaky);
}

#[sqlx::test(migrations = "../migrations")]
async fn only_admins_change_settings(pool: PgPool) {
    let app = spawn(pool).await;
    let mut changed = defaults();
    changed["phone"] = json!("+254 799 999 999");
    let response = save(&app.new_browser(), &changed).await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(message(response).await, "Not signed in");

    let user = app.new_browser();
    user.register(&registration("reader@example.com")).await;
    assert_eq!(
        user.login("reader@example.com", "s3cret-pass")
            .await
            .status(),
        StatusCode::OK
    );
    let response = save(&user, &changed).await;
    assert_eq!(response.status(), StatusCode::FORBIDDEN);
    assert_eq!(message(response).await, "Only admins can do this");

    // Without the CSRF header even an admin is refused.
    let admin = app.agent().await;
    let response = admin
        .client
        .put(admin.url("/api/admin/site-settings"))
        .json(&changed)
        .send()
        .await
        .expect("request");
    assert_eq!(response.status(), StatusCode::FORBIDDEN);
    assert_eq!(settings_of(&app).await, defaults());
    let rows: i64 = sqlx::query_scalar("select count(*) from site_settings")
        .fetch_one(&app.pool)
        .await
        .expect("count");
    assert_eq!(rows, 0);
}

#[sqlx::test(migrations = "../migrations")]
async fn bad_settings_are_refused_in_words(pool: PgPool) {
    let app = spawn(pool).await;
    let admin = app.agent().await;
    let with = |pointer: &str, value: Value| {
        let mut body = defaults();
        *body.pointer_mut(pointer).expect("field") = value;
        body
    };
    let cases = [
        (with("/phone", json!("")), "Phone is required"),
        (with("/phone", json!(254)), "Phone must be text"),
        (
            with("/phone", json!("call us")),
            "Phone may contain only digits, spaces and + - ( ) .",
        ),
        (
            with("/salesEmail", json!("sales at nyota")),
            "Sales email must be a valid email address",
        ),
        (
            with("/supportEmail", json!("a@b.co?cc=x@evil.example")),
            "Support email must be a valid email address",
        ),
        (
            with("/bookingUrl", json!("javascript:alert(1)")),
            "Booking calendar URL must be a web address starting with http:// or https://",
        ),
        (
            with("/heroVideoUrl", json!("https://evil.example/embed/x")),
            "Hero video URL must be a YouTube embed address starting with \
             https://www.youtube-nocookie.com/embed/",
        ),
        (
            with("/office/street", json!("  ")),
            "Office street is required",
        ),
        (
            with("/hours", json!("Mon\u{0}Fri")),
            "Office hours must not contain control characters",
        ),
        (
            with("/partners", json!([])),
            "Partners must list between 1 and 30 names",
        ),
        (
            with("/partners", json!(vec!["Partner"; 31])),
            "Partners must list between 1 and 30 names",
        ),
        (
            with("/partners/1", json!("x".repeat(61))),
            "Partner 2 must be at most 60 characters",
        ),
        (
            with(
                "/social/0/href",
                json!("http://www.linkedin.com/company/nyota"),
            ),
            "Social link 1 address must be a web address starting with https://",
        ),
        (
            with("/social/2/label", json!("")),
            "Social link 3 name is required",
        ),
        (json!("phone"), "The request body must be a JSON object"),
    ];
    for (body, expected) in cases {
        let response = save(&admin, &body).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{expected}");
        assert_eq!(message(response).await, expected);
    }
    // Each refusal names its field, so that the form shows it there.
    for (pointer, value, field) in [
        ("/office/street", json!("  "), "office.street"),
        ("/partners/1", json!("x".repeat(61)), "partners.1"),
        ("/social/0/href", json!("http://x.example"), "social.0.href"),
        ("/staffSignInHours", json!(0), "staffSignInHours"),
        ("/phone", json!(254), "phone"),
    ] {
        let response = save(&admin, &with(pointer, value)).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{pointer}");
        let body: Value = response.json().await.expect("JSON");
        assert_eq!(body["field"], field, "{body}");
    }
    let response = admin
        .client
        .put(admin.url("/api/admin/site-settings"))
        .header("X-Requested-With", "XMLHttpRequest")
        .body("phone=1")
        .send()
        .await
        .expect("request");
    assert_eq!(response.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert_eq!(settings_of(&app).await, defaults(), "nothing was saved");
}

#[sqlx::test(migrations = "../migrations")]
async fn a_change_is_saved_with_its_author_and_audited(pool: PgPool) {
    let app = spawn(pool).await;
    let admin = app.agent().await;
    let admin_id: uuid::Uuid = {
        let me: Value = admin.get("/api/user").await.json().await.expect("json");
        me["id"].as_str().expect("id").parse().expect("uuid")
    };
    let mut changed = defaults();
    changed["salesEmail"] = json!("deals@nyota.example");
    changed["hours"] = json!("  Mon-Sat 8AM-8PM EAT  ");
    let response = save(&admin, &changed).await;
    assert_eq!(response.status(), StatusCode::OK);
    let saved: Value = response.json().await.expect("json");
    assert_eq!(saved["hours"], "Mon-Sat 8AM-8PM EAT", "trimmed");

    let (stored, updated_by): (Value, Option<uuid::Uuid>) =
        sqlx::query_as("select settings, updated_by from site_settings")
            .fetch_one(&app.pool)
            .await
            .expect("row");
    assert_eq!(stored, saved);
    assert_eq!(updated_by, Some(admin_id));

    let audit: Vec<(Option<uuid::Uuid>, String, String, Value)> =
        sqlx::query_as("select actor_id, action, entity, details from audit_log where entity <> 'account' order by id")
            .fetch_all(&app.pool)
            .await
            .expect("audit");
    assert_eq!(
        audit,
        [(
            Some(admin_id),
            "update".to_owned(),
            "site_settings".to_owned(),
            json!({ "changed": ["hours", "salesEmail"] }),
        )]
    );
    // The saved settings are what every page gets.
    assert_eq!(settings_in_page(&page(&app, "/contact").await), saved);
}
