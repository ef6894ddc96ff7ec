//! The edge of the platform: HTTP API, static web app, and (later) the
//! WebSocket hub. `main.rs` reads settings and calls [`launch`]; tests call
//! it too, on a port-0 listener.

pub mod chat;
pub mod content;
#[cfg(any(test, feature = "fuzzing"))]
pub mod fuzzing;
pub mod http;
pub mod openapi;
pub mod platform;
pub mod revocation;
pub mod site_settings;
pub mod state;

use std::time::Duration;

use anyhow::Context as _;

use secrecy::ExposeSecret as _;
use tokio::net::TcpListener;
use tower_sessions::ExpiredDeletion as _;

use platform::{limits, metrics, serve, sessions};

pub use platform::settings::Settings;
pub use state::AppState;

/// Connections the gateway needs, opened from the settings.
pub async fn connect(settings: &Settings) -> anyhow::Result<(sqlx::PgPool, async_nats::Client)> {
    let pool =
        contract::process::connect_postgres(settings.database_url.expose_secret(), 20).await?;
    let nats = contract::process::connect_nats(&settings.nats_url, "gateway").await?;
    Ok((pool, nats))
}

/// Refuses a nats-server older than 2.10: the shared rate limits watch a
/// JetStream key-value bucket in ways older servers do not support.
async fn require_nats_2_10(nats: &async_nats::Client) -> anyhow::Result<()> {
    use anyhow::Context as _;
    // The client may still be connecting; its server's INFO arrives first.
    tokio::time::timeout(Duration::from_secs(10), nats.flush())
        .await
        .context("NATS did not answer within 10 s")?
        .context("failed to reach NATS")?;
    let version = nats.server_info().version;
    anyhow::ensure!(
        limits::nats_version_supported(&version),
        "nats-server {version:?} is too old: the gateway needs nats-server 2.10 or newer \
         (./infra/run and ./infra/test start one when the local server is older)"
    );
    Ok(())
}

/// Serves the app on `listener` and `/metrics` on `METRICS_ADDR` until
/// `shutdown` resolves, then stops accepting and lets in-flight requests
/// finish.
pub async fn launch(
    settings: Settings,
    pool: sqlx::PgPool,
    nats: async_nats::Client,
    listener: TcpListener,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    let metrics_addr = settings.http.metrics_addr;
    let metrics_listener = TcpListener::bind(metrics_addr)
        .await
        .with_context(|| format!("failed to bind METRICS_ADDR {metrics_addr}"))?;
    launch_with_metrics_listener(settings, pool, nats, listener, metrics_listener, shutdown).await
}

/// [`launch`] with the metrics listener bound by the caller (a test binds
/// port 0 and reads its address).
pub async fn launch_with_metrics_listener(
    settings: Settings,
    pool: sqlx::PgPool,
    nats: async_nats::Client,
    listener: TcpListener,
    metrics_listener: TcpListener,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    require_nats_2_10(&nats).await?;
    let state = AppState::new(settings, pool.clone(), nats).await?;
    let store =
        sessions::SessionStore::new(pool, state.nats.clone(), state.namespace.sessions_changed());
    sessions::listen(&state.nats, store.clone(), state.shutdown.clone())
        .await
        .context("failed to subscribe to session changes")?;
    chat::assignment::spawn_heartbeat(state.clone(), state.shutdown.clone());
    let session_cleanup = tokio::spawn(
        store
            .postgres()
            .clone()
            .continuously_delete_expired(Duration::from_secs(3600)),
    );
    let limits_state = state.clone();
    let limits_sharing = tokio::spawn(async move {
        let limits = &limits_state.limits;
        tokio::join!(limits.follow_bucket(), limits.share_tats());
    });
    let limiter_state = state.clone();
    let limiter_cleanup = tokio::spawn(async move {
        let mut every_minute = tokio::time::interval(Duration::from_secs(60));
        loop {
            every_minute.tick().await;
            limiter_state.limits.forget_idle_keys();
        }
    });
    let upkeep_state = state.clone();
    let metrics_upkeep = tokio::spawn(async move {
        let mut every_few_seconds = tokio::time::interval(Duration::from_secs(5));
        loop {
            every_few_seconds.tick().await;
            upkeep_state.metrics.run_upkeep();
        }
    });
    tracing::info!(address = %metrics_listener.local_addr()?, "metrics listening");
    let metrics_stop = tokio_util::sync::CancellationToken::new();
    let metrics_server = tokio::spawn(
        axum::serve(metrics_listener, metrics::router(state.clone()))
            .with_graceful_shutdown(metrics_stop.clone().cancelled_owned())
            .into_future(),
    );
    let sockets = state.shutdown.clone();
    let limits = state.settings.http.clone();
    let app = http::app(state, store);
    tracing::info!(address = %listener.local_addr()?, "gateway listening");
    let served = serve::serve(listener, app, limits, async move {
        shutdown.await;
        // Upgraded sockets are not drained by the server: close them ourselves.
        sockets.cancel();
    })
    .await;
    metrics_stop.cancel();
    let _ = metrics_server.await;
    session_cleanup.abort();
    limiter_cleanup.abort();
    limits_sharing.abort();
    metrics_upkeep.abort();
    served?;
    tracing::info!("gateway stopped");
    Ok(())
}
