//! The loop every stream-fed role runs: a durable JetStream pull consumer,
//! messages handled with bounded concurrency (one at a time, [`spawn`], or in
//! batches of what has already arrived, [`spawn_batched`]), and each one
//! acked only by what its handler says once it has finished.
//!
//! No message is retried for ever. A data error ([`Outcome::Reject`]) is
//! recorded as a dead letter and terminated at once; a transient error
//! ([`Outcome::Retry`]) is redelivered with exponential backoff until the
//! role's last allowed delivery, which is dead-lettered as `exhausted`. A
//! message whose dead letter cannot be written stays in JetStream.

use std::sync::Arc;
use std::time::Duration;

use anyhow::Context as _;
use async_nats::jetstream::{self, AckKind, consumer::pull};
use contract::telemetry::set_parent_from_headers;
use futures::StreamExt as _;
use tokio::sync::Semaphore;
use tokio::task::JoinHandle;
use tracing::Instrument as _;

use crate::WorkerContext;
use crate::dead_letters::{self, Reason};

/// What became of one message.
#[derive(Debug)]
pub enum Outcome {
    /// Handled (or already handled before): ack.
    Done,
    /// A transient failure (database or SMTP away): redeliver after a backoff,
    /// up to the role's last allowed delivery.
    Retry(anyhow::Error),
    /// A data error: the message can never succeed (malformed, refers to
    /// nothing, refused by the database). Dead-lettered and terminated at once.
    Reject(anyhow::Error),
}

impl Outcome {
    /// The outcome of a failed request to a table's owner
    /// ([`contract::owners::ask`]): a rejection when the owner refused the
    /// data, else a retry (the owner may be back at the next delivery).
    pub fn from_owner(error: anyhow::Error) -> Self {
        if error.downcast_ref::<contract::owners::Refused>().is_some() {
            Outcome::Reject(error)
        } else {
            Outcome::Retry(error)
        }
    }

    /// The outcome of a failed database call, by what the failure says about
    /// the message (see [`classify`]).
    pub fn from_sqlx(error: sqlx::Error) -> Self {
        match classify(&error) {
            Failure::Data => Outcome::Reject(error.into()),
            Failure::Transient => Outcome::Retry(error.into()),
        }
    }
}

/// Whether retrying a failure can ever help.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The same message will fail the same way every time.
    Data,
    /// The cause may go away (connection, pool, lock conflict…).
    Transient,
}

/// Classifies a database failure: Postgres data exceptions (SQLSTATE class
/// 22, e.g. 22021 for a NUL in text) and integrity violations (class 23) are
/// data errors; everything else, including lost connections, pool time-outs
/// and serialization failures (40001), is transient.
pub fn classify(error: &sqlx::Error) -> Failure {
    match error {
        sqlx::Error::Database(error) => error
            .code()
            .map_or(Failure::Transient, |code| classify_sqlstate(&code)),
        _ => Failure::Transient,
    }
}

/// Classifies a SQLSTATE code (see [`classify`]).
pub fn classify_sqlstate(code: &str) -> Failure {
    if contract::owners::is_data_error(code) {
        Failure::Data
    } else {
        Failure::Transient
    }
}

/// How a role retries transient failures.
#[derive(Clone, Copy, Debug)]
pub struct RetryPolicy {
    /// Deliveries (the first one included) before a message is dead-lettered.
    pub max_deliveries: i64,
    /// The delay before the second delivery; it doubles for each next one.
    pub backoff_base: Duration,
    /// The longest delay between two deliveries.
    pub backoff_cap: Duration,
}

impl RetryPolicy {
    /// The delay before redelivering a message delivered `delivered` times
    /// so far: base, 2 × base, 4 × base… capped.
    pub fn backoff(&self, delivered: i64) -> Duration {
        let doublings = u32::try_from(delivered.saturating_sub(1).clamp(0, 30)).unwrap_or(30);
        self.backoff_base
            .saturating_mul(1 << doublings)
            .min(self.backoff_cap)
    }

