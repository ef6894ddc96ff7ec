//! Agents at scale: the support role (chat console only) and team
//! management on `/api/admin/agents` (the canned-reply library is in
//! canned_replies.rs).

use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;
use workers::consumer::RetryPolicy;

use crate::helpers::{Browser, MailCatcher, Options, TestApp, message, spawn, spawn_with};
use crate::mailbox::{Mail, wait_for_subject};

/// Every admin route, with a body that would pass validation where one is
/// needed, so only the role check can refuse it.
fn admin_routes() -> Vec<(&'static str, String)> {
    let id = uuid::Uuid::now_v7();
    vec![
        ("GET", "/api/admin/overview".into()),
        ("GET", "/api/admin/messages".into()),
        ("PATCH", format!("/api/admin/messages/{id}")),
        ("POST", "/api/admin/blog".into()),
        ("PUT", format!("/api/admin/blog/{id}")),
        ("DELETE", format!("/api/admin/blog/{id}")),
        ("POST", "/api/admin/events".into()),
        ("PUT", format!("/api/admin/events/{id}")),
        ("DELETE", format!("/api/admin/events/{id}")),
        ("GET", "/api/admin/uploads".into()),
        ("POST", "/api/admin/uploads".into()),
        ("DELETE", format!("/api/admin/uploads/{id}")),
        ("GET", "/api/admin/database".into()),
        ("POST", format!("/api/admin/dead-letters/{id}/replay")),
        ("POST", format!("/api/admin/dead-letters/{id}/discard")),
        ("GET", "/api/admin/subscriptions".into()),
        ("PUT", "/api/admin/site-settings".into()),
        ("GET", "/api/admin/waitlist".into()),
        ("GET", "/api/admin/waitlist.csv".into()),
        ("GET", "/api/admin/analytics".into()),
        ("GET", "/api/admin/agents".into()),
        ("POST", "/api/admin/agents".into()),
        ("PATCH", format!("/api/admin/agents/{id}")),
        ("POST", "/api/agent/canned-responses".into()),
        ("PUT", format!("/api/agent/canned-responses/{id}")),
        ("DELETE", format!("/api/agent/canned-responses/{id}")),
        ("POST", "/api/admin/teams".into()),
        ("PUT", format!("/api/admin/teams/{id}")),
        ("DELETE", format!("/api/admin/teams/{id}")),
        ("PUT", format!("/api/admin/teams/{id}/members")),
        ("GET", "/api/admin/routing-rules".into()),
        ("POST", "/api/admin/routing-rules".into()),
        ("PUT", format!("/api/admin/routing-rules/{id}")),
        ("DELETE", format!("/api/admin/routing-rules/{id}")),
        ("PUT", "/api/admin/routing-rules/order".into()),
    ]
}

/// Every agent route (the chat console's API).
fn agent_routes(chat: &str) -> Vec<(&'static str, String)> {
    vec![
        ("GET", "/api/agent/chats".into()),
        ("GET", format!("/api/agent/chats/{chat}")),
        ("POST", format!("/api/agent/chats/{chat}/assign")),
        ("POST", format!("/api/agent/chats/{chat}/resolve")),
        ("POST", format!("/api/agent/chats/{chat}/reopen")),
        ("POST", format!("/api/agent/chats/{chat}/read")),
        ("GET", format!("/api/agent/chats/{chat}/notes")),
        ("GET", format!("/api/agent/chats/{chat}/history")),
        ("GET", "/api/agent/labels".into()),
        ("GET", "/api/agent/search?q=hello".into()),
        ("GET", "/api/agent/status".into()),
        ("GET", "/api/agent/team".into()),
        ("GET", "/api/agent/canned-responses".into()),
        ("GET", "/api/agent/teams".into()),
    ]
}

async fn call(browser: &Browser, method: &str, path: &str) -> StatusCode {
    let body = json!({});
    let response = match method {
        "GET" => browser.get(path).await,
        "POST" => browser.post(path, &body).await,
        "PUT" => browser.put(path, &body).await,
        "PATCH" => browser.patch(path, &body).await,
        "DELETE" => browser.delete(path).await,
        other => panic!("no helper for {other}"),
    };
    response.status()
}

