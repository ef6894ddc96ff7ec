//! Erasure: every column that can hold a person is registered (a new one fails
//! until it is), an erasure leaves nothing of the person in any table and ends
//! their sessions, a team member's address is kept, and a person with 1,000
//! chat messages is erased.

use crate::helpers::message;
use crate::privacy::{Person, app_with_mail, ask_and_confirm, person_with_data};
use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;
use std::collections::BTreeSet;
use std::time::{Duration, Instant};
use uuid::Uuid;

/// What a column can hold of a person.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Holds {
    Email,
    Name,
    Phone,
    UserId,
    /// A payload (bytes or JSON) that may name the email.
    MentionsEmail,
    /// A payload that may name the user id (the cookie sessions).
    MentionsUserId,
    /// A team member's id or name: erasure of staff is refused (the team
    /// page removes them), so a customer's erasure leaves these alone.
    Staff,
    /// Holds nothing of a person (the reason is in the comment).
    Nothing,
}

/// Every column that can hold a person's email, name, phone or user id, or
/// a payload that can: registered here with what it holds. A table or
/// column added later that matches is missing from this list, and
/// `every_personal_column_is_registered` fails until it is added (and its
/// erasure written).
const REGISTRY: &[(&str, &str, Holds)] = &[
    ("agent_consoles", "agent_id", Holds::Staff),
    ("agent_profiles", "agent_id", Holds::Staff),
    ("agent_profiles", "display_name", Holds::Staff),
    ("audit_log", "actor_id", Holds::Staff),
    ("audit_log", "details", Holds::MentionsEmail),
    ("blog_posts", "author", Holds::Staff),
    ("chat_attachments", "data", Holds::Nothing), // the file; deleted with the visitor's upload
    ("chat_attachments", "filename", Holds::Name),
    ("chat_attachments", "thumbnail", Holds::Nothing),
    ("chat_attachments", "uploader_agent_id", Holds::Staff),
    ("chat_messages", "agent_id", Holds::Staff),
    ("chat_messages", "emailed_at", Holds::Nothing), // a time
    ("chat_messages", "sender_name", Holds::Name),   // agents' names, never the visitor's
    ("chat_email_files", "data", Holds::Nothing), // the file; deleted once posted, or with the chat
    ("chat_email_files", "filename", Holds::Name),
    ("chat_email_optouts", "email", Holds::Email),
    ("chat_held_replies", "decided_by", Holds::Staff),
    ("chat_held_replies", "sender_email", Holds::Email),
    ("chat_sessions", "email_bounced_at", Holds::Nothing), // a time
    ("chat_sessions", "email_bounce", Holds::MentionsEmail), // the server's words may name the address
    ("chat_notes", "author_id", Holds::Staff),
    ("chat_ratings", "agent_id", Holds::Staff),
    ("chat_sessions", "assigned_agent_id", Holds::Staff),
    ("chat_sessions", "announced_agent_id", Holds::Staff),
    ("chat_sessions", "email_code_attempts", Holds::Nothing), // a count
    ("chat_sessions", "email_code_expires_at", Holds::Nothing), // a time
    ("chat_sessions", "email_code_hash", Holds::Nothing),     // a hash of a one-time code
    ("chat_sessions", "email_confirmed_at", Holds::Nothing),  // a time
    ("chat_sessions", "user_agent", Holds::Nothing), // the browser's name; cleared on erasure
    ("chat_sessions", "user_id", Holds::UserId),
    ("chat_sessions", "visitor_email", Holds::Email),
    ("chat_sessions", "visitor_name", Holds::Name),
    ("contact_requests", "assigned_to", Holds::Staff),
    ("contact_requests", "email", Holds::Email),
    ("contact_requests", "handled_by", Holds::Staff),
    ("contact_requests", "name", Holds::Name),
    ("contact_requests", "phone", Holds::Phone),
    ("dead_letters", "headers", Holds::Nothing), // trace and message ids
    ("dead_letters", "payload", Holds::MentionsEmail),
    ("outbox", "payload", Holds::MentionsEmail),
    ("page_visitors_daily", "visitor", Holds::Nothing), // a daily-salted hash
    ("password_reset_tokens", "token_hash", Holds::Nothing),
    ("password_reset_tokens", "user_id", Holds::UserId),
    ("privacy_exports", "archive", Holds::MentionsEmail),
    ("privacy_requests", "email", Holds::Email),
    ("privacy_requests", "outcome", Holds::MentionsEmail),
    ("retention_runs", "removed", Holds::Nothing), // rows removed per kind of data: counts
    ("sent_emails", "recipient", Holds::Email),
    ("site_settings", "settings", Holds::Nothing), // the company's own details
    ("site_settings", "updated_by", Holds::Staff),
    ("subscriptions", "email", Holds::Email),
    ("team_members", "agent_id", Holds::Staff),
    ("teams", "name", Holds::Nothing), // a support team's name ("Sales"), the company's own
    ("session", "data", Holds::MentionsUserId),
    ("uploads", "data", Holds::Nothing), // admin images
    ("uploads", "filename", Holds::Nothing),
    ("uploads", "uploaded_by", Holds::Staff),
    ("user_passkeys", "credential_id", Holds::Nothing), // an authenticator's random id
    ("user_passkeys", "name", Holds::Name), // the member's label; deleted with the account
    ("user_passkeys", "passkey", Holds::Nothing), // a public key and a counter
    ("user_passkeys", "user_id", Holds::UserId),
    ("user_recovery_codes", "user_id", Holds::UserId),
    ("user_totp", "secret_sealed", Holds::Nothing), // sealed; deleted with the account
    ("user_totp", "user_id", Holds::UserId),
    ("users", "email", Holds::Email),
    ("users", "id", Holds::UserId),
    ("users", "name", Holds::Name),
    ("users", "phone", Holds::Phone),
    ("users", "username", Holds::Email), // registration uses the email
    ("visitor_salts", "salt", Holds::Nothing),
    ("waitlist_entries", "email", Holds::Email),
    ("waitlist_entries", "name", Holds::Name),
];