    /// Whether delivery number `delivered` is the last this policy allows.
    pub fn is_last(&self, delivered: i64) -> bool {
        delivered >= self.max_deliveries
    }

    /// The consumer's `max_deliver`: one above our own limit, so that this
    /// code, not the server, decides when to give up (and a failed dead-letter
    /// write on the last delivery still gets one more delivery).
    pub fn server_max_deliver(&self) -> i64 {
        self.max_deliveries + 1
    }
}

/// A durable consumer: every replica of a role shares it by name.
pub struct ConsumerSpec {
    pub name: &'static str,
    pub stream: jetstream::stream::Config,
    pub filter_subject: String,
    pub ack_wait: Duration,
    pub retry: RetryPolicy,
    pub concurrency: usize,
}

/// How a batched consumer ([`spawn_batched`]) gathers a batch.
#[derive(Clone, Copy, Debug)]
pub struct Batching {
    /// The most messages handed to the handler at once.
    pub max_messages: usize,
    /// How long to wait for more messages once a batch has its first one.
    /// Zero takes only what has already arrived: a lone message goes at
    /// once, and batches grow by themselves while the handlers are busy.
    pub linger: Duration,
}

/// The messages' stream of a durable consumer, created (with its stream) or
/// updated to `spec`.
async fn subscribe(ctx: &WorkerContext, spec: &ConsumerSpec) -> anyhow::Result<pull::Stream> {
    let name = spec.name;
    let stream = jetstream::new(ctx.nats.clone())
        .get_or_create_stream(spec.stream.clone())
        .await
        .with_context(|| format!("failed to create the stream for {name}"))?;
    // Create or update: a consumer left by an older release (max_deliver -1)
    // takes this release's limits. A cluster that is busy, or still electing
    // the stream's leader, can let the request time out: it is asked again
    // (creating is idempotent) a few times before the role gives up.
    let config = pull::Config {
        durable_name: Some(name.to_owned()),
        filter_subject: spec.filter_subject.clone(),
        ack_wait: spec.ack_wait,
        max_deliver: spec.retry.server_max_deliver(),
        max_ack_pending: 1000,
        ..Default::default()
    };
    let mut attempt = 1;
    let consumer = loop {
        match stream.create_consumer(config.clone()).await {
            Ok(consumer) => break consumer,
            Err(error) if attempt < CREATE_ATTEMPTS => {
                tracing::warn!(%error, consumer = name, attempt, "creating the consumer failed; asking again");
                attempt += 1;
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
            Err(error) => {
                return Err(anyhow::Error::new(error))
                    .with_context(|| format!("failed to create the {name} consumer"));
            }
        }
    };
    // A pull request lost with a NATS node (killed, or cut off from the
    // cluster) is noticed by its missing heartbeats: at the client's default
    // of 15 s (30 s to notice) a healed partition stalled the chat worker for
    // half a minute in `loadtests/run chaos`; at 2 s it is 4 s.
    consumer
        .stream()
        .expires(PULL_EXPIRES)
        .heartbeat(PULL_HEARTBEAT)
        .messages()
        .await
        .with_context(|| format!("failed to start the {name} consumer"))
}

/// How many times a role asks for its consumer before it fails to start.
const CREATE_ATTEMPTS: u32 = 3;

/// How long each pull request waits for messages before another is sent.
const PULL_EXPIRES: Duration = Duration::from_secs(10);
/// The server's idle heartbeat on a pull request; two missed ones restart it.
const PULL_HEARTBEAT: Duration = Duration::from_secs(2);

/// Creates the consumer (and stream) if needed and consumes until
/// `shutdown`, then waits for in-flight messages. Returns once consuming.
pub async fn spawn<H, F>(
    ctx: &WorkerContext,
    spec: ConsumerSpec,
    shutdown: impl Future<Output = ()> + Send + 'static,
    handler: H,
) -> anyhow::Result<JoinHandle<()>>
where
    H: Fn(jetstream::Message) -> F + Send + Sync + 'static,
    F: Future<Output = Outcome> + Send + 'static,
{
    let mut messages = subscribe(ctx, &spec).await?;
    let name = spec.name;
    let handler = Arc::new(handler);
    let concurrency = spec.concurrency;
    let settle = Settle::new(ctx, &spec);
    Ok(tokio::spawn(async move {
        let permits = Arc::new(Semaphore::new(concurrency));
        let mut shutdown = std::pin::pin!(shutdown);
        tracing::info!(role = name, "role started");
        while let Some(message) = next_message(&mut messages, &mut shutdown, name).await {
            let Ok(permit) = permits.clone().acquire_owned().await else {
                break;
            };
            let handler = Arc::clone(&handler);
            let settle = settle.clone();
            tokio::spawn(async move {
                let span = tracing::info_span!("consume", otel.name = name, role = name);
                set_parent_from_headers(&span, message.headers.as_ref());
                let outcome = handler(message.clone()).instrument(span).await;
                settle.apply(&message, outcome, Ack::Confirmed).await;
                drop(permit);
            });
        }
        let _ = permits.acquire_many(concurrency as u32).await;
        tracing::info!(role = name, "role stopped");
    }))
}

/// [`spawn`] for handlers that take many messages at once: after the first
/// message of a batch, it takes what else has arrived (up to
/// `batching.max_messages`, waiting at most `batching.linger`), hands them
/// over together, and settles each by the outcome the handler gives it, in
/// the same order (one outcome per message; a missing one counts as
/// [`Outcome::Retry`]). `spec.concurrency` bounds the batches in flight.
pub async fn spawn_batched<H, F>(
    ctx: &WorkerContext,
    spec: ConsumerSpec,
    batching: Batching,
    shutdown: impl Future<Output = ()> + Send + 'static,
    handler: H,
) -> anyhow::Result<JoinHandle<()>>
where
    H: Fn(Arc<[jetstream::Message]>) -> F + Send + Sync + 'static,
    F: Future<Output = Vec<Outcome>> + Send + 'static,
{
    let mut messages = subscribe(ctx, &spec).await?;
    let name = spec.name;
    let handler = Arc::new(handler);
    let concurrency = spec.concurrency;
    let max_messages = batching.max_messages.max(1);
    let settle = Settle::new(ctx, &spec);
    Ok(tokio::spawn(async move {
        let permits = Arc::new(Semaphore::new(concurrency));
        let mut shutdown = std::pin::pin!(shutdown);
        let mut ended = false;
        tracing::info!(role = name, "role started");
        while !ended {
            let Some(first) = next_message(&mut messages, &mut shutdown, name).await else {
                break;
            };
            // Waiting for a free slot lets the next batch grow meanwhile.
            let Ok(permit) = permits.clone().acquire_owned().await else {
                break;
            };
            let mut batch = vec![first];
            let deadline = tokio::time::Instant::now() + batching.linger;
            while batch.len() < max_messages {
                // `timeout_at` polls the stream before looking at the clock,
                // so a zero linger still takes every message already here.
                match tokio::time::timeout_at(deadline, messages.next()).await {
                    Ok(Some(Ok(message))) => batch.push(message),
                    Ok(Some(Err(error))) => {
                        tracing::warn!(role = name, %error, "consumer error");
                    }
                    Ok(None) => {
                        ended = true;
                        break;
                    }
                    Err(_) => break,
                }
            }
            let handler = Arc::clone(&handler);
            let settle = settle.clone();
            tokio::spawn(async move {
                let batch: Arc<[jetstream::Message]> = batch.into();
                let span = tracing::info_span!(
                    "consume_batch",
                    otel.name = name,
                    role = name,
                    messages = batch.len()
                );
                let outcomes = handler(Arc::clone(&batch)).instrument(span).await;
                let mut outcomes = outcomes.into_iter();
                let settled = batch.iter().map(|message| {
                    let outcome = outcomes.next().unwrap_or_else(|| {
                        Outcome::Retry(anyhow::anyhow!("the batch handler gave no outcome"))
                    });
                    settle.apply(message, outcome, Ack::Sent)
                });
                futures::future::join_all(settled).await;
                // The batch's acks, sent without a confirmation each.
                settle.write_acks().await;
                drop(permit);
            });
        }
        let _ = permits.acquire_many(concurrency as u32).await;
        tracing::info!(role = name, "role stopped");
    }))
}

/// The next message, or `None` once `shutdown` resolved or the consumer
/// ended; a consumer error is logged and the wait goes on.
async fn next_message(
    messages: &mut pull::Stream,
    shutdown: &mut (impl Future<Output = ()> + Unpin),
    name: &'static str,
) -> Option<jetstream::Message> {
    loop {
        tokio::select! {
            () = &mut *shutdown => return None,
            next = messages.next() => match next {
                Some(Ok(message)) => return Some(message),
                Some(Err(error)) => tracing::warn!(role = name, %error, "consumer error"),
                None => return None,
            },
        }
    }
}

/// The ack/nak/dead-letter rules, in one place for both loops.
#[derive(Clone)]
struct Settle {
    pool: sqlx::PgPool,
    nats: async_nats::Client,
    role: &'static str,
    retry: RetryPolicy,
    ack_wait: Duration,
}

/// How a handled message is acked.
#[derive(Clone, Copy)]
enum Ack {
    /// Waits for the server's confirmation of this ack.
    Confirmed,
    /// Sends it, unconfirmed; [`Settle::write_acks`] writes a batch's out.
    Sent,
}

impl Settle {
    fn new(ctx: &WorkerContext, spec: &ConsumerSpec) -> Self {
        Settle {
            pool: ctx.pool.clone(),
            nats: ctx.nats.clone(),
            role: spec.name,
            retry: spec.retry,
            ack_wait: spec.ack_wait,
        }
    }

    /// Records `message` as a dead letter for `reason`, then terminates it
    /// (see [`DeadMessage::record_then_term`]).
    async fn dead_letter(
        &self,
        message: &jetstream::Message,
        error: &anyhow::Error,
        reason: Reason,
        deliveries: i64,
    ) -> Result<(), async_nats::Error> {
        let dead = DeadMessage {
            pool: &self.pool,
            role: self.role,
            message,
            error,
            reason,
            deliveries,
        };
        dead.record_then_term(self.retry, self.ack_wait).await
    }

    /// Acks, naks with backoff or dead-letters `message` by `outcome`.
    async fn apply(&self, message: &jetstream::Message, outcome: Outcome, ack: Ack) {
        let (name, retry) = (self.role, self.retry);
        let delivered = message.info().map_or(1, |info| info.delivered);
        let acked = match outcome {
            Outcome::Done => match ack {
                Ack::Confirmed => message.double_ack().await,
                Ack::Sent => message.ack().await,
            },
            Outcome::Retry(error) if !retry.is_last(delivered) => {
                let delay = retry.backoff(delivered);
                tracing::warn!(
                    role = name,
                    error = format!("{error:#}"),
                    deliveries = delivered,
                    retry_in_ms = delay.as_millis() as u64,
                    "will retry"
                );
                message.ack_with(AckKind::Nak(Some(delay))).await
            }
            Outcome::Retry(error) => {
                self.dead_letter(message, &error, Reason::Exhausted, delivered)
                    .await
            }
            Outcome::Reject(error) => {
                self.dead_letter(message, &error, Reason::Data, delivered)
                    .await
            }
        };
        if let Err(error) = acked {
            // Unacked messages are redelivered; handlers are idempotent.
            tracing::warn!(role = name, %error, "ack not confirmed");
        }
    }

    /// Writes out the acks of [`Ack::Sent`] now. The server does not answer
    /// them: an ack lost with the connection means the message is delivered
    /// again, which the handlers' idempotence absorbs. (A confirmed ack per
    /// message cost a round trip each at 1,000 messages/s.)
    async fn write_acks(&self) {
        if let Err(error) = self.nats.flush().await {
            // Unacked messages are redelivered; handlers are idempotent.
            tracing::warn!(role = self.role, %error, "acks not written");
        }
    }
}

/// A message the consumer gives up on.
struct DeadMessage<'a> {
    pool: &'a sqlx::PgPool,
    role: &'static str,
    message: &'a jetstream::Message,
    error: &'a anyhow::Error,
    reason: Reason,
    deliveries: i64,
}

