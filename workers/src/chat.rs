//! The `chat` role: stores chat messages from the `CHAT` stream and tells
//! every gateway about them. A message is acked only after its insert has
//! committed, and the insert is idempotent on the message id, so a crash at
//! any point loses nothing and duplicates nothing.

use std::sync::Arc;
use std::time::Duration;

use anyhow::Context as _;
use async_nats::jetstream::{self, AckKind, consumer::pull};
use contract::chat::{CONFIRM_TO_HEADER, InboxReason, SendMessage, SenderType, ServerFrame};
use contract::telemetry::set_parent_from_headers;
use futures::StreamExt as _;
use tokio::sync::Semaphore;
use tokio::task::JoinHandle;
use tracing::Instrument as _;

use crate::WorkerContext;

/// Durable consumer name; every replica of the role shares it.
const CONSUMER: &str = "chat";
/// Messages handled at once by one replica.
const CONCURRENCY: usize = 16;

/// Failures worth a retry (the database is away) versus ones that never heal.
enum Failure {
    Retry(anyhow::Error),
    Fatal(anyhow::Error),
}

/// Starts consuming; returns once the consumer exists.
pub async fn spawn(
    ctx: WorkerContext,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<JoinHandle<()>> {
    let jetstream = jetstream::new(ctx.nats.clone());
    let stream = jetstream
        .get_or_create_stream(ctx.namespace.chat_stream())
        .await
        .context("failed to create the CHAT stream")?;
    let consumer = stream
        .get_or_create_consumer(
            CONSUMER,
            pull::Config {
                durable_name: Some(CONSUMER.to_owned()),
                filter_subject: ctx.namespace.chat_send_all(),
                ack_wait: Duration::from_secs(30),
                max_ack_pending: 1000,
                ..Default::default()
            },
        )
        .await
        .context("failed to create the chat consumer")?;
    let mut messages = consumer
        .messages()
        .await
        .context("failed to start consuming chat messages")?;

    Ok(tokio::spawn(async move {
        let permits = Arc::new(Semaphore::new(CONCURRENCY));
        let mut shutdown = std::pin::pin!(shutdown);
        tracing::info!("chat role started");
        loop {
            let message = tokio::select! {
                () = &mut shutdown => break,
                next = messages.next() => match next {
                    Some(Ok(message)) => message,
                    Some(Err(error)) => {
                        tracing::warn!(%error, "chat consumer error");
                        continue;
                    }
                    None => break,
                },
            };
            let Ok(permit) = permits.clone().acquire_owned().await else {
                break;
            };
            let ctx = ctx.clone();
            tokio::spawn(async move {
                handle(&ctx, message).await;
                drop(permit);
            });
        }
        let _ = permits.acquire_many(CONCURRENCY as u32).await;
        tracing::info!("chat role stopped");
    }))
}

async fn handle(ctx: &WorkerContext, message: jetstream::Message) {
    let span = tracing::info_span!("chat.store", chat.session_id = tracing::field::Empty);
    set_parent_from_headers(&span, message.headers.as_ref());
    async {
        match store(ctx, &message).await {
            Ok(()) => {}
            Err(Failure::Retry(error)) => {
                tracing::warn!(error = format!("{error:#}"), "chat message will be retried");
                let _ = message.ack_with(AckKind::Nak(Some(Duration::from_secs(1)))).await;
            }
            Err(Failure::Fatal(error)) => {
                tracing::error!(error = format!("{error:#}"), "chat message dropped");
                let _ = message.ack_with(AckKind::Term).await;
            }
        }
    }
    .instrument(span)
    .await;
}

async fn store(ctx: &WorkerContext, message: &jetstream::Message) -> Result<(), Failure> {
    let command: SendMessage = serde_json::from_slice(&message.payload)
        .map_err(|e| Failure::Fatal(anyhow::Error::new(e).context("malformed chat command")))?;
    let chat = &command.message;
    tracing::Span::current().record("chat.session_id", tracing::field::display(chat.session_id));

    let mut tx = ctx.pool.begin().await.map_err(|e| Failure::Retry(e.into()))?;
    let inserted = sqlx::query(
        "insert into chat_messages (id, session_id, sender_type, agent_id, message, created_at)
         values ($1, $2, $3, $4, $5, $6)
         on conflict (id) do nothing",
    )
    .bind(chat.id)
    .bind(chat.session_id)
    .bind(chat.sender_type)
    .bind(command.agent_id)
    .bind(&chat.message)
    .bind(chat.created_at)
    .execute(&mut *tx)
    .await;
    let inserted = match inserted {
        Ok(result) => result.rows_affected() > 0,
        // The chat does not exist: retrying cannot help.
        Err(sqlx::Error::Database(e)) if e.is_foreign_key_violation() => {
            return Err(Failure::Fatal(anyhow::anyhow!("message for an unknown chat")));
        }
        Err(e) => return Err(Failure::Retry(e.into())),
    };
    if inserted {
        // A visitor writing again reopens a resolved chat.
        sqlx::query(
            "update chat_sessions
             set last_message_at = greatest(last_message_at, $2),
                 status = case when $3 = 'user' then 'open' else status end
             where id = $1",
        )
        .bind(chat.session_id)
        .bind(chat.created_at)
        .bind(chat.sender_type)
        .execute(&mut *tx)
        .await
        .map_err(|e| Failure::Retry(e.into()))?;
    }
    tx.commit().await.map_err(|e| Failure::Retry(e.into()))?;
    // Committed: from here on a redelivery is harmless.
    if let Err(error) = message.double_ack().await {
        tracing::warn!(%error, "ack not confirmed; a redelivery will be deduplicated");
    }

    // Announce even a redelivered message: the first delivery may have died
    // before announcing, and clients dedupe by refetching.
    let frame = ServerFrame::NewMessage {
        session_id: chat.session_id,
        message: chat.clone(),
    };
    let frame = serde_json::to_vec(&frame).unwrap_or_default();
    let headers = contract::telemetry::trace_headers();
    let _ = ctx
        .nats
        .publish_with_headers(ctx.namespace.chat_events(chat.session_id), headers, frame.into())
        .await;
    if chat.sender_type != SenderType::System {
        let update = ServerFrame::InboxUpdate {
            session_id: chat.session_id,
            reason: InboxReason::NewMessage,
        };
        let update = serde_json::to_vec(&update).unwrap_or_default();
        let _ = ctx.nats.publish(ctx.namespace.agents_events(), update.into()).await;
    }
    if let Some(confirm_to) = message
        .headers
        .as_ref()
        .and_then(|headers| headers.get(CONFIRM_TO_HEADER))
    {
        let _ = ctx
            .nats
            .publish(confirm_to.as_str().to_owned(), Default::default())
            .await;
    }
    Ok(())
}
