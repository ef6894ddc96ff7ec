//! The `retention` worker on seeded old data: what the database page says
//! the next run would remove, the run deleting exactly that in batches and
//! recording it (the record of emails sent and the waitlist included), an
//! idempotent second run, one run at a time, the
//! periods from the site settings, and chat attachments never sent removed
//! after a day.

use std::time::Duration;

use contract::retention::{Kind, RetentionPeriods};
use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;
use uuid::Uuid;
use workers::retention::{Batches, run_once};

use crate::helpers::spawn;
use workers::retention::UNSENT_ATTACHMENTS;

/// Small batches, so that every kind with rows takes several.
const SMALL: Batches = Batches {
    rows: 7,
    chats: 3,
    pause: Duration::ZERO,
};

async fn exec(pool: &PgPool, sql: &str) {
    sqlx::query(sql)
        .execute(pool)
        .await
        .unwrap_or_else(|e| panic!("{sql}: {e}"));
}

async fn rows(pool: &PgPool, table: &str) -> i64 {
    sqlx::query_scalar(&format!("select count(*) from {table}"))
        .fetch_one(pool)
        .await
        .expect("count")
}

/// Old and fresh rows of every kind; returns what a run with the default
/// periods must remove, per kind.
async fn seed(pool: &PgPool) -> Vec<(Kind, i64)> {
    // A user for the reset tokens and the audit rows.
    let user = Uuid::now_v7();
    sqlx::query(
        "insert into users (id, email, username, name, phone, password_hash)
         values ($1, 'kept@example.com', 'kept@example.com', 'Kept', '+254700000000', 'x')",
    )
    .bind(user)
    .execute(pool)
    .await
    .expect("user");
    // 10 resolved chats whose last message is 25 months old; one started
    // 30 months ago with a message 23 months ago and one open for three
    // years: kept.
    exec(
        pool,
        "insert into chat_sessions (id, visitor_name, visitor_email, owner_token, status, created_at)
         select gen_random_uuid(), 'Old ' || n, 'old' || n || '@example.com', gen_random_uuid(),
                'resolved', now() - interval '26 months'
         from generate_series(1, 10) n
         union all
         select gen_random_uuid(), 'Recent', 'recent@example.com', gen_random_uuid(), 'resolved',
                now() - interval '30 months'
         union all
         select gen_random_uuid(), 'Open', 'open@example.com', gen_random_uuid(), 'open',
                now() - interval '3 years'",
    )
    .await;
    exec(
        pool,
        "insert into chat_messages (id, session_id, sender_type, message, created_at)
         select gen_random_uuid(), id, 'user', 'hello',
                case when visitor_name = 'Recent' then now() - interval '23 months'
                     else now() - interval '25 months' end
         from chat_sessions, generate_series(1, 2)",
    )
    .await;
    exec(
        pool,
        "insert into contact_requests (id, name, email, subject, message, created_at)
         select gen_random_uuid(), 'C', 'c@example.com', 'S', 'M', now() - make_interval(months => m)
         from unnest(array[25, 30, 40, 23]) m",
    )
    .await;
    // Unconfirmed 40 days, unsubscribed 40 days ago: removed; confirmed long
    // ago, unconfirmed 10 days: kept.
    exec(
        pool,
        "insert into subscriptions (id, email, topic, created_at, requested_at, confirmed_at,
                                    unsubscribed_at)
         values
           (gen_random_uuid(), 'a@example.com', 'blog', now() - interval '40 days',
            now() - interval '40 days', null, null),
           (gen_random_uuid(), 'b@example.com', 'blog', now() - interval '90 days',
            now() - interval '90 days', now() - interval '89 days', now() - interval '40 days'),
           (gen_random_uuid(), 'c@example.com', 'blog', now() - interval '400 days',
            now() - interval '400 days', now() - interval '399 days', null),
           (gen_random_uuid(), 'd@example.com', 'events', now() - interval '10 days',
            now() - interval '10 days', null, null)",
    )
    .await;
    // 20 visitors on each of days 100 and 91 ago (40 removed); 5 yesterday.
    exec(
        pool,
        "insert into page_visitors_daily (day, visitor)
         select (now() at time zone 'Africa/Nairobi')::date - d, sha256(convert_to(d || '-' || n, 'UTF8'))
         from unnest(array[100, 91]) d, generate_series(1, 20) n
         union all
         select (now() at time zone 'Africa/Nairobi')::date - 1, sha256(convert_to('y' || n, 'UTF8'))
         from generate_series(1, 5) n",
    )
    .await;
    exec(
        pool,
        "insert into dead_letters (id, role, stream, subject, payload, error, reason, deliveries,
                                   created_at)
         select gen_random_uuid(), 'chat', 'CHAT', 'chat.send.x', 'p', 'e', 'data', 1,
                now() - make_interval(days => d)
         from unnest(array[31, 60, 29]) d",
    )
    .await;
    exec(
        pool,
        "insert into tower_sessions.session (id, data, expiry_date)
         values ('expired-1', '', now() - interval '1 minute'),
                ('expired-2', '', now() - interval '3 days'),
                ('live', '', now() + interval '1 day')",
    )
    .await;
    sqlx::query(
        "insert into password_reset_tokens (token_hash, request_id, user_id, expires_at, used_at)
         values (sha256('expired'), gen_random_uuid(), $1, now() - interval '1 hour', null),
                (sha256('used'), gen_random_uuid(), $1, now() + interval '1 hour', now()),
                (sha256('open'), gen_random_uuid(), $1, now() + interval '1 hour', null)",
    )
    .bind(user)
    .execute(pool)
    .await
    .expect("tokens");
    sqlx::query(
        "insert into audit_log (id, actor_id, action, entity, entity_id, at)
         select gen_random_uuid(), $1, 'update', 'site_settings', gen_random_uuid(),
                now() - make_interval(months => m)
         from unnest(array[25, 26, 1]) m",
    )
    .bind(user)
    .execute(pool)
    .await
    .expect("audit");
    exec(
        pool,
        "insert into cookie_consents (id, consent_id, accepted, policy_version, chosen_at)
         values (gen_random_uuid(), gen_random_uuid(), true, '2025-04-23', now() - interval '25 months'),
                (gen_random_uuid(), gen_random_uuid(), false, '2025-04-23', now())",
    )
    .await;
    // 12 emails sent 25 months ago and a claim never marked sent, made 25
    // months ago: removed. One claimed 30 months ago but sent 23 months ago
    // (counted from sending) and one sent today: kept.
    exec(
        pool,
        "insert into sent_emails (key, kind, recipient, claimed_at, sent_at)
         select gen_random_uuid(), 'contact.ack', 'old' || n || '@example.com',
                now() - interval '25 months', now() - interval '25 months'
         from generate_series(1, 12) n
         union all
         select gen_random_uuid(), 'waitlist.confirm', 'stale@example.com',
                now() - interval '25 months', null
         union all
         select gen_random_uuid(), 'welcome', 'late@example.com',
                now() - interval '30 months', now() - interval '23 months'
         union all
         select gen_random_uuid(), 'welcome', 'new@example.com', now(), now()",
    )
    .await;
    // Joined the waitlist 25 and 26 months ago: removed; 23 months ago: kept.
    exec(
        pool,
        "insert into waitlist_entries (id, email, name, interest, created_at)
         select gen_random_uuid(), 'w' || m || '@example.com', 'W', 'general',
                now() - make_interval(months => m)
         from unnest(array[25, 26, 23]) m",
    )
    .await;
    vec![
        (Kind::ResolvedChats, 10),
        (Kind::ContactRequests, 3),
        (Kind::UnconfirmedSubscriptions, 2),
        (Kind::PageVisitors, 40),
        (Kind::DeadLetters, 2),
        (Kind::ExpiredSessions, 2),
        (Kind::ResetTokens, 2),
        (Kind::AuditLog, 2),
        (Kind::CookieConsents, 1),
        (Kind::SentEmails, 13),
        (Kind::WaitlistEntries, 2),
    ]
}

