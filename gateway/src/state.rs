//! Shared application state: cheap to clone, one per process.

use std::sync::Arc;

use contract::Namespace;
use sqlx::PgPool;

use tokio_util::sync::CancellationToken;

use crate::hub::Hub;
use crate::limits::Limiters;
use crate::metrics::Metrics;
use crate::presence::Presence;
use crate::settings::Settings;

#[derive(Clone)]
pub struct AppState {
    inner: Arc<Inner>,
}

pub struct Inner {
    pub pool: PgPool,
    pub nats: async_nats::Client,
    pub jetstream: async_nats::jetstream::Context,
    pub hub: Hub,
    pub presence: Presence,
    /// Cancelled when the gateway shuts down, so sockets close cleanly.
    pub shutdown: CancellationToken,
    pub namespace: Namespace,
    pub settings: Settings,
    pub limiters: Limiters,
    /// This gateway's own metrics recorder.
    pub metrics: Metrics,
}

impl AppState {
    /// Builds the state, creating the JetStream streams if this is the first
    /// process to need them.
    pub async fn new(
        settings: Settings,
        pool: PgPool,
        nats: async_nats::Client,
    ) -> anyhow::Result<Self> {
        use anyhow::Context as _;
        let namespace = Namespace::new(settings.nats_prefix.clone()).map_err(anyhow::Error::msg)?;
        let limiters = Limiters::new(&settings.limits);
        let jetstream = async_nats::jetstream::new(nats.clone());
        jetstream
            .get_or_create_stream(namespace.chat_stream())
            .await
            .context("failed to create the CHAT stream")?;
        let presence = Presence::new(nats.clone(), namespace.agents_presence());
        let hub = Hub::new(nats.clone(), namespace.clone(), presence.clone());
        Ok(AppState {
            inner: Arc::new(Inner {
                pool,
                nats,
                jetstream,
                hub,
                presence,
                shutdown: CancellationToken::new(),
                namespace,
                settings,
                limiters,
                metrics: Metrics::default(),
            }),
        })
    }
}

impl std::ops::Deref for AppState {
    type Target = Inner;

    fn deref(&self) -> &Inner {
        &self.inner
    }
}
