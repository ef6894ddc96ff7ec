use futures::StreamExt as _;
use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;

use crate::helpers::{Options, message, registration, spawn, spawn_with};

#[sqlx::test(migrations = "../migrations")]
async fn register_sign_in_current_user_and_logout(pool: PgPool) {
    let app = spawn(pool).await;
    assert_eq!(
        app.get("/api/user").await.status(),
        StatusCode::UNAUTHORIZED
    );

    let response = app.register(&registration("Amina@Example.com")).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let created: Value = response.json().await.expect("json");
    assert_eq!(created["email"], "amina@example.com");
    assert_eq!(created["name"], "Amina Odhiambo");
    assert_eq!(created["fullName"], "Amina Odhiambo");
    assert_eq!(created["phone"], "+254 700 000 001");
    assert_eq!(created["isAdmin"], false);
    assert!(created.get("passwordHash").is_none() && created.get("password_hash").is_none());

    let response = app.get("/api/user").await;
    assert_eq!(response.status(), StatusCode::OK);
    let current: Value = response.json().await.expect("json");
    assert_eq!(current, created);

    let response = app.post("/api/logout", &json!({})).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        app.get("/api/user").await.status(),
        StatusCode::UNAUTHORIZED
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn stored_password_is_an_argon2id_hash(pool: PgPool) {
    let app = spawn(pool.clone()).await;
    app.register(&registration("hash@example.com")).await;
    let hash: String = sqlx::query_scalar("select password_hash from users where email = $1")
        .bind("hash@example.com")
        .fetch_one(&pool)
        .await
        .expect("user stored");
    assert!(
        hash.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"),
        "{hash}"
    );
    assert!(!hash.contains("s3cret-pass"));
}

#[sqlx::test(migrations = "../migrations")]
async fn login_succeeds_and_both_failures_look_the_same(pool: PgPool) {
    let app = spawn(pool).await;
    app.register(&registration("login@example.com")).await;
    app.post("/api/logout", &json!({})).await;

    let response = app.login("LOGIN@example.com ", "s3cret-pass").await;
    assert_eq!(response.status(), StatusCode::OK);
    let user: Value = response.json().await.expect("json");
    assert_eq!(user["email"], "login@example.com");
    assert_eq!(app.get("/api/user").await.status(), StatusCode::OK);

    let wrong_password = app.login("login@example.com", "not-the-password").await;
    assert_eq!(wrong_password.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(message(wrong_password).await, "Invalid email or password");

    let unknown_email = app.login("nobody@example.com", "s3cret-pass").await;
    assert_eq!(unknown_email.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(message(unknown_email).await, "Invalid email or password");
}

#[sqlx::test(migrations = "../migrations")]
async fn duplicate_email_is_refused_whatever_its_case(pool: PgPool) {
    let app = spawn(pool).await;
    assert_eq!(
        app.register(&registration("dup@example.com"))
            .await
            .status(),
        StatusCode::CREATED
    );
    for email in ["dup@example.com", " DUP@example.com"] {
        let response = app.register(&registration(email)).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST);
        assert_eq!(message(response).await, "Email already exists");
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn every_validation_failure_has_a_clear_message(pool: PgPool) {
    let app = spawn(pool.clone()).await;
    let long = "x".repeat(257);
    let cases: Vec<(&str, Value, &str)> = vec![
        ("username", json!(""), "Username is required"),
        (
            "email",
            json!("not-an-email"),
            "Please enter a valid email address",
        ),
        ("email", json!(""), "Please enter a valid email address"),
        (
            "password",
            json!("12345"),
            "Password must be between 6 and 256 characters",
        ),
        (
            "password",
            json!(long),
            "Password must be between 6 and 256 characters",
        ),
        ("name", json!("   "), "Name is required"),
        (
            "name",
            json!("n".repeat(201)),
            "Name must be at most 200 characters",
        ),
        ("phone", json!(""), "Phone number is required"),
        (
            "phone",
            json!("1".repeat(41)),
            "Phone number must be at most 40 characters",
        ),
    ];
    for (field, value, expected) in cases {
        let mut body = registration("valid@example.com");
        body[field] = value;
        let response = app.register(&body).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{field}");
        assert_eq!(message(response).await, expected, "{field}");
    }
    let missing = app
        .register(&json!({ "email": "a@example.com", "password": "secret1" }))
        .await;
    assert_eq!(missing.status(), StatusCode::BAD_REQUEST);
    // A missing field is named in words, the first in form order.
    assert_eq!(message(missing).await, "Username is required");

    let users: i64 = sqlx::query_scalar("select count(*) from users")
        .fetch_one(&pool)
        .await
        .expect("count");
    assert_eq!(users, 0, "no invalid registration may be stored");
}

#[sqlx::test(migrations = "../migrations")]
async fn login_requires_both_fields(pool: PgPool) {
    let app = spawn(pool).await;
    let response = app.login("  ", "secret").await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert_eq!(message(response).await, "Email is required");
    let response = app.login("a@example.com", "").await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert_eq!(message(response).await, "Password is required");
}

#[sqlx::test(migrations = "../migrations")]
async fn registration_is_announced_on_the_intake_stream(pool: PgPool) {
    let app_pool = pool.clone();
    let app = spawn(pool).await;
    let response = app.register(&registration("intake@example.com")).await;
    let user: Value = response.json().await.expect("json");

    let jetstream = async_nats::jetstream::new(app.nats.clone());
    let stream = jetstream
        .get_stream(app.namespace.intake_stream().name)
        .await
        .expect("INTAKE stream exists");
    let consumer = stream
        .create_consumer(async_nats::jetstream::consumer::pull::Config::default())
        .await
        .expect("consumer");
    let mut messages = consumer
        .fetch()
        .max_messages(10)
        .messages()
        .await
        .expect("fetch");
    let message = messages.next().await.expect("one event").expect("message");
    assert_eq!(message.subject.as_str(), app.namespace.intake_registered());
    let event: contract::intake::Registered =
        serde_json::from_slice(&message.payload).expect("Registered event");
    assert_eq!(event.email, "intake@example.com");
    assert_eq!(event.user_id.to_string(), user["id"].as_str().expect("id"));
    let left: i64 = sqlx::query_scalar("select count(*) from outbox")
        .fetch_one(&app_pool)
        .await
        .expect("count");
    assert_eq!(left, 0, "published at once, nothing left for the relay");
}

#[sqlx::test(migrations = "../migrations")]
async fn without_an_accounts_worker_the_gateway_answers_503(pool: PgPool) {
    let app = spawn_with(
        pool,
        Options {
            with_accounts_worker: false,
            ..Options::default()
        },
    )
    .await;
    let response = app.login("a@example.com", "secret1").await;
    assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(
        message(response).await,
        "The account service is temporarily unavailable. Please try again in a moment."
    );
    let response = app.register(&registration("b@example.com")).await;
    assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
}

#[sqlx::test(migrations = "../migrations")]
async fn seeded_admin_signs_in_as_admin_and_seeding_is_idempotent(pool: PgPool) {
    use workers::admin::{Seeded, seed_admin};
    let app = spawn(pool.clone()).await;
    let first = seed_admin(&pool, "Admin@Nyota.example", Some("admin-pass".into()))
        .await
        .expect("seeded");
    assert_eq!(
        first,
        Seeded::Created {
            password: "admin-pass".into()
        }
    );
    let again = seed_admin(&pool, "admin@nyota.example", None)
        .await
        .expect("seeded");
    assert_eq!(
        again,
        Seeded::Existing {
            password_changed: false
        }
    );

    let response = app.login("admin@nyota.example", "admin-pass").await;
    assert_eq!(response.status(), StatusCode::OK);
    let admin: Value = response.json().await.expect("json");
    assert_eq!(admin["isAdmin"], true);

    // A generated password is returned once and works.
    let Seeded::Created { password } = seed_admin(&pool, "ops@nyota.example", None)
        .await
        .expect("seeded")
    else {
        panic!("expected a new admin");
    };
    assert_eq!(password.len(), 20);
    assert_eq!(
        app.login("ops@nyota.example", &password).await.status(),
        StatusCode::OK
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn an_event_left_in_the_outbox_by_a_crash_is_published_by_the_relay(pool: PgPool) {
    let app = spawn(pool.clone()).await;
    // As if the accounts worker died between its commit and its publish.
    let id = uuid::Uuid::now_v7();
    let event = contract::intake::Registered {
        user_id: id,
        email: "crashed@example.com".into(),
        name: "Crash Test".into(),
        phone: "+254".into(),
        registered_at: time::OffsetDateTime::now_utc(),
        language: contract::language::Language::En,
    };
    let mut tx = pool.begin().await.expect("tx");
    workers::outbox::enqueue(&mut tx, id, &app.namespace.intake_registered(), &event)
        .await
        .expect("enqueued");
    tx.commit().await.expect("commit");
    sqlx::query("update outbox set created_at = now() - interval '1 minute'")
        .execute(&pool)
        .await
        .expect("backdate");

    let jetstream = async_nats::jetstream::new(app.nats.clone());
    let mut published = None;
    for _ in 0..150 {
        if let Ok(message) = jetstream
            .get_stream(app.namespace.intake_stream().name)
            .await
            .expect("stream")
            .get_last_raw_message_by_subject(&app.namespace.intake_registered())
            .await
        {
            published = Some(message);
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let message = published.expect("the relay published the event");
    let delivered: contract::intake::Registered =
        serde_json::from_slice(&message.payload).expect("event");
    assert_eq!(delivered, event);
    // The relay clears the row right after the PubAck the stream shows.
    let mut left: i64 = -1;
    for _ in 0..50 {
        left = sqlx::query_scalar("select count(*) from outbox")
            .fetch_one(&pool)
            .await
            .expect("count");
        if left == 0 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(left, 0, "published events leave the outbox");
}
