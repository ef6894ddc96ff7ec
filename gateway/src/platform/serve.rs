//! The public HTTP/1.1 server: our own accept loop on hyper, because
//! `axum::serve` has no timeouts and no connection caps.
//!
//! - A request's headers must arrive within `HTTP_HEADER_READ_TIMEOUT_MS`,
//!   counted from its first byte (or from the connection opening).
//! - A keep-alive connection with no request in flight is closed after
//!   `HTTP_IDLE_TIMEOUT_MS` without traffic.
//! - At most `MAX_CONNECTIONS_PER_IP` open connections per TCP peer address
//!   and `MAX_CONNECTIONS` in all, upgraded WebSockets included. Beyond a cap
//!   the request (or WebSocket upgrade) is answered 503 and the connection
//!   closed. The peer is the TCP peer: behind a proxy, the proxy.
//! - Request bodies: see [`body_timeout`].
//!
//! hyper's own `header_read_timeout` is not used: it restarts whenever the
//! connection waits for its next request, so it would also cut every idle
//! keep-alive connection at the header timeout.

use std::collections::HashMap;
use std::convert::Infallible;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context, Poll};
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::extract::{ConnectInfo, Request, State};
use axum::http::{HeaderValue, header};
use axum::middleware::Next;
use axum::response::{IntoResponse as _, Response};
use http_body_util::BodyExt as _;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use tower::ServiceExt as _;
use tower_http::timeout::TimeoutBody;

use crate::platform::config::HttpHardening;
use crate::platform::error::ApiError;
use crate::platform::words::Words;

/// A refused connection gets at most this long to send its request.
const REFUSED_GRACE: Duration = Duration::from_secs(2);

/// Serves `app` on `listener` until `shutdown` resolves; then stops
/// accepting, lets in-flight requests finish and closes idle connections.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    limits: HttpHardening,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> io::Result<()> {
    let connections = Connections::new(limits.max_connections_per_ip, limits.max_connections);
    let stop = CancellationToken::new();
    let tracker = TaskTracker::new();
    tokio::pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(error) => {
                    // Usually out of file descriptors: wait instead of spinning.
                    tracing::warn!(%error, "failed to accept a connection");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let admitted = match connections.try_acquire(peer.ip()) {
            Ok(slot) => Admitted::Yes(slot, app.clone()),
            Err(refusal) => {
                tracing::debug!(client.address = %peer.ip(), refusal, "connection refused");
                Admitted::No
            }
        };
        tracker.spawn(connection(
            stream,
            peer,
            admitted,
            limits.clone(),
            stop.clone(),
        ));
    }
    stop.cancel();
    tracker.close();
    tracker.wait().await;
    Ok(())
}

enum Admitted {
    Yes(Slot, Router),
    No,
}

async fn connection(
    stream: TcpStream,
    peer: SocketAddr,
    admitted: Admitted,
    limits: HttpHardening,
    stop: CancellationToken,
) {
    let _ = stream.set_nodelay(true);
    let activity = Arc::new(Activity::new());
    let (slot, app, header_timeout) = match admitted {
        Admitted::Yes(slot, app) => (Some(slot), Some(app), limits.header_read_timeout),
        Admitted::No => (None, None, limits.header_read_timeout.min(REFUSED_GRACE)),
    };
    let keep_alive = app.is_some();
    let io = Tracked {
        stream,
        activity: Arc::clone(&activity),
        _slot: slot,
    };
    let on_request = Arc::clone(&activity);
    let service = hyper::service::service_fn(move |mut request: Request<Incoming>| {
        let in_flight = InFlight::new(Arc::clone(&on_request));
        let app = app.clone();
        async move {
            let _in_flight = in_flight;
            let Some(app) = app else {
                return Ok::<_, Infallible>(refused());
            };
            request.extensions_mut().insert(ConnectInfo(peer));
            app.oneshot(request.map(Body::new)).await
        }
    });
    let conn = hyper::server::conn::http1::Builder::new()
        .timer(TokioTimer::new())
        .keep_alive(keep_alive)
        .serve_connection(TokioIo::new(io), service)
        .with_upgrades();
    tokio::pin!(conn);
    let mut watch = tokio::time::interval(
        (header_timeout.min(limits.idle_timeout) / 4).max(Duration::from_millis(10)),
    );
    let mut draining = false;
    loop {
        tokio::select! {
            served = conn.as_mut() => {
                if let Err(error) = served {
                    tracing::debug!(%error, "connection ended with an error");
                }
                break;
            }
            _ = watch.tick() => {
                if let Some(reason) = activity.expired(header_timeout, limits.idle_timeout) {
                    tracing::debug!(client.address = %peer.ip(), reason, "closing connection");
                    break;
                }
            }
            () = stop.cancelled(), if !draining => {
                draining = true;
                conn.as_mut().graceful_shutdown();
            }
        }
    }
}

