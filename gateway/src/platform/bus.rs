//! NATS for any domain: core announcements that other gateways act on
//! (cache clears, revocations, session and chat changes), published until
//! the server has them, and followed by a task per subject; and durable
//! publishing to a JetStream stream, acknowledged once the stream has
//! stored the message.

use bytes::Bytes;
use uuid::Uuid;

use crate::platform::error::ApiError;
use crate::platform::words::Words;

/// Publishes `payload` on `subject` and waits until the server has it.
pub async fn announce(
    nats: &async_nats::Client,
    subject: String,
    payload: Bytes,
) -> anyhow::Result<()> {
    nats.publish(subject, payload).await?;
    runtime::process::nats_round_trip(nats).await?;
    Ok(())
}

/// Subscribes to `subject` — the server has the subscription when this
/// returns, so nothing announced afterwards is missed — then hands each
/// message to `handle`, one at a time, on a task of `tracker`, until
/// `shutdown` or the subscription ends.
pub async fn follow<F, Fut>(
    nats: &async_nats::Client,
    subject: String,
    tracker: &tokio_util::task::TaskTracker,
    shutdown: tokio_util::sync::CancellationToken,
    mut handle: F,
) -> anyhow::Result<tokio::task::JoinHandle<()>>
where
    F: FnMut(async_nats::Message) -> Fut + Send + 'static,
    Fut: Future<Output = ()> + Send,
{
    use futures::StreamExt as _;
    let mut messages = nats.subscribe(subject).await?;
    runtime::process::nats_round_trip(nats).await?;
    Ok(tracker.spawn(async move {
        loop {
            let message = tokio::select! {
                next = messages.next() => match next {
                    Some(message) => message,
                    None => break,
                },
                () = shutdown.cancelled() => break,
            };
            handle(message).await;
        }
    }))
}

/// Answers requests to a table's owner on `subject`, as one of every
/// gateway's [`contract::owners::OWNERS_QUEUE_GROUP`]: subscribes (the
/// server has the subscription when this returns), then runs `handle` for
/// each request on a task of `tracker` and sends back its answer, until
/// `shutdown`. A request in flight at shutdown still gets its answer.
pub async fn serve<F, Fut, R>(
    nats: &async_nats::Client,
    subject: String,
    tracker: &tokio_util::task::TaskTracker,
    shutdown: tokio_util::sync::CancellationToken,
    handle: F,
) -> anyhow::Result<tokio::task::JoinHandle<()>>
where
    F: Fn(async_nats::Message) -> Fut + Send + 'static,
    Fut: Future<Output = contract::owners::OwnerReply<R>> + Send + 'static,
    R: serde::Serialize + Send + 'static,
{
    use futures::StreamExt as _;
    let mut requests = nats
        .queue_subscribe(subject, contract::owners::OWNERS_QUEUE_GROUP.to_owned())
        .await?;
    runtime::process::nats_round_trip(nats).await?;
    let nats = nats.clone();
    let tasks = tracker.clone();
    Ok(tracker.spawn(async move {
        loop {
            let request = tokio::select! {
                next = requests.next() => match next {
                    Some(request) => request,
                    None => break,
                },
                () = shutdown.cancelled() => break,
            };
            let Some(reply_to) = request.reply.clone() else {
                continue;
            };
            let answer = handle(request);
            let nats = nats.clone();
            tasks.spawn(async move {
                let answer = answer.await;
                // Serialising our own plain types cannot fail.
                let payload = serde_json::to_vec(&answer).unwrap_or_default();
                if let Err(error) = nats.publish(reply_to, payload.into()).await {
                    tracing::warn!(%error, "failed to answer a request to a table's owner");
                }
            });
        }
    }))
}

/// How long after an announced change a follower drops its copy again.
const SECOND_EVICTION_AFTER: std::time::Duration = std::time::Duration::from_secs(1);

/// Drops a cached copy as an announced change arrives: `evict(target)` now,
/// and once more a moment later, in case a read that started before the
/// change was still putting the old copy back.
pub async fn evict_twice<T, F, Fut>(target: T, evict: F)
where
    T: Clone + Send + 'static,
    F: Fn(T) -> Fut + Send + 'static,
    Fut: Future<Output = ()> + Send,
{
    evict(target.clone()).await;
    tokio::spawn(async move {
        tokio::time::sleep(SECOND_EVICTION_AFTER).await;
        evict(target).await;
    });
}

/// A message the bus did not take.
#[derive(Debug, thiserror::Error)]
#[error("not accepted by JetStream")]
pub struct BusError(#[source] async_nats::jetstream::context::PublishError);

/// Publishes `payload` (as JSON) on the stream that captures `subject` and
/// returns once JetStream has stored it: its PubAck, which says whether the
/// `Nats-Msg-Id` was a duplicate within the stream's window (and then names
/// the sequence of the message stored first). The message carries this
/// publish's span as its trace context, so the consumer's span nests under it.
#[tracing::instrument(
    name = "jetstream.publish",
    skip_all,
    fields(
        otel.kind = "producer",
        messaging.system = "nats",
        messaging.destination.name = %subject,
    )
)]
pub async fn publish_durable(
    state: &impl DurableBus,
    kind: &'static str,
    subject: String,
    mut headers: async_nats::HeaderMap,
    payload: &impl serde::Serialize,
) -> Result<async_nats::jetstream::publish::PublishAck, BusError> {
    contract::telemetry::inject_trace_context(&mut headers);
    // Serialising our own plain types cannot fail.
    let payload = serde_json::to_vec(payload).unwrap_or_default();
    let stored = async {
        state
            .jetstream()
            .publish_with_headers(subject, headers, payload.into())
            .await?
            .await
    };
    match stored.await {
        Ok(ack) => {
            state.store_health().stored();
            Ok(ack)
        }
        Err(error) => {
            // Readiness and the overview learn of a full store from here too
            // (found by chaos fault 7: chat is most of what is written).
            state.store_health().failed(kind, &error);
            Err(BusError(error))
        }
    }
}

/// Publishes `event` on the `INTAKE` stream with `id` as its `Nats-Msg-Id`
/// and waits until JetStream stored it, so a 202 after this is never lost;
/// `unavailable` is the 503 text when it was not stored. For the public calls
/// whose work a `requests` worker does.
pub async fn enqueue(
    state: &impl DurableBus,
    subject: String,
    id: Uuid,
    event: &impl serde::Serialize,
    unavailable: impl Into<Words>,
) -> Result<(), ApiError> {
    let payload = serde_json::to_vec(event).map_err(anyhow::Error::from)?;
    let headers = contract::telemetry::deduplicated_headers(&id.to_string());
    let stored = async {
        state
            .jetstream()
            .publish_with_headers(subject.clone(), headers, payload.into())
            .await?
            .await
    };
    if let Err(error) = stored.await {
        // One line per interval however many requests fail (a full store
        // fails them all).
        state.store_health().failed("intake", &error);
        return Err(ApiError::Unavailable(unavailable.into()));
    }
    state.store_health().stored();
    Ok(())
}

/// What a durable publish needs from the app's state: the JetStream
/// context, and the record of failed writes that readiness and the
/// overview read.
pub trait DurableBus: Sync {
    fn jetstream(&self) -> &async_nats::jetstream::Context;
    fn store_health(&self) -> &crate::platform::store_health::StoreHealth;
}
