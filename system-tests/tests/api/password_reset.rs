//! Password reset end to end: the same answer for every address, one email
//! with a single-use link for an existing account, the new password set by
//! the accounts worker, and every earlier sign-in of the account ended on
//! every gateway (HTTP sessions and sockets).

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;
use uuid::Uuid;
use workers::consumer::RetryPolicy;

use crate::helpers::{MailCatcher, Options, TestApp, message, registration, spawn_with};
use crate::mailbox::{Mail, mails_to, wait_for_subject, wait_until_consumed};

const FAST: RetryPolicy = RetryPolicy {
    max_deliveries: 50,
    backoff_base: Duration::from_millis(100),
    backoff_cap: Duration::from_millis(500),
};

const SENT: &str =
    "If an account uses this email address, we've sent it password reset instructions.";
const INVALID: &str = "This reset link is invalid or has expired. Please request a new one.";
const SUBJECT: &str = "Reset your Nyota Cloud password";
const DONE: &str = "Your password has been reset. You can now sign in with your new password.";
const INVALID_FR: &str =
    "Ce lien de réinitialisation n’est pas valide ou a expiré. Veuillez en demander un nouveau.";
const INVALID_SW: &str = "Kiungo hiki cha kubadilisha nenosiri si sahihi au muda wake umekwisha. Tafadhali omba kiungo kipya.";
const DONE_FR: &str = "Votre mot de passe a été réinitialisé. Vous pouvez maintenant vous connecter avec votre nouveau mot de passe.";

fn with_intake(smtp_url: Option<String>) -> Options {
    Options {
        smtp_url,
        requests_worker: Some(FAST),
        ..Options::default()
    }
}

fn address(tag: &str) -> String {
    format!("{tag}-{}@example.com", Uuid::new_v4().simple())
}

async fn ask_reset(app: &TestApp, email: &str) -> reqwest::Response {
    app.post("/api/password-reset", &json!({ "email": email }))
        .await
}

async fn confirm(app: &TestApp, token: &str, password: &str) -> reqwest::Response {
    app.new_browser()
        .post(
            "/api/password-reset/confirm",
            &json!({ "token": token, "password": password }),
        )
        .await
}

/// `confirm` from a page in `language` (its `Accept-Language`): the status and the body.
async fn confirm_in(
    app: &TestApp,
    language: &str,
    token: &str,
    password: &str,
) -> (StatusCode, Value) {
    let response = app
        .client
        .post(app.url("/api/password-reset/confirm"))
        .header("X-Requested-With", "XMLHttpRequest")
        .header("Accept-Language", language)
        .json(&json!({ "token": token, "password": password }))
        .send()
        .await
        .expect("request");
    (response.status(), response.json().await.expect("JSON"))
}

/// The token of the reset link in `mail`.
fn token(mail: &Mail) -> String {
    let link = mail
        .link("/reset-password?token=")
        .unwrap_or_else(|| panic!("no reset link in {}\n{}", mail.text, mail.raw));
    assert!(
        link.starts_with("http://localhost:8080/reset-password?token="),
        "{link}"
    );
    link.split_once("token=").expect("token").1.to_owned()
}

/// Registers `email` in a browser of its own (signed in) and returns it.
async fn registered(app: &TestApp, email: &str) -> crate::helpers::Browser {
    let browser = app.new_browser();
    assert_eq!(
        browser.register(&registration(email)).await.status(),
        StatusCode::CREATED
    );
    browser
}

#[sqlx::test(migrations = "../migrations")]
async fn every_address_gets_the_same_answer_and_only_an_account_gets_an_email(pool: PgPool) {
    let sink = MailCatcher::start().await;
    let app = spawn_with(pool, with_intake(Some(sink.smtp_url.clone()))).await;
    let known = address("known");
    registered(&app, &known).await;
    let unknown = address("unknown");

    let mut answers = Vec::new();
    for email in [&unknown, &known.to_uppercase()] {
        let response = ask_reset(&app, email).await;
        assert_eq!(response.status(), StatusCode::ACCEPTED);
        answers.push(response.json::<Value>().await.expect("JSON"));
    }
    assert_eq!(answers[0], answers[1]);
    assert_eq!(answers[0], json!({ "message": SENT }));

    let mails = wait_for_subject(&sink, &known, SUBJECT, 1).await;
    wait_until_consumed(&app, "intake-password-resets").await;
    assert_eq!(mails.len(), 1);
    assert!(mails_to(&sink, &unknown).await.is_empty());
    let mail = &mails[0];
    assert!(mail.raw.contains("Content-Type: multipart/alternative"));
    assert!(mail.text.contains("within 30 minutes"), "{}", mail.text);
    let token = token(mail);
    assert_eq!(token.len(), 43);

    // Only the token's hash is stored, valid for 30 minutes.
    let (stored, minutes): (Vec<u8>, f64) = sqlx::query_as(
        "select token_hash, (extract(epoch from expires_at - created_at) / 60)::float8 from password_reset_tokens",
    )
    .fetch_one(&app.pool)
    .await
    .expect("one token");
    assert_eq!(stored, workers::reset_tokens::hash(&token));
    assert!((29.9..=30.1).contains(&minutes), "{minutes}");
}

