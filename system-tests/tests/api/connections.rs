//! HTTP server hardening, over raw TCP: timeouts and connection caps.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use sqlx::PgPool;
use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
use tokio::net::{TcpSocket, TcpStream};

use crate::helpers::{Options, TestApp, spawn_with};

async fn spawn_with_settings(pool: PgPool, settings: &[(&'static str, &str)]) -> TestApp {
    let options = Options {
        config: settings
            .iter()
            .map(|(name, value)| (*name, (*value).to_owned()))
            .collect(),
        with_accounts_worker: false,
        with_chat_worker: false,
        ..Options::default()
    };
    spawn_with(pool, options).await
}

fn server(app: &TestApp) -> SocketAddr {
    app.address
        .trim_start_matches("http://")
        .parse()
        .expect("socket address")
}

/// A TCP connection to `app` from the loopback address `from` (Linux routes
/// all of 127.0.0.0/8 to `lo`, so each is a distinct client address).
async fn connect_from(from: &str, app: &TestApp) -> TcpStream {
    let socket = TcpSocket::new_v4().expect("socket");
    socket
        .bind(SocketAddr::new(from.parse().expect("ip"), 0))
        .expect("bind client address");
    socket.connect(server(app)).await.expect("connect")
}

/// Sends a keep-alive `GET path` and reads one whole response: its status
/// line and body.
async fn get(stream: &mut TcpStream, path: &str) -> (String, String) {
    stream
        .write_all(format!("GET {path} HTTP/1.1\r\nHost: test\r\n\r\n").as_bytes())
        .await
        .expect("write");
    read_response(stream).await
}

async fn read_response(stream: &mut TcpStream) -> (String, String) {
    let mut buffer = Vec::new();
    let mut chunk = [0u8; 4096];
    let head_end = loop {
        if let Some(end) = buffer.windows(4).position(|w| w == b"\r\n\r\n") {
            break end + 4;
        }
        let n = tokio::time::timeout(Duration::from_secs(5), stream.read(&mut chunk))
            .await
            .expect("a response within 5 s")
            .expect("read");
        assert!(
            n > 0,
            "closed before a response: {:?}",
            String::from_utf8_lossy(&buffer)
        );
        buffer.extend_from_slice(&chunk[..n]);
    };
    let head = String::from_utf8_lossy(&buffer[..head_end]).to_string();
    let length: usize = head
        .lines()
        .find_map(|line| {
            let (name, value) = line.split_once(':')?;
            name.eq_ignore_ascii_case("content-length")
                .then(|| value.trim().parse().expect("length"))
        })
        .expect("a Content-Length");
    while buffer.len() < head_end + length {
        let n = stream.read(&mut chunk).await.expect("read body");
        assert!(n > 0, "closed inside the body");
        buffer.extend_from_slice(&chunk[..n]);
    }
    let status = head.lines().next().expect("status line").to_owned();
    let body = String::from_utf8_lossy(&buffer[head_end..head_end + length]).to_string();
    (status, body)
}

/// Reads until the server closes the connection; returns what arrived and
/// when the connection ended. Panics if it is still open after `within`.
async fn read_until_closed(stream: &mut TcpStream, within: Duration) -> (String, Instant) {
    let mut received = Vec::new();
    let mut chunk = [0u8; 4096];
    loop {
        match tokio::time::timeout(within, stream.read(&mut chunk)).await {
            Ok(Ok(0) | Err(_)) => {
                return (
                    String::from_utf8_lossy(&received).to_string(),
                    Instant::now(),
                );
            }
            Ok(Ok(n)) => received.extend_from_slice(&chunk[..n]),
            Err(_) => panic!(
                "the connection is still open after {within:?} (received {:?})",
                String::from_utf8_lossy(&received)
            ),
        }
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn half_a_request_line_is_closed_after_the_header_timeout(pool: PgPool) {
    let app = spawn_with_settings(
        pool,
        &[
            ("HTTP_HEADER_READ_TIMEOUT_MS", "400"),
            ("HTTP_IDLE_TIMEOUT_MS", "60000"),
        ],
    )
    .await;
    let mut stream = connect_from("127.0.0.1", &app).await;
    stream.write_all(b"GET /healthz HT").await.expect("write");
    let sent = Instant::now();
    let (_, closed) = read_until_closed(&mut stream, Duration::from_secs(3)).await;
    let after = closed - sent;
    assert!(
        after >= Duration::from_millis(350),
        "closed after {after:?}"
    );

    // A connection that sends nothing at all is closed too.
    let mut silent = connect_from("127.0.0.1", &app).await;
    read_until_closed(&mut silent, Duration::from_secs(3)).await;
}

#[sqlx::test(migrations = "../migrations")]
async fn a_body_that_never_comes_gets_a_408_and_the_connection_closes(pool: PgPool) {
    let app = spawn_with_settings(pool, &[("HTTP_BODY_TIMEOUT_MS", "400")]).await;
    let mut stream = connect_from("127.0.0.1", &app).await;
    stream
        .write_all(
            b"POST /api/login HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\n\
              X-Requested-With: XMLHttpRequest\r\nContent-Length: 100\r\n\r\n{\"email\":",
        )
        .await
        .expect("write");
    let sent = Instant::now();
    let (received, closed) = read_until_closed(&mut stream, Duration::from_secs(3)).await;
    assert!(received.starts_with("HTTP/1.1 408"), "{received}");
    assert!(
        received.contains(r#"{"message":"The request body did not arrive in time"}"#),
        "{received}"
    );
    assert!(
        closed - sent >= Duration::from_millis(350),
        "{:?}",
        closed - sent
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn an_idle_keep_alive_connection_is_closed_after_the_idle_timeout(pool: PgPool) {
    let app = spawn_with_settings(
        pool,
        &[
            ("HTTP_HEADER_READ_TIMEOUT_MS", "300"),
            ("HTTP_IDLE_TIMEOUT_MS", "1500"),
        ],
    )
    .await;
    let mut stream = connect_from("127.0.0.1", &app).await;
    let (status, _) = get(&mut stream, "/healthz").await;
    assert_eq!(status, "HTTP/1.1 200 OK");
    // Idle for longer than the header timeout: that one only runs while a
    // request is arriving, so the connection is still good.
    tokio::time::sleep(Duration::from_millis(700)).await;
    let (status, _) = get(&mut stream, "/healthz").await;
    assert_eq!(status, "HTTP/1.1 200 OK");
    let answered = Instant::now();
    let (received, closed) = read_until_closed(&mut stream, Duration::from_secs(4)).await;
    assert_eq!(received, "");
    let after = closed - answered;
    assert!(
        after >= Duration::from_millis(1400),
        "closed after {after:?}"
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn connections_beyond_the_per_address_cap_are_refused(pool: PgPool) {
    let app = spawn_with_settings(pool, &[("MAX_CONNECTIONS_PER_IP", "2")]).await;
    let mut first = connect_from("127.0.0.1", &app).await;
    let mut second = connect_from("127.0.0.1", &app).await;
    assert_eq!(get(&mut first, "/healthz").await.0, "HTTP/1.1 200 OK");
    assert_eq!(get(&mut second, "/healthz").await.0, "HTTP/1.1 200 OK");

    let mut third = connect_from("127.0.0.1", &app).await;
    let (status, body) = get(&mut third, "/healthz").await;
    assert_eq!(status, "HTTP/1.1 503 Service Unavailable");
    assert!(body.contains("Too many open connections"), "{body}");
    read_until_closed(&mut third, Duration::from_secs(3)).await;

    let mut elsewhere = connect_from("127.0.0.2", &app).await;
    assert_eq!(get(&mut elsewhere, "/healthz").await.0, "HTTP/1.1 200 OK");

    // Closing one frees its place.
    drop(first);
    let mut status = String::new();
    for _ in 0..50 {
        let mut again = connect_from("127.0.0.1", &app).await;
        status = get(&mut again, "/healthz").await.0;
        if status == "HTTP/1.1 200 OK" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(status, "HTTP/1.1 200 OK");
}

#[sqlx::test(migrations = "../migrations")]
async fn connections_beyond_the_global_cap_are_refused(pool: PgPool) {
    let app = spawn_with_settings(pool, &[("MAX_CONNECTIONS", "2")]).await;
    let mut first = connect_from("127.0.0.1", &app).await;
    let mut second = connect_from("127.0.0.2", &app).await;
    assert_eq!(get(&mut first, "/healthz").await.0, "HTTP/1.1 200 OK");
    assert_eq!(get(&mut second, "/healthz").await.0, "HTTP/1.1 200 OK");
    let mut third = connect_from("127.0.0.3", &app).await;
    let (status, body) = get(&mut third, "/healthz").await;
    assert_eq!(status, "HTTP/1.1 503 Service Unavailable");
    assert!(body.contains("\"message\""), "{body}");
}

#[sqlx::test(migrations = "../migrations")]
async fn a_websocket_beyond_the_cap_is_refused_and_open_sockets_count(pool: PgPool) {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest as _;
    let app = spawn_with_settings(pool, &[("MAX_CONNECTIONS_PER_IP", "1")]).await;
    // The upgraded socket keeps its connection's place.
    let _open = app.socket().await;
    tokio::time::sleep(Duration::from_millis(100)).await;

    let mut request = format!("ws://{}/ws", server(&app))
        .into_client_request()
        .expect("request");
    request
        .headers_mut()
        .insert("Origin", app.address.parse().expect("header"));
    match tokio_tungstenite::connect_async(request).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
            assert_eq!(response.status(), 503);
        }
        Err(other) => panic!("refused, but not with a 503: {other}"),
        Ok(_) => panic!("a second socket opened beyond MAX_CONNECTIONS_PER_IP=1"),
    }
}