#[sqlx::test(migrations = "../migrations")]
async fn a_support_agent_is_refused_every_admin_route_but_may_use_the_console(pool: PgPool) {
    let app = spawn(pool).await;
    let (support, _) = app.signed_in_as("support").await;
    let user: Value = support.get("/api/user").await.json().await.expect("JSON");
    assert_eq!(user["role"], "support");
    assert_eq!(user["isAdmin"], false);
    for (method, path) in admin_routes() {
        assert_eq!(
            call(&support, method, &path).await,
            StatusCode::FORBIDDEN,
            "{method} {path}"
        );
    }
    let chat = app
        .new_browser()
        .start_chat("Amina", "amina@example.com")
        .await;
    for (method, path) in agent_routes(&chat) {
        assert!(
            call(&support, method, &path).await.is_success(),
            "{method} {path}"
        );
    }
    // And the console's socket frames.
    let mut console = support.socket().await;
    console.send(json!({ "type": "join_agents" })).await;
    assert_eq!(console.recv().await["type"], "agents_joined");
    assert_eq!(console.join(&chat).await["type"], "session_joined");
}

#[sqlx::test(migrations = "../migrations")]
async fn a_plain_user_is_refused_every_agent_route_and_frame(pool: PgPool) {
    let app = spawn(pool).await;
    let (user, _) = app.signed_in_as("user").await;
    let chat = app
        .new_browser()
        .start_chat("Amina", "amina@example.com")
        .await;
    for (method, path) in agent_routes(&chat).into_iter().chain(admin_routes()) {
        assert_eq!(
            call(&user, method, &path).await,
            StatusCode::FORBIDDEN,
            "{method} {path}"
        );
    }
    let mut socket = user.socket().await;
    socket.send(json!({ "type": "join_agents" })).await;
    let answer = socket.recv().await;
    assert_eq!(answer["type"], "error", "{answer}");
    // Someone else's chat is not found for a plain user.
    assert_ne!(socket.join(&chat).await["type"], "session_joined");
}

#[sqlx::test(migrations = "../migrations")]
async fn an_admin_may_use_admin_and_agent_routes(pool: PgPool) {
    let app = spawn(pool).await;
    let (admin, _) = app.signed_in_as("admin").await;
    let user: Value = admin.get("/api/user").await.json().await.expect("JSON");
    assert_eq!(
        (user["role"].as_str(), user["isAdmin"].as_bool()),
        (Some("admin"), Some(true))
    );
    for path in [
        "/api/admin/overview",
        "/api/admin/database",
        "/api/agent/chats",
    ] {
        assert_eq!(admin.get(path).await.status(), StatusCode::OK, "{path}");
    }
}

const FAST: RetryPolicy = RetryPolicy {
    max_deliveries: 50,
    backoff_base: Duration::from_millis(100),
    backoff_cap: Duration::from_millis(500),
};

const INVITE_SUBJECT: &str = "You're invited to the Nyota Cloud support team";

/// The token of the set-password link in an invitation.
fn invite_token(mail: &Mail) -> String {
    let link = mail
        .link("/reset-password?token=")
        .unwrap_or_else(|| panic!("no link in {}\n{}", mail.text, mail.raw));
    assert!(link.ends_with("&invite=1"), "{link}");
    let token = link.split_once("token=").expect("token").1;
    token.trim_end_matches("&invite=1").to_owned()
}

async fn set_password(app: &TestApp, token: &str, password: &str) -> reqwest::Response {
    app.new_browser()
        .post(
            "/api/password-reset/confirm",
            &json!({ "token": token, "password": password }),
        )
        .await
}

async fn member(admin: &Browser, email: &str) -> Value {
    let team: Vec<Value> = admin
        .get("/api/admin/agents")
        .await
        .json()
        .await
        .expect("JSON");
    team.into_iter()
        .find(|m| m["email"] == email)
        .unwrap_or_else(|| panic!("{email} is not on the team"))
}