#[sqlx::test(migrations = "../migrations")]
async fn a_reset_link_works_once_and_ends_every_sign_in_on_every_gateway(pool: PgPool) {
    let sink = MailCatcher::start().await;
    let app = spawn_with(pool, with_intake(Some(sink.smtp_url.clone()))).await;
    let other_gateway = app.another_gateway().await;
    // An agent account, so it also holds sockets (consoles) on both gateways.
    let agent = app.agent().await;
    let user: Value = agent.get("/api/user").await.json().await.expect("JSON");
    let email = user["email"].as_str().expect("email").to_owned();
    let there = app.new_browser().on(&other_gateway);
    assert_eq!(
        there.login(&email, "agent-pass").await.status(),
        StatusCode::OK
    );
    let cookies = [
        (app.address.clone(), agent.session_cookie().expect("cookie")),
        (
            other_gateway.clone(),
            there.session_cookie().expect("cookie"),
        ),
    ];
    let mut consoles = [agent.socket().await, there.socket().await];
    for console in &mut consoles {
        console.send(json!({ "type": "join_agents" })).await;
        assert_eq!(console.recv().await["type"], "agents_joined");
    }

    assert_eq!(ask_reset(&app, &email).await.status(), StatusCode::ACCEPTED);
    let mails = wait_for_subject(&sink, &email, SUBJECT, 1).await;
    let token = token(&mails[0]);

    let response = confirm(&app, &token, "short").await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert_eq!(
        message(response).await,
        "Password must be between 6 and 256 characters"
    );
    let response = confirm(&app, &token, "brand-new-pass").await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        response.json::<Value>().await.expect("JSON"),
        json!({ "message": DONE })
    );

    // Every earlier sign-in is over, on both gateways, sockets included.
    for (gateway, cookie) in &cookies {
        let status = app.new_browser().on(gateway).user_with_cookie(cookie).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{gateway}");
    }
    for console in &mut consoles {
        let (code, reason) = console.closed_with(Duration::from_secs(2)).await;
        assert_eq!((code, reason.as_str()), (1008, "Signed out"));
    }
    // The other gateway had the session in its cache: a request there that
    // writes the session (starting a chat stores a chat token in it) must not
    // store the ended sign-in again. The worker announced the ended sessions
    // before answering; this leaves the announcement time to arrive.
    tokio::time::sleep(Duration::from_millis(200)).await;
    let stale = reqwest::Client::new();
    let started = stale
        .post(format!("{other_gateway}/api/chat/sessions"))
        .header("Cookie", &cookies[1].1)
        .header("X-Requested-With", "XMLHttpRequest")
        .json(
            &json!({ "visitorName": "Stale", "visitorEmail": "stale@example.com", "pageUrl": "/" }),
        )
        .send()
        .await
        .expect("request");
    assert_eq!(started.status(), StatusCode::CREATED);
    let after = app
        .new_browser()
        .on(&other_gateway)
        .user_with_cookie(&cookies[1].1)
        .await;
    assert_eq!(after, StatusCode::UNAUTHORIZED);
    let fresh = app.new_browser();
    assert_eq!(
        fresh.login(&email, "agent-pass").await.status(),
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        fresh.login(&email, "brand-new-pass").await.status(),
        StatusCode::OK
    );
    assert_eq!(fresh.get("/api/user").await.status(), StatusCode::OK);

    // The link works once.
    let response = confirm(&app, &token, "another-pass").await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert_eq!(message(response).await, INVALID);
    assert_eq!(fresh.get("/api/user").await.status(), StatusCode::OK);
}

