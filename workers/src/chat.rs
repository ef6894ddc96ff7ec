//! The `chat` role: stores chat messages from the `CHAT` stream and tells
//! every gateway about them. A message is acked only after its insert has
//! committed, and the insert is idempotent on the message id, so a crash at
//! any point loses nothing and duplicates nothing.

use std::time::Duration;

use async_nats::jetstream;
use contract::chat::{CONFIRM_TO_HEADER, InboxReason, SendMessage, SenderType, ServerFrame};
use tokio::task::JoinHandle;
use tracing::Instrument as _;

use crate::WorkerContext;
use crate::consumer::{self, ConsumerSpec, Outcome, RetryPolicy};

/// The `chat` consumer. A database outage is retried for about a quarter of
/// an hour (1 s doubling to 60 s) before a message is dead-lettered.
pub fn spec(namespace: &contract::Namespace) -> ConsumerSpec {
    ConsumerSpec {
        name: "chat",
        stream: namespace.chat_stream(),
        filter_subject: namespace.chat_send_all(),
        ack_wait: Duration::from_secs(30),
        retry: RetryPolicy {
            max_deliveries: 20,
            backoff_base: Duration::from_secs(1),
            backoff_cap: Duration::from_secs(60),
        },
        concurrency: 16,
    }
}

/// Starts consuming; returns once the consumer exists.
pub async fn spawn(
    ctx: WorkerContext,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<JoinHandle<()>> {
    let handler_ctx = ctx.clone();
    consumer::spawn(&ctx, spec(&ctx.namespace), shutdown, move |message| {
        let ctx = handler_ctx.clone();
        async move { handle(&ctx, &message).await }
    })
    .await
}

/// Stores one `chat.send` message and announces it.
pub async fn handle(ctx: &WorkerContext, message: &jetstream::Message) -> Outcome {
    match store(ctx, message).await {
        Ok(()) => Outcome::Done,
        Err(outcome) => outcome,
    }
}

/// Stores one message and announces it; the consumer acks on `Ok`.
async fn store(ctx: &WorkerContext, message: &jetstream::Message) -> Result<(), Outcome> {
    let command: SendMessage = serde_json::from_slice(&message.payload)
        .map_err(|e| Outcome::Reject(anyhow::Error::new(e).context("malformed chat command")))?;
    let span = tracing::info_span!("chat.store", chat.session_id = %command.message.session_id);
    persist_and_announce(ctx, message, &command)
        .instrument(span)
        .await
}

async fn persist_and_announce(
    ctx: &WorkerContext,
    message: &jetstream::Message,
    command: &SendMessage,
) -> Result<(), Outcome> {
    let chat = &command.message;

    let mut tx = ctx.pool.begin().await.map_err(Outcome::from_sqlx)?;
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
        // The chat does not exist: retrying cannot help (a replay can, once
        // it does).
        Err(sqlx::Error::Database(e)) if e.is_foreign_key_violation() => {
            return Err(Outcome::Reject(anyhow::anyhow!(
                "message for an unknown chat: {e}"
            )));
        }
        // A NUL in the text (22021), a value too long…: a data error.
        Err(e) => return Err(Outcome::from_sqlx(e)),
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
        .map_err(Outcome::from_sqlx)?;
    }
    tx.commit().await.map_err(Outcome::from_sqlx)?;
    // Committed: from here on a redelivery is harmless (the insert is idempotent).

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
        .publish_with_headers(
            ctx.namespace.chat_events(chat.session_id),
            headers,
            frame.into(),
        )
        .await;
    if chat.sender_type != SenderType::System {
        let update = ServerFrame::InboxUpdate {
            session_id: chat.session_id,
            reason: InboxReason::NewMessage,
        };
        let update = serde_json::to_vec(&update).unwrap_or_default();
        let _ = ctx
            .nats
            .publish(ctx.namespace.agents_events(), update.into())
            .await;
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
