//! Blog post views: a read of a post by a person (not a crawler, not an
//! admin at work) counts once per visitor per post per day; each gateway
//! adds them up in memory and publishes one count per post every few
//! seconds for the `views` worker. The read never waits for it.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{LazyLock, Mutex};
use std::time::Duration;

use axum::http::HeaderValue;
use contract::accounts::User;
use contract::content::ViewBatch;
use time::OffsetDateTime;
use tokio_util::sync::CancellationToken;
use uuid::Uuid;

use contract::Namespace;

use crate::platform::bus::DurableBus;

/// Known crawlers and bots, by user agent.
static BOTS: LazyLock<isbot::Bots> = LazyLock::new(isbot::Bots::default);

/// Whether a read counts as a view: a browser's (it sends a user agent that
/// no known bot sends) by anyone but staff (admins and support agents).
pub fn counts(user_agent: Option<&HeaderValue>, reader: Option<&User>) -> bool {
    let browser = user_agent
        .and_then(|value| value.to_str().ok())
        .is_some_and(|agent| !agent.trim().is_empty() && !BOTS.is_bot(agent));
    browser && !reader.is_some_and(User::is_agent)
}

/// How often each gateway publishes the views it counted: one message per
/// post read since the last flush, whatever the number of reads.
pub const FLUSH_EVERY: Duration = Duration::from_secs(2);

/// Visitor-post pairs remembered for deduplication; beyond this the least
/// recently seen are forgotten (and could count again), bounding memory to
/// a few tens of MB whatever the traffic.
const SEEN_CAPACITY: u64 = 200_000;

/// The views this gateway counted and has not yet published: each visitor
/// (address) counts once per post per UTC day, and the counts leave in one
/// message per post every [`FLUSH_EVERY`], so the stream grows with posts ×
/// flushes, never with reads.
pub struct ViewCounter {
    /// (address, post, day) already counted today.
    seen: moka::future::Cache<(IpAddr, Uuid, i32), ()>,
    posts: Mutex<Posts>,
}

#[derive(Default)]
struct Posts {
    /// Views per post never published yet.
    pending: HashMap<Uuid, u32>,
    /// At most one batch per post that JetStream may or may not have stored
    /// (no ack): retried as it is, same id and count, before anything newer
    /// of that post is sent, so it is counted once whatever happened.
    unacked: HashMap<Uuid, ViewBatch>,
}

impl Default for ViewCounter {
    fn default() -> Self {
        ViewCounter {
            seen: moka::future::Cache::builder()
                .max_capacity(SEEN_CAPACITY)
                .time_to_live(Duration::from_secs(25 * 3600))
                .build(),
            posts: Mutex::new(Posts::default()),
        }
    }
}

impl ViewCounter {
    fn posts(&self) -> std::sync::MutexGuard<'_, Posts> {
        self.posts.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Counts a view of `post_id` by `reader`, unless they were counted for
    /// it today; returns whether it counted.
    pub async fn count(&self, reader: IpAddr, post_id: Uuid) -> bool {
        let day = OffsetDateTime::now_utc().date().to_julian_day();
        let entry = self.seen.entry((reader, post_id, day)).or_insert(()).await;
        if !entry.is_fresh() {
            return false;
        }
        let mut posts = self.posts();
        let count = posts.pending.entry(post_id).or_insert(0);
        *count = count.saturating_add(1);
        true
    }

    /// Views counted and not yet published, over every post.
    pub fn unpublished(&self) -> u64 {
        let posts = self.posts();
        let pending: u64 = posts.pending.values().map(|&n| u64::from(n)).sum();
        pending
            + posts
                .unacked
                .values()
                .map(|batch| u64::from(batch.count))
                .sum::<u64>()
    }