/// From the schema itself: every column whose name says it holds an email,
/// name, phone, recipient, user or visitor, every column referring to
/// `users`, and every bytes or JSON column (payloads).
async fn personal_columns(pool: &PgPool) -> BTreeSet<(String, String)> {
    let rows: Vec<(String, String)> = sqlx::query_as(
        r"select c.table_name::text, c.column_name::text
          from information_schema.columns c
          join information_schema.tables t
            on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
          where c.table_schema in ('public', 'tower_sessions')
            and c.table_name <> '_sqlx_migrations'
            and (c.column_name ~ '(email|name|phone|recipient|user|visitor|author|actor|agent_id|assigned_to|_by$)'
                 or c.data_type in ('bytea', 'jsonb', 'json')
                 or exists (
                   select 1 from information_schema.key_column_usage k
                   join information_schema.referential_constraints r
                     on r.constraint_name = k.constraint_name and r.constraint_schema = k.constraint_schema
                   join information_schema.constraint_column_usage u
                     on u.constraint_name = r.unique_constraint_name and u.constraint_schema = r.unique_constraint_schema
                   where k.table_schema = c.table_schema and k.table_name = c.table_name
                     and k.column_name = c.column_name and u.table_name = 'users'))",
    )
    .fetch_all(pool)
    .await
    .expect("schema");
    let mut columns: BTreeSet<(String, String)> = rows.into_iter().collect();
    // The account's own id: named `id`, so found by its table.
    columns.insert(("users".to_owned(), "id".to_owned()));
    columns
}

#[sqlx::test(migrations = "../migrations")]
async fn every_personal_column_is_registered(pool: PgPool) {
    let found = personal_columns(&pool).await;
    let registered: BTreeSet<(String, String)> = REGISTRY
        .iter()
        .map(|(table, column, _)| ((*table).to_owned(), (*column).to_owned()))
        .collect();
    let missing: Vec<_> = found.difference(&registered).collect();
    assert!(
        missing.is_empty(),
        "columns that can hold a person's data but are not in REGISTRY (add them, with their erasure): {missing:?}"
    );
    let stale: Vec<_> = registered.difference(&found).collect();
    assert!(
        stale.is_empty(),
        "REGISTRY names columns the schema no longer has: {stale:?}"
    );
}

