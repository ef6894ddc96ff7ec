//! Worker roles. Each role is a long-running task that consumes NATS
//! subjects; `main.rs` runs one role or all of them in one process.

pub mod accounts;
pub mod admin;
pub mod analytics;
pub mod batching;
pub mod chat;
pub mod consumer;
pub mod dead_letters;
pub mod intake;
pub mod mail;
pub mod notify;
pub mod outbox;
pub mod passwords;
pub mod reset_tokens;
pub mod sample_content;
pub mod views;

use std::time::Duration;

use contract::Namespace;
use sqlx::PgPool;
use sqlx::postgres::PgPoolOptions;

/// The one schema, embedded so that every binary can migrate.
pub static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("../migrations");

/// What every role needs: the database, NATS and the subject namespace.
#[derive(Clone)]
pub struct WorkerContext {
    pub pool: PgPool,
    pub nats: async_nats::Client,
    pub namespace: Namespace,
}

/// Opens a bounded Postgres pool that fails fast when the server is away.
pub async fn connect_postgres(url: &str, max_connections: u32) -> anyhow::Result<PgPool> {
    use anyhow::Context as _;
    PgPoolOptions::new()
        .max_connections(max_connections)
        .acquire_timeout(Duration::from_secs(5))
        .connect(url)
        .await
        .context("failed to connect to Postgres")
}

/// Connects to NATS (one URL or a cluster's, comma-separated), retrying the
/// first connection for a while so that the processes may start in any order.
pub use contract::process::connect_nats;
