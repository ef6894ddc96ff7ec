//! Cookie consent on record: `POST /api/consent` stores each choice with
//! the policy version and time against the anonymous id of the
//! `nyota_consent` cookie, `GET /api/consent` answers the current one, the
//! route is rate-limited, and a page view sent after a Decline on record is
//! not counted.

use std::time::Duration;

use futures::StreamExt as _;
use reqwest::StatusCode;
use serde_json::{Value, json};
use uuid::Uuid;

use crate::helpers::{message, spawn};

const CHROME: &str = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) \
                      Chrome/131.0.0.0 Safari/537.36";

fn choice(accepted: bool) -> Value {
    json!({ "accepted": accepted, "policyVersion": contract::consent::POLICY_VERSION })
}

/// The consent id in a response's Set-Cookie, with the cookie's attributes.
fn consent_cookie(response: &reqwest::Response) -> (Uuid, String) {
    let cookie = response
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|value| value.to_str().ok())
        .find(|value| value.starts_with("nyota_consent="))
        .expect("the consent cookie is set")
        .to_owned();
    let id = cookie
        .trim_start_matches("nyota_consent=")
        .split(';')
        .next()
        .expect("value")
        .parse()
        .expect("a uuid");
    (id, cookie)
}

#[sqlx::test(migrations = "../migrations")]
async fn a_choice_is_recorded_with_its_policy_version_and_changed_later(pool: sqlx::PgPool) {
    let app = spawn(pool).await;
    let state: Value = app.get("/api/consent").await.json().await.expect("json");
    assert_eq!(
        state,
        json!({ "choice": null, "policyVersion": contract::consent::POLICY_VERSION })
    );

    let accepted = app.post("/api/consent", &choice(true)).await;
    assert_eq!(accepted.status(), StatusCode::OK);
    let (id, cookie) = consent_cookie(&accepted);
    assert!(cookie.contains("HttpOnly"), "{cookie}");
    assert!(cookie.contains("SameSite=Lax"), "{cookie}");
    assert!(cookie.contains("Max-Age=31536000"), "{cookie}");
    let body: Value = accepted.json().await.expect("json");
    assert_eq!(body["accepted"], true);
    assert_eq!(body["policyVersion"], contract::consent::POLICY_VERSION);
    let state: Value = app.get("/api/consent").await.json().await.expect("json");
    assert_eq!(state["choice"]["accepted"], true);

    // The same browser declines later: the same id, a second row, the latest counts.
    let declined = app.post("/api/consent", &choice(false)).await;
    assert_eq!(declined.status(), StatusCode::OK);
    assert_eq!(consent_cookie(&declined).0, id);
    let state: Value = app.get("/api/consent").await.json().await.expect("json");
    assert_eq!(state["choice"]["accepted"], false);
    let rows: Vec<(Uuid, bool, String)> = sqlx::query_as(
        "select consent_id, accepted, policy_version from cookie_consents order by chosen_at, id",
    )
    .fetch_all(&app.pool)
    .await
    .expect("rows");
    let version = contract::consent::POLICY_VERSION.to_owned();
    assert_eq!(
        rows,
        vec![(id, true, version.clone()), (id, false, version)]
    );

    // Another browser is another anonymous id and knows nothing of the first.
    let other = app.new_browser();
    let state: Value = other.get("/api/consent").await.json().await.expect("json");
    assert_eq!(state["choice"], Value::Null);
    let response = other.post("/api/consent", &choice(true)).await;
    assert_ne!(consent_cookie(&response).0, id);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_choice_under_another_policy_or_without_the_csrf_header_is_refused(pool: sqlx::PgPool) {
    let app = spawn(pool).await;
    let response = app
        .post(
            "/api/consent",
            &json!({ "accepted": true, "policyVersion": "2020-01-01" }),
        )
        .await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert_eq!(
        message(response).await,
        "The Privacy Policy has changed. Please reload the page and choose again."
    );
    let response = app
        .client
        .post(app.url("/api/consent"))
        .json(&choice(true))
        .send()
        .await
        .expect("request");
    assert_eq!(response.status(), StatusCode::FORBIDDEN);
    let rows: i64 = sqlx::query_scalar("select count(*) from cookie_consents")
        .fetch_one(&app.pool)
        .await
        .expect("count");
    assert_eq!(rows, 0);
}

#[sqlx::test(migrations = "../migrations")]
async fn choices_are_rate_limited_per_address(pool: sqlx::PgPool) {
    let app = spawn(pool).await;
    for _ in 0..120 {
        let response = app.post("/api/consent", &choice(true)).await;
        assert_eq!(response.status(), StatusCode::OK);
    }
    let response = app.post("/api/consent", &choice(false)).await;
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(
        message(response).await,
        "Too many cookie choices. Please try again later."
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn a_page_view_after_a_decline_on_record_is_not_counted(pool: sqlx::PgPool) {
    let app = spawn(pool).await;
    let mut published = app
        .nats
        .subscribe(app.namespace.intake_pageview())
        .await
        .expect("subscribe");
    app.nats.flush().await.expect("flush");
    let view = |path: &'static str| {
        app.client
            .post(app.url("/api/analytics/pageview"))
            .header("X-Requested-With", "XMLHttpRequest")
            .header("User-Agent", CHROME)
            .json(&json!({ "path": path }))
            .send()
    };

    assert_eq!(
        app.post("/api/consent", &choice(true)).await.status(),
        StatusCode::OK
    );
    assert_eq!(
        view("/about").await.expect("request").status(),
        StatusCode::NO_CONTENT
    );
    let first = tokio::time::timeout(Duration::from_secs(5), published.next())
        .await
        .expect("the accepted view is published")
        .expect("message");
    let first: Value = serde_json::from_slice(&first.payload).expect("json");
    assert_eq!(first["path"], "/about");

    // Declined: the beacon still answers 204 but nothing is published.
    assert_eq!(
        app.post("/api/consent", &choice(false)).await.status(),
        StatusCode::OK
    );
    assert_eq!(
        view("/contact").await.expect("request").status(),
        StatusCode::NO_CONTENT
    );
    // Accepted again: counted again at once.
    assert_eq!(
        app.post("/api/consent", &choice(true)).await.status(),
        StatusCode::OK
    );
    assert_eq!(
        view("/blog").await.expect("request").status(),
        StatusCode::NO_CONTENT
    );
    let next = tokio::time::timeout(Duration::from_secs(5), published.next())
        .await
        .expect("the view after accepting again is published")
        .expect("message");
    let next: Value = serde_json::from_slice(&next.payload).expect("json");
    assert_eq!(
        next["path"], "/blog",
        "the declined /contact view was not published"
    );
    assert!(
        tokio::time::timeout(Duration::from_millis(500), published.next())
            .await
            .is_err(),
        "nothing else was published"
    );
}
