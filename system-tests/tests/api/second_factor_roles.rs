//! The site setting that requires a second factor per staff role, at
//! sign-in and on sessions already open; and staff sockets that end with
//! the sign-in window, a role change or a sign-out, as REST sessions do.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;
use tower_sessions::session::Record;

use crate::helpers::{Browser, TestApp, message, spawn};
use crate::second_factor::enrol;

const ENROL_FIRST: &str = "Your role requires a second factor. Set one up under Account security (/account/security) to continue.";

fn now() -> i64 {
    time::OffsetDateTime::now_utc().unix_timestamp()
}

/// Saves the site settings with `change` applied, as `admin`.
async fn change_settings(admin: &Browser, change: impl FnOnce(&mut Value)) -> reqwest::Response {
    let mut settings: Value = admin
        .get("/api/site-settings")
        .await
        .json()
        .await
        .expect("json");
    change(&mut settings);
    admin.put("/api/admin/site-settings", &settings).await
}

#[sqlx::test(migrations = "../migrations")]
async fn a_required_second_factor_holds_at_sign_in_and_on_open_sessions(pool: PgPool) {
    let app = spawn(pool).await;
    let (admin, _) = app.signed_in_as("admin").await;
    let (support, email) = app.signed_in_as("support").await;
    assert_eq!(
        support.get("/api/agent/chats").await.status(),
        StatusCode::OK
    );

    // Only staff roles can be named.
    let response = change_settings(&admin, |s| s["secondFactorRoles"] = json!(["user"])).await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    // An admin without a factor cannot require one of admins (they and
    // every admin like them would be stopped at the next request).
    let response = change_settings(&admin, |s| s["secondFactorRoles"] = json!(["admin"])).await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert_eq!(
        message(response).await,
        "Set up your own second factor under Account security before requiring one of your role"
    );
    let response = change_settings(&admin, |s| s["secondFactorRoles"] = json!(["support"])).await;
    assert_eq!(response.status(), StatusCode::OK);

    // The open session: at its next request, only enrolment is open.
    let response = support.get("/api/agent/chats").await;
    assert_eq!(response.status(), StatusCode::FORBIDDEN);
    assert_eq!(message(response).await, ENROL_FIRST);
    assert_eq!(support.get("/api/user").await.status(), StatusCode::OK);
    let status: Value = support
        .get("/api/account/second-factor")
        .await
        .json()
        .await
        .expect("json");
    assert_eq!(status["required"], true);
    // The admin role is not named: admins carry on.
    assert_eq!(admin.get("/api/agent/chats").await.status(), StatusCode::OK);

    // A new sign-in with the password alone is sent to enrol too.
    let fresh = app.new_browser();
    assert_eq!(
        fresh.login(&email, "s3cret-pass").await.status(),
        StatusCode::OK
    );
    assert_eq!(
        fresh.get("/api/agent/chats").await.status(),
        StatusCode::FORBIDDEN
    );

    // Enrolled: open again, and the next sign-in asks for a code.
    enrol(&fresh).await;
    assert_eq!(fresh.get("/api/agent/chats").await.status(), StatusCode::OK);
    assert_eq!(
        app.new_browser()
            .login(&email, "s3cret-pass")
            .await
            .status(),
        StatusCode::ACCEPTED
    );
}

/// Moves `browser`'s sign-in time back to `signed_in_at`, as if it signed
/// in then, and drops the session from every gateway's cache.
async fn signed_in_at(app: &TestApp, browser: &Browser, signed_in_at: i64) {
    let cookie = browser.session_cookie().expect("a session");
    let id = cookie
        .split(';')
        .find_map(|c| c.trim().strip_prefix("nyota.sid="))
        .expect("the session cookie")
        .to_owned();
    let data: Vec<u8> = sqlx::query_scalar("select data from tower_sessions.session where id = $1")
        .bind(&id)
        .fetch_one(&app.pool)
        .await
        .expect("the stored session");
    let mut record: Record = rmp_serde::from_slice(&data).expect("a record");
    record
        .data
        .insert("signed_in_at".to_owned(), json!(signed_in_at));
    sqlx::query("update tower_sessions.session set data = $2 where id = $1")
        .bind(&id)
        .bind(rmp_serde::to_vec(&record).expect("encoded"))
        .execute(&app.pool)
        .await
        .expect("saved");
    app.nats
        .publish(app.namespace.sessions_changed(), id.into())
        .await
        .expect("published");
    app.nats.flush().await.expect("flushed");
    tokio::time::sleep(Duration::from_millis(200)).await;
}

