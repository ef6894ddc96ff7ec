//! Blog views: counted once per visitor per post per day, sent by each
//! gateway as one count per post every few seconds and written by the
//! `views` worker; none lost nor doubled when the worker is killed;
//! crawlers and admins not counted; a flood of reads adds a bounded number
//! of stream messages; the post's answer shows the new count.

use std::process::{Child, Command};
use std::time::Duration;

use futures::StreamExt as _;
use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;
use uuid::Uuid;

use crate::chat_pipeline::workers_binary;
use crate::helpers::{Options, TestApp, nats_url, spawn, spawn_with};

const CHROME: &str = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) \
                      Chrome/131.0.0.0 Safari/537.36";
const GOOGLEBOT: &str = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

fn start_views_worker(app: &TestApp) -> Child {
    Command::new(workers_binary())
        .arg("views")
        .env("DATABASE_URL", &app.database_url)
        .env("NATS_URL", nats_url())
        .env("NATS_PREFIX", app.namespace_prefix())
        .env("RUST_LOG", "warn")
        .spawn()
        .expect("worker starts")
}

async fn new_post(app: &TestApp) -> String {
    let admin = app.agent().await;
    let response = admin
        .post(
            "/api/admin/blog",
            &json!({
                "title": "Counting views",
                "excerpt": "How views are counted.",
                "fullContent": "In batches.",
                "category": "News",
                "author": "Nyota Cloud Team",
            }),
        )
        .await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let post: Value = response.json().await.expect("json");
    post["id"].as_str().expect("id").to_owned()
}

async fn read(client: &reqwest::Client, url: &str, user_agent: &str) {
    let response = client
        .get(url)
        .header("User-Agent", user_agent)
        .send()
        .await
        .expect("request");
    assert_eq!(response.status(), StatusCode::OK);
}

/// A browser's read from `ip` (see [`spawn_trusting_forwarded_for`]).
async fn read_from(client: &reqwest::Client, url: &str, ip: &str) {
    let response = client
        .get(url)
        .header("User-Agent", CHROME)
        .header("X-Forwarded-For", ip)
        .send()
        .await
        .expect("request");
    assert_eq!(response.status(), StatusCode::OK);
}

/// An app that keys visitors on `X-Forwarded-For`, so one test client
/// reads as many addresses.
async fn spawn_trusting_forwarded_for(pool: PgPool) -> TestApp {
    spawn_with(
        pool,
        Options {
            config: vec![("TRUST_FORWARDED_FOR", "true".into())],
            ..Options::default()
        },
    )
    .await
}

/// The `n`th of 65,536 distinct test addresses.
fn address(n: u32) -> String {
    format!("10.9.{}.{}", (n >> 8) & 255, n & 255)
}

async fn stored_views(app: &TestApp, id: &str) -> i64 {
    sqlx::query_scalar(
        "select coalesce(v.views, 0) from blog_posts
         left join blog_post_views v on v.post_id = blog_posts.id
         where id = $1::uuid",
    )
    .bind(id)
    .fetch_one(&app.pool)
    .await
    .expect("post")
}