#[sqlx::test(migrations = "../migrations")]
async fn a_run_removes_what_is_past_its_period_in_batches_and_records_it(pool: PgPool) {
    let app = spawn(pool).await;
    let admin = app.agent().await;
    // Sessions of the test's own sign-in are live; count only seeded ones below.
    let expected = seed(&app.pool).await;
    let defaults = RetentionPeriods::default();
    assert_eq!(
        runtime::retention::pending(&app.pool, &defaults)
            .await
            .expect("pending"),
        expected
    );

    // The database page shows the next run before the first.
    let page: Value = admin
        .get("/api/admin/database")
        .await
        .json()
        .await
        .expect("json");
    let next: Vec<(String, String, i64)> = page["retention"]["nextRun"]
        .as_array()
        .expect("next run")
        .iter()
        .map(|row| {
            (
                row["kind"].as_str().expect("kind").to_owned(),
                row["period"].as_str().expect("period").to_owned(),
                row["rows"].as_i64().expect("rows"),
            )
        })
        .collect();
    assert_eq!(
        next[0],
        ("resolved_chats".to_owned(), "24 months".to_owned(), 10)
    );
    assert_eq!(
        next[3],
        ("page_visitors".to_owned(), "90 days".to_owned(), 40)
    );
    assert_eq!(
        next[5],
        ("expired_sessions".to_owned(), "at once".to_owned(), 2)
    );
    assert_eq!(page["retention"]["runs"], json!([]));
    assert_eq!(page["retention"]["nextRunAt"], Value::Null);

    let removed = run_once(&app.pool, SMALL)
        .await
        .expect("run")
        .expect("not locked");
    let expected_rows: std::collections::BTreeMap<&str, i64> =
        expected.iter().map(|(kind, n)| (kind.key(), *n)).collect();
    assert_eq!(removed.rows, expected_rows);
    // Batches: chats 10 in 3s → 4; visitors 40 in 7s → 6; sent emails 13
    // in 7s → 2; every other kind one (fewer than 7 each), and one for
    // unsent attachments.
    assert_eq!(removed.batches, 4 + 6 + 2 + 8 + 1);

    // What was kept.
    assert_eq!(rows(&app.pool, "chat_sessions").await, 2);
    assert_eq!(
        rows(&app.pool, "chat_messages").await,
        4,
        "the old chats' messages went with them"
    );
    assert_eq!(rows(&app.pool, "contact_requests").await, 1);
    assert_eq!(rows(&app.pool, "subscriptions").await, 2);
    assert_eq!(rows(&app.pool, "page_visitors_daily").await, 5);
    assert_eq!(rows(&app.pool, "dead_letters").await, 1);
    assert_eq!(
        rows(
            &app.pool,
            "tower_sessions.session where expiry_date < now()"
        )
        .await,
        0
    );
    assert_eq!(
        rows(&app.pool, "tower_sessions.session where id = 'live'").await,
        1
    );
    assert_eq!(rows(&app.pool, "password_reset_tokens").await, 1);
    assert_eq!(rows(&app.pool, "cookie_consents").await, 1);
    assert_eq!(
        sqlx::query_scalar::<_, String>("select recipient from sent_emails order by recipient")
            .fetch_all(&app.pool)
            .await
            .expect("sent emails"),
        vec!["late@example.com".to_owned(), "new@example.com".to_owned()]
    );
    assert_eq!(
        sqlx::query_scalar::<_, String>("select email from waitlist_entries")
            .fetch_all(&app.pool)
            .await
            .expect("waitlist"),
        vec!["w23@example.com".to_owned()]
    );
    let pending = runtime::retention::pending(&app.pool, &defaults)
        .await
        .expect("pending");
    assert!(pending.iter().all(|(_, n)| *n == 0), "{pending:?}");

    // The run is on record and on the page.
    let page: Value = admin
        .get("/api/admin/database")
        .await
        .json()
        .await
        .expect("json");
    let runs = page["retention"]["runs"].as_array().expect("runs");
    assert_eq!(runs.len(), 1);
    assert_eq!(runs[0]["removed"]["resolved_chats"], 10);
    assert_eq!(runs[0]["removed"]["page_visitors"], 40);
    assert_eq!(runs[0]["removed"]["sent_emails"], 13);
    assert_eq!(runs[0]["removed"]["waitlist_entries"], 2);
    assert!(page["retention"]["nextRunAt"].is_string());

    // Again: nothing left to remove, and the empty run is recorded too.
    let again = run_once(&app.pool, SMALL)
        .await
        .expect("run")
        .expect("not locked");
    assert!(again.rows.is_empty(), "{:?}", again.rows);
    assert_eq!(
        again.batches, 12,
        "one empty batch per kind and one for unsent attachments"
    );
    assert_eq!(rows(&app.pool, "retention_runs").await, 2);
    assert_eq!(rows(&app.pool, "chat_sessions").await, 2);
}

