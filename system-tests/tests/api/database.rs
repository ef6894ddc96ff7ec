//! The operator's page: migrations, tables, this namespace's streams and
//! consumers, dead letters; replay and discard, audited; admins only.

use std::time::Duration;

use async_nats::jetstream;
use futures::StreamExt as _;
use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;
use uuid::Uuid;

use crate::helpers::{Browser, TestApp, message, registration, spawn};

/// A dead letter as a worker would have left it, on `subject`.
async fn dead_letter(app: &TestApp, subject: &str, payload: &[u8]) -> Uuid {
    let id = Uuid::now_v7();
    sqlx::query(
        "insert into dead_letters
             (id, role, stream, subject, headers, payload, error, reason, deliveries)
         values ($1, 'analytics', 'INTAKE', $2, $3, $4, 'the payload is not a page view',
                 'data', 1)",
    )
    .bind(id)
    .bind(subject)
    .bind(json!({ "Nats-Msg-Id": ["m-1"], "traceparent": ["00-aa-bb-01"] }))
    .bind(payload)
    .execute(&app.pool)
    .await
    .expect("dead letter");
    id
}

async fn overview(admin: &Browser) -> Value {
    let response = admin.get("/api/admin/database").await;
    assert_eq!(response.status(), StatusCode::OK);
    response.json().await.expect("json")
}

async fn admin_id(admin: &Browser) -> Uuid {
    let me: Value = admin.get("/api/user").await.json().await.expect("json");
    me["id"].as_str().expect("id").parse().expect("uuid")
}

async fn audit_rows(pool: &PgPool) -> Vec<(Option<Uuid>, String, String, Uuid)> {
    sqlx::query_as("select actor_id, action, entity, entity_id from audit_log where entity <> 'account' order by id")
        .fetch_all(pool)
        .await
        .expect("audit")
}

