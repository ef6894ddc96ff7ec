//! Start-up, in the order [`crate::launch`] runs it: check the NATS server
//! (2.10 or newer), provision what the state is built from (JetStream
//! streams, the rate-limit bucket, the site settings), then start every
//! listener and background task on one `TaskTracker`, so that shutdown can
//! wait for all of them.
//!
//! Each listener subscribes and waits for the server's round trip before
//! [`spawn_listeners`] returns: nothing announced once the gateway reports
//! ready is missed.

use std::time::Duration;

use anyhow::Context as _;
use contract::Namespace;
use sqlx::PgPool;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use tower_sessions::ExpiredDeletion as _;

use crate::platform::config::Config;
use crate::platform::limits::Limits;
use crate::platform::sessions::{self, SessionStore};
use crate::site::settings::SiteSettingsCache;
use crate::state::{AppState, Provisioned};

/// Refuses a nats-server older than 2.10: the shared rate limits watch a
/// JetStream key-value bucket in ways older servers do not support.
pub async fn require_nats_2_10(nats: &async_nats::Client) -> anyhow::Result<()> {
    // The client may still be connecting; its server's INFO arrives first.
    tokio::time::timeout(Duration::from_secs(10), nats.flush())
        .await
        .context("NATS did not answer within 10 s")?
        .context("failed to reach NATS")?;
    let version = nats.server_info().version;
    anyhow::ensure!(
        nats_version_supported(&version),
        "nats-server {version:?} is too old: the gateway needs nats-server 2.10 or newer \
         (./infra/run and ./infra/test start one when the local server is older)"
    );
    Ok(())
}

/// Whether a nats-server `version` ("2.10.4", "v2.11.0-beta") is 2.10 or
/// newer, as shared rate limits need.
pub fn nats_version_supported(version: &str) -> bool {
    let mut parts = version
        .trim_start_matches('v')
        .split(|c: char| !c.is_ascii_digit())
        .map(|part| part.parse::<u32>().unwrap_or(0));
    let major = parts.next().unwrap_or(0);
    let minor = parts.next().unwrap_or(0);
    (major, minor) >= (2, 10)
}

/// Creates the stream if missing; an existing one gets `config`'s maximum
/// age and subjects when its own differ, so that a shorter retention of
/// personal data (docs/data-protection.md), or a new command (receipts),
/// also reaches a deployment made before it.
pub async fn provide_stream(
    jetstream: &async_nats::jetstream::Context,
    config: async_nats::jetstream::stream::Config,
) -> anyhow::Result<()> {
    let mut stream = jetstream.get_or_create_stream(config.clone()).await?;
    let current = stream.info().await?.config.clone();
    if current.max_age != config.max_age || current.subjects != config.subjects {
        tracing::info!(
            stream = config.name,
            from = ?(current.max_age, &current.subjects),
            to = ?(config.max_age, &config.subjects),
            "stream maximum age or subjects changed"
        );
        jetstream
            .update_stream(async_nats::jetstream::stream::Config {
                max_age: config.max_age,
                subjects: config.subjects,
                ..current
            })
            .await?;
    }
    Ok(())
}

/// Creates the JetStream streams and the rate-limit bucket if this is the
/// first process to need them, and loads the site settings.
pub async fn provision(
    config: &Config,
    pool: &PgPool,
    nats: &async_nats::Client,
) -> anyhow::Result<Provisioned> {
    let namespace = Namespace::new(config.nats_prefix.clone())
        .map_err(anyhow::Error::msg)?
        .with_replicas(config.jetstream_replicas);
    let jetstream = async_nats::jetstream::new(nats.clone());
    provide_stream(&jetstream, namespace.chat_stream())
        .await
        .context("failed to create the CHAT stream")?;
    // Blog views are published here even before any worker has started.
    provide_stream(&jetstream, namespace.intake_stream())
        .await
        .context("failed to create the INTAKE stream")?;
    let limits = Limits::shared(
        config.limits.clone(),
        &jetstream,
        namespace.rate_limits_bucket(),
        namespace.replicas(),
    )
    .await?;
    let site_settings = SiteSettingsCache::load(pool)
        .await
        .context("failed to load the site settings")?;
    Ok(Provisioned {
        namespace,
        jetstream,
        limits,
        site_settings,
    })
}

