//! The loop of the roles that add events up in batches (`views`,
//! `analytics`): a durable pull consumer whose messages gather for about a
//! second (or until a batch is full) and are then written in one
//! transaction, acked after the commit.
//!
//! Exactly once: a role's [`Batcher::write`] records each event's own id in
//! a counted-ids table in the same transaction that adds it up, and adds
//! only the ids it inserted, so an event redelivered after a crash
//! (committed, not yet acked) is skipped. [`Batcher::prune`] forgets the ids
//! at or below the consumer's ack floor, as JetStream never redelivers those.
//! A message that is no event is dead-lettered and terminated at once.

use std::time::Duration;

use anyhow::Context as _;
use async_nats::jetstream::{self, AckKind, consumer::pull};
use futures::StreamExt as _;
use sqlx::PgPool;
use tokio::task::JoinHandle;

use crate::WorkerContext;
use crate::dead_letters::{self, Reason};

/// How a batching role consumes.
#[derive(Clone, Debug)]
pub struct BatchSpec {
    /// The durable consumer's name, also the role's name in logs and dead letters.
    pub name: &'static str,
    pub filter_subject: String,
    /// How long events gather before they are written.
    pub flush_every: Duration,
    /// A flush starts early past this many events.
    pub max_batch: usize,
    /// Events in flight (delivered, not acked); bounds memory while
    /// Postgres is away.
    pub max_ack_pending: i64,
    pub ack_wait: Duration,
    pub prune_every: Duration,
}

impl BatchSpec {
    /// The settings both batching roles use: a second per batch, at most
    /// 5,000 events, 20,000 in flight.
    pub fn every_second(name: &'static str, filter_subject: String) -> Self {
        BatchSpec {
            name,
            filter_subject,
            flush_every: Duration::from_secs(1),
            max_batch: 5_000,
            max_ack_pending: 20_000,
            ack_wait: Duration::from_secs(30),
            prune_every: Duration::from_secs(60),
        }
    }
}

/// What a batching role does with its events.
pub trait Batcher: Send + Sync + 'static {
    /// One event, parsed from its message.
    type Item: Send + 'static;
    /// What a write reports, for [`Batcher::written`].
    type Written: Send;

    /// The event a message carries; an error dead-letters the message.
    fn parse(&self, message: &jetstream::Message) -> anyhow::Result<Self::Item>;

    /// Adds the events up in one transaction, skipping those counted before.
    fn write(
        &self,
        pool: &PgPool,
        items: &[Self::Item],
    ) -> impl Future<Output = sqlx::Result<Self::Written>> + Send;

    /// After the batch is written and acked (e.g. tell the gateways).
    fn written(
        &self,
        ctx: &WorkerContext,
        written: Self::Written,
    ) -> impl Future<Output = ()> + Send {
        let _ = (ctx, written);
        async {}
    }

    /// Forgets the counted ids at or below `ack_floor`; returns how many.
    fn prune(
        &self,
        pool: &PgPool,
        ack_floor: u64,
    ) -> impl Future<Output = sqlx::Result<u64>> + Send;
}

/// Events gathered since the last flush, with the messages to ack after it.
struct Batch<T> {
    items: Vec<T>,
    messages: Vec<jetstream::Message>,
}

impl<T> Default for Batch<T> {
    fn default() -> Self {
        Batch {
            items: Vec::new(),
            messages: Vec::new(),
        }
    }
}