/// Waits until the stored count is `expected`, then checks it stays there.
async fn settles_at(app: &TestApp, id: &str, expected: i64, within: Duration) {
    let deadline = tokio::time::Instant::now() + within;
    loop {
        let views = stored_views(app, id).await;
        assert!(views <= expected, "counted {views} views of {expected}");
        if views == expected {
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "{views} of {expected} views counted after {within:?}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // Two more flushes: nothing counted twice.
    tokio::time::sleep(Duration::from_millis(2_500)).await;
    assert_eq!(stored_views(app, id).await, expected);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_thousand_concurrent_reads_count_a_thousand_views_across_a_worker_kill(pool: PgPool) {
    let app = spawn_trusting_forwarded_for(pool).await;
    let id = new_post(&app).await;
    let url = app.url(&format!("/api/blog/{id}"));
    let client = reqwest::Client::new();

    // 1,000 concurrent reads from 1,000 readers; the gateway publishes
    // their views within its flush interval and they wait in the stream.
    let (client, url) = (&client, &url);
    futures::stream::iter(0..1_000)
        .map(|n| async move { read_from(client, url, &address(n)).await })
        .buffer_unordered(100)
        .collect::<Vec<()>>()
        .await;
    tokio::time::sleep(gateway::content::views::FLUSH_EVERY * 2).await;

    // The worker takes them in and is killed before its first flush (it
    // writes once a second): delivered, gathered, neither written nor acked.
    let mut worker = start_views_worker(&app);
    tokio::time::sleep(Duration::from_millis(500)).await;
    worker.kill().expect("SIGKILL");
    worker.wait().expect("reaped");
    assert_eq!(stored_views(&app, &id).await, 0, "killed before writing");

    // The next worker gets them again once the ack wait (30 s) has passed.
    let mut worker = start_views_worker(&app);
    settles_at(&app, &id, 1_000, Duration::from_secs(60)).await;

    // Killed right after a flush (written, maybe not acked) and restarted:
    // redelivered views are not counted twice.
    futures::stream::iter(1_000..1_100)
        .map(|n| async move { read_from(client, url, &address(n)).await })
        .buffer_unordered(50)
        .collect::<Vec<()>>()
        .await;
    let deadline = tokio::time::Instant::now() + Duration::from_secs(15);
    while stored_views(&app, &id).await < 1_100 {
        assert!(tokio::time::Instant::now() < deadline, "views not counted");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    worker.kill().expect("SIGKILL");
    worker.wait().expect("reaped");
    let mut worker = start_views_worker(&app);
    tokio::time::sleep(Duration::from_secs(32)).await;
    settles_at(&app, &id, 1_100, Duration::from_secs(5)).await;

    // The post's answer shows the count on the next read (its cached
    // answer was forgotten when the count rose), and reading it as a
    // crawler counts nothing.
    let response = client
        .get(url.as_str())
        .header("User-Agent", GOOGLEBOT)
        .send()
        .await
        .expect("request");
    let post: Value = response.json().await.expect("json");
    assert_eq!(post["uvm"], 1_100);
    worker.kill().expect("stop worker");
    let _ = worker.wait();
}

#[sqlx::test(migrations = "../migrations")]
async fn crawlers_staff_and_clients_without_a_user_agent_are_not_counted(pool: PgPool) {
    let app = spawn(pool).await;
    let id = new_post(&app).await;
    let path = format!("/api/blog/{id}");
    let mut worker = start_views_worker(&app);

    let client = reqwest::Client::new();
    read(&client, &app.url(&path), GOOGLEBOT).await;
    read(&client, &app.url(&path), "curl/8.5.0").await;
    let anonymous = client.get(app.url(&path)).send().await.expect("request");
    assert_eq!(anonymous.status(), StatusCode::OK);
    let admin = app.agent().await;
    let response = admin
        .client
        .get(admin.url(&path))
        .header("User-Agent", CHROME)
        .send()
        .await
        .expect("request");
    assert_eq!(response.status(), StatusCode::OK);
    let (support, _) = app.signed_in_as("support").await;
    read(&support.client, &support.url(&path), CHROME).await;
    // A signed-in visitor who is no staff counts.
    let visitor = app.new_browser();
    let registered = visitor
        .register(&crate::helpers::registration("reader@example.com"))
        .await;
    assert!(registered.status().is_success());
    read(&visitor.client, &visitor.url(&path), CHROME).await;
    // Unknown posts count nothing (and fail nothing).
    let unknown = client
        .get(app.url(&format!("/api/blog/{}", Uuid::new_v4())))
        .header("User-Agent", CHROME)
        .send()
        .await
        .expect("request");
    assert_eq!(unknown.status(), StatusCode::NOT_FOUND);

    settles_at(&app, &id, 1, Duration::from_secs(10)).await;
    worker.kill().expect("stop worker");
    let _ = worker.wait();
}

#[sqlx::test(migrations = "../migrations")]
async fn a_view_delivered_twice_is_counted_once_and_pruned_after_the_ack_floor(pool: PgPool) {
    let app = spawn(pool.clone()).await;
    let post = Uuid::parse_str(&new_post(&app).await).expect("uuid");
    let view = |seq: u64| workers::views::View {
        id: Uuid::now_v7(),
        post_id: post,
        count: 1,
        stream_seq: seq,
    };
    let first = [view(1), view(2), view(3)];
    let raised = workers::views::record(&pool, &first)
        .await
        .expect("recorded");
    assert_eq!(raised, [post]);
    // Redelivered (the acks were lost) beside a new view, and twice within
    // one batch: only the new one counts.
    let again = [first[0], first[1], first[2], first[2], view(4)];
    workers::views::record(&pool, &again)
        .await
        .expect("recorded");
    assert_eq!(stored_views(&app, &post.to_string()).await, 4);
    // A gateway's batch adds its count, once however often it arrives.
    let batch = workers::views::View {
        count: 250,
        ..view(6)
    };
    for _ in 0..2 {
        workers::views::record(&pool, &[batch])
            .await
            .expect("recorded");
    }
    assert_eq!(stored_views(&app, &post.to_string()).await, 254);
    // Views of a post deleted meanwhile count nothing and fail nothing.
    let gone = workers::views::View {
        id: Uuid::now_v7(),
        post_id: Uuid::new_v4(),
        count: 1,
        stream_seq: 5,
    };
    assert!(
        workers::views::record(&pool, &[gone])
            .await
            .expect("recorded")
            .is_empty()
    );

    assert_eq!(workers::views::prune(&pool, 3).await.expect("pruned"), 3);
    let left: i64 = sqlx::query_scalar("select count(*) from counted_views")
        .fetch_one(&pool)
        .await
        .expect("count");
    assert_eq!(left, 3, "4, 5 and 6 stay until the floor passes them");
}

#[sqlx::test(migrations = false)]
async fn counts_stored_in_blog_posts_move_to_the_views_workers_table(pool: PgPool) {
    // The schema as it was before the move, with a read and an unread post.
    const MOVE: i64 = 20261128090000;
    let (before, from_move): (Vec<_>, Vec<_>) = workers::MIGRATOR
        .iter()
        .partition(|migration| migration.version < MOVE);
    for migration in before {
        sqlx::raw_sql(&migration.sql)
            .execute(&pool)
            .await
            .expect("migrated");
    }
    let (read, unread) = (Uuid::new_v4(), Uuid::new_v4());
    for (id, uvm) in [(read, 42_i64), (unread, 0)] {
        sqlx::query(
            "insert into blog_posts (id, title, excerpt, full_content, category, author, uvm)
             values ($1, 'Counted', 'e', 'f', 'News', 'Nyota Cloud Team', $2)",
        )
        .bind(id)
        .bind(uvm)
        .execute(&pool)
        .await
        .expect("post");
    }

    for migration in from_move {
        sqlx::raw_sql(&migration.sql)
            .execute(&pool)
            .await
            .expect("migrated");
    }

    let kept: i64 = sqlx::query_scalar("select views from blog_post_views where post_id = $1")
        .bind(read)
        .fetch_one(&pool)
        .await
        .expect("the read post's count moved");
    assert_eq!(kept, 42);
    let unread_rows: i64 =
        sqlx::query_scalar("select count(*) from blog_post_views where post_id = $1")
            .bind(unread)
            .fetch_one(&pool)
            .await
            .expect("count");
    assert_eq!(unread_rows, 0, "an unread post needs no row");
}

/// The messages the stream holds on `subject`.
async fn stream_messages(app: &TestApp, subject: &str) -> u64 {
    let jetstream = async_nats::jetstream::new(app.nats.clone());
    let stream = jetstream
        .get_stream(app.namespace.intake_stream().name)
        .await
        .expect("INTAKE");
    let info = stream.info_with_subjects(subject).await.expect("info");
    let mut total = 0;
    let mut subjects = info;
    while let Some(entry) = subjects.next().await {
        let (_, count) = entry.expect("subject");
        total += u64::try_from(count).expect("count");
    }
    total
}

#[sqlx::test(migrations = "../migrations")]
async fn a_flood_of_reads_adds_a_bounded_number_of_messages_and_counts_each_reader_once(
    pool: PgPool,
) {
    let app = spawn_trusting_forwarded_for(pool).await;
    let id = new_post(&app).await;
    let subject = app
        .namespace
        .blog_viewed(Uuid::parse_str(&id).expect("uuid"));
    let url = app.url(&format!("/api/blog/{id}"));
    let mut worker = start_views_worker(&app);
    let client = reqwest::Client::new();

    // 3,000 reads from one address and 200 from each of five others, at
    // once: six readers.
    let started = tokio::time::Instant::now();
    let readers: Vec<String> = (0..3_000)
        .map(|_| address(60_000))
        .chain((0..1_000).map(|n| address(60_001 + n % 5)))
        .collect();
    futures::stream::iter(&readers)
        .map(|ip| read_from(&client, &url, ip))
        .buffer_unordered(64)
        .collect::<Vec<()>>()
        .await;
    let flood = started.elapsed();
    settles_at(&app, &id, 6, Duration::from_secs(15)).await;

    // One message per post per flush at most, whatever the reads.
    let flushes = flood.as_secs() / gateway::content::views::FLUSH_EVERY.as_secs() + 3;
    let messages = stream_messages(&app, &subject).await;
    assert!(
        (1..=flushes).contains(&messages),
        "{messages} messages for 4,000 reads in {flood:?}"
    );

    // The same readers tomorrow would count again; today they add nothing.
    futures::stream::iter(&readers[..500])
        .map(|ip| read_from(&client, &url, ip))
        .buffer_unordered(64)
        .collect::<Vec<()>>()
        .await;
    tokio::time::sleep(gateway::content::views::FLUSH_EVERY * 2).await;
    assert_eq!(stored_views(&app, &id).await, 6);

    // The other anonymous writes still work.
    let visitor = app.new_browser();
    visitor.start_chat("Reader", "reader@example.com").await;
    let contact = visitor
        .post(
            "/api/messages",
            &json!({
                "name": "Amina Otieno",
                "email": "amina@example.com",
                "subject": "Two racks in Nairobi",
                "message": "Still there?",
                "source": "/contact",
                "website": "",
                "fillMs": 60_000,
            }),
        )
        .await;
    assert_eq!(contact.status(), StatusCode::ACCEPTED);
    worker.kill().expect("stop worker");
    let _ = worker.wait();
}
