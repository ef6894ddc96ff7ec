//! The admin's analytics report: each Nairobi day counted, and the range
//! checked and for admins only (moved from analytics.rs).

use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;
use time::OffsetDateTime;
use uuid::Uuid;

use crate::helpers::{message, registration, spawn};

/// An instant, UTC.
fn at(text: &str) -> OffsetDateTime {
    OffsetDateTime::parse(text, &time::format_description::well_known::Rfc3339).expect("instant")
}

async fn chat(pool: &PgPool, started: &str, agent: Uuid, replies_after_seconds: &[i64]) {
    let id = Uuid::now_v7();
    let started = at(started);
    sqlx::query(
        "insert into chat_sessions (id, visitor_name, visitor_email, owner_token, created_at)
         values ($1, 'Visitor', 'visitor@example.com', $2, $3)",
    )
    .bind(id)
    .bind(Uuid::new_v4())
    .bind(started)
    .execute(pool)
    .await
    .expect("chat");
    sqlx::query(
        "insert into chat_messages (id, session_id, sender_type, message, created_at)
         values ($1, $2, 'user', 'Hello', $3)",
    )
    .bind(Uuid::now_v7())
    .bind(id)
    .bind(started)
    .execute(pool)
    .await
    .expect("visitor message");
    for seconds in replies_after_seconds {
        sqlx::query(
            "insert into chat_messages (id, session_id, sender_type, agent_id, message, created_at)
             values ($1, $2, 'agent', $3, 'Hi!', $4)",
        )
        .bind(Uuid::now_v7())
        .bind(id)
        .bind(agent)
        .bind(started + time::Duration::seconds(*seconds))
        .execute(pool)
        .await
        .expect("agent message");
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn the_admin_report_counts_each_nairobi_day(pool: PgPool) {
    let app = spawn(pool).await;
    let admin = app.agent().await;
    let me: Value = admin.get("/api/user").await.json().await.expect("json");
    let agent: Uuid = me["id"].as_str().expect("id").parse().expect("uuid");
    sqlx::query(
        "insert into page_visitors_daily (day, visitor) values
             ('2026-03-01', sha256('a')), ('2026-03-01', sha256('b')),
             ('2026-03-02', sha256('a')), ('2026-03-04', sha256('c'))",
    )
    .execute(&app.pool)
    .await
    .expect("visitors");
    sqlx::query(
        "insert into page_views_daily (day, path, referrer_host, views) values
             ('2026-03-01', '/blog', 'www.google.com', 5),
             ('2026-03-02', '/blog', '', 2),
             ('2026-03-02', '/contact', 'news.example', 3),
             ('2026-03-05', '/blog', '', 100)",
    )
    .execute(&app.pool)
    .await
    .expect("views");
    // 09:00 in Nairobi on the 1st; 00:30 on the 2nd (still the 1st in UTC).
    chat(&app.pool, "2026-03-01T06:00:00Z", agent, &[120]).await;
    chat(&app.pool, "2026-03-01T21:30:00Z", agent, &[60, 90]).await;
    chat(&app.pool, "2026-03-02T10:00:00Z", agent, &[]).await;
    sqlx::query(
        "insert into users (id, email, username, name, phone, password_hash, created_at)
         values ($1, 'new@example.com', 'new', 'New Customer', '+254 700 000 009', 'x',
                 '2026-03-03T08:00:00Z')",
    )
    .bind(Uuid::now_v7())
    .execute(&app.pool)
    .await
    .expect("user");
    // Staff accounts are not registrations.
    sqlx::query(
        "insert into users (id, email, username, name, phone, password_hash, role, created_at)
         values ($1, 'agent@example.com', 'agent', 'Support Agent', '+254 700 000 010', 'x',
                 'support', '2026-03-03T09:00:00Z')",
    )
    .bind(Uuid::now_v7())
    .execute(&app.pool)
    .await
    .expect("support agent");

    // Contact requests: the 2nd in Nairobi (late on the 1st in UTC), and the 3rd.
    for at in [
        "2026-03-01T22:00:00Z",
        "2026-03-03T09:00:00Z",
        "2026-03-04T09:00:00Z",
    ] {
        sqlx::query(
            "insert into contact_requests (id, name, email, subject, message, created_at)
             values ($1, 'Visitor', 'visitor@example.com', 'Quote', 'Hello', $2::timestamptz)",
        )
        .bind(Uuid::now_v7())
        .bind(at)
        .execute(&app.pool)
        .await
        .expect("contact request");
    }

    let response = admin
        .get("/api/admin/analytics?from=2026-03-01&to=2026-03-03")
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let report: Value = response.json().await.expect("json");
    let day = |date: &str, views: [i64; 2], chats: [i64; 2], registrations: i64, requests: i64| {
        json!({
            "day": date, "views": views[0], "visitors": views[1],
            "chatsStarted": chats[0], "chatsAnswered": chats[1],
            "registrations": registrations, "contactRequests": requests,
        })
    };
    assert_eq!(
        report,
        json!({
            "from": "2026-03-01",
            "to": "2026-03-03",
            "totalViews": 10,
            "topPages": [{ "path": "/blog", "views": 7 }, { "path": "/contact", "views": 3 }],
            "topReferrers": [
                { "host": "www.google.com", "views": 5 },
                { "host": "news.example", "views": 3 },
            ],
            "days": [
                day("2026-03-01", [5, 2], [1, 1], 0, 0),
                day("2026-03-02", [5, 1], [2, 1], 0, 1),
                day("2026-03-03", [0, 0], [0, 0], 1, 1),
            ],
            "medianFirstResponseSeconds": 90.0,
            "messagesPerAgent": [{ "agentId": agent, "name": "Administrator", "messages": 3 }],
            "ratingsPerAgentWeek": [],
        })
    );

    // An empty range is all zeros, never an error.
    let empty: Value = admin
        .get("/api/admin/analytics?from=2025-01-01&to=2025-01-02")
        .await
        .json()
        .await
        .expect("json");
    assert_eq!(empty["totalViews"], 0);
    assert_eq!(empty["days"].as_array().expect("days").len(), 2);
    assert_eq!(empty["medianFirstResponseSeconds"], Value::Null);
    // Without a range: the last 30 days.
    let recent: Value = admin
        .get("/api/admin/analytics")
        .await
        .json()
        .await
        .expect("json");
    assert_eq!(recent["days"].as_array().expect("days").len(), 30);
}

#[sqlx::test(migrations = "../migrations")]
async fn the_report_range_is_checked_and_admins_only(pool: PgPool) {
    let app = spawn(pool).await;
    let admin = app.agent().await;
    for (query, expected) in [
        ("from=2026-3-1", "from must be a date as YYYY-MM-DD"),
        ("to=yesterday", "to must be a date as YYYY-MM-DD"),
        (
            "from=2026-02-30&to=2026-03-01",
            "from must be a date as YYYY-MM-DD",
        ),
        (
            "from=2026-03-02&to=2026-03-01",
            "from must be on or before to",
        ),
        (
            "from=2025-01-01&to=2026-01-02",
            "The range must be at most 366 days",
        ),
    ] {
        let response = admin.get(&format!("/api/admin/analytics?{query}")).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{query}");
        assert_eq!(message(response).await, expected);
    }
    let response = admin
        .get("/api/admin/analytics?from=2024-01-01&to=2024-12-31")
        .await;
    assert_eq!(response.status(), StatusCode::OK, "366 days in a leap year");

    let response = app.new_browser().get("/api/admin/analytics").await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    let user = app.new_browser();
    user.register(&registration("reader@example.com")).await;
    assert_eq!(
        user.login("reader@example.com", "s3cret-pass")
            .await
            .status(),
        StatusCode::OK
    );
    assert_eq!(
        user.get("/api/admin/analytics").await.status(),
        StatusCode::FORBIDDEN
    );
}
