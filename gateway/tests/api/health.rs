use std::sync::{Arc, Mutex};
use std::time::Duration;

use reqwest::StatusCode;
use serde_json::Value;
use sqlx::PgPool;
use tokio::net::{TcpListener, TcpStream};
use tokio::task::JoinHandle;

use crate::helpers::{Options, TestApp, nats_url, spawn, spawn_with};

/// Polls /readyz for up to five seconds until it answers `wanted`.
async fn wait_for_readyz(app: &TestApp, wanted: StatusCode) -> (StatusCode, Value) {
    let mut last = (StatusCode::IM_A_TEAPOT, Value::Null);
    for _ in 0..50 {
        let response = app.get("/readyz").await;
        let status = response.status();
        last = (status, response.json().await.expect("json"));
        if status == wanted {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    last
}

#[sqlx::test(migrations = "../migrations")]
async fn healthz_and_readyz_answer_when_all_is_up(pool: PgPool) {
    let app = spawn(pool).await;
    assert_eq!(app.get("/healthz").await.status(), StatusCode::OK);
    let response = app.get("/readyz").await;
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.expect("json");
    assert_eq!(body["postgres"], "ok");
    assert_eq!(body["nats"], "ok");
}

/// A TCP proxy to the real NATS server that can be cut, to make NATS
/// unreachable for one gateway only.
struct CuttableProxy {
    address: String,
    tasks: Arc<Mutex<Vec<JoinHandle<()>>>>,
}

impl CuttableProxy {
    async fn start() -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let address = format!("nats://{}", listener.local_addr().expect("addr"));
        let upstream = nats_url().trim_start_matches("nats://").to_owned();
        let tasks: Arc<Mutex<Vec<JoinHandle<()>>>> = Arc::default();
        let accepted = tasks.clone();
        let accept = tokio::spawn(async move {
            while let Ok((mut client, _)) = listener.accept().await {
                let upstream = upstream.clone();
                let pipe = tokio::spawn(async move {
                    if let Ok(mut server) = TcpStream::connect(upstream).await {
                        let _ = tokio::io::copy_bidirectional(&mut client, &mut server).await;
                    }
                });
                accepted.lock().expect("lock").push(pipe);
            }
        });
        tasks.lock().expect("lock").push(accept);
        CuttableProxy { address, tasks }
    }

    fn cut(&self) {
        for task in self.tasks.lock().expect("lock").drain(..) {
            task.abort();
        }
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn readyz_turns_503_when_nats_is_unreachable(pool: PgPool) {
    let proxy = CuttableProxy::start().await;
    let app = spawn_with(
        pool,
        Options {
            gateway_nats_url: proxy.address.clone(),
            ..Options::default()
        },
    )
    .await;
    // The gateway connects in the background; it becomes ready once connected.
    let (status, _) = wait_for_readyz(&app, StatusCode::OK).await;
    assert_eq!(status, StatusCode::OK);

    proxy.cut();
    let (status, body) = wait_for_readyz(&app, StatusCode::SERVICE_UNAVAILABLE).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(body["nats"], "unavailable");
    assert_eq!(body["postgres"], "ok");
    // Liveness is about the process, not its dependencies.
    assert_eq!(app.get("/healthz").await.status(), StatusCode::OK);
}

#[sqlx::test(migrations = "../migrations")]
async fn metrics_count_requests_by_route_and_status(pool: PgPool) {
    let app = spawn(pool).await;
    app.get("/api/user").await;
    let chat = app.start_chat("Metric", "metric@example.com").await;
    app.send(&chat, "counted").await;
    let response = app.get("/metrics").await;
    assert_eq!(response.status(), StatusCode::OK);
    let text = response.text().await.expect("body");
    assert!(
        text.contains(r#"http_requests_total{method="GET",route="/api/user",status="401"}"#),
        "{text}"
    );
    assert!(
        text.contains("http_request_duration_seconds_bucket"),
        "{text}"
    );
    assert!(
        text.contains(r#"chat_messages_accepted_total{sender="user"}"#),
        "{text}"
    );
}