#[sqlx::test(migrations = "../migrations")]
async fn one_run_at_a_time_and_the_periods_come_from_the_site_settings(pool: PgPool) {
    let app = spawn(pool).await;
    let admin = app.agent().await;
    seed(&app.pool).await;

    // Another replica's run holds the lock: this one leaves its turn.
    let mut other = app.pool.acquire().await.expect("connection");
    let locked: bool = sqlx::query_scalar("select pg_try_advisory_lock($1)")
        .bind(0x7265_7465_6e74_i64)
        .fetch_one(&mut *other)
        .await
        .expect("lock");
    assert!(locked);
    assert!(run_once(&app.pool, SMALL).await.expect("run").is_none());
    assert_eq!(rows(&app.pool, "retention_runs").await, 0);
    let _: bool = sqlx::query_scalar("select pg_advisory_unlock($1)")
        .bind(0x7265_7465_6e74_i64)
        .fetch_one(&mut *other)
        .await
        .expect("unlock");

    // An admin keeps contact requests 6 months and visitors 95 days; a bad
    // period is refused in words.
    let mut settings: Value = admin
        .get("/api/site-settings")
        .await
        .json()
        .await
        .expect("json");
    settings["retention"]["deadLettersDays"] = json!(0);
    let refused = admin.put("/api/admin/site-settings", &settings).await;
    assert_eq!(refused.status(), StatusCode::BAD_REQUEST);
    assert_eq!(
        crate::helpers::message(refused).await,
        "Dead letters must be kept between 1 and 365 days"
    );
    settings["retention"]["deadLettersDays"] = json!(30);
    settings["retention"]["contactRequestsMonths"] = json!(6);
    settings["retention"]["pageVisitorsDays"] = json!(0);
    assert_eq!(
        admin
            .put("/api/admin/site-settings", &settings)
            .await
            .status(),
        StatusCode::BAD_REQUEST
    );
    settings["retention"]["pageVisitorsDays"] = json!(95);
    assert_eq!(
        admin
            .put("/api/admin/site-settings", &settings)
            .await
            .status(),
        StatusCode::OK
    );
    let removed = run_once(&app.pool, Batches::default())
        .await
        .expect("run")
        .expect("not locked");
    assert_eq!(removed.rows.get("contact_requests"), Some(&4));
    // Only the day 100 days ago is past 95 days; 91 days ago is kept now.
    assert_eq!(removed.rows.get("page_visitors"), Some(&20));
    assert_eq!(rows(&app.pool, "contact_requests").await, 0);
}

