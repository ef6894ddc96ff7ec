//! Sharing through NATS: the key-value bucket every gateway publishes its
//! admitted TATs to and follows for the others'.

use std::sync::atomic::Ordering;
use std::time::Duration;

use async_nats::jetstream::kv;
use futures::StreamExt as _;

use super::Limits;
use super::catalogue::{HOUR, Limit};
use super::gcra::now_ns;
use crate::platform::config::RateLimits;

/// While a key keeps being admitted, how often its TAT goes to the bucket.
const SHARE_EVERY: Duration = Duration::from_millis(10);

impl Limits {
    /// Limits shared through the bucket `bucket` (kept in `replicas`
    /// copies), created if missing. Its entries live as long as the longest
    /// period: no TAT lies further ahead.
    pub async fn shared(
        settings: RateLimits,
        jetstream: &async_nats::jetstream::Context,
        bucket: String,
        replicas: usize,
    ) -> anyhow::Result<Self> {
        use anyhow::Context as _;
        let max_age = Limit::ALL
            .iter()
            .map(|limit| limit.quota(&settings).period)
            .max()
            .unwrap_or(HOUR);
        let store = jetstream
            .create_or_update_key_value(kv::Config {
                bucket,
                description: "Rate-limit theoretical arrival times (ns since the epoch)".into(),
                history: 1,
                max_age,
                // Losing them in a server restart only resets the limits.
                storage: async_nats::jetstream::stream::StorageType::Memory,
                num_replicas: replicas,
                ..Default::default()
            })
            .await
            .context("failed to create the rate-limit bucket")?;
        Ok(Limits {
            bucket: Some(store),
            ..Limits::local(settings)
        })
    }

    /// Takes a TAT seen in the bucket; the later one wins.
    pub(super) fn merge(&self, key: String, tat: u64) {
        let mut tats = self.tats.lock().unwrap_or_else(|e| e.into_inner());
        let known = tats.entry(key).or_insert(0);
        *known = (*known).max(tat);
    }

    /// Queues the new TAT for [`Limits::share_tats`] to send to the bucket.
    pub(super) fn publish(&self, key: String, tat: u64) {
        if self.bucket.is_none() {
            return;
        }
        {
            let mut unshared = self.unshared.lock().unwrap_or_else(|e| e.into_inner());
            let queued = unshared.entry(key).or_insert(0);
            *queued = (*queued).max(tat);
        }
        self.share_wanted.notify_one();
    }

    /// Sends admitted TATs to the bucket until the task is aborted: at once
    /// after a quiet spell, then, while admissions keep coming, what gathered
    /// each [`SHARE_EVERY`] — a key's latest TAT only. A busy key (a load
    /// test, an office behind one address) so costs a put per interval
    /// instead of one per request (each put is stored by JetStream and
    /// echoed to every gateway); other gateways see it that much later.
    pub async fn share_tats(&self) {
        let Some(bucket) = &self.bucket else {
            return;
        };
        loop {
            self.share_wanted.notified().await;
            loop {
                let batch =
                    std::mem::take(&mut *self.unshared.lock().unwrap_or_else(|e| e.into_inner()));
                if batch.is_empty() {
                    break;
                }
                let puts = batch
                    .into_iter()
                    .map(|(key, tat)| bucket.put(key, tat.to_string().into()));
                let failed = futures::future::join_all(puts)
                    .await
                    .into_iter()
                    .find_map(Result::err);
                match failed {
                    // Logged once per outage, not once per request.
                    Some(error) if !self.publish_failing.swap(true, Ordering::Relaxed) => {
                        tracing::warn!(%error, "rate limits are not being shared: deciding locally");
                    }
                    None if self.publish_failing.swap(false, Ordering::Relaxed) => {
                        tracing::info!("rate limits are shared again");
                    }
                    _ => {}
                }
                tokio::time::sleep(SHARE_EVERY).await;
            }
        }
    }

    /// Follows the bucket, merging every gateway's TATs (its own included),
    /// from the current values on. Runs until the task is aborted, and
    /// resumes after NATS comes back.
    pub async fn follow_bucket(&self) {
        let Some(bucket) = &self.bucket else {
            return;
        };
        loop {
            match bucket.watch_with_history(">").await {
                Ok(mut entries) => {
                    while let Some(entry) = entries.next().await {
                        match entry {
                            Ok(entry) if entry.operation == kv::Operation::Put => {
                                let tat = std::str::from_utf8(&entry.value)
                                    .ok()
                                    .and_then(|v| v.parse::<u64>().ok());
                                if let Some(tat) = tat.filter(|tat| *tat > now_ns()) {
                                    self.merge(entry.key, tat);
                                }
                            }
                            Ok(_) => {}
                            Err(error) => {
                                tracing::warn!(%error, "rate-limit bucket watch failed");
                                break;
                            }
                        }
                    }
                }
                Err(error) => tracing::warn!(%error, "cannot watch the rate-limit bucket"),
            }
            tokio::time::sleep(Duration::from_secs(1)).await;
        }
    }
}
