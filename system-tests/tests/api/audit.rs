//! The audit screen's API: admins only; staff sign-ins (and refused ones)
//! recorded; filters by actor, entity, action, dates in Nairobi time and
//! words; keyset pages with no repeat or gap while entries are added; the
//! CSV export's content, quoting and bound, and the export itself audited.

use std::collections::BTreeSet;

use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;
use uuid::Uuid;

use crate::helpers::{Browser, TestApp, message, spawn};

async fn page(browser: &Browser, query: &str) -> Value {
    let response = browser.get(&format!("/api/admin/audit?{query}")).await;
    assert_eq!(response.status(), StatusCode::OK, "{query}");
    response.json().await.expect("JSON")
}

/// Inserts an entry as if written at `at` (an RFC 3339 instant).
async fn insert(
    pool: &PgPool,
    actor: Option<Uuid>,
    entity: &str,
    at: &str,
    details: Value,
) -> Uuid {
    let id = Uuid::now_v7();
    sqlx::query(
        "insert into audit_log (id, actor_id, action, entity, entity_id, at, details)
         values ($1, $2, 'update', $3, $1, $4::timestamptz, $5)",
    )
    .bind(id)
    .bind(actor)
    .bind(entity)
    .bind(at)
    .bind(details)
    .execute(pool)
    .await
    .expect("inserted");
    id
}

async fn user_id(app: &TestApp, email: &str) -> Uuid {
    sqlx::query_scalar("select id from users where email = $1")
        .bind(email)
        .fetch_one(&app.pool)
        .await
        .expect("user")
}

#[sqlx::test(migrations = "../migrations")]
async fn only_admins_read_or_export_the_log(pool: PgPool) {
    let app = spawn(pool).await;
    for path in [
        "/api/admin/audit",
        "/api/admin/audit/filters",
        "/api/admin/audit/export.csv",
    ] {
        assert_eq!(
            app.new_browser().get(path).await.status(),
            StatusCode::UNAUTHORIZED,
            "{path}"
        );
        for role in ["user", "support"] {
            let (browser, _) = app.signed_in_as(role).await;
            let response = browser.get(path).await;
            assert_eq!(response.status(), StatusCode::FORBIDDEN, "{role} {path}");
            assert_eq!(message(response).await, "Only admins can do this");
        }
    }
    // The refused exports recorded nothing.
    let exports: i64 =
        sqlx::query_scalar("select count(*) from audit_log where entity = 'audit_log'")
            .fetch_one(&app.pool)
            .await
            .expect("count");
    assert_eq!(exports, 0);
}

#[sqlx::test(migrations = "../migrations")]
async fn staff_sign_ins_and_refusals_are_recorded_but_not_customers(pool: PgPool) {
    let app = spawn(pool).await;
    let (admin, admin_email) = app.signed_in_as("admin").await;
    let (_, support_email) = app.signed_in_as("support").await;
    let (_, customer_email) = app.signed_in_as("user").await;
    let stranger = app.new_browser();
    for email in [
        &support_email,
        &customer_email,
        &"nobody@nyota.example".to_owned(),
    ] {
        assert_eq!(
            stranger.login(email, "wrong-pass").await.status(),
            StatusCode::UNAUTHORIZED
        );
    }
    let support_id = user_id(&app, &support_email).await;
    let body = page(&admin, "entity=account").await;
    let items = body["items"].as_array().expect("items");
    let seen: Vec<(&str, &str, &str)> = items
        .iter()
        .map(|item| {
            (
                item["actor"]["email"].as_str().unwrap_or("-"),
                item["action"].as_str().unwrap_or("-"),
                item["summary"].as_str().unwrap_or("-"),
            )
        })
        .collect();
    assert_eq!(
        seen,
        [
            (
                support_email.as_str(),
                "sign_in_failed",
                "Sign-in failed (wrong password)"
            ),
            (support_email.as_str(), "sign_in", "Signed in (password)"),
            (admin_email.as_str(), "sign_in", "Signed in (password)"),
        ]
    );
    // No details hold a secret: only how or why.
    for item in items {
        let keys: Vec<&String> = item["details"]
            .as_object()
            .expect("object")
            .keys()
            .collect();
        assert!(keys == ["method"] || keys == ["reason"], "{item}");
    }
    let by_actor = page(&admin, &format!("actor={support_id}&action=sign_in")).await;
    assert_eq!(by_actor["items"].as_array().expect("items").len(), 1);
    assert_eq!(by_actor["items"][0]["entityId"], support_id.to_string());
}

