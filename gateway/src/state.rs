//! Shared application state: cheap to clone, one per process.

use std::sync::Arc;

use contract::Namespace;
use sqlx::PgPool;

use crate::limits::Limiters;
use crate::settings::Settings;

#[derive(Clone)]
pub struct AppState {
    inner: Arc<Inner>,
}

pub struct Inner {
    pub pool: PgPool,
    pub nats: async_nats::Client,
    pub namespace: Namespace,
    pub settings: Settings,
    pub limiters: Limiters,
}

impl AppState {
    pub fn new(settings: Settings, pool: PgPool, nats: async_nats::Client) -> Self {
        let namespace = Namespace::new(settings.nats_prefix.clone())
            .expect("settings validated the NATS prefix");
        let limiters = Limiters::new(&settings.limits);
        AppState {
            inner: Arc::new(Inner {
                pool,
                nats,
                namespace,
                settings,
                limiters,
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
