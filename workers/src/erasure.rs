//! The worker side of a data subject's erasure: each role that owns tables
//! holding personal data answers `owners.<table>.erase`
//! ([`contract::privacy::ErasePerson`]) in the `owners` queue group, with
//! the number of rows it changed. The SQL lives in the owning modules:
//! `chat.rs` (`chat_messages`), `accounts/users.rs` and `outbox.rs`
//! (`users`, `outbox`), `requests/`, `mail/` and `reset_tokens.rs`
//! (`waitlist_entries`, `sent_emails`, `password_reset_tokens`). Every
//! handler is idempotent: asked again, it changes nothing more.
//!
//! A correction takes the same path ([`serve_requests`]): the `requests` role
//! answers `owners.waitlist_entries.correct`
//! ([`contract::privacy::CorrectPerson`]).

use anyhow::Context as _;
use contract::owners::{OWNERS_QUEUE_GROUP, OwnerReply};
use contract::privacy::ErasePerson;
use futures::StreamExt as _;
use serde::de::DeserializeOwned;
use tokio::task::JoinHandle;

use crate::WorkerContext;

/// Answers erasure requests on `subject` with `erase` until `shutdown`;
/// returns once the subscription is live on the server.
pub async fn serve<F, Fut>(
    ctx: &WorkerContext,
    subject: String,
    shutdown: impl Future<Output = ()> + Send + 'static,
    erase: F,
) -> anyhow::Result<JoinHandle<()>>
where
    F: Fn(ErasePerson) -> Fut + Send + Sync + 'static,
    Fut: Future<Output = sqlx::Result<u64>> + Send,
{
    serve_requests(ctx, subject, shutdown, erase).await
}

/// Answers a data subject's requests of type `T` on `subject` with
/// `handle` (the rows it changed) until `shutdown`; returns once the
/// subscription is live on the server.
pub async fn serve_requests<T, F, Fut>(
    ctx: &WorkerContext,
    subject: String,
    shutdown: impl Future<Output = ()> + Send + 'static,
    handle: F,
) -> anyhow::Result<JoinHandle<()>>
where
    T: DeserializeOwned + Send + 'static,
    F: Fn(T) -> Fut + Send + Sync + 'static,
    Fut: Future<Output = sqlx::Result<u64>> + Send,
{
    let mut requests = ctx
        .nats
        .queue_subscribe(subject.clone(), OWNERS_QUEUE_GROUP.to_owned())
        .await
        .with_context(|| format!("failed to subscribe to {subject}"))?;
    runtime::process::nats_round_trip(&ctx.nats)
        .await
        .context("NATS did not confirm the subscription")?;
    let nats = ctx.nats.clone();
    Ok(tokio::spawn(async move {
        let mut shutdown = std::pin::pin!(shutdown);
        loop {
            let message = tokio::select! {
                () = &mut shutdown => break,
                next = requests.next() => match next {
                    Some(message) => message,
                    None => break,
                },
            };
            let reply: OwnerReply<u64> = match serde_json::from_slice::<T>(&message.payload) {
                Err(error) => {
                    tracing::error!(%error, subject, "malformed data subject request");
                    OwnerReply::Refused
                }
                Ok(person) => match handle(person).await {
                    Ok(rows) => {
                        tracing::info!(rows, subject, "changed a person's rows");
                        OwnerReply::Done(rows)
                    }
                    Err(error) => {
                        tracing::error!(%error, subject, "data subject request failed");
                        OwnerReply::failure(&error)
                    }
                },
            };
            if let Some(reply_to) = message.reply {
                let payload = serde_json::to_vec(&reply).unwrap_or_default();
                if let Err(error) = nats.publish(reply_to, payload.into()).await {
                    tracing::warn!(%error, subject, "failed to answer a data subject request");
                }
            }
        }
    }))
}
