//! This namespace's JetStream streams and what waits for each consumer, for
//! the database page and `/metrics`.
//!
//! Every consumer figure is the consumer's own: JetStream counts
//! `num_pending` over the subjects the consumer receives, and the oldest
//! waiting message is looked up with the consumer's filter. A stream's total
//! (which includes subjects the consumer never receives) is never set
//! against a consumer.

use anyhow::Context as _;
use async_nats::jetstream::consumer::Info as ConsumerInfo;
use async_nats::jetstream::stream::{RawMessageErrorKind, Stream};
use contract::database::{ConsumerSummary, StreamSummary};
use futures::TryStreamExt as _;
use time::OffsetDateTime;

/// The streams (and key-value buckets) of this namespace with their
/// consumers, by name.
pub async fn streams(
    jetstream: &async_nats::jetstream::Context,
    namespace: &contract::Namespace,
) -> anyhow::Result<Vec<StreamSummary>> {
    let infos: Vec<_> = jetstream.streams().try_collect().await?;
    let now = OffsetDateTime::now_utc();
    let mut streams = Vec::new();
    for info in infos {
        let name = info.config.name.clone();
        if !namespace.owns_stream(&name) {
            continue;
        }
        let stream = jetstream.get_stream(&name).await?;
        let infos: Vec<ConsumerInfo> = stream.consumers().try_collect().await?;
        let mut consumers = Vec::with_capacity(infos.len());
        for consumer in infos {
            let oldest = oldest_unacked(&stream, &consumer)
                .await
                .with_context(|| format!("failed to read what waits for {}", consumer.name))?;
            consumers.push(summary(consumer, oldest, now));
        }
        consumers.sort_by(|a, b| a.name.cmp(&b.name));
        streams.push(StreamSummary {
            name,
            messages: info.state.messages,
            bytes: info.state.bytes,
            last_seq: info.state.last_sequence,
            consumers,
        });
    }
    streams.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(streams)
}

/// The subjects a consumer receives; empty when it receives the whole stream.
fn filters(consumer: &ConsumerInfo) -> Vec<String> {
    let config = &consumer.config;
    let mut subjects = config.filter_subjects.clone();
    if !config.filter_subject.is_empty() {
        subjects.push(config.filter_subject.clone());
    }
    subjects
}

fn summary(
    consumer: ConsumerInfo,
    oldest: Option<OffsetDateTime>,
    now: OffsetDateTime,
) -> ConsumerSummary {
    ConsumerSummary {
        filter_subjects: filters(&consumer),
        pending: consumer.num_pending,
        ack_pending: u64::try_from(consumer.num_ack_pending).unwrap_or(0),
        redelivered: u64::try_from(consumer.num_redelivered).unwrap_or(0),
        ack_floor: consumer.ack_floor.stream_sequence,
        // A clock a little behind the server's makes a fresh message 0 s old.
        oldest_unacked_seconds: oldest
            .map(|stored| u64::try_from((now - stored).whole_seconds()).unwrap_or(0)),
        name: consumer.name,
    }
}

/// When the oldest message the consumer has not acknowledged (delivered or
/// not) was stored: the first message after its ack floor on a subject it
/// receives — everything up to the floor is acknowledged, and the floor would
/// have moved past that message were it acknowledged. `None` when nothing
/// waits, or when that message is gone from the stream (limits, purge).
async fn oldest_unacked(
    stream: &Stream,
    consumer: &ConsumerInfo,
) -> anyhow::Result<Option<OffsetDateTime>> {
    if consumer.num_pending == 0 && consumer.num_ack_pending == 0 {
        return Ok(None);
    }
    let after = consumer.ack_floor.stream_sequence + 1;
    let mut subjects = filters(consumer);
    if subjects.is_empty() {
        subjects.push(">".to_owned());
    }
    let mut oldest: Option<(u64, OffsetDateTime)> = None;
    for subject in subjects {
        let found = stream
            .raw_message_builder()
            .sequence(after)
            .next_by_subject(subject)
            .send()
            .await;
        match found {
            Ok(message) => {
                if oldest.is_none_or(|(sequence, _)| message.sequence < sequence) {
                    oldest = Some((message.sequence, message.time));
                }
            }
            Err(error) if error.kind() == RawMessageErrorKind::NoMessageFound => {}
            Err(error) => return Err(error.into()),
        }
    }
    Ok(oldest.map(|(_, time)| time))
}

/// JetStream file storage as this account sees it: bytes used and the
/// limit, the account's own or else `JETSTREAM_STORE_LIMIT_BYTES` (JetStream
/// does not tell clients its server's `max_file_store`).
#[derive(Clone, Copy, Debug)]
pub struct Storage {
    pub used: u64,
    pub limit: Option<u64>,
}

/// Readiness fails at this share of the limit: the next writes will not fit.
const FULL_AT: f64 = 0.98;

impl Storage {
    /// Whether the store is (all but) full.
    pub fn full(&self) -> bool {
        self.limit.is_some_and(|limit| {
            #[expect(clippy::cast_precision_loss, reason = "a ratio needs no exact bytes")]
            let share = self.used as f64 / limit.max(1) as f64;
            share >= FULL_AT
        })
    }
}

/// Reads the account's storage from JetStream.
pub async fn storage(
    jetstream: &async_nats::jetstream::Context,
    configured_limit: u64,
) -> anyhow::Result<Storage> {
    let account = jetstream
        .query_account()
        .await
        .context("failed to read the JetStream account")?;
    let limit = account
        .limits
        .max_storage
        .and_then(|limit| u64::try_from(limit).ok())
        .filter(|&limit| limit > 0)
        .or((configured_limit > 0).then_some(configured_limit));
    Ok(Storage {
        used: account.storage,
        limit,
    })
}