#[sqlx::test(migrations = "../migrations")]
async fn the_overview_shows_migrations_tables_streams_and_dead_letters(pool: PgPool) {
    let app = spawn(pool).await;
    let admin = app.agent().await;
    // A consumer that has not read anything of three messages.
    let js = jetstream::new(app.nats.clone());
    let intake = js
        .get_stream(app.namespace.intake_stream().name)
        .await
        .expect("stream");
    intake
        .create_consumer(jetstream::consumer::pull::Config {
            durable_name: Some("probe".to_owned()),
            filter_subject: app.namespace.intake_pageview(),
            ..Default::default()
        })
        .await
        .expect("consumer");
    for n in 0..3 {
        js.publish(app.namespace.intake_pageview(), format!("view {n}").into())
            .await
            .expect("published")
            .await
            .expect("stored");
    }
    let letter = dead_letter(&app, &app.namespace.intake_pageview(), b"not json").await;

    let page = overview(&admin).await;
    let migrations = page["migrations"].as_array().expect("migrations");
    assert_eq!(migrations.len(), workers::MIGRATOR.iter().count());
    assert_eq!(migrations[0]["version"], 20261122130000_i64);
    assert_eq!(migrations[0]["description"], "create users");
    assert!(migrations.iter().all(|m| m["success"] == true));
    assert!(
        migrations[0]["installedOn"]
            .as_str()
            .is_some_and(|t| t.contains('T'))
    );

    let tables = page["tables"].as_array().expect("tables");
    let names: Vec<&str> = tables.iter().filter_map(|t| t["name"].as_str()).collect();
    for table in ["users", "dead_letters", "page_views_daily", "site_settings"] {
        assert!(names.contains(&table), "{table} in {names:?}");
    }
    assert!(names.windows(2).all(|w| w[0] <= w[1]), "by name: {names:?}");
    let users = tables.iter().find(|t| t["name"] == "users").expect("users");
    assert!(users["totalBytes"].as_i64().is_some_and(|bytes| bytes > 0));
    // The admin, counted (no table here was ever analysed: no autovacuum).
    assert_eq!(users["rows"], 1);
    assert_eq!(users["rowsEstimated"], false);

    assert_eq!(page["streamsError"], Value::Null);
    let streams = page["streams"].as_array().expect("streams");
    let stream_names: Vec<&str> = streams.iter().filter_map(|s| s["name"].as_str()).collect();
    assert!(stream_names.contains(&app.namespace.chat_stream().name.as_str()));
    assert!(
        stream_names
            .iter()
            .all(|name| app.namespace.owns_stream(name)),
        "only this namespace's streams: {stream_names:?}"
    );
    let intake = streams
        .iter()
        .find(|s| s["name"] == app.namespace.intake_stream().name)
        .expect("INTAKE");
    assert_eq!(intake["messages"], 3);
    assert_eq!(intake["lastSeq"], 3);
    assert!(intake["bytes"].as_u64().is_some_and(|bytes| bytes > 0));
    let probe = &intake["consumers"][0];
    assert_eq!(
        (&probe["name"], &probe["pending"], &probe["ackPending"]),
        (&json!("probe"), &json!(3), &json!(0))
    );
    assert!(
        probe["oldestUnackedSeconds"]
            .as_u64()
            .is_some_and(|age| age < 60),
        "{probe}"
    );

    assert_eq!(page["deadLettersPending"], 1);
    let letters = page["deadLetters"].as_array().expect("dead letters");
    assert_eq!(letters.len(), 1);
    assert_eq!(letters[0]["id"], letter.to_string());
    assert_eq!(letters[0]["role"], "analytics");
    assert_eq!(letters[0]["subject"], app.namespace.intake_pageview());
    assert_eq!(letters[0]["reason"], "data");
    assert_eq!(letters[0]["error"], "the payload is not a page view");
    assert_eq!(letters[0]["deliveries"], 1);
    assert!(letters[0]["createdAt"].is_string());
    assert!(
        letters[0].get("payload").is_none(),
        "the payload stays in the database"
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn replay_republishes_the_message_marks_it_and_is_audited(pool: PgPool) {
    let app = spawn(pool).await;
    let admin = app.agent().await;
    let subject = app.namespace.intake_pageview();
    let payload = b"{\"replay\": \"me\"}\0raw";
    let letter = dead_letter(&app, &subject, payload).await;
    let mut republished = app
        .nats
        .subscribe(subject.clone())
        .await
        .expect("subscribe");
    app.nats.flush().await.expect("flush");

    let response = admin
        .post(
            &format!("/api/admin/dead-letters/{letter}/replay"),
            &json!({}),
        )
        .await;
    assert_eq!(response.status(), StatusCode::NO_CONTENT);
    let sent = tokio::time::timeout(Duration::from_secs(5), republished.next())
        .await
        .expect("republished within 5 s")
        .expect("a message");
    assert_eq!(sent.payload.as_ref(), payload, "the exact bytes");
    let headers = sent.headers.expect("headers");
    assert!(headers.get("Nats-Msg-Id").is_none(), "no deduplication id");
    assert_eq!(
        headers.get("traceparent").map(|v| v.as_str()),
        Some("00-aa-bb-01")
    );
    let replayed: bool =
        sqlx::query_scalar("select replayed_at is not null from dead_letters where id = $1")
            .bind(letter)
            .fetch_one(&app.pool)
            .await
            .expect("row");
    assert!(replayed);
    assert_eq!(
        audit_rows(&app.pool).await,
        [(
            Some(admin_id(&admin).await),
            "replay".to_owned(),
            "dead_letter".to_owned(),
            letter
        )]
    );

    // Once is enough: a second replay (a double click) publishes nothing.
    let again = admin
        .post(
            &format!("/api/admin/dead-letters/{letter}/replay"),
            &json!({}),
        )
        .await;
    assert_eq!(again.status(), StatusCode::NOT_FOUND);
    assert_eq!(
        message(again).await,
        "No such dead letter is waiting: it may have been replayed or discarded"
    );
    assert!(
        tokio::time::timeout(Duration::from_millis(300), republished.next())
            .await
            .is_err()
    );
    let page = overview(&admin).await;
    assert_eq!(page["deadLetters"], json!([]));
    assert_eq!(page["deadLettersPending"], 0);
}

#[sqlx::test(migrations = "../migrations")]
async fn discard_sets_a_letter_aside_for_good_and_is_audited(pool: PgPool) {
    let app = spawn(pool).await;
    let admin = app.agent().await;
    let kept = dead_letter(&app, &app.namespace.intake_pageview(), b"keep").await;
    let dropped = dead_letter(&app, &app.namespace.intake_pageview(), b"drop").await;

    let response = admin
        .post(
            &format!("/api/admin/dead-letters/{dropped}/discard"),
            &json!({}),
        )
        .await;
    assert_eq!(response.status(), StatusCode::NO_CONTENT);
    let page = overview(&admin).await;
    assert_eq!(page["deadLettersPending"], 1);
    assert_eq!(page["deadLetters"][0]["id"], kept.to_string());
    assert_eq!(
        workers::dead_letters::counts(&app.pool)
            .await
            .expect("counts"),
        [("analytics".to_owned(), "data".to_owned(), 1)],
        "the gauge and the replay command leave it out too"
    );
    assert_eq!(
        audit_rows(&app.pool).await,
        [(
            Some(admin_id(&admin).await),
            "discard".to_owned(),
            "dead_letter".to_owned(),
            dropped
        )]
    );
    for action in ["replay", "discard"] {
        let response = admin
            .post(
                &format!("/api/admin/dead-letters/{dropped}/{action}"),
                &json!({}),
            )
            .await;
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{action}");
    }
    let response = admin
        .post("/api/admin/dead-letters/not-an-id/discard", &json!({}))
        .await;
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
}

#[sqlx::test(migrations = "../migrations")]
async fn only_admins_see_and_change_it(pool: PgPool) {
    let app = spawn(pool).await;
    let letter = dead_letter(&app, &app.namespace.intake_pageview(), b"x").await;
    let replay = format!("/api/admin/dead-letters/{letter}/replay");
    let discard = format!("/api/admin/dead-letters/{letter}/discard");

    let stranger = app.new_browser();
    assert_eq!(
        stranger.get("/api/admin/database").await.status(),
        StatusCode::UNAUTHORIZED
    );
    for path in [&replay, &discard] {
        let response = stranger.post(path, &json!({})).await;
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED, "{path}");
    }
    let user = app.new_browser();
    user.register(&registration("reader@example.com")).await;
    assert_eq!(
        user.login("reader@example.com", "s3cret-pass")
            .await
            .status(),
        StatusCode::OK
    );
    assert_eq!(
        user.get("/api/admin/database").await.status(),
        StatusCode::FORBIDDEN
    );
    for path in [&replay, &discard] {
        let response = user.post(path, &json!({})).await;
        assert_eq!(response.status(), StatusCode::FORBIDDEN, "{path}");
    }
    // An admin's browser tricked by another site (no CSRF header) too.
    let admin = app.agent().await;
    let response = admin
        .client
        .post(admin.url(&discard))
        .send()
        .await
        .expect("request");
    assert_eq!(response.status(), StatusCode::FORBIDDEN);
    let pending: i64 = sqlx::query_scalar(
        "select count(*) from dead_letters where replayed_at is null and discarded_at is null",
    )
    .fetch_one(&app.pool)
    .await
    .expect("count");
    assert_eq!(pending, 1, "nothing changed");
    assert!(audit_rows(&app.pool).await.is_empty());
}

/// A stream of this namespace beside the platform's own, on `<prefix>.probe.>`.
async fn probe_stream(app: &TestApp) -> (jetstream::stream::Stream, String) {
    let name = app
        .namespace
        .intake_stream()
        .name
        .replace("INTAKE", "PROBE");
    let prefix = app
        .namespace
        .intake_pageview()
        .replace(".intake.pageview", ".probe");
    let stream = jetstream::new(app.nats.clone())
        .create_stream(jetstream::stream::Config {
            name: name.clone(),
            subjects: vec![format!("{prefix}.>")],
            ..Default::default()
        })
        .await
        .expect("stream");
    (stream, prefix)
}

/// The page's row for `consumer` of `stream`, and the stream's own summary.
async fn consumer_row(admin: &Browser, stream: &str, consumer: &str) -> (Value, Value) {
    let page = overview(admin).await;
    let summary = page["streams"]
        .as_array()
        .expect("streams")
        .iter()
        .find(|s| s["name"] == stream)
        .expect("the probe stream")
        .clone();
    let row = summary["consumers"]
        .as_array()
        .expect("consumers")
        .iter()
        .find(|c| c["name"] == consumer)
        .expect("the consumer")
        .clone();
    (row, summary)
}

#[sqlx::test(migrations = "../migrations")]
async fn a_consumer_shows_only_what_waits_for_it(pool: PgPool) {
    let app = spawn(pool).await;
    let admin = app.agent().await;
    let (stream, prefix) = probe_stream(&app).await;
    let js = jetstream::new(app.nats.clone());
    let orders = format!("{prefix}.orders");
    let consumer: jetstream::consumer::PullConsumer = stream
        .create_consumer(jetstream::consumer::pull::Config {
            durable_name: Some("orders".to_owned()),
            filter_subject: orders.clone(),
            ..Default::default()
        })
        .await
        .expect("consumer");
    let publish = |subject: String, n: usize| {
        let js = js.clone();
        async move {
            js.publish(subject, format!("message {n}").into())
                .await
                .expect("published")
                .await
                .expect("stored")
                .sequence
        }
    };
    // The first order, then (two seconds later) many messages of a subject
    // this consumer does not receive, and a second order.
    let first = publish(orders.clone(), 0).await;
    tokio::time::sleep(Duration::from_millis(2100)).await;
    for n in 0..7 {
        publish(format!("{prefix}.audit"), n).await;
    }
    let second = publish(orders.clone(), 1).await;
    let stream_name = stream.cached_info().config.name.clone();

    let (row, summary) = consumer_row(&admin, &stream_name, "orders").await;
    assert_eq!(summary["messages"], 9);
    assert_eq!(row["filterSubjects"], json!([orders]));
    assert_eq!(
        row["pending"], 2,
        "the orders only, not the audit messages: {row}"
    );
    assert_eq!(
        (&row["ackPending"], &row["redelivered"]),
        (&json!(0), &json!(0))
    );
    assert!(row.get("lag").is_none(), "no stream-wide lag: {row}");
    let age = row["oldestUnackedSeconds"].as_u64().expect("an age");
    assert!((2..60).contains(&age), "the first order's age: {row}");

    // Two orders delivered, the second acknowledged, the first not.
    let mut batch = consumer
        .fetch()
        .max_messages(2)
        .messages()
        .await
        .expect("fetch");
    let one = batch.next().await.expect("one").expect("message");
    let two = batch.next().await.expect("two").expect("message");
    assert_eq!(one.info().expect("info").stream_sequence, first);
    two.ack().await.expect("ack");
    one.ack_with(jetstream::AckKind::Nak(None))
        .await
        .expect("nak");
    // Given again: now a redelivery, still unacknowledged. (A batch that
    // waits: the server may take a moment to act on the nak.)
    let again = consumer
        .batch()
        .expires(Duration::from_secs(5))
        .max_messages(1)
        .messages()
        .await
        .expect("fetch")
        .next()
        .await
        .expect("again")
        .expect("message");
    assert_eq!(again.info().expect("info").stream_sequence, first);
    // A third order only now: published earlier, the fetch above could be
    // given it before the redelivery (NATS does not order the two).
    publish(orders.clone(), 2).await;
    let (row, _) = consumer_row(&admin, &stream_name, "orders").await;
    assert_eq!(
        (
            &row["pending"],
            &row["ackPending"],
            &row["redelivered"],
            &row["ackFloor"]
        ),
        (&json!(1), &json!(1), &json!(1), &json!(0)),
        "{row}"
    );
    let age = row["oldestUnackedSeconds"].as_u64().expect("an age");
    assert!(age >= 2, "still the first order: {row}");

    // The first order acknowledged: the floor passes the second, and the
    // oldest waiting is the third order, not delivered yet and newer.
    again.double_ack().await.expect("ack");
    let (row, _) = consumer_row(&admin, &stream_name, "orders").await;
    assert_eq!(row["ackFloor"], second);
    assert_eq!(
        (&row["pending"], &row["ackPending"]),
        (&json!(1), &json!(0))
    );
    let age = row["oldestUnackedSeconds"].as_u64().expect("an age");
    assert!(age < 2, "the third order: {row}");

    let last = consumer
        .fetch()
        .max_messages(1)
        .messages()
        .await
        .expect("fetch")
        .next()
        .await
        .expect("the third")
        .expect("message");
    last.double_ack().await.expect("ack");
    let (row, _) = consumer_row(&admin, &stream_name, "orders").await;
    assert_eq!(
        (
            &row["pending"],
            &row["ackPending"],
            &row["oldestUnackedSeconds"]
        ),
        (&json!(0), &json!(0), &Value::Null),
        "nothing waits: {row}"
    );
    stream_cleanup(&app, &stream_name).await;
}

async fn stream_cleanup(app: &TestApp, name: &str) {
    jetstream::new(app.nats.clone())
        .delete_stream(name)
        .await
        .expect("stream deleted");
}

/// Adds `rows` rows to `counted_page_views` (never analysed).
async fn add_counted_views(pool: &PgPool, from: i64, rows: i64) {
    sqlx::query(
        "insert into counted_page_views (view_id, stream_seq)
         select gen_random_uuid(), n from generate_series($1::bigint, $2::bigint) n",
    )
    .bind(from)
    .bind(from + rows - 1)
    .execute(pool)
    .await
    .expect("rows");
}

#[sqlx::test(migrations = "../migrations")]
async fn rows_are_counted_when_small_and_estimated_when_large(pool: PgPool) {
    use gateway::ops::store::{RowCounting, tables};
    let rows_of = |tables: &[contract::database::TableSize], name: &str| {
        let table = tables.iter().find(|t| t.name == name).expect("table");
        (table.rows, table.rows_estimated)
    };
    add_counted_views(&pool, 1, 100_000).await;
    // Never analysed (this Postgres runs without autovacuum, and a test
    // database is new): reltuples says nothing.
    let reltuples: f32 =
        sqlx::query_scalar("select reltuples from pg_class where relname = 'counted_page_views'")
            .fetch_one(&pool)
            .await
            .expect("reltuples");
    assert!(reltuples <= 0.0, "not analysed: {reltuples}");

    // At the page's threshold (8 MiB) this table is small: counted.
    let counted = tables(&pool, RowCounting::PAGE).await.expect("tables");
    assert_eq!(rows_of(&counted, "counted_page_views"), (100_000, false));
    assert_eq!(rows_of(&counted, "page_views_daily"), (0, false));

    // With a 64 kB threshold it is large: a sample of about 300 of its
    // ~700 pages, scaled up.
    let small = RowCounting {
        exact_max_bytes: 64 * 1024,
        sample_pages: 300.0,
    };
    let sampled = tables(&pool, small).await.expect("tables");
    let (rows, estimated) = rows_of(&sampled, "counted_page_views");
    assert!(estimated);
    assert!((80_000..=120_000).contains(&rows), "sampled: {rows}");
    assert_eq!(rows_of(&sampled, "page_views_daily"), (0, false));

    // Analysed once, then doubled: the planner's density times today's pages.
    sqlx::query("analyze counted_page_views")
        .execute(&pool)
        .await
        .expect("analyze");
    add_counted_views(&pool, 100_001, 100_000).await;
    let scaled = tables(&pool, small).await.expect("tables");
    let (rows, estimated) = rows_of(&scaled, "counted_page_views");
    assert!(estimated);
    assert!((190_000..=210_000).contains(&rows), "scaled: {rows}");
}
