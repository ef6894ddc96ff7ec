//! The loop every stream-fed role runs: a durable JetStream pull consumer,
//! messages handled with bounded concurrency, and each one acked only by
//! what its handler says once it has finished.

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

/// What became of one message.
pub enum Outcome {
    /// Handled (or already handled before): ack.
    Done,
    /// A passing failure (database or SMTP away): redeliver after a delay.
    Retry(anyhow::Error),
    /// It can never succeed (malformed, refers to nothing): drop it.
    Drop(anyhow::Error),
}

/// A durable consumer: every replica of a role shares it by name.
pub struct ConsumerSpec {
    pub name: &'static str,
    pub stream: jetstream::stream::Config,
    pub filter_subject: String,
    pub ack_wait: Duration,
    /// Deliveries before giving up (-1: never).
    pub max_deliver: i64,
    pub retry_after: Duration,
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
    let consumer = stream
        .get_or_create_consumer(
            name,
            pull::Config {
                durable_name: Some(name.to_owned()),
                filter_subject: spec.filter_subject,
                ack_wait: spec.ack_wait,
                max_deliver: spec.max_deliver,
                max_ack_pending: 1000,
                ..Default::default()
            },
        )
        .await
        .with_context(|| format!("failed to create the {name} consumer"))?;
    let mut messages = consumer
        .messages()
        .await
        .with_context(|| format!("failed to start the {name} consumer"))?;

    let handler = Arc::new(handler);
    let (concurrency, retry_after) = (spec.concurrency, spec.retry_after);
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
            tokio::spawn(async move {
                let span = tracing::info_span!("consume", otel.name = name, role = name);
                set_parent_from_headers(&span, message.headers.as_ref());
                let outcome = handler(message.clone()).instrument(span).await;
                let acked = match outcome {
                    Outcome::Done => message.double_ack().await,
                    Outcome::Retry(error) => {
                        tracing::warn!(role = name, error = format!("{error:#}"), "will retry");
                        message.ack_with(AckKind::Nak(Some(retry_after))).await
                    }
                    Outcome::Drop(error) => {
                        tracing::error!(
                            role = name,
                            error = format!("{error:#}"),
                            "message dropped"
                        );
                        message.ack_with(AckKind::Term).await
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