fn refused() -> Response {
    let mut response =
        ApiError::Unavailable(Words::text("api-too-many-connections")).into_response();
    response
        .headers_mut()
        .insert(header::CONNECTION, HeaderValue::from_static("close"));
    response
}

/// Open connections per peer address and in all.
#[derive(Clone)]
struct Connections {
    counts: Arc<Mutex<Counts>>,
    max_per_ip: u32,
    max_total: u32,
}

#[derive(Default)]
struct Counts {
    per_ip: HashMap<IpAddr, u32>,
    total: u32,
}

impl Connections {
    fn new(max_per_ip: u32, max_total: u32) -> Self {
        Connections {
            counts: Arc::default(),
            max_per_ip,
            max_total,
        }
    }

    fn try_acquire(&self, ip: IpAddr) -> Result<Slot, &'static str> {
        let mut counts = self.counts.lock().unwrap_or_else(PoisonError::into_inner);
        if counts.total >= self.max_total {
            return Err("MAX_CONNECTIONS reached");
        }
        let open = counts.per_ip.entry(ip).or_default();
        if *open >= self.max_per_ip {
            return Err("MAX_CONNECTIONS_PER_IP reached");
        }
        *open += 1;
        counts.total += 1;
        Ok(Slot {
            connections: self.clone(),
            ip,
        })
    }
}

/// One counted connection; released when the socket (plain or upgraded) is dropped.
struct Slot {
    connections: Connections,
    ip: IpAddr,
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut counts = self
            .connections
            .counts
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        counts.total = counts.total.saturating_sub(1);
        if let Some(open) = counts.per_ip.get_mut(&self.ip) {
            *open -= 1;
            if *open == 0 {
                counts.per_ip.remove(&self.ip);
            }
        }
    }
}

const NO_HEAD: u64 = u64::MAX;

/// What a connection is doing, in milliseconds since it opened.
struct Activity {
    opened: Instant,
    last_io: AtomicU64,
    /// When the bytes of a request head not yet dispatched started arriving.
    head_started: AtomicU64,
    in_flight: AtomicUsize,
}

impl Activity {
    fn new() -> Self {
        // A fresh connection owes us a request head: the header timeout runs.
        Activity {
            opened: Instant::now(),
            last_io: AtomicU64::new(0),
            head_started: AtomicU64::new(0),
            in_flight: AtomicUsize::new(0),
        }
    }

    fn now(&self) -> u64 {
        u64::try_from(self.opened.elapsed().as_millis()).unwrap_or(u64::MAX - 1)
    }

    fn read(&self) {
        let now = self.now();
        self.last_io.store(now, Ordering::Relaxed);
        if self.in_flight.load(Ordering::Acquire) == 0 {
            let _ = self.head_started.compare_exchange(
                NO_HEAD,
                now,
                Ordering::AcqRel,
                Ordering::Relaxed,
            );
        }
    }