/// Uploads a one-pixel-row PNG to `chat`; returns its id.
async fn attach(app: &crate::helpers::TestApp, chat: &str) -> String {
    let mut png = Vec::new();
    image::DynamicImage::ImageRgb8(image::RgbImage::new(4, 1))
        .write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
        .expect("png");
    let part = reqwest::multipart::Part::bytes(png).file_name("a.png");
    let response = app
        .client
        .post(app.url(&format!("/api/chat/sessions/{chat}/attachments")))
        .header("X-Requested-With", "XMLHttpRequest")
        .multipart(reqwest::multipart::Form::new().part("file", part))
        .send()
        .await
        .expect("upload");
    assert_eq!(response.status(), StatusCode::CREATED);
    let body: Value = response.json().await.expect("json");
    body["id"].as_str().expect("id").to_owned()
}

#[sqlx::test(migrations = "../migrations")]
async fn chat_attachments_never_sent_are_removed_after_a_day(pool: PgPool) {
    let app = spawn(pool).await;
    let chat = app.start_chat("Amina", "amina@example.com").await;
    let sent = attach(&app, &chat).await;
    let abandoned = attach(&app, &chat).await;
    let response = app
        .post(
            &format!("/api/chat/sessions/{chat}/messages"),
            &json!({ "message": "the file", "attachmentId": sent }),
        )
        .await;
    assert!(response.status().is_success(), "{}", response.status());
    // The worker links the message to its file.
    let mut linked = false;
    for _ in 0..200 {
        linked = rows(&app.pool, "chat_messages where attachment_id is not null").await == 1;
        if linked {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(linked, "the message was stored with its attachment");
    exec(
        &app.pool,
        "update chat_attachments set created_at = now() - interval '25 hours'",
    )
    .await;
    // Uploaded just now: it may still be sent.
    let fresh = attach(&app, &chat).await;

    let removed = run_once(&app.pool, SMALL)
        .await
        .expect("run")
        .expect("not locked");
    assert_eq!(removed.rows.get(UNSENT_ATTACHMENTS), Some(&1));
    let kept: Vec<Uuid> = sqlx::query_scalar("select id from chat_attachments order by id")
        .fetch_all(&app.pool)
        .await
        .expect("kept");
    let mut expected: Vec<Uuid> = [&sent, &fresh]
        .iter()
        .map(|id| Uuid::parse_str(id).expect("uuid"))
        .collect();
    expected.sort();
    assert_eq!(kept, expected);
    assert!(!kept.contains(&Uuid::parse_str(&abandoned).expect("uuid")));
}
