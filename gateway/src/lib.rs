//! The edge of the platform: HTTP API, static web app, and the WebSocket
//! hub. `main.rs` reads settings and calls [`launch`]; tests call it too, on
//! a port-0 listener.
//!
//! One folder per domain — [`accounts`], [`chat`], [`content`], [`intake`],
//! [`ops`], [`privacy`], [`site`] — each with its router, handlers and a
//! `store` holding most of its SQL. [`platform`] is what they build on.
//! [`startup`] provisions and starts the listeners, [`state`] is the plain
//! data they share, [`app`] merges the routes, and [`openapi`] finishes the
//! document made from them. Which module may use which is the table in
//! `docs/ARCHITECTURE.md`, checked by `tests/architecture.rs`.

pub mod accounts;
pub mod app;
pub mod chat;
pub mod content;
#[cfg(any(test, feature = "fuzzing"))]
pub mod fuzzing;
pub mod intake;
pub mod openapi;
pub mod ops;
pub mod platform;
pub mod privacy;
pub mod site;
pub mod startup;
pub mod state;

use anyhow::Context as _;
use secrecy::ExposeSecret as _;
use tokio::net::TcpListener;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

use platform::{serve, sessions};

pub use platform::config::Config;
pub use state::AppState;

/// Connections the gateway needs, opened from the settings.
pub async fn connect(config: &Config) -> anyhow::Result<(sqlx::PgPool, async_nats::Client)> {
    let pool = runtime::process::connect_postgres(config.database_url.expose_secret(), 20).await?;
    let nats = runtime::process::connect_nats(&config.nats_url, "gateway").await?;
    Ok((pool, nats))
}

/// Serves the app on `listener` and `/metrics` on `METRICS_ADDR` until
/// `shutdown` resolves, then stops accepting and lets in-flight requests
/// finish.
pub async fn launch(
    config: Config,
    pool: sqlx::PgPool,
    nats: async_nats::Client,
    listener: TcpListener,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    let metrics_addr = config.http.metrics_addr;
    let metrics_listener = TcpListener::bind(metrics_addr)
        .await
        .with_context(|| format!("failed to bind METRICS_ADDR {metrics_addr}"))?;
    launch_with_metrics_listener(config, pool, nats, listener, metrics_listener, shutdown).await
}

/// [`launch`] with the metrics listener bound by the caller (a test binds
/// port 0 and reads its address).
pub async fn launch_with_metrics_listener(
    config: Config,
    pool: sqlx::PgPool,
    nats: async_nats::Client,
    listener: TcpListener,
    metrics_listener: TcpListener,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    startup::require_nats_2_10(&nats).await?;
    let provisioned = startup::provision(&config, &pool, &nats).await?;
    // Time-budgeted pools to the same database (`platform::pools`).
    let pools = platform::pools::Pools::derive(&pool);
    let store = sessions::SessionStore::new(
        pools.core.clone(),
        nats.clone(),
        provisioned.namespace.sessions_changed(),
    );
    let state = AppState::new(config, pools, nats, provisioned);
    let tracker = TaskTracker::new();
    // Cancelled once the server has drained: ends the upkeep tasks and the
    // metrics listener.
    let stopped = CancellationToken::new();
    startup::spawn_listeners(&state, &store, &tracker, &stopped).await?;
    tracing::info!(address = %metrics_listener.local_addr()?, "metrics listening");
    tracker.spawn(
        axum::serve(metrics_listener, ops::metrics::router(state.clone()))
            .with_graceful_shutdown(stopped.clone().cancelled_owned())
            .into_future(),
    );
    let sockets = state.shutdown.clone();
    let limits = state.config.http.clone();
    let app = app::app(state, store);
    tracing::info!(address = %listener.local_addr()?, "gateway listening");
    let served = serve::serve(listener, app, limits, async move {
        shutdown.await;
        // Upgraded sockets are not drained by the server: close them ourselves.
        sockets.cancel();
    })
    .await;
    stopped.cancel();
    tracker.close();
    tracker.wait().await;
    served?;
    tracing::info!("gateway stopped");
    Ok(())
}
