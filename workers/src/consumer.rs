//! The loop every stream-fed role runs: a durable JetStream pull consumer,
//! messages handled with bounded concurrency, and each one acked only by
//! what its handler says once it has finished.
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
    if code.starts_with("22") || code.starts_with("23") {
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
    let name = spec.name;
    let stream = jetstream::new(ctx.nats.clone())
        .get_or_create_stream(spec.stream)
        .await
        .with_context(|| format!("failed to create the stream for {name}"))?;
    // Create or update: a consumer left by an older release (max_deliver -1)
    // takes this release's limits.
    let consumer = stream
        .create_consumer(pull::Config {
            durable_name: Some(name.to_owned()),
            filter_subject: spec.filter_subject,
            ack_wait: spec.ack_wait,
            max_deliver: spec.retry.server_max_deliver(),
            max_ack_pending: 1000,
            ..Default::default()
        })
        .await
        .with_context(|| format!("failed to create the {name} consumer"))?;
    let mut messages = consumer
        .messages()
        .await
        .with_context(|| format!("failed to start the {name} consumer"))?;

    let handler = Arc::new(handler);
    let (concurrency, retry, ack_wait) = (spec.concurrency, spec.retry, spec.ack_wait);
    let pool = ctx.pool.clone();
    Ok(tokio::spawn(async move {
        let permits = Arc::new(Semaphore::new(concurrency));
        let mut shutdown = std::pin::pin!(shutdown);
        tracing::info!(role = name, "role started");
        loop {
            let message = tokio::select! {
                () = &mut shutdown => break,
                next = messages.next() => match next {
                    Some(Ok(message)) => message,
                    Some(Err(error)) => {
                        tracing::warn!(role = name, %error, "consumer error");
                        continue;
                    }
                    None => break,
                },
            };
            let Ok(permit) = permits.clone().acquire_owned().await else {
                break;
            };
            let handler = Arc::clone(&handler);
            let pool = pool.clone();
            tokio::spawn(async move {
                let span = tracing::info_span!("consume", otel.name = name, role = name);
                set_parent_from_headers(&span, message.headers.as_ref());
                let outcome = handler(message.clone()).instrument(span).await;
                let delivered = message.info().map_or(1, |info| info.delivered);
                let acked = match outcome {
                    Outcome::Done => message.double_ack().await,
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
                        let dead = DeadMessage {
                            pool: &pool,
                            role: name,
                            message: &message,
                            error: &error,
                            reason: Reason::Exhausted,
                            deliveries: delivered,
                        };
                        dead.record_then_term(retry, ack_wait).await
                    }
                    Outcome::Reject(error) => {
                        let dead = DeadMessage {
                            pool: &pool,
                            role: name,
                            message: &message,
                            error: &error,
                            reason: Reason::Data,
                            deliveries: delivered,
                        };
                        dead.record_then_term(retry, ack_wait).await
                    }
                };
                if let Err(error) = acked {
                    // Unacked messages are redelivered; handlers are idempotent.
                    tracing::warn!(role = name, %error, "ack not confirmed");
                }
                drop(permit);
            });
        }
        let _ = permits.acquire_many(concurrency as u32).await;
        tracing::info!(role = name, "role stopped");
    }))
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