/// Starts every listener and background task on `tracker`. The listeners
/// (and the sockets) stop when `state.shutdown` is cancelled, as the server
/// stops accepting; the upkeep tasks (expired sessions, rate-limit sharing
/// and clean-up, metrics upkeep) when `stopped` is, once it has drained.
pub async fn spawn_listeners(
    state: &AppState,
    sessions: &SessionStore,
    tracker: &TaskTracker,
    stopped: &CancellationToken,
) -> anyhow::Result<()> {
    let nats = &state.nats;
    let namespace = &state.namespace;
    let shutdown = &state.shutdown;
    crate::accounts::revocation::listen(
        nats,
        namespace.sessions_revoked_all(),
        state.hub.clone(),
        tracker,
        shutdown.clone(),
    )
    .await
    .context("failed to subscribe to revocations")?;
    state
        .confirmations
        .dispatch(nats, tracker, shutdown.clone())
        .await
        .context("failed to subscribe to commit confirmations")?;
    crate::chat::email_replies::serve(nats, state.clone(), tracker, shutdown.clone())
        .await
        .context("failed to answer requests to post email replies")?;
    crate::chat::email_state::serve_visitor_here(state, tracker, shutdown.clone())
        .await
        .context("failed to answer whether a visitor is on the page")?;
    crate::chat::owners::listen(
        nats,
        namespace.chats_changed(),
        state.chat_owners.clone(),
        tracker,
        shutdown.clone(),
    )
    .await
    .context("failed to subscribe to chat changes")?;
    crate::content::cache::listen(
        nats,
        namespace.content_changed(),
        namespace.content_views(),
        state.content.clone(),
        tracker,
        shutdown.clone(),
    )
    .await
    .context("failed to subscribe to content changes")?;
    crate::site::settings::listen(
        nats,
        namespace.settings_changed(),
        state.pool.clone(),
        state.site_settings.clone(),
        tracker,
        shutdown.clone(),
    )
    .await
    .context("failed to subscribe to settings changes")?;
    tracker.spawn(crate::chat::resync::watch(state.clone()));
    sessions::listen(nats, sessions.clone(), tracker, shutdown.clone())
        .await
        .context("failed to subscribe to session changes")?;
    sessions::serve_end_requests(
        nats,
        state.pool.clone(),
        namespace.owners_end_sessions(),
        namespace.sessions_changed(),
        tracker,
        shutdown.clone(),
    )
    .await
    .context("failed to answer requests to end sessions")?;
    crate::intake::owner::serve(
        nats,
        namespace,
        state.pool.clone(),
        tracker,
        shutdown.clone(),
    )
    .await
    .context("failed to answer requests to intake's owner")?;
    tracker.spawn(crate::chat::assignment::heartbeats(
        state.clone(),
        shutdown.clone(),
    ));
    let expired = sessions
        .postgres()
        .clone()
        .continuously_delete_expired(Duration::from_secs(3600));
    tracker.spawn(until(stopped.clone(), async move {
        let _ = expired.await;
    }));
    let limits_state = state.clone();
    tracker.spawn(until(stopped.clone(), async move {
        let limits = &limits_state.limits;
        tokio::join!(limits.follow_bucket(), limits.share_tats());
    }));
    let limiter_state = state.clone();
    tracker.spawn(until(stopped.clone(), async move {
        let mut every_minute = tokio::time::interval(Duration::from_secs(60));
        loop {
            every_minute.tick().await;
            limiter_state.limits.forget_idle_keys();
        }
    }));
    let views_state = state.clone();
    let views_stopped = stopped.clone();
    tracker.spawn(async move {
        let state = views_state;
        crate::content::views::flush_continuously(
            &state.views,
            &state,
            &state.namespace,
            views_stopped,
        )
        .await;
    });
    let upkeep_state = state.clone();
    tracker.spawn(until(stopped.clone(), async move {
        let mut every_few_seconds = tokio::time::interval(Duration::from_secs(5));
        loop {
            every_few_seconds.tick().await;
            upkeep_state.metrics.run_upkeep();
        }
    }));
    Ok(())
}

/// Runs `task` until it ends or `stop` is cancelled.
async fn until(stop: CancellationToken, task: impl Future<Output = ()>) {
    tokio::select! {
        () = task => {}
        () = stop.cancelled() => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nats_versions_from_2_10_are_supported() {
        assert!(!nats_version_supported("2.9.10"));
        assert!(!nats_version_supported(""));
        assert!(nats_version_supported("2.10.0"));
        assert!(nats_version_supported("v2.11.3-beta.1"));
        assert!(nats_version_supported("3.0.0"));
    }
}
