//! A message store that fills: a nats-server of its own with a 2 MB
//! JetStream limit, filled to the brim. Durable writes answer 503 with
//! `Retry-After` (never 500), `/readyz` says `"jetstream": "full"`, the
//! admin overview says so, and once space is freed all recover.

use std::process::{Child, Command, Stdio};
use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;

use crate::helpers::{Options, TestApp, spawn_with};
use crate::nats_cluster::nats_server_bin;

/// A nats-server with a tiny store; killed when dropped.
struct SmallStore {
    url: String,
    process: Child,
    _dir: tempfile::TempDir,
}

impl Drop for SmallStore {
    fn drop(&mut self) {
        let _ = self.process.kill();
        let _ = self.process.wait();
    }
}

impl SmallStore {
    async fn start() -> SmallStore {
        let dir = tempfile::tempdir().expect("temp dir");
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .expect("free port")
            .local_addr()
            .expect("address")
            .port();
        let config = dir.path().join("nats.conf");
        std::fs::write(
            &config,
            format!(
                "listen: 127.0.0.1:{port}\njetstream {{ store_dir: {:?}, max_file_store: 2MB, \
                 max_memory_store: 64MB }}\n",
                dir.path().join("store")
            ),
        )
        .expect("config");
        let process = Command::new(nats_server_bin())
            .arg("-c")
            .arg(&config)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("nats-server starts");
        let url = format!("nats://127.0.0.1:{port}");
        for _ in 0..50 {
            if tokio::net::TcpStream::connect(("127.0.0.1", port))
                .await
                .is_ok()
            {
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        SmallStore {
            url,
            process,
            _dir: dir,
        }
    }
}

fn contact(n: usize) -> Value {
    json!({
        "name": "Amina Otieno",
        "email": format!("amina{n}@example.com"),
        "subject": "Two racks in Nairobi",
        "message": "Is there room?",
        "source": "/contact",
        "website": "",
        "fillMs": 60_000,
    })
}

/// Fills the `INTAKE` stream (no worker takes from it here) until
/// JetStream refuses a write.
async fn fill(app: &TestApp) {
    let jetstream = async_nats::jetstream::new(app.nats.clone());
    let chunk = bytes::Bytes::from(vec![b'x'; 64 * 1024]);
    for _ in 0..200 {
        let stored = async {
            jetstream
                .publish(app.namespace.intake_message(), chunk.clone())
                .await?
                .await
                .map_err(async_nats::Error::from)
        };
        if stored.await.is_err() {
            return;
        }
    }
    panic!("a 2 MB store took 12 MB");
}

async fn readyz(app: &TestApp) -> (StatusCode, Value) {
    let response = app.get("/readyz").await;
    (response.status(), response.json().await.expect("json"))
}

#[sqlx::test(migrations = "../migrations")]
async fn a_full_store_fails_readiness_and_writes_with_503_and_recovers(pool: PgPool) {
    let store = SmallStore::start().await;
    let app = spawn_with(
        pool,
        Options {
            gateway_nats_url: store.url.clone(),
            workers_nats_url: store.url.clone(),
            config: vec![("CONTACT_LIMIT_PER_IP_PER_10_MINUTES", "100".into())],
            ..Options::default()
        },
    )
    .await;
    let admin = app.agent().await;
    assert_eq!(readyz(&app).await.0, StatusCode::OK);
    assert_eq!(
        app.post("/api/messages", &contact(0)).await.status(),
        StatusCode::ACCEPTED
    );

    fill(&app).await;
    for n in 1..20 {
        let refused = app.post("/api/messages", &contact(n)).await;
        assert_eq!(refused.status(), StatusCode::SERVICE_UNAVAILABLE);
        assert!(refused.headers().contains_key("retry-after"));
        let body: Value = refused.json().await.expect("json error");
        assert!(body["message"].is_string(), "{body}");
    }
    let (status, body) = readyz(&app).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    assert_eq!(body["jetstream"], "full");
    assert_eq!(body["nats"], "ok");
    let overview: Value = admin
        .get("/api/admin/overview")
        .await
        .json()
        .await
        .expect("json");
    assert_eq!(overview["messageStoreFull"], true, "{overview}");

    // Space freed: the next write is stored and readiness recovers.
    let jetstream = async_nats::jetstream::new(app.nats.clone());
    jetstream
        .get_stream(app.namespace.intake_stream().name)
        .await
        .expect("INTAKE")
        .purge()
        .await
        .expect("purged");
    let freed = tokio::time::Instant::now();
    let accepted = app.post("/api/messages", &contact(99)).await;
    assert_eq!(accepted.status(), StatusCode::ACCEPTED);
    let (status, body) = readyz(&app).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(freed.elapsed() < Duration::from_secs(5));
    drop(store);
}

/// Chat is most of what is written: a send refused for lack of space
/// answers 503 and is what tells readiness (chaos fault 7 found that only
/// intake and view writes did).
#[sqlx::test(migrations = "../migrations")]
async fn chat_sends_refused_by_a_full_store_fail_readiness(pool: PgPool) {
    let store = SmallStore::start().await;
    let app = spawn_with(
        pool,
        Options {
            gateway_nats_url: store.url.clone(),
            workers_nats_url: store.url.clone(),
            ..Options::default()
        },
    )
    .await;
    let visitor = app.new_browser();
    let chat = visitor
        .start_chat("Amina Otieno", "amina@example.com")
        .await;
    assert_eq!(
        visitor.send(&chat, "Hello").await.status(),
        StatusCode::CREATED
    );
    fill(&app).await;
    assert_eq!(
        readyz(&app).await.0,
        StatusCode::OK,
        "no write of this gateway refused yet"
    );

    let refused = visitor.send(&chat, "Is anyone there?").await;
    assert_eq!(refused.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert!(refused.headers().contains_key("retry-after"));
    let (status, body) = readyz(&app).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    assert_eq!(body["jetstream"], "full");

    let jetstream = async_nats::jetstream::new(app.nats.clone());
    jetstream
        .get_stream(app.namespace.intake_stream().name)
        .await
        .expect("INTAKE")
        .purge()
        .await
        .expect("purged");
    assert_eq!(
        visitor.send(&chat, "Is anyone there?").await.status(),
        StatusCode::CREATED
    );
    assert_eq!(readyz(&app).await.0, StatusCode::OK);
    drop(store);
}