/// Starts consuming on the `INTAKE` stream; returns once the consumer exists.
pub async fn spawn<B: Batcher>(
    ctx: WorkerContext,
    spec: BatchSpec,
    batcher: B,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<JoinHandle<()>> {
    let name = spec.name;
    let stream = jetstream::new(ctx.nats.clone())
        .get_or_create_stream(ctx.namespace.intake_stream())
        .await
        .context("failed to create the INTAKE stream")?;
    let mut consumer = stream
        .create_consumer(pull::Config {
            durable_name: Some(name.to_owned()),
            filter_subject: spec.filter_subject.clone(),
            ack_wait: spec.ack_wait,
            max_ack_pending: spec.max_ack_pending,
            ..Default::default()
        })
        .await
        .with_context(|| format!("failed to create the {name} consumer"))?;
    let mut messages = consumer
        .messages()
        .await
        .with_context(|| format!("failed to start the {name} consumer"))?;

    Ok(tokio::spawn(async move {
        let mut batch = Batch::default();
        // The first ticks come one period after the start (a plain interval
        // ticks at once, which would flush whatever arrived in the first
        // instant as a batch of its own).
        let start = tokio::time::Instant::now();
        let mut flush_tick = tokio::time::interval_at(start + spec.flush_every, spec.flush_every);
        let mut prune_tick = tokio::time::interval_at(start + spec.prune_every, spec.prune_every);
        let mut shutdown = std::pin::pin!(shutdown);
        tracing::info!(role = name, "role started");
        loop {
            tokio::select! {
                () = &mut shutdown => break,
                _ = flush_tick.tick() => flush(&ctx, &batcher, name, &mut batch).await,
                _ = prune_tick.tick() => prune(&ctx.pool, &batcher, name, &mut consumer).await,
                next = messages.next() => match next {
                    Some(Ok(message)) => match batcher.parse(&message) {
                        Ok(item) => {
                            batch.items.push(item);
                            batch.messages.push(message);
                            if batch.items.len() >= spec.max_batch {
                                flush(&ctx, &batcher, name, &mut batch).await;
                            }
                        }
                        Err(error) => reject(&ctx.pool, name, spec.ack_wait, &message, &error).await,
                    },
                    Some(Err(error)) => tracing::warn!(role = name, %error, "consumer error"),
                    None => break,
                },
            }
        }
        // Whatever is not written now is redelivered to the next process.
        flush(&ctx, &batcher, name, &mut batch).await;
        tracing::info!(role = name, "role stopped");
    }))
}

/// Writes the batch, then acks its messages. On failure the batch is kept
/// (its messages held with progress acks) and retried on the next tick.
async fn flush<B: Batcher>(
    ctx: &WorkerContext,
    batcher: &B,
    name: &'static str,
    batch: &mut Batch<B::Item>,
) {
    if batch.items.is_empty() {
        return;
    }
    match batcher.write(&ctx.pool, &batch.items).await {
        Ok(written) => {
            let acks = batch.messages.iter().map(|message| message.ack());
            for acked in futures::future::join_all(acks).await {
                if let Err(error) = acked {
                    // Redelivered later and skipped as counted.
                    tracing::warn!(role = name, %error, "ack not confirmed");
                }
            }
            tracing::debug!(role = name, events = batch.items.len(), "batch written");
            *batch = Batch::default();
            batcher.written(ctx, written).await;
        }
        Err(error) => {
            tracing::warn!(
                role = name,
                %error,
                events = batch.items.len(),
                "batch not written; retrying"
            );
            let progress = batch
                .messages
                .iter()
                .map(|message| message.ack_with(AckKind::Progress));
            let _ = futures::future::join_all(progress).await;
        }
    }
}

async fn prune<B: Batcher>(
    pool: &PgPool,
    batcher: &B,
    name: &'static str,
    consumer: &mut jetstream::consumer::PullConsumer,
) {
    let floor = match consumer.info().await {
        Ok(info) => info.ack_floor.stream_sequence,
        Err(error) => {
            tracing::warn!(role = name, %error, "no consumer info; not pruning");
            return;
        }
    };
    match batcher.prune(pool, floor).await {
        Ok(deleted) if deleted > 0 => tracing::debug!(role = name, deleted, "counted ids pruned"),
        Ok(_) => {}
        Err(error) => tracing::warn!(role = name, %error, "counted ids not pruned"),
    }
}

/// A message that is no event can never be counted: dead-lettered, then
/// terminated (left in JetStream when even that fails).
async fn reject(
    pool: &PgPool,
    name: &'static str,
    ack_wait: Duration,
    message: &jetstream::Message,
    error: &anyhow::Error,
) {
    let delivered = message.info().map_or(1, |info| info.delivered);
    let recorded = dead_letters::record(
        pool,
        name,
        message,
        &format!("{error:#}"),
        Reason::Data,
        delivered,
    )
    .await;
    let acked = match recorded {
        Ok(_) => message.ack_with(AckKind::Term).await,
        Err(error) => {
            tracing::warn!(role = name, %error, "dead letter not written; the event stays in JetStream");
            message.ack_with(AckKind::Nak(Some(ack_wait))).await
        }
    };
    if let Err(error) = acked {
        tracing::warn!(role = name, %error, "ack not confirmed");
    }
}

/// The stream sequence of a JetStream message.
pub fn stream_seq(message: &jetstream::Message) -> anyhow::Result<u64> {
    message
        .info()
        .map(|info| info.stream_sequence)
        .map_err(|error| anyhow::anyhow!("no JetStream info: {error}"))
}

/// Deletes the rows of a counted-ids `table` (with a `stream_seq` column)
/// at or below `ack_floor`; returns how many.
pub async fn prune_counted(
    pool: &PgPool,
    table: &'static str,
    ack_floor: u64,
) -> sqlx::Result<u64> {
    let floor = i64::try_from(ack_floor).unwrap_or(i64::MAX);
    // Not a macro: the table is the caller's.
    let deleted = sqlx::query(&format!("delete from {table} where stream_seq <= $1"))
        .bind(floor)
        .execute(pool)
        .await?;
    Ok(deleted.rows_affected())
}