#[sqlx::test(migrations = "../migrations")]
async fn a_staff_socket_closes_when_the_sign_in_window_ends(pool: PgPool) {
    let app = spawn(pool).await;
    let (admin, _) = app.signed_in_as("admin").await;
    let response = change_settings(&admin, |s| s["staffSignInHours"] = json!(1)).await;
    assert_eq!(response.status(), StatusCode::OK);
    let (agent, _) = app.signed_in_as("support").await;
    // Signed in an hour ago, less 3 seconds: the window ends in 3 seconds.
    signed_in_at(&app, &agent, now() - 3600 + 3).await;
    assert_eq!(agent.get("/api/agent/chats").await.status(), StatusCode::OK);
    let mut console = agent.socket().await;
    console.send(json!({ "type": "join_agents" })).await;
    assert_eq!(console.recv().await["type"], "agents_joined");

    let (code, reason) = console.closed_with(Duration::from_secs(8)).await;
    assert_eq!((code, reason.as_str()), (1008, "Sign-in expired"));
    assert_eq!(
        agent.get("/api/agent/chats").await.status(),
        StatusCode::UNAUTHORIZED
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn a_role_change_closes_the_staff_socket(pool: PgPool) {
    let app = spawn(pool).await;
    let (admin, _) = app.signed_in_as("admin").await;
    let (agent, email) = app.signed_in_as("support").await;
    let mut console = agent.socket().await;
    console.send(json!({ "type": "join_agents" })).await;
    assert_eq!(console.recv().await["type"], "agents_joined");
    let id: uuid::Uuid = sqlx::query_scalar("select id from users where email = $1")
        .bind(&email)
        .fetch_one(&app.pool)
        .await
        .expect("id");
    let response = admin
        .patch(
            &format!("/api/admin/agents/{id}"),
            &json!({ "role": "user" }),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let (code, reason) = console.closed_with(Duration::from_secs(1)).await;
    assert_eq!((code, reason.as_str()), (1008, "Signed out"));
}

#[sqlx::test(migrations = "../migrations")]
async fn requiring_a_factor_closes_the_sockets_of_members_without_one(pool: PgPool) {
    let app = spawn(pool).await;
    let (admin, _) = app.signed_in_as("admin").await;
    let (without, _) = app.signed_in_as("support").await;
    let (with, _) = app.signed_in_as("support").await;
    enrol(&with).await;

    let mut unprotected = without.socket().await;
    unprotected.send(json!({ "type": "join_agents" })).await;
    assert_eq!(unprotected.recv().await["type"], "agents_joined");
    let mut protected = with.socket().await;
    protected.send(json!({ "type": "join_agents" })).await;
    assert_eq!(protected.recv().await["type"], "agents_joined");

    let response = change_settings(&admin, |s| s["secondFactorRoles"] = json!(["support"])).await;
    assert_eq!(response.status(), StatusCode::OK);
    // The console without a factor closes at once, as its REST calls now
    // answer 403; the one with a factor carries on.
    let (code, reason) = unprotected.closed_with(Duration::from_secs(2)).await;
    assert_eq!((code, reason.as_str()), (1008, "Signed out"));
    assert_eq!(
        without.get("/api/agent/chats").await.status(),
        StatusCode::FORBIDDEN
    );
    protected.send(json!({ "type": "join_agents" })).await;
    assert_eq!(protected.recv().await["type"], "agents_joined");
}
