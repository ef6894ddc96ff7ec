//! TOTP at sign-in: enrolment with a code from the app, sign-in in two
//! steps, each code used once, wrong codes refused and limited, recovery
//! codes that work once, and enrolment ending the account's other sessions
//! and sockets.

use std::time::Duration;

use gateway::accounts::second_factor::totp;
use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;

use crate::helpers::{Browser, TestApp, message, spawn};

const PASSWORD: &str = "s3cret-pass";

fn now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("clock")
        .as_secs()
}

/// The code an app shows for `secret`, `steps` steps from now.
fn code(secret: &str, steps: i64) -> String {
    let at = now().saturating_add_signed(steps * 30);
    totp::code_at(secret, at).expect("a valid secret")
}

/// Enrols TOTP for the signed-in `browser`: its secret and recovery codes.
pub async fn enrol(browser: &Browser) -> (String, Vec<String>) {
    let response = browser
        .post("/api/account/second-factor/totp", &json!({}))
        .await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let setup: Value = response.json().await.expect("json");
    let secret = setup["secret"].as_str().expect("secret").to_owned();
    assert!(setup["otpauthUri"].as_str().expect("uri").contains(&secret));
    assert!(setup["qrSvg"].as_str().expect("svg").contains("<svg"));
    let response = browser
        .post(
            "/api/account/second-factor/totp/confirm",
            &json!({ "code": code(&secret, 0) }),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let codes: Value = response.json().await.expect("json");
    let codes = codes["recoveryCodes"]
        .as_array()
        .expect("codes")
        .iter()
        .map(|c| c.as_str().expect("text").to_owned())
        .collect();
    (secret, codes)
}

/// Signs in with the password: the answer asks for the second factor.
async fn password_step(app: &TestApp, email: &str) -> Browser {
    let browser = app.new_browser();
    let response = browser.login(email, PASSWORD).await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let body: Value = response.json().await.expect("json");
    assert_eq!(body["secondFactorRequired"], true);
    // Half signed in: nothing is open yet.
    assert_eq!(
        browser.get("/api/user").await.status(),
        StatusCode::UNAUTHORIZED
    );
    browser
}

async fn second_step(browser: &Browser, code: &str) -> reqwest::Response {
    browser
        .post("/api/login/second-factor", &json!({ "code": code }))
        .await
}

#[sqlx::test(migrations = "../migrations")]
async fn totp_enrols_and_signs_in_and_a_used_code_is_refused(pool: PgPool) {
    let app = spawn(pool).await;
    let (browser, email) = app.signed_in_as("support").await;
    let status: Value = browser
        .get("/api/account/second-factor")
        .await
        .json()
        .await
        .expect("json");
    assert_eq!(
        status,
        json!({ "totp": false, "recoveryCodesLeft": 0, "required": false, "passkeys": [] })
    );

    // A wrong code does not confirm the set-up.
    browser
        .post("/api/account/second-factor/totp", &json!({}))
        .await;
    let response = browser
        .post(
            "/api/account/second-factor/totp/confirm",
            &json!({ "code": "000000" }),
        )
        .await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    let (secret, codes) = enrol(&browser).await;
    assert_eq!(codes.len(), 10);
    // The enrolling browser stays signed in.
    assert_eq!(browser.get("/api/user").await.status(), StatusCode::OK);
    let audited: i64 = sqlx::query_scalar(
        "select count(*) from audit_log where entity = 'second_factor' and action = 'enrol'",
    )
    .fetch_one(&app.pool)
    .await
    .expect("audit");
    assert_eq!(audited, 1);
    // Stored sealed: the base32 secret is nowhere in the row.
    let sealed: Vec<u8> = sqlx::query_scalar("select secret_sealed from user_totp")
        .fetch_one(&app.pool)
        .await
        .expect("row");
    assert!(!String::from_utf8_lossy(&sealed).contains(&secret));

    // The code used to confirm is spent: signing in with it is a replay.
    let signing_in = password_step(&app, &email).await;
    let response = second_step(&signing_in, &code(&secret, 0)).await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    // The next step's code (the app's clock may run ahead) signs in.
    let next = code(&secret, 1);
    let response = second_step(&signing_in, &next).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(signing_in.get("/api/user").await.status(), StatusCode::OK);
    // ...once.
    let again = password_step(&app, &email).await;
    let response = second_step(&again, &next).await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert_eq!(
        message(response).await,
        "That code is not valid. Check your authenticator app and try again."
    );
    assert_eq!(
        again.get("/api/user").await.status(),
        StatusCode::UNAUTHORIZED
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn wrong_codes_are_refused_then_limited(pool: PgPool) {
    let app = spawn(pool).await;
    let (browser, email) = app.signed_in_as("admin").await;
    let (secret, _) = enrol(&browser).await;
    let signing_in = password_step(&app, &email).await;
    let mut statuses = Vec::new();
    for _ in 0..5 {
        statuses.push(second_step(&signing_in, "123456").await.status());
    }
    // Five codes a minute per account, the one that confirmed the enrolment included.
    assert_eq!(statuses[..4], [StatusCode::BAD_REQUEST; 4]);
    assert_eq!(statuses[4], StatusCode::TOO_MANY_REQUESTS);
    // Limited per account: even the right code waits now.
    let response = second_step(&signing_in, &code(&secret, 1)).await;
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(
        message(response).await,
        "Too many codes tried. Please wait a minute and try again."
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn a_recovery_code_signs_in_once(pool: PgPool) {
    let app = spawn(pool).await;
    let (browser, email) = app.signed_in_as("support").await;
    let (_, codes) = enrol(&browser).await;
    let signing_in = password_step(&app, &email).await;
    // Typed in capitals, without the dash: still the code.
    let typed = codes[3].replace('-', " ").to_uppercase();
    assert_eq!(
        second_step(&signing_in, &typed).await.status(),
        StatusCode::OK
    );
    assert_eq!(signing_in.get("/api/user").await.status(), StatusCode::OK);
    let status: Value = signing_in
        .get("/api/account/second-factor")
        .await
        .json()
        .await
        .expect("json");
    assert_eq!(status["recoveryCodesLeft"], 9);

    let again = password_step(&app, &email).await;
    assert_eq!(
        second_step(&again, &codes[3]).await.status(),
        StatusCode::BAD_REQUEST
    );
    assert_eq!(
        second_step(&again, &codes[4]).await.status(),
        StatusCode::OK
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn enrolling_and_removing_end_the_other_sessions_and_sockets(pool: PgPool) {
    let app = spawn(pool).await;
    let (browser, email) = app.signed_in_as("support").await;
    let other = app.new_browser();
    assert_eq!(other.login(&email, PASSWORD).await.status(), StatusCode::OK);
    let mut console = other.socket().await;
    console.send(json!({ "type": "join_agents" })).await;
    assert_eq!(console.recv().await["type"], "agents_joined");

    let (secret, recovery) = enrol(&browser).await;
    let (close_code, reason) = console.closed_with(Duration::from_secs(1)).await;
    assert_eq!((close_code, reason.as_str()), (1008, "Signed out"));
    assert_eq!(
        other.get("/api/user").await.status(),
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(browser.get("/api/user").await.status(), StatusCode::OK);

    // Removing it takes a current code, and ends the other sessions too.
    let second = password_step(&app, &email).await;
    assert_eq!(
        second_step(&second, &code(&secret, 1)).await.status(),
        StatusCode::OK
    );
    let response = browser
        .post(
            "/api/account/second-factor/totp/remove",
            &json!({ "code": "999999" }),
        )
        .await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    let response = browser
        .post(
            "/api/account/second-factor/totp/remove",
            &json!({ "code": recovery[0] }),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        second.get("/api/user").await.status(),
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(browser.get("/api/user").await.status(), StatusCode::OK);
    // The password alone signs in again.
    assert_eq!(
        app.new_browser().login(&email, PASSWORD).await.status(),
        StatusCode::OK
    );
}
