//! Rights end everywhere at once: sign-out closes the session's sockets on
//! every gateway, a new sign-in in the same browser inherits nothing of the
//! previous account, and a socket cannot flood the server with frames.

use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;

use crate::helpers::{registration, spawn};

#[sqlx::test(migrations = "../migrations")]
async fn logout_closes_the_agent_socket_on_every_gateway_within_a_second(pool: PgPool) {
    let app = spawn(pool).await;
    let other_gateway = app.another_gateway().await;
    let agent = app.agent().await;
    // The console is open on the other gateway.
    let mut console = agent.on(&other_gateway).socket().await;
    console.send(json!({ "type": "join_agents" })).await;
    assert_eq!(console.recv().await["type"], "agents_joined");
    let visitor = app.new_browser();
    let chat = visitor.start_chat("Amina", "amina@example.com").await;
    console
        .send(json!({ "type": "join_session", "sessionId": chat }))
        .await;
    console.recv_type("session_joined").await;

    let signed_out = Instant::now();
    let response = agent.post("/api/logout", &json!({})).await;
    assert_eq!(response.status(), StatusCode::OK);
    let (code, reason) = console.closed_with(Duration::from_secs(1)).await;
    assert!(signed_out.elapsed() < Duration::from_secs(1));
    assert_eq!((code, reason.as_str()), (1008, "Signed out"));

    // Nobody counts as online any more: a new chat gets the offline notice.
    let later = app.new_browser();
    let chat = later.start_chat("Baraka", "baraka@example.com").await;
    let messages = later.messages(&chat).await;
    assert!(
        messages[0]["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("Our support team is offline")),
        "{messages:?}"
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn a_visitor_socket_opened_while_signed_in_closes_at_logout(pool: PgPool) {
    let app = spawn(pool).await;
    assert_eq!(
        app.register(&registration("wanjiru@example.com"))
            .await
            .status(),
        StatusCode::CREATED
    );
    let chat = app.start_chat("Wanjiru", "wanjiru@example.com").await;
    let mut socket = app.socket().await;
    assert_eq!(socket.join(&chat).await["type"], "session_joined");
    app.post("/api/logout", &json!({})).await;
    let (code, reason) = socket.closed_with(Duration::from_secs(1)).await;
    assert_eq!((code, reason.as_str()), (1008, "Signed out"));
    // Signed out, the browser no longer owns the account's chat.
    let response = app.get(&format!("/api/chat/sessions/{chat}")).await;
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
}

#[sqlx::test(migrations = "../migrations")]
async fn signing_in_as_someone_else_inherits_none_of_the_previous_chats(pool: PgPool) {
    let app = spawn(pool).await;
    for email in ["amina@example.com", "baraka@example.com"] {
        let someone = app.new_browser();
        assert_eq!(
            someone.register(&registration(email)).await.status(),
            StatusCode::CREATED
        );
    }
    // One shared browser: a chat started before signing in...
    let chat = app.start_chat("Amina", "amina@example.com").await;
    assert_eq!(
        app.login("amina@example.com", "s3cret-pass").await.status(),
        StatusCode::OK
    );
    // ...belongs to the account that signed in, on any of its browsers.
    let amina_elsewhere = app.new_browser();
    amina_elsewhere
        .login("amina@example.com", "s3cret-pass")
        .await;
    let path = format!("/api/chat/sessions/{chat}");
    assert_eq!(amina_elsewhere.get(&path).await.status(), StatusCode::OK);
    assert_eq!(app.get(&path).await.status(), StatusCode::OK);
    let mut amina_socket = app.socket().await;
    assert_eq!(amina_socket.join(&chat).await["type"], "session_joined");

    // Someone else signs in on the same browser without signing out.
    assert_eq!(
        app.login("baraka@example.com", "s3cret-pass")
            .await
            .status(),
        StatusCode::OK
    );
    assert_eq!(app.get(&path).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(
        app.send(&chat, "hello?").await.status(),
        StatusCode::NOT_FOUND
    );
    // The socket opened as Amina does not keep her rights either.
    let (code, _) = amina_socket.closed_with(Duration::from_secs(1)).await;
    assert_eq!(code, 1008);
    let mut socket = app.socket().await;
    let answer = socket.join(&chat).await;
    assert_eq!(answer["type"], "error", "{answer}");
    // Amina still has her chat.
    assert_eq!(amina_elsewhere.get(&path).await.status(), StatusCode::OK);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_flood_of_join_frames_is_throttled_per_socket(pool: PgPool) {
    let app = spawn(pool).await;
    let mut socket = app.socket().await;
    const FLOOD: usize = 400;
    const CHUNK: usize = 40;
    let started = Instant::now();
    let mut looked_up = 0;
    let mut throttled = 0;
    // In chunks, reading the answers, so the socket is not a slow consumer.
    for _ in 0..FLOOD / CHUNK {
        for _ in 0..CHUNK {
            socket
                .send(json!({ "type": "join_session", "sessionId": uuid::Uuid::new_v4() }))
                .await;
        }
        for _ in 0..CHUNK {
            let frame: Value = socket.recv().await;
            match frame["message"].as_str() {
                Some("Chat session not found") => looked_up += 1,
                Some("Too many requests on this connection. Please slow down.") => throttled += 1,
                other => panic!("unexpected answer {other:?}"),
            }
        }
    }
    // A burst of 100, then 5 a second.
    let allowed = 100 + 5 * (started.elapsed().as_secs_f64().ceil() as usize) + 1;
    assert!(
        looked_up <= allowed,
        "{looked_up} lookups (at most {allowed})"
    );
    assert_eq!(looked_up + throttled, FLOOD);
    assert!(throttled > 0);
}

#[sqlx::test(migrations = "../migrations")]
async fn revoking_an_account_closes_all_its_sockets(pool: PgPool) {
    let app = spawn(pool).await;
    let other_gateway = app.another_gateway().await;
    let agent = app.agent().await;
    let user: Value = agent.get("/api/user").await.json().await.expect("json");
    let user_id: uuid::Uuid = user["id"].as_str().expect("id").parse().expect("uuid");
    let mut here = agent.socket().await;
    let mut there = agent.on(&other_gateway).socket().await;
    for console in [&mut here, &mut there] {
        console.send(json!({ "type": "join_agents" })).await;
        assert_eq!(console.recv().await["type"], "agents_joined");
    }
    // What a role change or a password change publishes.
    app.nats
        .publish(app.namespace.sessions_revoked(user_id), Default::default())
        .await
        .expect("published");
    for console in [&mut here, &mut there] {
        let (code, reason) = console.closed_with(Duration::from_secs(1)).await;
        assert_eq!((code, reason.as_str()), (1008, "Signed out"));
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn signing_out_on_one_gateway_is_refused_on_another_at_once(pool: PgPool) {
    let app = spawn(pool).await;
    let other_gateway = app.another_gateway().await;
    assert_eq!(
        app.register(&registration("cached@example.com"))
            .await
            .status(),
        StatusCode::CREATED
    );
    let cookie = app.session_cookie().expect("signed in");
    let there = app.on(&other_gateway);
    // Both gateways have the session in their caches now.
    assert_eq!(there.get("/api/user").await.status(), StatusCode::OK);
    assert_eq!(app.get("/api/user").await.status(), StatusCode::OK);

    let response = app.post("/api/logout", &json!({})).await;
    assert_eq!(response.status(), StatusCode::OK);
    // The same cookie, replayed right away on the other gateway.
    assert_eq!(
        there.user_with_cookie(&cookie).await,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        app.user_with_cookie(&cookie).await,
        StatusCode::UNAUTHORIZED
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn a_session_gone_from_the_store_is_signed_out_at_once_whatever_the_cache_holds(
    pool: PgPool,
) {
    let app = spawn(pool).await;
    let other_gateway = app.another_gateway().await;
    assert_eq!(
        app.register(&registration("gone@example.com"))
            .await
            .status(),
        StatusCode::CREATED
    );
    let cookie = app.session_cookie().expect("signed in");
    let there = app.on(&other_gateway);
    assert_eq!(there.get("/api/user").await.status(), StatusCode::OK);
    // No announcement at all: only the store knows.
    sqlx::query("delete from tower_sessions.session")
        .execute(&app.pool)
        .await
        .expect("deleted");
    assert_eq!(
        there.user_with_cookie(&cookie).await,
        StatusCode::UNAUTHORIZED
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn the_id_rotated_at_sign_in_owns_nothing_on_any_gateway(pool: PgPool) {
    let app = spawn(pool).await;
    let other_gateway = app.another_gateway().await;
    let someone = app.new_browser();
    assert_eq!(
        someone
            .register(&registration("rotated@example.com"))
            .await
            .status(),
        StatusCode::CREATED
    );
    // An anonymous chat: the browser's cookie session holds its owner token.
    let chat = app.start_chat("Rotated", "rotated@example.com").await;
    let before = app.session_cookie().expect("anonymous session");
    let path = format!("/api/chat/sessions/{chat}");
    let there = app.on(&other_gateway);
    assert_eq!(
        there.get(&path).await.status(),
        StatusCode::OK,
        "cached there"
    );

    assert_eq!(
        app.login("rotated@example.com", "s3cret-pass")
            .await
            .status(),
        StatusCode::OK
    );
    // The old id, replayed on the other gateway right away, owns nothing.
    let status = reqwest::Client::new()
        .get(there.url(&path))
        .header("Cookie", &before)
        .send()
        .await
        .expect("request")
        .status();
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(
        there.get(&path).await.status(),
        StatusCode::OK,
        "the account owns it"
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn gateways_serve_sessions_from_memory_and_drop_them_when_ended_elsewhere(pool: PgPool) {
    let app = spawn(pool).await;
    let other_gateway = app.another_gateway().await;
    let chat = app.start_chat("Visitor", "visitor@example.com").await;
    let cookie = app.session_cookie().expect("anonymous session");
    let there = app
        .on(&other_gateway)
        .url(&format!("/api/chat/sessions/{chat}"));
    // With this cookie, whatever the browser's jar does after the sign-out.
    let status_there = || async {
        reqwest::Client::new()
            .get(&there)
            .header("Cookie", &cookie)
            .send()
            .await
            .expect("request")
            .status()
    };
    assert_eq!(status_there().await, StatusCode::OK);
    // With the stored sessions gone behind their backs, the other gateway
    // still knows this browser: it answers from memory.
    sqlx::query("delete from tower_sessions.session")
        .execute(&app.pool)
        .await
        .expect("deleted");
    assert_eq!(status_there().await, StatusCode::OK, "cached");

    // Ending the session on this gateway drops it from the other one's cache.
    let response = app.post("/api/logout", &json!({})).await;
    assert_eq!(response.status(), StatusCode::OK);
    let ended = Instant::now();
    loop {
        let status = status_there().await;
        if status == StatusCode::NOT_FOUND {
            break;
        }
        assert_eq!(status, StatusCode::OK);
        assert!(
            ended.elapsed() < Duration::from_secs(1),
            "still cached a second later"
        );
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}