#[sqlx::test(migrations = "../migrations")]
async fn an_invited_agent_sets_a_password_once_from_the_emailed_link(pool: PgPool) {
    let sink = MailCatcher::start().await;
    let app = spawn_with(
        pool,
        Options {
            smtp_url: Some(sink.smtp_url.clone()),
            requests_worker: Some(FAST),
            ..Options::default()
        },
    )
    .await;
    let (admin, _) = app.signed_in_as("admin").await;
    let email = format!("zawadi-{}@example.com", uuid::Uuid::new_v4().simple());
    let response = admin
        .post(
            "/api/admin/agents",
            &json!({ "email": email.to_uppercase(), "name": "Zawadi Njeri", "role": "support" }),
        )
        .await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let invited: Value = response.json().await.expect("JSON");
    assert_eq!(invited["email"], email);
    assert_eq!(invited["role"], "support");
    assert_eq!(
        (invited["pending"].as_bool(), invited["active"].as_bool()),
        (Some(true), Some(true))
    );
    assert_eq!(invited["capacity"], 8);

    // No password yet: nothing signs in.
    let stranger = app.new_browser();
    assert_eq!(
        stranger.login(&email, "guess-me-123").await.status(),
        StatusCode::UNAUTHORIZED
    );

    let mails = wait_for_subject(&sink, &email, INVITE_SUBJECT, 1).await;
    assert!(
        mails[0].text.contains("within 48 hours"),
        "{}",
        mails[0].text
    );
    let token = invite_token(&mails[0]);
    let hours: f64 = sqlx::query_scalar(
        "select (extract(epoch from expires_at - created_at) / 3600)::float8 from password_reset_tokens",
    )
    .fetch_one(&app.pool)
    .await
    .expect("one token");
    assert!((47.9..=48.1).contains(&hours), "{hours}");

    assert_eq!(
        set_password(&app, &token, "zawadi-pass-1").await.status(),
        StatusCode::OK
    );
    // Single use.
    assert_eq!(
        set_password(&app, &token, "someone-else-2").await.status(),
        StatusCode::BAD_REQUEST
    );
    let agent = app.new_browser();
    assert_eq!(
        agent.login(&email, "zawadi-pass-1").await.status(),
        StatusCode::OK
    );
    assert_eq!(agent.get("/api/agent/chats").await.status(), StatusCode::OK);
    assert_eq!(
        agent.get("/api/admin/overview").await.status(),
        StatusCode::FORBIDDEN
    );
    assert_eq!(member(&admin, &email).await["pending"], false);

    // The invitation is audited.
    let audited: i64 = sqlx::query_scalar(
        "select count(*) from audit_log where entity = 'agent' and action = 'invite'",
    )
    .fetch_one(&app.pool)
    .await
    .expect("count");
    assert_eq!(audited, 1);

    // An address with an account cannot be invited again.
    let again = admin
        .post(
            "/api/admin/agents",
            &json!({ "email": email, "name": "Zawadi", "role": "admin" }),
        )
        .await;
    assert_eq!(again.status(), StatusCode::CONFLICT);
    assert_eq!(
        message(again).await,
        "An account already uses this email address"
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn an_invitation_link_expires_after_48_hours(pool: PgPool) {
    let sink = MailCatcher::start().await;
    let app = spawn_with(
        pool,
        Options {
            smtp_url: Some(sink.smtp_url.clone()),
            requests_worker: Some(FAST),
            ..Options::default()
        },
    )
    .await;
    let (admin, _) = app.signed_in_as("admin").await;
    let email = format!("late-{}@example.com", uuid::Uuid::new_v4().simple());
    let invited = admin
        .post(
            "/api/admin/agents",
            &json!({ "email": email, "name": "Late Comer", "role": "admin" }),
        )
        .await;
    assert_eq!(invited.status(), StatusCode::CREATED);
    let mails = wait_for_subject(&sink, &email, INVITE_SUBJECT, 1).await;
    let token = invite_token(&mails[0]);
    // 48 hours and a minute later.
    sqlx::query(
        "update password_reset_tokens
         set created_at = created_at - interval '48 hours 1 minute',
             expires_at = expires_at - interval '48 hours 1 minute'",
    )
    .execute(&app.pool)
    .await
    .expect("aged");
    assert_eq!(
        set_password(&app, &token, "too-late-pass").await.status(),
        StatusCode::BAD_REQUEST
    );
    // Inviting the pending address again sends a fresh link.
    let again = admin
        .post(
            "/api/admin/agents",
            &json!({ "email": email, "name": "Late Comer", "role": "admin" }),
        )
        .await;
    assert_eq!(again.status(), StatusCode::OK);
    let mails = wait_for_subject(&sink, &email, INVITE_SUBJECT, 2).await;
    let fresh = mails
        .iter()
        .map(invite_token)
        .find(|t| *t != token)
        .expect("a new link");
    assert_eq!(
        set_password(&app, &fresh, "on-time-pass").await.status(),
        StatusCode::OK
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn invitations_and_changes_are_validated_by_field(pool: PgPool) {
    let app = spawn(pool).await;
    let (admin, _) = app.signed_in_as("admin").await;
    for (body, expected) in [
        (
            json!({ "email": "nope", "name": "A", "role": "support" }),
            "Please enter a valid email address",
        ),
        (
            json!({ "email": "a@example.com", "name": " ", "role": "support" }),
            "Name is required",
        ),
        (
            json!({ "email": "a@example.com", "name": "A", "role": "user" }),
            "Role must be admin or support",
        ),
        (
            json!({ "email": "a@example.com", "name": "A", "role": "root" }),
            "Role is not valid",
        ),
        (
            json!({ "email": "a@example.com", "name": "A" }),
            "Role is required",
        ),
    ] {
        let response = admin.post("/api/admin/agents", &body).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{body}");
        assert_eq!(message(response).await, expected, "{body}");
    }
    let (_, email) = app.signed_in_as("support").await;
    let id = member(&admin, &email).await["id"]
        .as_str()
        .expect("id")
        .to_owned();
    let empty = admin
        .patch(&format!("/api/admin/agents/{id}"), &json!({}))
        .await;
    assert_eq!(empty.status(), StatusCode::BAD_REQUEST);
    let unknown = admin
        .patch(
            &format!("/api/admin/agents/{}", uuid::Uuid::now_v7()),
            &json!({ "active": false }),
        )
        .await;
    assert_eq!(unknown.status(), StatusCode::NOT_FOUND);
}

#[sqlx::test(migrations = "../migrations")]
async fn deactivating_an_agent_closes_their_socket_on_the_other_gateway_and_stops_sign_in(
    pool: PgPool,
) {
    let app = spawn(pool).await;
    let other_gateway = app.another_gateway().await;
    let (admin, _) = app.signed_in_as("admin").await;
    let (agent, email) = app.signed_in_as("support").await;
    let mut console = agent.on(&other_gateway).socket().await;
    console.send(json!({ "type": "join_agents" })).await;
    assert_eq!(console.recv().await["type"], "agents_joined");
    let id = member(&admin, &email).await["id"]
        .as_str()
        .expect("id")
        .to_owned();

    let deactivated = Instant::now();
    let response = admin
        .patch(
            &format!("/api/admin/agents/{id}"),
            &json!({ "active": false }),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let (code, reason) = console.closed_with(Duration::from_secs(1)).await;
    assert!(deactivated.elapsed() < Duration::from_secs(1));
    assert_eq!((code, reason.as_str()), (1008, "Signed out"));
    // The HTTP session is over on both gateways...
    assert_eq!(
        agent.get("/api/agent/chats").await.status(),
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        agent.on(&other_gateway).get("/api/user").await.status(),
        StatusCode::UNAUTHORIZED
    );
    // ...and the account cannot sign in again, with a clear message.
    let login = app.new_browser().login(&email, "s3cret-pass").await;
    assert_eq!(login.status(), StatusCode::FORBIDDEN);
    assert_eq!(
        message(login).await,
        "This account has been deactivated. Please contact your administrator."
    );
    // A wrong password still says only that.
    let wrong = app.new_browser().login(&email, "not-the-pass").await;
    assert_eq!(wrong.status(), StatusCode::UNAUTHORIZED);
    let audited: Value = sqlx::query_scalar(
        "select details from audit_log where entity = 'agent' and action = 'update'",
    )
    .fetch_one(&app.pool)
    .await
    .expect("audited");
    assert_eq!(
        audited["after"],
        json!({ "role": "support", "active": false, "capacity": 8 })
    );

    // Reactivated, the agent signs in again.
    admin
        .patch(
            &format!("/api/admin/agents/{id}"),
            &json!({ "active": true }),
        )
        .await;
    assert_eq!(
        app.new_browser()
            .login(&email, "s3cret-pass")
            .await
            .status(),
        StatusCode::OK
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn demoting_an_admin_ends_their_sessions_and_sockets(pool: PgPool) {
    let app = spawn(pool).await;
    let (admin, _) = app.signed_in_as("admin").await;
    let (other, email) = app.signed_in_as("admin").await;
    let mut console = other.socket().await;
    console.send(json!({ "type": "join_agents" })).await;
    assert_eq!(console.recv().await["type"], "agents_joined");
    let id = member(&admin, &email).await["id"]
        .as_str()
        .expect("id")
        .to_owned();
    let response = admin
        .patch(
            &format!("/api/admin/agents/{id}"),
            &json!({ "role": "support" }),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let (code, _) = console.closed_with(Duration::from_secs(1)).await;
    assert_eq!(code, 1008);
    assert_eq!(
        other.get("/api/user").await.status(),
        StatusCode::UNAUTHORIZED
    );
    // Signed in again, they are a support agent.
    let again = app.new_browser();
    assert_eq!(
        again.login(&email, "s3cret-pass").await.status(),
        StatusCode::OK
    );
    assert_eq!(
        again.get("/api/admin/overview").await.status(),
        StatusCode::FORBIDDEN
    );
    assert_eq!(again.get("/api/agent/chats").await.status(), StatusCode::OK);
}

#[sqlx::test(migrations = "../migrations")]
async fn nobody_demotes_themselves_or_the_last_active_admin(pool: PgPool) {
    let app = spawn(pool).await;
    let (admin, email) = app.signed_in_as("admin").await;
    let me = member(&admin, &email).await["id"]
        .as_str()
        .expect("id")
        .to_owned();
    for change in [json!({ "role": "support" }), json!({ "active": false })] {
        let response = admin
            .patch(&format!("/api/admin/agents/{me}"), &change)
            .await;
        assert_eq!(response.status(), StatusCode::CONFLICT);
        assert_eq!(
            message(response).await,
            "This is the last active admin. Make someone else an admin first."
        );
    }
    // With a second admin, still not oneself...
    let (second, second_email) = app.signed_in_as("admin").await;
    let response = admin
        .patch(
            &format!("/api/admin/agents/{me}"),
            &json!({ "active": false }),
        )
        .await;
    assert_eq!(response.status(), StatusCode::CONFLICT);
    assert_eq!(
        message(response).await,
        "You cannot demote or deactivate yourself. Ask another admin."
    );
    // ...but the other admin may; then the second is the last one.
    let response = second
        .patch(
            &format!("/api/admin/agents/{me}"),
            &json!({ "role": "support" }),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let second_id = member(&second, &second_email).await["id"]
        .as_str()
        .expect("id")
        .to_owned();
    let response = second
        .patch(
            &format!("/api/admin/agents/{second_id}"),
            &json!({ "role": "user" }),
        )
        .await;
    assert_eq!(response.status(), StatusCode::CONFLICT);
    let admins: i64 =
        sqlx::query_scalar("select count(*) from users where role = 'admin' and active")
            .fetch_one(&app.pool)
            .await
            .expect("count");
    assert_eq!(admins, 1);
}