    /// Publishes every post's views, one message each. After a write that
    /// is not stored the flush stops (the store is full or away): what is
    /// left waits for the next one.
    pub async fn flush(&self, bus: &impl DurableBus, namespace: &Namespace) {
        let (mut unacked, mut pending) = {
            let mut posts = self.posts();
            (
                std::mem::take(&mut posts.unacked),
                std::mem::take(&mut posts.pending),
            )
        };
        let mut failing = false;
        let mut retry: Vec<(Uuid, ViewBatch)> = Vec::new();
        // The retries first: nothing newer of a post leaves before them.
        for (post_id, batch) in unacked.drain() {
            if failing || !publish(bus, namespace, post_id, batch).await {
                failing = true;
                retry.push((post_id, batch));
            }
        }
        let blocked: Vec<Uuid> = retry.iter().map(|(post_id, _)| *post_id).collect();
        let mut held: Vec<(Uuid, u32)> = Vec::new();
        for (post_id, count) in pending.drain() {
            if failing || blocked.contains(&post_id) {
                held.push((post_id, count));
                continue;
            }
            let batch = ViewBatch {
                id: Uuid::now_v7(),
                count,
            };
            if !publish(bus, namespace, post_id, batch).await {
                failing = true;
                retry.push((post_id, batch));
            }
        }
        if retry.is_empty() && held.is_empty() {
            return;
        }
        let mut posts = self.posts();
        posts.unacked.extend(retry);
        for (post_id, count) in held {
            // Never published: merged with the views counted meanwhile.
            let total = posts.pending.entry(post_id).or_insert(0);
            *total = total.saturating_add(count);
        }
    }
}

/// Publishes one post's batch with its id as `Nats-Msg-Id`; whether
/// JetStream stored it.
async fn publish(
    bus: &impl DurableBus,
    namespace: &Namespace,
    post_id: Uuid,
    batch: ViewBatch,
) -> bool {
    // Serialising our own plain type cannot fail.
    let body = serde_json::to_vec(&batch).unwrap_or_default();
    let headers = contract::telemetry::deduplicated_headers(&batch.id.to_string());
    let subject = namespace.blog_viewed(post_id);
    let stored = async {
        bus.jetstream()
            .publish_with_headers(subject, headers, body.into())
            .await?
            .await
    };
    match stored.await {
        Ok(_) => {
            bus.store_health().stored();
            true
        }
        Err(error) => {
            bus.store_health().failed("blog views", &error);
            false
        }
    }
}

/// Flushes `views` every [`FLUSH_EVERY`] until `stopped`, then once more
/// so that a gateway shutting down loses none.
pub async fn flush_continuously(
    views: &ViewCounter,
    bus: &impl DurableBus,
    namespace: &Namespace,
    stopped: CancellationToken,
) {
    let mut every = tokio::time::interval(FLUSH_EVERY);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = every.tick() => views.flush(bus, namespace).await,
            () = stopped.cancelled() => break,
        }
    }
    views.flush(bus, namespace).await;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn agent(value: &str) -> HeaderValue {
        HeaderValue::from_str(value).expect("header")
    }

    #[test]
    fn browsers_count_and_crawlers_do_not() {
        let chrome = agent(
            "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 \
             (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
        );
        assert!(counts(Some(&chrome), None));
        for bot in [
            "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
            "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
            "curl/8.5.0",
            "python-requests/2.31.0",
        ] {
            assert!(!counts(Some(&agent(bot)), None), "{bot}");
        }
        assert!(!counts(None, None), "no user agent, no browser");
        assert!(!counts(Some(&agent("  ")), None));
    }

    #[tokio::test]
    async fn a_visitor_counts_once_per_post_per_day() {
        let views = ViewCounter::default();
        let (a, b): (IpAddr, IpAddr) = (
            "192.0.2.1".parse().expect("ip"),
            "192.0.2.2".parse().expect("ip"),
        );
        let (one, two) = (Uuid::new_v4(), Uuid::new_v4());
        assert!(views.count(a, one).await);
        for _ in 0..1_000 {
            assert!(!views.count(a, one).await);
        }
        assert!(views.count(b, one).await);
        assert!(views.count(a, two).await);
        assert_eq!(views.unpublished(), 3);
        let posts = views.posts();
        assert_eq!(posts.pending.len(), 2, "one batch per post");
        assert_eq!(posts.pending[&one], 2);
    }
}
