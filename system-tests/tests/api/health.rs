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
    // This machine's clock and the database's are one: within the tolerance.
    assert_eq!(body["clock"], "ok");
    let skew = body["clockSkewSeconds"]
        .as_f64()
        .expect("the measured skew");
    assert!(skew.abs() < 1.0, "{skew}");
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

/// `/metrics` of `app`, from its metrics listener.
async fn scrape(app: &TestApp) -> String {
    let response = reqwest::get(format!("{}/metrics", app.metrics_address))
        .await
        .expect("scrape");
    assert_eq!(response.status(), StatusCode::OK);
    response.text().await.expect("body")
}

#[sqlx::test(migrations = "../migrations")]
async fn metrics_count_this_gateways_own_requests_exactly(pool: PgPool) {
    let app = spawn(pool.clone()).await;
    let other = spawn(pool).await;
    for _ in 0..3 {
        assert_eq!(
            app.get("/api/user").await.status(),
            StatusCode::UNAUTHORIZED
        );
    }
    other.get("/api/user").await;
    let chat = app.start_chat("Metric", "metric@example.com").await;
    assert_eq!(
        app.send(&chat, "counted").await.status(),
        StatusCode::CREATED
    );
    let _visitor_socket = app.new_browser().socket().await;
    let agent = app.agent().await;
    let mut console = agent.socket().await;
    console
        .send(serde_json::json!({ "type": "join_agents" }))
        .await;
    console.recv_type("agents_joined").await;

    let text = scrape(&app).await;
    for line in [
        r#"http_requests_total{method="GET",route="/api/user",status="401"} 3"#,
        r#"http_request_duration_seconds_count{method="GET",route="/api/user"} 3"#,
        r#"http_requests_total{method="POST",route="/api/chat/sessions/{id}/messages",status="201"} 1"#,
        r#"chat_messages_accepted_total{sender="user"} 1"#,
        r#"websocket_connections{kind="visitor"} 1"#,
        r#"websocket_connections{kind="agent"} 1"#,
    ] {
        assert!(
            text.lines().any(|l| l == line),
            "missing {line:?} in\n{text}"
        );
    }
    // The visitor's message and the agent's joined notice (the console
    // opening took the queued chat) both went through the commit wait.
    assert!(
        text.lines()
            .any(|l| l == r#"chat_message_commit_duration_seconds_count{confirmed="true"} 2"#),
        "{text}"
    );
    let other_text = scrape(&other).await;
    assert!(
        other_text
            .lines()
            .any(|l| l == r#"http_requests_total{method="GET",route="/api/user",status="401"} 1"#),
        "{other_text}"
    );
    assert!(
        !other_text.contains("chat_messages_accepted_total"),
        "{other_text}"
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn invented_methods_and_paths_add_no_labels(pool: PgPool) {
    let app = spawn(pool).await;
    let method = reqwest::Method::from_bytes("X".repeat(65_000).as_bytes()).expect("a token");
    let response = app
        .client
        .request(method, app.url("/api/user"))
        .send()
        .await
        .expect("request");
    assert!(response.status().is_client_error(), "{}", response.status());
    let unknown = format!("/api/no-such-{}", uuid::Uuid::new_v4().simple());
    assert_eq!(app.get(&unknown).await.status(), StatusCode::NOT_FOUND);
    let page = format!("/no-such-page-{}", uuid::Uuid::new_v4().simple());
    assert_eq!(app.get(&page).await.status(), StatusCode::NOT_FOUND);

    let text = scrape(&app).await;
    assert!(text.len() < 16 * 1024, "{} bytes of metrics", text.len());
    assert!(!text.contains("XXXX"), "{text}");
    assert!(!text.contains("no-such"), "{text}");
    assert!(
        text.lines()
            .any(|l| l.starts_with(r#"http_requests_total{method="OTHER",route="/api/user","#)),
        "{text}"
    );
    assert!(
        text.lines()
            .any(|l| l == r#"http_requests_total{method="GET",route="static",status="404"} 1"#),
        "{text}"
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn metrics_are_not_on_the_public_port(pool: PgPool) {
    let app = spawn(pool).await;
    assert_eq!(app.get("/metrics").await.status(), StatusCode::NOT_FOUND);
    assert!(scrape(&app).await.contains("http_requests_total"));
}

#[sqlx::test(migrations = "../migrations")]
async fn dead_letters_awaiting_replay_are_reported_by_role_and_reason(pool: PgPool) {
    let app = spawn(pool.clone()).await;
    assert!(!scrape(&app).await.contains("dead_letters"));

    for (role, reason, replayed) in [
        ("chat", "data", false),
        ("chat", "data", false),
        ("chat", "data", true),
        ("notify \"x\"", "exhausted", false),
    ] {
        sqlx::query(
            "insert into dead_letters (id, role, stream, subject, payload, error, reason, deliveries, replayed_at) \
             values ($1, $2, 'CHAT', 'chat.send.x', '\\x00'::bytea, 'test', $3, 1, case when $4 then now() end)",
        )
        .bind(uuid::Uuid::new_v4())
        .bind(role)
        .bind(reason)
        .bind(replayed)
        .execute(&pool)
        .await
        .expect("dead letter");
    }
    let text = scrape(&app).await;
    for line in [
        r#"dead_letters{role="chat",reason="data"} 2"#,
        r#"dead_letters{role="notify \"x\"",reason="exhausted"} 1"#,
    ] {
        assert!(
            text.lines().any(|l| l == line),
            "missing {line:?} in\n{text}"
        );
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn metrics_show_jetstream_consumer_lag_and_connection_health(pool: PgPool) {
    let app = spawn(pool).await;
    let jetstream = async_nats::jetstream::new(app.nats.clone());
    let intake = app.namespace.intake_stream().name;
    let stream = jetstream.get_stream(&intake).await.expect("INTAKE stream");
    stream
        .create_consumer(async_nats::jetstream::consumer::pull::Config {
            durable_name: Some("probe".to_owned()),
            ..Default::default()
        })
        .await
        .expect("consumer");
    let subject = format!("{}.intake.probe", app.namespace_prefix());
    for n in 0..3 {
        jetstream
            .publish(subject.clone(), format!("{n}").into())
            .await
            .expect("publish")
            .await
            .expect("stored");
    }

    let text = scrape(&app).await;
    for line in [
        format!(r#"jetstream_consumer_pending{{stream="{intake}",consumer="probe"}} 3"#),
        format!(r#"jetstream_consumer_ack_pending{{stream="{intake}",consumer="probe"}} 0"#),
        format!(r#"jetstream_stream_messages{{stream="{intake}"}} 3"#),
        "nats_connected 1".to_owned(),
    ] {
        assert!(
            text.lines().any(|l| l == line),
            "missing {line:?} in\n{text}"
        );
    }
    assert!(
        text.lines()
            .any(|l| l.starts_with("db_pool_max_connections ")),
        "{text}"
    );
    assert!(
        text.lines()
            .any(|l| l.starts_with(r#"db_pool_connections{state="idle"} "#)),
        "{text}"
    );
}