/// The rows of every registered column that still hold something of the
/// person: `table.column` for each.
async fn what_remains(pool: &PgPool, person: &Person) -> Vec<String> {
    let mut remains = Vec::new();
    for (table, column, holds) in REGISTRY {
        let schema = if *table == "session" {
            "tower_sessions"
        } else {
            "public"
        };
        // Built at run time: the table and column come from REGISTRY, so
        // the query cannot be checked at compile time.
        let sql = match holds {
            Holds::Email => format!(
                r#"select count(*) from {schema}."{table}" where lower("{column}") = lower($1)"#
            ),
            Holds::Name => {
                format!(r#"select count(*) from {schema}."{table}" where "{column}" = $2"#)
            }
            Holds::Phone => {
                format!(r#"select count(*) from {schema}."{table}" where "{column}" = $3"#)
            }
            Holds::UserId => {
                format!(r#"select count(*) from {schema}."{table}" where "{column}" = $4"#)
            }
            Holds::MentionsEmail => {
                let data_type: String = sqlx::query_scalar(
                    "select data_type::text from information_schema.columns
                     where table_schema = $1 and table_name = $2 and column_name = $3",
                )
                .bind(schema)
                .bind(table)
                .bind(column)
                .fetch_one(pool)
                .await
                .expect("column type");
                if data_type == "bytea" {
                    format!(
                        r#"select count(*) from {schema}."{table}" where position(convert_to(lower($1), 'UTF8') in "{column}") > 0"#
                    )
                } else {
                    format!(
                        r#"select count(*) from {schema}."{table}" where position(lower($1) in lower("{column}"::text)) > 0"#
                    )
                }
            }
            Holds::MentionsUserId => format!(
                r#"select count(*) from {schema}."{table}" where position(convert_to($4::text, 'UTF8') in "{column}") > 0"#
            ),
            Holds::Staff | Holds::Nothing => continue,
        };
        let count: i64 = sqlx::query_scalar(&sql)
            .bind(&person.email)
            .bind(&person.name)
            .bind(&person.phone)
            .bind(person.user_id)
            .fetch_one(pool)
            .await
            .unwrap_or_else(|error| panic!("{sql}: {error}"));
        if count > 0 {
            remains.push(format!("{table}.{column} ({count})"));
        }
    }
    remains
}

#[sqlx::test(migrations = "../migrations")]
async fn an_erasure_leaves_nothing_of_the_person_in_any_table_and_ends_their_sessions(
    pool: PgPool,
) {
    let (app, sink) = app_with_mail(pool).await;
    let admin = app.agent().await;
    let person = person_with_data(&app, &admin).await;
    // Signed in on a second gateway too, with a socket open there.
    let second = app.another_gateway().await;
    let elsewhere = app.new_browser().on(&second);
    assert_eq!(
        elsewhere.login(&person.email, "s3cret-pass").await.status(),
        StatusCode::OK
    );
    let mut socket = elsewhere.socket().await;
    // A dead letter that names them (an email that kept failing).
    sqlx::query(
        "insert into dead_letters (id, stream, subject, payload, headers, error, reason, role, deliveries)
         values ($1, 'INTAKE', 'intake.message', convert_to($2, 'UTF8'), '{}', 'smtp down', 'exhausted', 'intake', 30)",
    )
    .bind(Uuid::now_v7())
    .bind(json!({ "email": person.email }).to_string())
    .execute(&app.pool)
    .await
    .expect("dead letter");
    let before = what_remains(&app.pool, &person).await;
    assert!(
        before.len() >= 10,
        "the person is everywhere first: {before:?}"
    );
    // The offline notice of their chat names their address too.
    let mentions = crate::schema_sweep::columns_mentioning(&app.pool, &person.email).await;
    assert!(
        mentions
            .iter()
            .any(|column| column.starts_with("chat_messages.message")),
        "{mentions:?}"
    );

    let request = ask_and_confirm(&app, &sink, &admin, &person.email, "erasure").await;
    let id = request["id"].as_str().expect("id");
    let started = Instant::now();
    let response = admin
        .post(
            &format!("/api/admin/privacy-requests/{id}/fulfil"),
            &json!({}),
        )
        .await;
    assert_eq!(
        response.status(),
        StatusCode::OK,
        "{:?}",
        response.text().await
    );
    eprintln!("erasure took {:?}", started.elapsed());
    let done: Value = response.json().await.expect("JSON");
    assert_eq!(done["nextStep"], "done");
    assert_eq!(done["email"], "");
    assert_eq!(done["outcome"]["users"], 1);
    assert_eq!(done["outcome"]["chat_messages"], 4);

    assert_eq!(what_remains(&app.pool, &person).await, Vec::<String>::new());
    // Nor anywhere else: no text, JSON or bytes column of any table holds
    // the address.
    assert_eq!(
        crate::schema_sweep::columns_mentioning(&app.pool, &person.email).await,
        Vec::<String>::new()
    );
    // The chat stays, shown to agents as "Erased visitor".
    let chat: Value = admin
        .get(&format!("/api/agent/chats/{}", person.chat))
        .await
        .json()
        .await
        .expect("JSON");
    assert_eq!(chat["visitorName"], "Erased visitor");
    let visitor = admin.visitor_messages(&person.chat).await;
    assert_eq!(visitor.len(), 3);
    assert!(
        visitor.iter().all(|m| m["message"] == "(erased)"),
        "{visitor:?}"
    );
    // Their sign-ins ended on both gateways, and the socket was closed.
    assert_eq!(
        person.browser.get("/api/user").await.status(),
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        elsewhere.get("/api/user").await.status(),
        StatusCode::UNAUTHORIZED
    );
    let (code, _) = socket.closed_with(Duration::from_secs(5)).await;
    assert_eq!(code, 1008);
    // The audit record says what was erased, not whose data it was.
    let audit: Value = sqlx::query_scalar(
        "select details from audit_log where entity_id = $1::uuid and action = 'fulfil'",
    )
    .bind(id)
    .fetch_one(&app.pool)
    .await
    .expect("audit");
    assert_eq!(audit["outcome"]["contact_requests"], 1);
    assert!(!audit.to_string().contains(&person.email));

    // Idempotent: erasing the same address again finds nothing more.
    let again = ask_and_confirm(&app, &sink, &admin, &person.email, "erasure").await;
    let response = admin
        .post(
            &format!(
                "/api/admin/privacy-requests/{}/fulfil",
                again["id"].as_str().expect("id")
            ),
            &json!({}),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let twice: Value = response.json().await.expect("JSON");
    let outcome = twice["outcome"].as_object().expect("outcome");
    for (table, count) in outcome {
        if table == "intake_records" || table == "privacy_requests" {
            continue; // the second request's own confirmation email and row
        }
        assert_eq!(count, 0, "{table} changed on the second erasure");
    }
    assert_eq!(what_remains(&app.pool, &person).await, Vec::<String>::new());
}

#[sqlx::test(migrations = "../migrations")]
async fn a_team_members_address_is_not_erased(pool: PgPool) {
    let (app, sink) = app_with_mail(pool).await;
    let admin = app.agent().await;
    let (_, staff) = app.signed_in_as("support").await;
    let request = ask_and_confirm(&app, &sink, &admin, &staff, "erasure").await;
    let response = admin
        .post(
            &format!(
                "/api/admin/privacy-requests/{}/fulfil",
                request["id"].as_str().expect("id")
            ),
            &json!({}),
        )
        .await;
    assert_eq!(response.status(), StatusCode::CONFLICT);
    assert_eq!(
        message(response).await,
        "This address belongs to a member of the team. Remove them from the team first."
    );
}

/// The figure for the docs: erasing a person whose chat holds 1,000
/// messages (run with `-- --nocapture` to see it).
#[sqlx::test(migrations = "../migrations")]
async fn erasing_a_person_with_1000_chat_messages(pool: PgPool) {
    let (app, sink) = app_with_mail(pool).await;
    let admin = app.agent().await;
    let email = format!("chatty-{}@example.com", Uuid::new_v4().simple());
    let visitor = app.new_browser();
    let chat = visitor.start_chat("Chatty Visitor", &email).await;
    sqlx::query(
        "insert into chat_messages (id, session_id, sender_type, message, created_at)
         select gen_random_uuid(), $1::uuid, case when n % 2 = 0 then 'user' else 'agent' end,
                'message number ' || n, now() - make_interval(secs => 1000 - n)
         from generate_series(1, 1000) n",
    )
    .bind(&chat)
    .execute(&app.pool)
    .await
    .expect("messages");
    let request = ask_and_confirm(&app, &sink, &admin, &email, "erasure").await;
    let started = Instant::now();
    let response = admin
        .post(
            &format!(
                "/api/admin/privacy-requests/{}/fulfil",
                request["id"].as_str().expect("id")
            ),
            &json!({}),
        )
        .await;
    let took = started.elapsed();
    assert_eq!(
        response.status(),
        StatusCode::OK,
        "{:?}",
        response.text().await
    );
    let done: Value = response.json().await.expect("JSON");
    // Its 500 messages blanked, and the offline notice that named the address.
    assert_eq!(done["outcome"]["chat_messages"], 501);
    println!("ERASURE_1000_MESSAGES_MS={}", took.as_millis());
    assert!(took < Duration::from_secs(10), "erasure took {took:?}");
}