#[sqlx::test(migrations = "../migrations")]
async fn expired_unknown_and_malformed_tokens_are_refused(pool: PgPool) {
    let sink = MailCatcher::start().await;
    let app = spawn_with(pool, with_intake(Some(sink.smtp_url.clone()))).await;
    let email = address("expired");
    let browser = registered(&app, &email).await;
    assert_eq!(ask_reset(&app, &email).await.status(), StatusCode::ACCEPTED);
    let mails = wait_for_subject(&sink, &email, SUBJECT, 1).await;
    let token = token(&mails[0]);
    sqlx::query("update password_reset_tokens set expires_at = now() - interval '1 minute'")
        .execute(&app.pool)
        .await
        .expect("expired");

    let unknown = "A".repeat(43);
    for bad in [
        token.as_str(),
        unknown.as_str(),
        "not-a-token",
        "",
        &format!("{token}x"),
    ] {
        let response = confirm(&app, bad, "brand-new-pass").await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{bad}");
        // About the token: the page knows a spent link without reading words.
        assert_eq!(
            response.json::<Value>().await.expect("JSON"),
            json!({ "message": INVALID, "field": "token" }),
            "{bad}"
        );
    }
    // Nothing changed: the old password and the session still work.
    assert_eq!(browser.get("/api/user").await.status(), StatusCode::OK);
    assert_eq!(
        app.new_browser()
            .login(&email, "s3cret-pass")
            .await
            .status(),
        StatusCode::OK
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn a_reset_is_answered_in_the_readers_language_and_a_spent_link_names_the_token(
    pool: PgPool,
) {
    let sink = MailCatcher::start().await;
    let app = spawn_with(pool, with_intake(Some(sink.smtp_url.clone()))).await;
    let email = address("langue");
    registered(&app, &email).await;
    assert_eq!(ask_reset(&app, &email).await.status(), StatusCode::ACCEPTED);
    let mails = wait_for_subject(&sink, &email, SUBJECT, 1).await;
    let token = token(&mails[0]);

    assert_eq!(
        confirm_in(&app, "fr", &token, "court").await,
        (
            StatusCode::BAD_REQUEST,
            json!({
                "message": "Le mot de passe doit compter entre 6 et 256 caractères",
                "field": "password"
            })
        )
    );
    assert_eq!(
        confirm_in(&app, "fr-CA,fr;q=0.9", &token, "nouveau-mot-de-passe").await,
        (StatusCode::OK, json!({ "message": DONE_FR }))
    );
    // Used up: the same refusal in each language, about the token.
    for (language, words) in [("fr", INVALID_FR), ("sw", INVALID_SW), ("en", INVALID)] {
        assert_eq!(
            confirm_in(&app, language, &token, "another-pass").await,
            (
                StatusCode::BAD_REQUEST,
                json!({ "message": words, "field": "token" })
            ),
            "{language}"
        );
    }
    // A malformed token, refused by the gateway itself, is answered alike.
    assert_eq!(
        confirm_in(&app, "fr", "not-a-token", "another-pass").await,
        (
            StatusCode::BAD_REQUEST,
            json!({ "message": INVALID_FR, "field": "token" })
        )
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn reset_requests_are_refused_in_words_and_rate_limited_per_email_and_per_address(
    pool: PgPool,
) {
    let app = spawn_with(
        pool,
        Options {
            config: vec![
                ("PASSWORD_RESET_LIMIT_PER_EMAIL_PER_HOUR", "2".to_owned()),
                ("PASSWORD_RESET_LIMIT_PER_IP_PER_HOUR", "4".to_owned()),
            ],
            ..with_intake(None)
        },
    )
    .await;
    for (body, expected) in [
        (
            json!({ "email": "amina@example" }),
            "Please enter a valid email address",
        ),
        (json!({}), "Email is required"),
    ] {
        let response = app.post("/api/password-reset", &body).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{body}");
        assert_eq!(message(response).await, expected, "{body}");
    }
    let email = address("limited");
    for _ in 0..2 {
        assert_eq!(ask_reset(&app, &email).await.status(), StatusCode::ACCEPTED);
    }
    // The same address in other letters is the same email.
    let response = ask_reset(&app, &email.to_uppercase()).await;
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(
        message(response).await,
        "Too many password reset requests. Please try again later."
    );
    // Other emails from this address, up to its own limit (4, one refused above).
    assert_eq!(
        ask_reset(&app, &address("other")).await.status(),
        StatusCode::ACCEPTED
    );
    let response = ask_reset(&app, &address("other")).await;
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
}

/// A user's id, read from the store.
async fn user_id(pool: &PgPool, email: &str) -> Uuid {
    sqlx::query_scalar("select id from users where email = $1")
        .bind(email)
        .fetch_one(pool)
        .await
        .expect("user exists")
}

#[sqlx::test(migrations = "../migrations")]
async fn the_sessions_owner_ends_a_users_sessions_when_another_process_asks(pool: PgPool) {
    let app = crate::helpers::spawn(pool.clone()).await;
    let email = address("owner");
    let here = registered(&app, &email).await;
    let there = app.new_browser();
    assert_eq!(
        there.login(&email, "s3cret-pass").await.status(),
        StatusCode::OK
    );
    let other = registered(&app, &address("bystander")).await;
    let user_id = user_id(&pool, &email).await;

    // As the accounts worker asks during a reset: any gateway answers.
    let ended: usize = contract::owners::ask(
        &app.nats,
        app.namespace.owners_end_sessions(),
        &contract::owners::EndSessionsOfUser { user_id },
    )
    .await
    .expect("the gateway answers");

    assert_eq!(ended, 2);
    for browser in [&here, &there] {
        let cookie = browser.session_cookie().expect("cookie");
        assert_eq!(
            app.user_with_cookie(&cookie).await,
            StatusCode::UNAUTHORIZED
        );
    }
    let bystander = other.session_cookie().expect("cookie");
    assert_eq!(app.user_with_cookie(&bystander).await, StatusCode::OK);
}

#[sqlx::test(migrations = "../migrations")]
async fn without_the_sessions_owner_a_reset_commits_nothing(pool: PgPool) {
    // Only the accounts worker, in a namespace no gateway serves.
    let namespace =
        contract::Namespace::new(format!("t{}", Uuid::new_v4().simple())).expect("valid prefix");
    let nats = runtime::process::connect_nats(&crate::helpers::nats_url(), "test")
        .await
        .expect("NATS is running");
    let ctx = workers::WorkerContext {
        pool: pool.clone(),
        nats: nats.clone(),
        namespace: namespace.clone(),
    };
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    workers::accounts::spawn(ctx, async move {
        let _ = stopped.await;
    })
    .await
    .expect("accounts worker starts");
    let email = address("alone");
    let register = contract::accounts::RegisterRequest {
        username: email.clone(),
        email: email.clone(),
        password: "password123".to_owned(),
        name: "Alone".to_owned(),
        phone: "+254700000000".to_owned(),
        language: contract::language::Language::En,
    };
    let reply = nats
        .request(
            namespace.accounts_register(),
            serde_json::to_vec(&register).expect("json").into(),
        )
        .await
        .expect("the worker answers");
    let reply: contract::accounts::AccountsReply =
        serde_json::from_slice(&reply.payload).expect("a reply");
    let contract::accounts::AccountsReply::User(user) = reply else {
        panic!("not registered: {reply:?}");
    };
    let (token, token_hash) = workers::reset_tokens::generate();
    workers::reset_tokens::store(
        &pool,
        &token_hash,
        Uuid::now_v7(),
        user.id,
        Duration::from_secs(1800),
    )
    .await
    .expect("token stored");
    let hash_before: Option<String> =
        sqlx::query_scalar("select password_hash from users where id = $1")
            .bind(user.id)
            .fetch_one(&pool)
            .await
            .expect("user");

    let reset = contract::password_reset::ResetPasswordRequest {
        token,
        password: "a new password".to_owned(),
    };
    let reply = nats
        .request(
            namespace.accounts_reset_password(),
            serde_json::to_vec(&reset).expect("json").into(),
        )
        .await
        .expect("the worker answers");
    let reply: contract::password_reset::ResetPasswordReply =
        serde_json::from_slice(&reply.payload).expect("a reply");

    // Nobody ended the sessions, so nothing changed: same password, and the
    // link still works once the gateways are back.
    assert_eq!(
        reply,
        contract::password_reset::ResetPasswordReply::Internal
    );
    let hash_after: Option<String> =
        sqlx::query_scalar("select password_hash from users where id = $1")
            .bind(user.id)
            .fetch_one(&pool)
            .await
            .expect("user");
    assert_eq!(hash_after, hash_before);
    assert!(
        workers::reset_tokens::is_open(&pool, &token_hash)
            .await
            .expect("readable")
    );
    let _ = stop.send(());
    crate::helpers::delete_streams(&namespace);
}
