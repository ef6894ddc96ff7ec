//! Each gateway keeps the content answers it has given (serialised bytes
//! with their ETag) in memory, so a hit costs neither a query nor JSON
//! encoding. Every admin write publishes `content.changed`; every gateway
//! (the writer too, at once) then forgets everything it holds. The `views`
//! worker publishes `content.views` with the posts whose view counts rose;
//! their detail answers are forgotten (lists keep their counts until their
//! time to live).
//!
//! A read that raced a change must not put its stale answer back after the
//! change cleared the cache: each clear bumps a generation first, and an
//! answer computed under an older generation is dropped again.
//!
//! A post scheduled for later becomes public at its `published_at` with no
//! write to announce it: the cache remembers when the next one is due (one
//! query after each clear) and clears itself when a post read finds that
//! time has come, so the post appears on time rather than up to the time to
//! live later.

use std::hash::Hash;
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::time::Duration;

use axum::http::{HeaderValue, StatusCode};
use bytes::Bytes;
use contract::Namespace;
use futures::StreamExt as _;
use sha2::{Digest as _, Sha256};
use time::Date;
use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use uuid::Uuid;

use super::store::{EventsQuery, ListQuery};

/// What an answer is the answer to.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Key {
    Posts(ListQuery),
    Post(Uuid),
    ImageData(Uuid),
    Events(EventsQuery, Date),
    Event(Uuid, Date),
    /// `GET /api/blog/facets`.
    BlogFacets,
    /// `GET /api/events/facets`, on this day.
    EventFacets(Date),
    Sitemap,
    /// The served HTML of `/blog` in a language (it names the first card's image).
    BlogIndexPage(&'static str),
    /// A post's served HTML at a language's address (or where it redirects).
    BlogPage(Uuid, &'static str),
    EventPage(Uuid),
}

/// A ready answer: status, body bytes and their strong ETag, and for a
/// JSON answer worth it the same gzipped (see [`Answer::with_gzip`]).
#[derive(Clone, Debug)]
pub struct Answer {
    pub status: StatusCode,
    pub body: Bytes,
    pub etag: HeaderValue,
    pub gzip: Option<Gzipped>,
}

/// The gzipped body, with an ETag of its own (another representation).
#[derive(Clone, Debug)]
pub struct Gzipped {
    pub body: Bytes,
    pub etag: HeaderValue,
}

/// Smaller bodies are sent as they are: gzip would save next to nothing.
const GZIP_FROM_BYTES: usize = 1024;

impl Answer {
    pub fn new(status: StatusCode, body: Bytes) -> Self {
        let digest = Sha256::digest(&body);
        let hex: String = digest[..16].iter().map(|b| format!("{b:02x}")).collect();
        let etag = HeaderValue::from_str(&format!("\"{hex}\"")).unwrap_or_else(|_| {
            // Hex digits in quotes are always a valid header value.
            HeaderValue::from_static("\"0\"")
        });
        Answer {
            status,
            body,
            etag,
            gzip: None,
        }
    }

    /// The answer with its gzipped body too, compressed once here rather
    /// than on every request (a phone's first visit to /blog carries the
    /// list and the facets; API answers were sent uncompressed).
    pub fn with_gzip(mut self) -> Self {
        if self.body.len() < GZIP_FROM_BYTES {
            return self;
        }
        let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        let compressed =
            std::io::Write::write_all(&mut encoder, &self.body).and_then(|()| encoder.finish());
        if let Ok(body) = compressed {
            let tag = self.etag.to_str().unwrap_or("\"0\"").trim_end_matches('"');
            if let Ok(etag) = HeaderValue::from_str(&format!("{tag}-gzip\"")) {
                self.gzip = Some(Gzipped {
                    body: Bytes::from(body),
                    etag,
                });
            }
        }
        self
    }

    /// Whether an `If-None-Match` header names this answer's ETag, or its
    /// gzipped body's (weak comparison, as RFC 9110 asks for
    /// `If-None-Match`).
    pub fn matches(&self, if_none_match: &HeaderValue) -> bool {
        let ours = self.etag.as_bytes();
        let gzipped = self.gzip.as_ref().map(|gzip| gzip.etag.as_bytes());
        if_none_match.as_bytes().split(|b| *b == b',').any(|tag| {
            let tag = tag.trim_ascii();
            let tag = tag.strip_prefix(b"W/").unwrap_or(tag);
            tag == b"*" || tag == ours || Some(tag) == gzipped
        })
    }
}

/// Largest total of cached bodies per gateway.
const MAX_BYTES: u64 = 64 * 1024 * 1024;

/// A safety net should an invalidation be lost (a NATS outage): no answer
/// outlives this.
const TIME_TO_LIVE: Duration = Duration::from_secs(60);

/// `next_publish` before the next scheduled post has been looked up.
const UNKNOWN: i64 = i64::MIN;
/// `next_publish` when no post is scheduled.
const NOTHING_SCHEDULED: i64 = i64::MAX;

#[derive(Clone)]
pub struct ContentCache {
    answers: moka::future::Cache<Key, Answer>,
    generation: Arc<AtomicU64>,
    /// When the next scheduled post becomes public, in Unix milliseconds.
    next_publish: Arc<AtomicI64>,
}

impl Default for ContentCache {
    fn default() -> Self {
        let answers = moka::future::Cache::builder()
            .max_capacity(MAX_BYTES)
            .weigher(|_key: &Key, answer: &Answer| {
                u32::try_from(answer.body.len() + 64).unwrap_or(u32::MAX)
            })
            .time_to_live(TIME_TO_LIVE)
            .build();
        ContentCache {
            answers,
            generation: Arc::new(AtomicU64::new(0)),
            next_publish: Arc::new(AtomicI64::new(UNKNOWN)),
        }
    }
}

impl ContentCache {
    /// The cached answer for `key`, or the one `compute` gives (then kept).
    pub async fn get_or_compute<F, E>(&self, key: Key, compute: F) -> Result<Answer, E>
    where
        F: Future<Output = Result<Answer, E>>,
    {
        if let Some(answer) = self.answers.get(&key).await {
            return Ok(answer);
        }
        let generation = self.generation.load(Ordering::Acquire);
        let answer = compute.await?;
        self.answers.insert(key.clone(), answer.clone()).await;
        if self.generation.load(Ordering::Acquire) != generation {
            // Content changed while this answer was computed: it may be stale.
            self.answers.invalidate(&key).await;
        }
        Ok(answer)
    }

    /// Forgets the detail answers of these posts (their view counts rose).
    pub async fn forget_posts(&self, ids: &[Uuid]) {
        for id in ids {
            self.answers.invalidate(&Key::Post(*id)).await;
        }
    }

    /// Forgets every answer.
    pub fn clear(&self) {
        self.generation.fetch_add(1, Ordering::AcqRel);
        self.next_publish.store(UNKNOWN, Ordering::Release);
        self.answers.invalidate_all();
    }

    /// Call before answering from the cache anything that shows posts:
    /// clears it when a scheduled post's time has come, and learns when the
    /// next one is due after a clear.
    pub async fn keep_schedule(&self, pool: &sqlx::PgPool) -> sqlx::Result<()> {
        let now = unix_millis(time::OffsetDateTime::now_utc());
        let due = self.next_publish.load(Ordering::Acquire);
        if due != UNKNOWN && now < due {
            return Ok(());
        }
        if due != UNKNOWN {
            self.clear();
        }
        let generation = self.generation.load(Ordering::Acquire);
        let next = super::store::next_scheduled(pool)
            .await?
            .map_or(NOTHING_SCHEDULED, unix_millis);
        let _ =
            self.next_publish
                .compare_exchange(UNKNOWN, next, Ordering::AcqRel, Ordering::Acquire);
        if self.generation.load(Ordering::Acquire) != generation {
            // A write cleared the cache meanwhile: it may have scheduled
            // another post, so look again next time.
            self.next_publish.store(UNKNOWN, Ordering::Release);
        }
        Ok(())
    }
}

fn unix_millis(at: time::OffsetDateTime) -> i64 {
    i64::try_from(at.unix_timestamp_nanos() / 1_000_000).unwrap_or(i64::MAX)
}

/// Subscribes before returning (so no change published after start-up is
/// missed), then clears `cache` on every `content.changed` and forgets the
/// posts named by every `content.views`, until shutdown.
pub async fn listen(
    nats: &async_nats::Client,
    changed: String,
    views: String,
    cache: ContentCache,
    tracker: &TaskTracker,
    shutdown: CancellationToken,
) -> anyhow::Result<JoinHandle<()>> {
    let mut changes = nats.subscribe(changed).await?;
    let mut counted = nats.subscribe(views).await?;
    runtime::process::nats_round_trip(nats).await?;
    Ok(tracker.spawn(async move {
        loop {
            tokio::select! {
                next = changes.next() => match next {
                    Some(_) => cache.clear(),
                    None => break,
                },
                next = counted.next() => match next {
                    Some(message) => match serde_json::from_slice::<Vec<Uuid>>(&message.payload) {
                        Ok(ids) => cache.forget_posts(&ids).await,
                        Err(error) => tracing::warn!(%error, "malformed content.views"),
                    },
                    None => break,
                },
                () = shutdown.cancelled() => break,
            }
        }
    }))
}

/// Tells every gateway (this one at once, through `cache`) that the
/// content changed.
pub async fn changed(cache: &ContentCache, nats: &async_nats::Client, namespace: &Namespace) {
    cache.clear();
    let announced =
        crate::platform::bus::announce(nats, namespace.content_changed(), Bytes::new()).await;
    if let Err(error) = announced {
        // The write is committed; other gateways catch up within the cache's
        // time to live.
        tracing::error!(
            error = format!("{error:#}"),
            "failed to publish content.changed"
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn etags_are_strong_hashes_compared_weakly() {
        let answer = Answer::new(StatusCode::OK, Bytes::from_static(b"{}"));
        let tag = answer.etag.to_str().expect("ascii").to_owned();
        assert!(tag.starts_with('"') && tag.len() == 34, "{tag}");
        assert_eq!(
            answer.etag,
            Answer::new(StatusCode::OK, Bytes::from_static(b"{}")).etag
        );
        assert_ne!(
            answer.etag,
            Answer::new(StatusCode::OK, Bytes::from_static(b"[]")).etag
        );
        for header in [
            tag.clone(),
            format!("W/{tag}"),
            format!("\"x\", {tag}"),
            "*".to_owned(),
        ] {
            assert!(
                answer.matches(&HeaderValue::from_str(&header).expect("header")),
                "{header}"
            );
        }
        assert!(!answer.matches(&HeaderValue::from_static("\"other\"")));
    }

    #[test]
    fn a_large_answer_is_gzipped_once_with_an_etag_of_its_own() {
        let small = Answer::new(StatusCode::OK, Bytes::from_static(b"{}")).with_gzip();
        assert!(small.gzip.is_none());
        let body = Bytes::from("{\"posts\":[]} ".repeat(200));
        let answer = Answer::new(StatusCode::OK, body.clone()).with_gzip();
        let gzip = answer.gzip.clone().expect("gzipped");
        assert!(
            gzip.body.len() < body.len() / 4,
            "{} bytes",
            gzip.body.len()
        );
        let mut plain = String::new();
        std::io::Read::read_to_string(
            &mut flate2::read::GzDecoder::new(&gzip.body[..]),
            &mut plain,
        )
        .expect("gunzips");
        assert_eq!(plain.as_bytes(), &body[..]);
        let tag = answer.etag.to_str().expect("ascii");
        assert_eq!(gzip.etag, format!("{}-gzip\"", &tag[..tag.len() - 1]));
        assert!(answer.matches(&gzip.etag));
        assert!(answer.matches(&answer.etag));
    }

    #[tokio::test]
    async fn an_answer_computed_across_a_clear_is_not_kept() {
        let cache = ContentCache::default();
        let racing = cache.clone();
        let answer = cache
            .get_or_compute::<_, ()>(Key::Sitemap, async move {
                racing.clear();
                Ok(Answer::new(StatusCode::OK, Bytes::from_static(b"old")))
            })
            .await
            .expect("answer");
        assert_eq!(answer.body, "old");
        assert!(cache.answers.get(&Key::Sitemap).await.is_none());
    }
}
