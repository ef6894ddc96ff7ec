//! Rate limits shared by every gateway, and sign-in limits that slow
//! password guessing without letting anyone lock an account.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::json;
use sqlx::PgPool;

use crate::helpers::{Browser, Options, registration, spawn_with};

/// Long enough for a TAT published by one gateway to reach the others
/// through the shared bucket (about a millisecond on one machine).
const PROPAGATION: Duration = Duration::from_millis(300);

async fn start_chat(browser: &Browser) -> StatusCode {
    browser
        .post(
            "/api/chat/sessions",
            &json!({ "visitorName": "Juma", "visitorEmail": "juma@example.com" }),
        )
        .await
        .status()
}

/// Signs in as if from `ip` (the gateway trusts `X-Forwarded-For`).
async fn login_from(address: &str, ip: &str, email: &str, password: &str) -> StatusCode {
    reqwest::Client::new()
        .post(format!("{address}/api/login"))
        .header("X-Requested-With", "XMLHttpRequest")
        .header("X-Forwarded-For", ip)
        .json(&json!({ "email": email, "password": password }))
        .send()
        .await
        .expect("request")
        .status()
}

#[sqlx::test(migrations = "../migrations")]
async fn a_per_ip_limit_holds_across_gateways_combined(pool: PgPool) {
    let app = spawn_with(
        pool,
        Options {
            config: vec![("CHAT_START_LIMIT_PER_IP_PER_HOUR", "4".into())],
            ..Options::default()
        },
    )
    .await;
    let first = app.new_browser();
    let second = Browser::new(&app.another_gateway().await);
    for browser in [&first, &second, &first, &second] {
        assert_eq!(start_chat(browser).await, StatusCode::CREATED);
        tokio::time::sleep(PROPAGATION).await;
    }
    // Four chats from this address in all: the fifth is refused on either.
    assert_eq!(start_chat(&first).await, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(start_chat(&second).await, StatusCode::TOO_MANY_REQUESTS);
    // The refusal says when to retry: the next of 4 an hour frees up within
    // 15 minutes.
    let refused = first
        .post(
            "/api/chat/sessions",
            &json!({ "visitorName": "Juma", "visitorEmail": "juma@example.com" }),
        )
        .await;
    let retry_after: u64 = refused.headers()["retry-after"]
        .to_str()
        .expect("text")
        .parse()
        .expect("seconds");
    assert!((1..=15 * 60).contains(&retry_after), "{retry_after}");
    let body: serde_json::Value = refused.json().await.expect("json");
    assert_eq!(
        body["message"],
        "Too many chats started. Please try again later."
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn wrong_passwords_from_one_address_do_not_lock_out_the_owner(pool: PgPool) {
    let app = spawn_with(
        pool,
        Options {
            config: vec![("TRUST_FORWARDED_FOR", "true".into())],
            ..Options::default()
        },
    )
    .await;
    let owner = "owner@example.com";
    assert_eq!(
        app.register(&registration(owner)).await.status(),
        StatusCode::CREATED
    );
    let mut statuses = Vec::new();
    for _ in 0..20 {
        statuses.push(login_from(&app.address, "203.0.113.7", owner, "guess-123").await);
    }
    let unauthorized = statuses
        .iter()
        .filter(|s| **s == StatusCode::UNAUTHORIZED)
        .count();
    let refused = statuses
        .iter()
        .filter(|s| **s == StatusCode::TOO_MANY_REQUESTS)
        .count();
    // Five guesses per account and address a minute, then 429.
    assert_eq!((unauthorized, refused), (5, 15), "{statuses:?}");
    // The attacker's address stays refused even with the right password.
    assert_eq!(
        login_from(&app.address, "203.0.113.7", owner, "s3cret-pass").await,
        StatusCode::TOO_MANY_REQUESTS
    );
    // The owner, elsewhere, signs in.
    assert_eq!(
        login_from(&app.address, "198.51.100.2", owner, "s3cret-pass").await,
        StatusCode::OK
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn guessing_from_many_addresses_is_slowed_per_account(pool: PgPool) {
    let app = spawn_with(
        pool,
        Options {
            config: vec![
                ("TRUST_FORWARDED_FOR", "true".into()),
                ("LOGIN_FAILURES_PER_ACCOUNT_PER_MINUTE", "4".into()),
            ],
            ..Options::default()
        },
    )
    .await;
    let owner = "many@example.com";
    assert_eq!(
        app.register(&registration(owner)).await.status(),
        StatusCode::CREATED
    );
    let attackers: Vec<String> = (1..=6).map(|n| format!("203.0.113.{n}")).collect();
    // A first guess from each address is checked; together they use up the
    // account's quota of four failures a minute.
    for ip in &attackers {
        assert_eq!(
            login_from(&app.address, ip, owner, "guess-123").await,
            StatusCode::UNAUTHORIZED
        );
    }
    // Every address that has failed for the account is now refused, though
    // each is far below its own limit of five.
    for ip in &attackers {
        assert_eq!(
            login_from(&app.address, ip, owner, "guess-456").await,
            StatusCode::TOO_MANY_REQUESTS
        );
    }
    // An address that has not been failing still gets its password checked,
    // so the owner signs in.
    assert_eq!(
        login_from(&app.address, "198.51.100.9", owner, "s3cret-pass").await,
        StatusCode::OK
    );
    // Other accounts are untouched.
    assert_eq!(
        login_from(
            &app.address,
            "203.0.113.1",
            "other@example.com",
            "guess-123"
        )
        .await,
        StatusCode::UNAUTHORIZED
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn sign_in_failures_count_across_gateways(pool: PgPool) {
    let app = spawn_with(
        pool,
        Options {
            config: vec![
                ("TRUST_FORWARDED_FOR", "true".into()),
                ("LOGIN_FAILURES_PER_ACCOUNT_PER_IP_PER_MINUTE", "4".into()),
            ],
            ..Options::default()
        },
    )
    .await;
    let second = app.another_gateway().await;
    let email = "shared@example.com";
    for address in [&app.address, &second, &app.address, &second] {
        assert_eq!(
            login_from(address, "203.0.113.50", email, "guess-123").await,
            StatusCode::UNAUTHORIZED
        );
        tokio::time::sleep(PROPAGATION).await;
    }
    for address in [&app.address, &second] {
        assert_eq!(
            login_from(address, "203.0.113.50", email, "guess-123").await,
            StatusCode::TOO_MANY_REQUESTS
        );
    }
}