    fn wrote(&self) {
        self.last_io.store(self.now(), Ordering::Relaxed);
    }

    /// Why the connection should be closed now, if it should.
    fn expired(&self, header_timeout: Duration, idle_timeout: Duration) -> Option<&'static str> {
        if self.in_flight.load(Ordering::Acquire) > 0 {
            return None;
        }
        let now = self.now();
        let head = self.head_started.load(Ordering::Acquire);
        if head != NO_HEAD {
            (now.saturating_sub(head) >= millis(header_timeout)).then_some("header read timeout")
        } else {
            let idle = now.saturating_sub(self.last_io.load(Ordering::Relaxed));
            (idle >= millis(idle_timeout)).then_some("idle timeout")
        }
    }
}

fn millis(duration: Duration) -> u64 {
    u64::try_from(duration.as_millis()).unwrap_or(u64::MAX)
}

/// A request between its dispatch and its response.
struct InFlight(Arc<Activity>);

impl InFlight {
    fn new(activity: Arc<Activity>) -> Self {
        activity.in_flight.fetch_add(1, Ordering::AcqRel);
        activity.head_started.store(NO_HEAD, Ordering::Release);
        InFlight(activity)
    }
}

impl Drop for InFlight {
    fn drop(&mut self) {
        self.0.wrote();
        self.0.in_flight.fetch_sub(1, Ordering::AcqRel);
    }
}

/// The TCP stream, noting its traffic and holding the connection's slot for
/// as long as the socket lives (after a WebSocket upgrade too).
struct Tracked {
    stream: TcpStream,
    activity: Arc<Activity>,
    _slot: Option<Slot>,
}

impl AsyncRead for Tracked {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        let polled = Pin::new(&mut self.stream).poll_read(cx, buf);
        if matches!(polled, Poll::Ready(Ok(()))) && buf.filled().len() > before {
            self.activity.read();
        }
        polled
    }
}

impl AsyncWrite for Tracked {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let polled = Pin::new(&mut self.stream).poll_write(cx, buf);
        if matches!(polled, Poll::Ready(Ok(n)) if n > 0) {
            self.activity.wrote();
        }
        polled
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let polled = Pin::new(&mut self.stream).poll_write_vectored(cx, bufs);
        if matches!(polled, Poll::Ready(Ok(n)) if n > 0) {
            self.activity.wrote();
        }
        polled
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}

/// Middleware: a request body that stalls for longer than `timeout` between
/// two pieces ends the request with 408 and closes the connection.
pub async fn body_timeout(
    State(timeout): State<Duration>,
    request: Request,
    next: Next,
) -> Response {
    let timed_out = CancellationToken::new();
    let flag = timed_out.clone();
    let request = request.map(|body| {
        Body::new(TimeoutBody::new(timeout, body).map_err(move |error| {
            flag.cancel();
            error
        }))
    });
    let response = next.run(request).await;
    if !timed_out.is_cancelled() {
        return response;
    }
    // Whatever the handler made of the failed read, the answer is a 408.
    let mut response = ApiError::RequestTimeout.into_response();
    response
        .headers_mut()
        .insert(header::CONNECTION, HeaderValue::from_static("close"));
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn caps_count_per_address_and_in_all_and_release_on_drop() {
        let connections = Connections::new(2, 3);
        let a: IpAddr = "127.0.0.1".parse().expect("ip");
        let b: IpAddr = "127.0.0.2".parse().expect("ip");
        let first = connections.try_acquire(a).expect("first");
        let _second = connections.try_acquire(a).expect("second");
        assert_eq!(
            connections.try_acquire(a).err(),
            Some("MAX_CONNECTIONS_PER_IP reached")
        );
        let _third = connections.try_acquire(b).expect("another address");
        assert_eq!(
            connections.try_acquire(b).err(),
            Some("MAX_CONNECTIONS reached")
        );
        drop(first);
        assert!(connections.try_acquire(a).is_ok());
    }
}
