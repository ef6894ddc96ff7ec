//! Shared application state: cheap to clone, one per process.

use std::sync::Arc;

use contract::Namespace;
use sqlx::PgPool;

use tokio_util::sync::CancellationToken;

use crate::chat::confirmations::Confirmations;
use crate::chat::hub::Hub;
use crate::chat::owners::ChatOwners;
use crate::chat::presence::Presence;
use crate::content::cache::ContentCache;
use crate::platform::limits::Limits;
use crate::platform::metrics::Metrics;
use crate::platform::settings::Settings;
use crate::site_settings::SiteSettingsCache;

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
    /// The chat sends of this gateway waiting for the worker's commit.
    pub confirmations: Confirmations,
    /// Chats' owners and status, cached (see `chat::owners`).
    pub chat_owners: ChatOwners,
    /// Cancelled when the gateway shuts down, so sockets close cleanly.
    pub shutdown: CancellationToken,
    pub namespace: Namespace,
    pub settings: Settings,
    /// Rate limits, shared with the other gateways through NATS.
    pub limits: Limits,
    /// This gateway's own metrics recorder.
    pub metrics: Metrics,
    /// Blog and event answers, cleared on every `content.changed`.
    pub content: ContentCache,
    /// The site settings, reloaded on every `settings.changed`.
    pub site_settings: SiteSettingsCache,
}

impl AppState {
    /// Builds the state, creating the JetStream streams and the rate-limit
    /// bucket if this is the first process to need them.
    pub async fn new(
        settings: Settings,
        pool: PgPool,
        nats: async_nats::Client,
    ) -> anyhow::Result<Self> {
        use anyhow::Context as _;
        let namespace = Namespace::new(settings.nats_prefix.clone())
            .map_err(anyhow::Error::msg)?
            .with_replicas(settings.jetstream_replicas);
        let jetstream = async_nats::jetstream::new(nats.clone());
        jetstream
            .get_or_create_stream(namespace.chat_stream())
            .await
            .context("failed to create the CHAT stream")?;
        // Blog views are published here even before any worker has started.
        jetstream
            .get_or_create_stream(namespace.intake_stream())
            .await
            .context("failed to create the INTAKE stream")?;
        let limits = Limits::shared(
            settings.limits.clone(),
            &jetstream,
            namespace.rate_limits_bucket(),
            namespace.replicas(),
        )
        .await?;
        let presence = Presence::new(nats.clone(), namespace.agents_presence());
        let hub = Hub::new(nats.clone(), namespace.clone(), presence.clone());
        let shutdown = CancellationToken::new();
        crate::revocation::listen(
            &nats,
            namespace.sessions_revoked_all(),
            hub.clone(),
            shutdown.clone(),
        )
        .await
        .context("failed to subscribe to revocations")?;
        let confirmations = Confirmations::listen(&nats, namespace.clone(), shutdown.clone())
            .await
            .context("failed to subscribe to commit confirmations")?;
        let chat_owners = ChatOwners::default();
        crate::chat::owners::listen(
            &nats,
            namespace.chats_changed(),
            chat_owners.clone(),
            shutdown.clone(),
        )
        .await
        .context("failed to subscribe to chat changes")?;
        let content = ContentCache::default();
        crate::content::cache::listen(
            &nats,
            namespace.content_changed(),
            namespace.content_views(),
            content.clone(),
            shutdown.clone(),
        )
        .await
        .context("failed to subscribe to content changes")?;
        let site_settings = SiteSettingsCache::load(&pool)
            .await
            .context("failed to load the site settings")?;
        crate::site_settings::listen(
            &nats,
            namespace.settings_changed(),
            pool.clone(),
            site_settings.clone(),
            shutdown.clone(),
        )
        .await
        .context("failed to subscribe to settings changes")?;
        let state = AppState {
            inner: Arc::new(Inner {
                pool,
                nats,
                jetstream,
                hub,
                presence,
                confirmations,
                chat_owners,
                shutdown,
                namespace,
                settings,
                limits,
                metrics: Metrics::default(),
                content,
                site_settings,
            }),
        };
        crate::chat::resync::spawn(&state);
        Ok(state)
    }
}

impl std::ops::Deref for AppState {
    type Target = Inner;

    fn deref(&self) -> &Inner {
        &self.inner
    }
}
