//! Who owns each recently used chat and whether it is open, kept in memory
//! on every gateway, so that sending a message costs no database read for
//! it: every message is checked against its chat's owner, and the owner and
//! status change rarely (adoption at sign-in, resolve, reopen).
//!
//! A cached copy must not outlive a change made on another gateway. Every
//! such write announces the chat's id on `chat.changed` ([`ChatOwners::changed`])
//! before its request is answered, and every gateway drops its copy when the
//! id arrives — and once more a moment later, in case a read that started
//! before the change was still putting the old row in. After a gap in NATS,
//! when announcements may have been missed, the whole cache is dropped
//! (`chat::resync`), and no copy is kept longer than [`KEEP_FOR`] anyway.

use std::time::Duration;

use contract::Namespace;
use sqlx::PgPool;
use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use uuid::Uuid;

use super::error::ChatError;
use super::store::{self, Ownership};

/// Chats each gateway keeps; the least used go first.
const CACHED_CHATS: u64 = 100_000;

/// The longest a copy is used: the bound on staleness should an
/// announcement be lost without NATS noticing a gap.
pub const KEEP_FOR: Duration = Duration::from_secs(30);

/// The ownership cache of one gateway (cheap to clone; clones share it).
#[derive(Clone)]
pub struct ChatOwners {
    cache: moka::future::Cache<Uuid, Ownership>,
}

impl Default for ChatOwners {
    fn default() -> Self {
        ChatOwners {
            cache: moka::future::Cache::builder()
                .max_capacity(CACHED_CHATS)
                .time_to_live(KEEP_FOR)
                .build(),
        }
    }
}

impl ChatOwners {
    /// Chat `chat_id`'s owner and status; `None` when there is no such chat
    /// (not cached, so a chat created meanwhile is found).
    pub async fn get(&self, pool: &PgPool, chat_id: Uuid) -> Result<Option<Ownership>, ChatError> {
        if let Some(known) = self.cache.get(&chat_id).await {
            return Ok(Some(known));
        }
        let row = store::ownership(pool, chat_id).await?;
        if let Some(row) = &row {
            self.cache.insert(chat_id, row.clone()).await;
        }
        Ok(row)
    }

    /// Drops these chats' copies from this gateway.
    pub async fn forget(&self, chat_ids: &[Uuid]) {
        for chat_id in chat_ids {
            self.cache.invalidate(chat_id).await;
        }
    }

    /// Drops every copy (after a gap in NATS).
    pub fn forget_all(&self) {
        self.cache.invalidate_all();
    }

    /// After a write to these chats' owner or status: drops this gateway's
    /// copies and tells every gateway, waiting until the NATS server has the
    /// announcement so that no gateway serves the old row once the request that
    /// made the change is answered.
    pub async fn changed(
        &self,
        nats: &async_nats::Client,
        namespace: &Namespace,
        chat_ids: &[Uuid],
    ) -> Result<(), ChatError> {
        if chat_ids.is_empty() {
            return Ok(());
        }
        self.forget(chat_ids).await;
        // Serialising a list of ids cannot fail.
        let payload = serde_json::to_vec(chat_ids).unwrap_or_default();
        crate::platform::bus::announce(nats, namespace.chats_changed(), payload.into())
            .await
            .map_err(|error| {
                ChatError::Unavailable(error.context("failed to announce a chat change"))
            })
    }
}

/// Drops changed chats from `owners` as their announcements arrive, from
/// the moment this returns until shutdown.
pub async fn listen(
    nats: &async_nats::Client,
    subject: String,
    owners: ChatOwners,
    tracker: &TaskTracker,
    shutdown: CancellationToken,
) -> anyhow::Result<JoinHandle<()>> {
    crate::platform::bus::follow(nats, subject, tracker, shutdown, move |change| {
        let owners = owners.clone();
        async move {
            let chat_ids = match serde_json::from_slice::<Vec<Uuid>>(&change.payload) {
                Ok(chat_ids) => chat_ids,
                Err(error) => {
                    // Unreadable: drop everything rather than keep a stale copy.
                    tracing::warn!(%error, "malformed chat change; dropping every cached chat");
                    owners.forget_all();
                    return;
                }
            };
            crate::platform::bus::evict_twice(
                (owners, chat_ids),
                |(owners, chat_ids)| async move {
                    owners.forget(&chat_ids).await;
                },
            )
            .await;
        }
    })
    .await
}
