//! Passkeys at sign-in, with real WebAuthn ceremonies: webauthn-rs's
//! software authenticator (`SoftPasskey`) makes and uses the credentials as
//! a browser's authenticator would. Enrolment and sign-in, a wrong or
//! replayed answer refused, another account's passkey out of reach, removal
//! ending the other sessions, the role requirement met by a passkey alone,
//! and the limit on answers.

use std::time::Duration;

use gateway::accounts::second_factor::totp;
use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;
use webauthn_authenticator_rs::WebauthnAuthenticator;
use webauthn_authenticator_rs::softpasskey::SoftPasskey;
use webauthn_rs::prelude::{CreationChallengeResponse, RequestChallengeResponse, Url};

use crate::helpers::{Browser, TestApp, message, spawn};

const PASSWORD: &str = "s3cret-pass";
const REFUSED: &str =
    "That passkey could not be verified. Try again, or use another way to sign in.";

type Authenticator = WebauthnAuthenticator<SoftPasskey>;

/// A new authenticator, one that verifies its user (a passkey requires it).
fn authenticator() -> Authenticator {
    WebauthnAuthenticator::new(SoftPasskey::new(true))
}

/// The page's origin as a browser reports it: the test gateway's
/// `PUBLIC_URL` is the default, `http://localhost:8080`.
fn origin() -> Url {
    Url::parse("http://localhost:8080").expect("url")
}

/// Adds a passkey named `name` for the signed-in `browser`: the finishing
/// answer.
async fn add_passkey(
    browser: &Browser,
    authenticator: &mut Authenticator,
    name: &str,
) -> reqwest::Response {
    let response = browser
        .post(
            "/api/account/second-factor/passkeys",
            &json!({ "name": name }),
        )
        .await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let options: CreationChallengeResponse = response.json().await.expect("options");
    let credential = authenticator
        .do_registration(origin(), options)
        .expect("the authenticator registers");
    browser
        .post(
            "/api/account/second-factor/passkeys/finish",
            &serde_json::to_value(&credential).expect("json"),
        )
        .await
}

/// Adds a passkey that must be accepted; the answer's body.
async fn enrol(browser: &Browser, authenticator: &mut Authenticator) -> Value {
    let response = add_passkey(browser, authenticator, "Work laptop").await;
    assert_eq!(response.status(), StatusCode::OK);
    response.json().await.expect("json")
}

/// Signs in with the password: the answer asks for a second factor.
async fn password_step(app: &TestApp, email: &str) -> (Browser, Value) {
    let browser = app.new_browser();
    let response = browser.login(email, PASSWORD).await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let challenge = response.json().await.expect("json");
    (browser, challenge)
}

/// Starts the passkey step and lets `authenticator` answer; the answer,
/// not yet sent.
async fn assertion(browser: &Browser, authenticator: &mut Authenticator) -> Value {
    let response = browser
        .post("/api/login/second-factor/passkey", &json!({}))
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let options: RequestChallengeResponse = response.json().await.expect("options");
    let answer = authenticator
        .do_authentication(origin(), options)
        .expect("the authenticator answers");
    serde_json::to_value(&answer).expect("json")
}

async fn finish(browser: &Browser, answer: &Value) -> reqwest::Response {
    browser
        .post("/api/login/second-factor/passkey/finish", answer)
        .await
}

async fn status(browser: &Browser) -> Value {
    browser
        .get("/api/account/second-factor")
        .await
        .json()
        .await
        .expect("json")
}