impl DeadMessage<'_> {
    /// Records the dead letter, then terminates the message. Until the record
    /// is written the message is never acked: it is nak'ed with backoff, or,
    /// past the last delivery the server will make, kept in flight (with
    /// progress acks) while the write is retried here.
    async fn record_then_term(
        self,
        retry: RetryPolicy,
        ack_wait: Duration,
    ) -> Result<(), async_nats::Error> {
        let mut attempt = self.deliveries;
        loop {
            match dead_letters::record(
                self.pool,
                self.role,
                self.message,
                &format!("{:#}", self.error),
                self.reason,
                self.deliveries,
            )
            .await
            {
                Ok(_) => return self.message.ack_with(AckKind::Term).await,
                Err(error) if self.deliveries < retry.server_max_deliver() => {
                    tracing::warn!(
                        role = self.role,
                        subject = %self.message.subject,
                        %error,
                        "dead letter not written; the message stays in JetStream"
                    );
                    return self
                        .message
                        .ack_with(AckKind::Nak(Some(retry.backoff(self.deliveries))))
                        .await;
                }
                Err(error) => {
                    // The server will not deliver it again: hold it here.
                    tracing::warn!(
                        role = self.role,
                        subject = %self.message.subject,
                        %error,
                        "dead letter not written; holding the message and retrying"
                    );
                    let delay = retry.backoff(attempt).min(ack_wait / 2);
                    attempt += 1;
                    tokio::time::sleep(delay).await;
                    self.message.ack_with(AckKind::Progress).await?;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn policy() -> RetryPolicy {
        RetryPolicy {
            max_deliveries: 10,
            backoff_base: Duration::from_secs(1),
            backoff_cap: Duration::from_secs(60),
        }
    }

    #[test]
    fn backoff_doubles_from_the_base_up_to_the_cap() {
        let delays: Vec<u64> = (1..=9).map(|n| policy().backoff(n).as_secs()).collect();
        assert_eq!(delays, [1, 2, 4, 8, 16, 32, 60, 60, 60]);
        assert_eq!(policy().backoff(i64::MAX), Duration::from_secs(60));
        assert_eq!(policy().backoff(0), Duration::from_secs(1));
    }

    #[test]
    fn the_server_allows_one_delivery_more_than_the_policy() {
        let policy = policy();
        assert!(!policy.is_last(9));
        assert!(policy.is_last(10));
        assert_eq!(policy.server_max_deliver(), 11);
    }

    #[test]
    fn data_exceptions_and_integrity_violations_are_data_errors() {
        for code in ["22021", "22001", "22P02", "23503", "23505", "23514"] {
            assert_eq!(classify_sqlstate(code), Failure::Data, "{code}");
        }
    }

    #[test]
    fn connection_and_concurrency_failures_are_transient() {
        for code in ["40001", "40P01", "08006", "53300", "57P01"] {
            assert_eq!(classify_sqlstate(code), Failure::Transient, "{code}");
        }
        assert_eq!(classify(&sqlx::Error::PoolTimedOut), Failure::Transient);
        assert_eq!(classify(&sqlx::Error::PoolClosed), Failure::Transient);
        let refused = std::io::Error::from(std::io::ErrorKind::ConnectionRefused);
        assert_eq!(classify(&sqlx::Error::Io(refused)), Failure::Transient);
    }
}
