//! Shared application state: cheap to clone, one per process, plain data
//! built without I/O from what `startup::provision` made. It is assembled
//! here, beside the app, from parts of domains (chat's hub, presence,
//! confirmations and owners; content's cache and views; the site settings)
//! and of `platform`, and gives the platform's extractors and bus what they
//! ask for ([`ProxyTrust`], [`SignInState`], [`DurableBus`]).

use std::sync::Arc;

use contract::Namespace;
use sqlx::PgPool;

use tokio_util::sync::CancellationToken;

use crate::chat::confirmations::Confirmations;
use crate::chat::hub::Hub;
use crate::chat::owners::ChatOwners;
use crate::chat::presence::Presence;
use crate::content::cache::ContentCache;
use crate::content::views::ViewCounter;
use crate::platform::bus::DurableBus;
use crate::platform::config::Config;
use crate::platform::error::ApiError;
use crate::platform::extract::{ProxyTrust, SignInState};
use crate::platform::limits::Limits;
use crate::platform::metrics::Metrics;
use crate::platform::pools::Pools;
use crate::platform::store_health::StoreHealth;
use crate::site::settings::SiteSettingsCache;

#[derive(Clone)]
pub struct AppState {
    inner: Arc<Inner>,
}

pub struct Inner {
    /// The general pool (see [`crate::platform::pools`]).
    pub pool: PgPool,
    /// Sessions, the signed-in user and readiness: never starved by slow
    /// reads elsewhere.
    pub core_pool: PgPool,
    /// Anonymous visitors' polling, bounded so it cannot take the rest.
    pub visitor_pool: PgPool,
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
    pub config: Config,
    /// Rate limits, shared with the other gateways through NATS.
    pub limits: Limits,
    /// This gateway's own metrics recorder.
    pub metrics: Arc<Metrics>,
    /// Blog and event answers, cleared on every `content.changed`.
    pub content: ContentCache,
    /// The site settings, reloaded on every `settings.changed`.
    pub site_settings: SiteSettingsCache,
    /// Blog views counted here and not yet published (`content::views`).
    pub views: ViewCounter,
    /// JetStream writes that failed, logged once per kind per interval, and
    /// whether the store refuses writes (readiness, the overview).
    pub store_health: StoreHealth,
}

/// What [`crate::startup::provision`] made or read before the state can be
/// built: the namespace, the JetStream streams and the rate-limit bucket,
/// and the site settings.
pub struct Provisioned {
    pub namespace: Namespace,
    pub jetstream: async_nats::jetstream::Context,
    pub limits: Limits,
    pub site_settings: SiteSettingsCache,
}

impl AppState {
    /// Builds the state from its parts: no I/O, nothing started (the
    /// listeners that keep it current are [`crate::startup::spawn_listeners`]).
    pub fn new(
        config: Config,
        pools: Pools,
        nats: async_nats::Client,
        provisioned: Provisioned,
    ) -> Self {
        let Provisioned {
            namespace,
            jetstream,
            limits,
            site_settings,
        } = provisioned;
        let presence = Presence::new(nats.clone(), namespace.agents_presence());
        let hub = Hub::new(nats.clone(), namespace.clone(), presence.clone());
        let confirmations = Confirmations::new(&namespace);
        AppState {
            inner: Arc::new(Inner {
                pool: pools.general,
                core_pool: pools.core,
                visitor_pool: pools.visitor_reads,
                nats,
                jetstream,
                hub,
                presence,
                confirmations,
                chat_owners: ChatOwners::default(),
                shutdown: CancellationToken::new(),
                namespace,
                config,
                limits,
                metrics: Arc::default(),
                content: ContentCache::default(),
                site_settings,
                views: ViewCounter::default(),
                store_health: StoreHealth::default(),
            }),
        }
    }
}

impl std::ops::Deref for AppState {
    type Target = Inner;

    fn deref(&self) -> &Inner {
        &self.inner
    }
}

impl ProxyTrust for AppState {
    fn trust_forwarded_for(&self) -> bool {
        self.config.trust_forwarded_for
    }
}

impl SignInState for AppState {
    fn config(&self) -> &Config {
        &self.config
    }

    fn core_pool(&self) -> &PgPool {
        &self.core_pool
    }

    fn staff_sign_in_hours(&self) -> u32 {
        self.site_settings.current().settings.staff_sign_in_hours
    }

    async fn admit(&self, user: &contract::accounts::User, path: &str) -> Result<(), ApiError> {
        let settings = self.site_settings.current();
        crate::accounts::second_factor::enforce(&self.pool, &settings.settings, user, path).await
    }
}

impl DurableBus for AppState {
    fn jetstream(&self) -> &async_nats::jetstream::Context {
        &self.jetstream
    }

    fn store_health(&self) -> &StoreHealth {
        &self.store_health
    }
}