#[sqlx::test(migrations = "../migrations")]
async fn a_passkey_enrols_with_recovery_codes_and_signs_in(pool: PgPool) {
    let app = spawn(pool).await;
    let (browser, email) = app.signed_in_as("support").await;
    let other = app.new_browser();
    assert_eq!(other.login(&email, PASSWORD).await.status(), StatusCode::OK);
    assert_eq!(status(&browser).await["passkeys"], json!([]));

    // The name is checked before any ceremony starts.
    for (name, said) in [
        ("  ", "Passkey name is required"),
        ("Work\nlaptop", "Passkey name must be on one line"),
        (
            &*"x".repeat(61),
            "Passkey name must be at most 60 characters",
        ),
    ] {
        let response = browser
            .post(
                "/api/account/second-factor/passkeys",
                &json!({ "name": name }),
            )
            .await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST);
        assert_eq!(message(response).await, said);
    }
    // A finish with nothing started is refused.
    let response = browser
        .post("/api/account/second-factor/passkeys/finish", &json!({}))
        .await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);

    let mut key = authenticator();
    let added = enrol(&browser, &mut key).await;
    assert_eq!(added["passkey"]["name"], "Work laptop");
    assert_eq!(added["passkey"]["lastUsedAt"], Value::Null);
    // The first factor of the account: recovery codes come with it.
    assert_eq!(added["recoveryCodes"].as_array().expect("codes").len(), 10);
    let now = status(&browser).await;
    assert_eq!(now["totp"], false);
    assert_eq!(now["recoveryCodesLeft"], 10);
    assert_eq!(now["passkeys"][0]["id"], added["passkey"]["id"]);
    // The enrolling browser stays signed in; the other was signed out.
    assert_eq!(browser.get("/api/user").await.status(), StatusCode::OK);
    assert_eq!(
        other.get("/api/user").await.status(),
        StatusCode::UNAUTHORIZED
    );
    let audited: i64 = sqlx::query_scalar(
        "select count(*) from audit_log
         where entity = 'second_factor' and action = 'enrol' and details->>'factor' = 'passkey'",
    )
    .fetch_one(&app.pool)
    .await
    .expect("audit");
    assert_eq!(audited, 1);

    let (signing_in, challenge) = password_step(&app, &email).await;
    assert_eq!(challenge["methods"], json!(["passkey", "recovery"]));
    // Half signed in, the session keeps the account's id, never its email.
    let sessions_naming_email: i64 = sqlx::query_scalar(
        "select count(*) from tower_sessions.session
         where position(convert_to($1, 'UTF8') in data) > 0",
    )
    .bind(&email)
    .fetch_one(&app.pool)
    .await
    .expect("sessions");
    assert_eq!(sessions_naming_email, 0);
    let answer = assertion(&signing_in, &mut key).await;
    let response = finish(&signing_in, &answer).await;
    assert_eq!(response.status(), StatusCode::OK);
    let user: Value = response.json().await.expect("json");
    assert_eq!(user["email"], email);
    assert_eq!(signing_in.get("/api/user").await.status(), StatusCode::OK);
    assert!(status(&signing_in).await["passkeys"][0]["lastUsedAt"].is_string());
}

#[sqlx::test(migrations = "../migrations")]
async fn a_wrong_or_replayed_passkey_answer_is_refused(pool: PgPool) {
    let app = spawn(pool).await;
    let (browser, email) = app.signed_in_as("admin").await;
    let mut key = authenticator();
    enrol(&browser, &mut key).await;

    let (first, _) = password_step(&app, &email).await;
    let used = assertion(&first, &mut key).await;
    assert_eq!(finish(&first, &used).await.status(), StatusCode::OK);

    // The same answer again, to a new challenge: a replay.
    let (second, _) = password_step(&app, &email).await;
    assertion(&second, &mut key).await;
    let response = finish(&second, &used).await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert_eq!(message(response).await, REFUSED);
    assert_eq!(
        second.get("/api/user").await.status(),
        StatusCode::UNAUTHORIZED
    );

    // Each challenge is answered once, even by the right answer after a
    // wrong one (five answers so far: the limit's budget, exactly).
    let good = assertion(&second, &mut key).await;
    let mut wrong = good.clone();
    wrong["response"]["signature"] = used["response"]["signature"].clone();
    assert_eq!(
        finish(&second, &wrong).await.status(),
        StatusCode::BAD_REQUEST
    );
    assert_eq!(
        finish(&second, &good).await.status(),
        StatusCode::BAD_REQUEST
    );
    assert_eq!(
        second.get("/api/user").await.status(),
        StatusCode::UNAUTHORIZED
    );

    // A passkey of another account does not answer for this one.
    let (stranger_browser, _) = app.signed_in_as("support").await;
    let mut stranger = authenticator();
    enrol(&stranger_browser, &mut stranger).await;
    let response = second
        .post("/api/login/second-factor/passkey", &json!({}))
        .await;
    let options: RequestChallengeResponse = response.json().await.expect("options");
    assert!(stranger.do_authentication(origin(), options).is_err());
}

#[sqlx::test(migrations = "../migrations")]
async fn another_accounts_passkey_is_not_found(pool: PgPool) {
    let app = spawn(pool).await;
    let (owner, _) = app.signed_in_as("support").await;
    let added = enrol(&owner, &mut authenticator()).await;
    let id = added["passkey"]["id"].as_str().expect("id");

    let (other, _) = app.signed_in_as("admin").await;
    for path in [
        format!("/api/account/second-factor/passkeys/{id}"),
        format!(
            "/api/account/second-factor/passkeys/{}",
            uuid::Uuid::new_v4()
        ),
        "/api/account/second-factor/passkeys/not-an-id".to_owned(),
    ] {
        let response = other.delete(&path).await;
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{path}");
    }
    assert_eq!(status(&owner).await["passkeys"][0]["id"], id);
    // Signed out, nothing at all.
    let response = app
        .new_browser()
        .delete(&format!("/api/account/second-factor/passkeys/{id}"))
        .await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
}

