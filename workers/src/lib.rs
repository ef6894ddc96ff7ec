//! Worker roles. Each role is a long-running task that consumes NATS
//! subjects; `main.rs` runs one role or all of them in one process.

pub mod accounts;
pub mod admin;
pub mod analytics;
pub mod batching;
pub mod chat;
pub mod config;
pub mod consumer;
pub mod dead_letters;
pub mod erasure;
pub mod inbound;
pub mod mail;
pub mod notify;
pub mod outbox;
pub mod passwords;
pub mod receipts;
pub mod reply_emails;
pub mod requests;
pub mod reset_tokens;
pub mod retention;
pub mod sample_content;
pub mod states;
pub mod views;

use contract::Namespace;
use sqlx::PgPool;

/// The one schema, embedded so that every binary can migrate.
pub static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("../migrations");

/// What every role needs: the database, NATS and the subject namespace.
#[derive(Clone)]
pub struct WorkerContext {
    pub pool: PgPool,
    pub nats: async_nats::Client,
    pub namespace: Namespace,
}

pub use runtime::process::connect_postgres;

/// Connects to NATS (one URL or a cluster's, comma-separated), retrying the
/// first connection for a while so that the processes may start in any order.
pub use runtime::process::connect_nats;

/// Tells the agents' consoles that chat `chat_id`'s email changed (a reply
/// went out, a bounce, a reply held): an `inbox_update` with reason
/// `email` on `agents.events`, as the gateways send theirs.
pub async fn announce_chat_email(
    nats: &async_nats::Client,
    namespace: &Namespace,
    chat_id: uuid::Uuid,
) {
    let frame = contract::chat::ServerFrame::InboxUpdate {
        session_id: chat_id,
        reason: contract::chat::InboxReason::Email,
        unread_count: None,
    };
    let Ok(frame) = serde_json::to_vec(&frame) else {
        return;
    };
    if let Err(error) = nats.publish(namespace.agents_events(), frame.into()).await {
        tracing::warn!(%error, "failed to publish an inbox update");
    }
}