#[sqlx::test(migrations = "../migrations")]
async fn a_settings_change_is_found_by_its_filters_and_words(pool: PgPool) {
    let app = spawn(pool).await;
    let (admin, admin_email) = app.signed_in_as("admin").await;
    let mut settings: Value = admin
        .get("/api/site-settings")
        .await
        .json()
        .await
        .expect("JSON");
    settings["salesEmail"] = json!("deals@nyota.example");
    assert_eq!(
        admin
            .put("/api/admin/site-settings", &settings)
            .await
            .status(),
        StatusCode::OK
    );
    let body = page(&admin, "entity=site_settings&action=update").await;
    let entry = &body["items"][0];
    assert_eq!(body["items"].as_array().expect("items").len(), 1);
    assert_eq!(entry["actor"]["kind"], "user");
    assert_eq!(entry["actor"]["email"], admin_email.as_str());
    assert_eq!(entry["summary"], "Changed site settings: salesEmail");
    assert_eq!(entry["details"], json!({ "changed": ["salesEmail"] }));
    assert!(body["nextCursor"].is_null());
    // Words in the details, any case; `%` and `_` are themselves.
    assert_eq!(
        page(&admin, "q=SALESEMAIL").await["items"]
            .as_array()
            .map(Vec::len),
        Some(1)
    );
    assert_eq!(
        page(&admin, "q=sales%25").await["items"]
            .as_array()
            .map(Vec::len),
        Some(0)
    );
    // The filters' choices name the entity and the admin.
    let choices: Value = admin
        .get("/api/admin/audit/filters")
        .await
        .json()
        .await
        .expect("JSON");
    assert!(
        choices["entities"]
            .as_array()
            .expect("entities")
            .contains(&json!("site_settings"))
    );
    assert!(
        choices["actions"]
            .as_array()
            .expect("actions")
            .contains(&json!("sign_in"))
    );
    assert!(
        choices["actors"]
            .as_array()
            .expect("actors")
            .iter()
            .any(|actor| actor["email"] == admin_email.as_str())
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn dates_are_days_in_nairobi_or_instants_and_bad_ones_are_refused(pool: PgPool) {
    let app = spawn(pool).await;
    let (admin, _) = app.signed_in_as("admin").await;
    // 23:59 on the 19th and 00:00 on the 20th, Nairobi time.
    let late = insert(&app.pool, None, "team", "2027-01-19T20:59:00Z", json!({})).await;
    let early = insert(&app.pool, None, "team", "2027-01-19T21:00:00Z", json!({})).await;
    let end = insert(&app.pool, None, "team", "2027-01-20T20:59:59Z", json!({})).await;
    let ids = |body: &Value| -> Vec<String> {
        body["items"]
            .as_array()
            .expect("items")
            .iter()
            .map(|item| item["id"].as_str().expect("id").to_owned())
            .collect()
    };
    let day = page(&admin, "entity=team&from=2027-01-20&to=2027-01-20").await;
    assert_eq!(ids(&day), [end.to_string(), early.to_string()]);
    let instants = page(
        &admin,
        "entity=team&from=2027-01-19T23:59:00%2B03:00&to=2027-01-20T00:00:00%2B03:00",
    )
    .await;
    assert_eq!(ids(&instants), [late.to_string()]);
    // An entity no label knows is shown by its name; a row whose actor is
    // gone says so.
    assert_eq!(day["items"][0]["summary"], "Changed team");
    assert_eq!(day["items"][0]["actor"], json!({ "kind": "deletedUser" }));

    for (query, expected) in [
        ("from=20-01-2027", "from must be a date like 2027-01-20"),
        ("to=2027-02-30", "to must be a date like 2027-01-20"),
        ("from=2027-01-21&to=2027-01-20", "from must be before to"),
        ("actor=someone", "actor must be a user's id"),
        ("limit=0", "limit must be a whole number from 1 to 200"),
        ("limit=201", "limit must be a whole number from 1 to 200"),
        ("cursor=abc", "cursor must be a nextCursor this API gave"),
        ("colour=red", "unknown field `colour`"),
    ] {
        let response = admin.get(&format!("/api/admin/audit?{query}")).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{query}");
        let said = message(response).await;
        assert!(said.contains(expected), "{query}: {said}");
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn pages_have_no_repeat_or_gap_while_entries_are_added(pool: PgPool) {
    let app = spawn(pool).await;
    let (admin, _) = app.signed_in_as("admin").await;
    // 95 entries, in pairs sharing an instant: the id breaks the tie.
    sqlx::query(
        "insert into audit_log (id, actor_id, action, entity, entity_id, at)
         select gen_random_uuid(), null, 'update', 'paging', gen_random_uuid(),
                now() - interval '1 day' + make_interval(secs => n / 2)
         from generate_series(1, 95) n",
    )
    .execute(&app.pool)
    .await
    .expect("seeded");
    let mut seen = Vec::new();
    let mut cursor: Option<String> = None;
    loop {
        let query = match &cursor {
            Some(cursor) => format!("entity=paging&limit=10&cursor={cursor}"),
            None => "entity=paging&limit=10".to_owned(),
        };
        let body = page(&admin, &query).await;
        let items = body["items"].as_array().expect("items");
        assert!(items.len() <= 10);
        seen.extend(items.iter().map(|item| {
            (
                item["at"].as_str().expect("at").to_owned(),
                item["id"].as_str().expect("id").to_owned(),
            )
        }));
        // Newer entries arrive between pages.
        insert(&app.pool, None, "paging", &time_now(), json!({})).await;
        match body["nextCursor"].as_str() {
            Some(next) => cursor = Some(next.to_owned()),
            None => break,
        }
    }
    assert_eq!(seen.len(), 95, "no repeat and no gap");
    let distinct: BTreeSet<&String> = seen.iter().map(|(_, id)| id).collect();
    assert_eq!(distinct.len(), 95);
    let stored: i64 = sqlx::query_scalar(
        "select count(*) from audit_log where entity = 'paging' and at < now() - interval '1 hour'",
    )
    .fetch_one(&app.pool)
    .await
    .expect("count");
    assert_eq!(stored, 95);
    // Newest first: at never grows down the pages.
    assert!(
        seen.windows(2).all(|pair| pair[0].0 >= pair[1].0),
        "{seen:?}"
    );
}

fn time_now() -> String {
    time::OffsetDateTime::now_utc()
        .format(&time::format_description::well_known::Rfc3339)
        .expect("formats")
}

#[sqlx::test(migrations = "../migrations")]
async fn the_export_is_quoted_defused_bounded_and_audited(pool: PgPool) {
    let app = spawn(pool).await;
    let (admin, admin_email) = app.signed_in_as("admin").await;
    let admin_id = user_id(&app, &admin_email).await;
    insert(
        &app.pool,
        Some(admin_id),
        "blog_post",
        "2027-01-20T07:00:00Z",
        json!({ "title": "Hello, \"world\"" }),
    )
    .await;
    insert(
        &app.pool,
        Some(admin_id),
        "blog_post",
        "2027-01-20T08:00:00Z",
        json!({ "title": "x" }),
    )
    .await;
    sqlx::query("update audit_log set action = '=cmd' where details->>'title' = 'x'")
        .execute(&app.pool)
        .await
        .expect("updated");

    let response = admin
        .get("/api/admin/audit/export.csv?entity=blog_post&from=2027-01-20")
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        response.headers()["content-type"],
        "text/csv; charset=utf-8"
    );
    assert!(
        response.headers()["content-disposition"]
            .to_str()
            .expect("ASCII")
            .starts_with("attachment; filename=\"audit-")
    );
    let text = response.text().await.expect("body");
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let header: Vec<String> = reader
        .headers()
        .expect("header")
        .iter()
        .map(str::to_owned)
        .collect();
    assert_eq!(
        header,
        [
            "When (EAT)",
            "When (UTC)",
            "Actor",
            "Actor email",
            "Action",
            "Entity",
            "Entity id",
            "Summary",
            "Details",
            "Id"
        ]
    );
    let rows: Vec<csv::StringRecord> = reader.records().map(|row| row.expect("row")).collect();
    assert_eq!(rows.len(), 2);
    // Newest first; the formula kept as text; EAT is UTC+3.
    assert_eq!(&rows[0][0], "2027-01-20 11:00:00");
    assert_eq!(&rows[0][4], "'=cmd");
    assert_eq!(&rows[1][3], admin_email.as_str());
    assert_eq!(&rows[1][7], "Changed blog post “Hello, \"world\"”");
    // RFC 4180: the quote inside a field is doubled, the field quoted.
    assert!(
        text.contains("\"Changed blog post “Hello, \"\"world\"\"”\""),
        "{text}"
    );

    let audited: Vec<(Uuid, Value)> = sqlx::query_as(
        "select actor_id, details from audit_log where entity = 'audit_log' and action = 'export'",
    )
    .fetch_all(&app.pool)
    .await
    .expect("audited");
    assert_eq!(audited.len(), 1);
    assert_eq!(audited[0].0, admin_id);
    assert_eq!(
        audited[0].1,
        json!({
            "filters": { "entity": "blog_post", "from": "2027-01-19T21:00:00Z" },
            "rows": 2,
        })
    );
    // The export is on the screen too, said in words.
    let listed = page(&admin, "entity=audit_log").await;
    assert_eq!(listed["items"][0]["summary"], "Exported audit log, 2 rows");

    // More than 100,000 rows: refused in words, nothing recorded.
    sqlx::query(
        "insert into audit_log (id, action, entity, entity_id)
         select gen_random_uuid(), 'update', 'bulk', gen_random_uuid()
         from generate_series(1, 100001)",
    )
    .execute(&app.pool)
    .await
    .expect("bulk");
    let response = admin.get("/api/admin/audit/export.csv?entity=bulk").await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert!(message(response).await.contains("more than 100,000 rows"));
    let exports: i64 =
        sqlx::query_scalar("select count(*) from audit_log where entity = 'audit_log'")
            .fetch_one(&app.pool)
            .await
            .expect("count");
    assert_eq!(exports, 1);
    // A bad filter is refused before anything is recorded.
    let response = admin.get("/api/admin/audit/export.csv?from=tomorrow").await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
}