#[sqlx::test(migrations = "../migrations")]
async fn removing_a_passkey_ends_the_other_sessions_and_sockets(pool: PgPool) {
    let app = spawn(pool).await;
    let (browser, email) = app.signed_in_as("support").await;
    let mut key = authenticator();
    let added = enrol(&browser, &mut key).await;
    let id = added["passkey"]["id"].as_str().expect("id").to_owned();

    let (other, _) = password_step(&app, &email).await;
    let answer = assertion(&other, &mut key).await;
    assert_eq!(finish(&other, &answer).await.status(), StatusCode::OK);
    let mut console = other.socket().await;
    console.send(json!({ "type": "join_agents" })).await;
    assert_eq!(console.recv().await["type"], "agents_joined");

    let response = browser
        .delete(&format!("/api/account/second-factor/passkeys/{id}"))
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let now: Value = response.json().await.expect("json");
    // The last factor gone, its recovery codes go too.
    assert_eq!(now["passkeys"], json!([]));
    assert_eq!(now["recoveryCodesLeft"], 0);
    let (close_code, reason) = console.closed_with(Duration::from_secs(1)).await;
    assert_eq!((close_code, reason.as_str()), (1008, "Signed out"));
    assert_eq!(
        other.get("/api/user").await.status(),
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(browser.get("/api/user").await.status(), StatusCode::OK);
    let audited: i64 = sqlx::query_scalar(
        "select count(*) from audit_log where entity = 'second_factor' and action = 'remove'",
    )
    .fetch_one(&app.pool)
    .await
    .expect("audit");
    assert_eq!(audited, 1);
    // The password alone signs in again.
    assert_eq!(
        app.new_browser().login(&email, PASSWORD).await.status(),
        StatusCode::OK
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn a_second_factor_after_the_first_keeps_the_recovery_codes(pool: PgPool) {
    let app = spawn(pool).await;
    let (browser, email) = app.signed_in_as("admin").await;
    let setup: Value = browser
        .post("/api/account/second-factor/totp", &json!({}))
        .await
        .json()
        .await
        .expect("json");
    let secret = setup["secret"].as_str().expect("secret");
    let at = u64::try_from(time::OffsetDateTime::now_utc().unix_timestamp()).expect("time");
    let response = browser
        .post(
            "/api/account/second-factor/totp/confirm",
            &json!({ "code": totp::code_at(secret, at).expect("code") }),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let codes: Value = response.json().await.expect("json");

    let added = enrol(&browser, &mut authenticator()).await;
    assert_eq!(added["recoveryCodes"], json!([]));
    let (_, challenge) = password_step(&app, &email).await;
    assert_eq!(challenge["methods"], json!(["totp", "passkey", "recovery"]));

    // Without the app, the passkey remains, and so do the codes.
    let response = browser
        .post(
            "/api/account/second-factor/totp/remove",
            &json!({ "code": codes["recoveryCodes"][0] }),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let now: Value = response.json().await.expect("json");
    assert_eq!(now["totp"], false);
    assert_eq!(now["recoveryCodesLeft"], 9);
    assert_eq!(now["passkeys"].as_array().expect("list").len(), 1);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_passkey_meets_the_roles_requirement(pool: PgPool) {
    let app = spawn(pool).await;
    let (admin, _) = app.signed_in_as("admin").await;
    let (support, email) = app.signed_in_as("support").await;
    let mut settings: Value = admin
        .get("/api/site-settings")
        .await
        .json()
        .await
        .expect("json");
    settings["secondFactorRoles"] = json!(["support"]);
    let saved = admin.put("/api/admin/site-settings", &settings).await;
    assert_eq!(saved.status(), StatusCode::OK);
    assert_eq!(
        support.get("/api/agent/chats").await.status(),
        StatusCode::FORBIDDEN
    );

    // Enrolment is open to the member stopped for want of a factor.
    let mut key = authenticator();
    enrol(&support, &mut key).await;
    assert_eq!(
        support.get("/api/agent/chats").await.status(),
        StatusCode::OK
    );
    let (signing_in, _) = password_step(&app, &email).await;
    let answer = assertion(&signing_in, &mut key).await;
    assert_eq!(finish(&signing_in, &answer).await.status(), StatusCode::OK);
    assert_eq!(
        signing_in.get("/api/agent/chats").await.status(),
        StatusCode::OK
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn passkey_answers_are_limited(pool: PgPool) {
    let app = spawn(pool).await;
    let (browser, email) = app.signed_in_as("support").await;
    let mut key = authenticator();
    enrol(&browser, &mut key).await;
    let (signing_in, _) = password_step(&app, &email).await;
    let good = assertion(&signing_in, &mut key).await;
    let mut wrong = good.clone();
    wrong["response"]["signature"] = json!("AAAA");
    let mut statuses = Vec::new();
    for _ in 0..5 {
        statuses.push(finish(&signing_in, &wrong).await.status());
    }
    // Five answers a minute per account, the one that finished the enrolment included.
    assert_eq!(statuses[..4], [StatusCode::BAD_REQUEST; 4]);
    assert_eq!(statuses[4], StatusCode::TOO_MANY_REQUESTS);
    let again = assertion(&signing_in, &mut key).await;
    let response = finish(&signing_in, &again).await;
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(
        message(response).await,
        "Too many codes tried. Please wait a minute and try again."
    );
}
