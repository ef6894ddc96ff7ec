//! The `chat` role: stores chat messages from the `CHAT` stream and tells
//! every gateway about them. It takes the messages in batches (what has
//! arrived while the previous batches were being written): one statement
//! inserts a batch, and each message is acked only after that statement has
//! committed. The insert is idempotent on the message id, so a crash at any
//! point loses nothing and duplicates nothing.
//!
//! This role is the one writer of `chat_messages`. Of `chat_sessions` it
//! writes only the state between open, pending and snoozed (`states.rs`:
//! a visitor's message opens a pending or snoozed chat in the transaction
//! that stores it); the gateway's `chat/store/` owns the rest, and reopens
//! a resolved chat before publishing its visitor's message. What the
//! agents' inbox shows of a chat's activity (last message, its time) is
//! read from `chat_messages` itself.
//!
//! Its receipts (`chat_receipts`) are `receipts.rs`, its states `states.rs`.
//!
//! Owns table chat_messages: the only module that writes it.

use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;

use async_nats::jetstream;
use contract::chat::{
    CONFIRM_TO_HEADER, CommitConfirmation, InboxReason, MessageChannel, SendMessage, SenderType,
    ServerFrame,
};
use contract::telemetry::set_parent_from_headers;
use time::OffsetDateTime;
use tokio::task::JoinHandle;
use tracing::Instrument as _;
use uuid::Uuid;

use crate::WorkerContext;
use crate::consumer::{self, Batching, ConsumerSpec, Failure, Outcome, RetryPolicy};

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
        // One batch in flight, a group commit: while it is written, the
        // next one gathers. With more in flight each took one or two
        // messages at 1,000/s, and a commit per message or two cost
        // Postgres 0.24 ms per message instead of 0.13
        // (`loadtests/run chat-rate 1000`, loadtests/RESULTS.md).
        concurrency: 1,
    }
}

/// How the `chat` role batches: no waiting (a lone message is written at
/// once), up to 256 messages when they queue up behind the batch being
/// written. (A 2–5 ms linger saved more CPU still, but every message,
/// even a lone one, would wait that long.)
pub const BATCHING: Batching = Batching {
    max_messages: 256,
    linger: Duration::ZERO,
};

/// Starts consuming; returns once the consumer exists.
pub async fn spawn(
    ctx: WorkerContext,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<JoinHandle<()>> {
    let handler_ctx = ctx.clone();
    let shutdown = futures::FutureExt::shared(shutdown);
    let pool = ctx.pool.clone();
    let erasure = crate::erasure::serve(
        &ctx,
        ctx.namespace.owners_erase_chat_messages(),
        shutdown.clone(),
        move |person| {
            let pool = pool.clone();
            async move { erase_messages(&pool, &person.chat_ids, &person.email).await }
        },
    )
    .await?;
    let receipts = crate::receipts::spawn(ctx.clone(), shutdown.clone()).await?;
    let states = crate::states::spawn(ctx.clone(), shutdown.clone()).await?;
    let consumer = consumer::spawn_batched(
        &ctx,
        spec(&ctx.namespace),
        BATCHING,
        shutdown,
        move |messages| {
            let ctx = handler_ctx.clone();
            async move { handle_batch(&ctx, &messages).await }
        },
    )
    .await?;
    Ok(tokio::spawn(async move {
        let _ = futures::future::join4(consumer, erasure, receipts, states).await;
    }))
}

/// A data subject's erasure: the visitor's messages in `chat_ids` say
/// [`contract::privacy::ERASED_MESSAGE`] and name no attachment (the gateway then deletes the
/// uploads); agents' and system messages stay, with the person's address
/// in them (the offline notice names it, an agent may quote it) replaced by
/// [`contract::privacy::ERASED_ADDRESS`]. Returns the messages changed.
pub async fn erase_messages(
    pool: &sqlx::PgPool,
    chat_ids: &[uuid::Uuid],
    email: &str,
) -> sqlx::Result<u64> {
    let mut tx = pool.begin().await?;
    let blanked = sqlx::query!(
        "update chat_messages set message = $2, attachment_id = null
         where session_id = any($1) and sender_type = 'user'
           and (message <> $2 or attachment_id is not null)",
        chat_ids,
        contract::privacy::ERASED_MESSAGE,
    )
    .execute(&mut *tx)
    .await?
    .rows_affected();
    // The address as a case-insensitive literal pattern: in a regular
    // expression of PostgreSQL a backslash before a non-alphanumeric
    // character makes it literal.
    let pattern: String = email
        .chars()
        .flat_map(|c| {
            let escape = (!c.is_ascii_alphanumeric()).then_some('\\');
            escape.into_iter().chain(std::iter::once(c))
        })
        .collect();
    let rewritten = if email.is_empty() {
        0
    } else {
        sqlx::query!(
            "update chat_messages set message = regexp_replace(message, $2, $3, 'gi')
             where session_id = any($1) and sender_type <> 'user' and message ~* $2",
            chat_ids,
            pattern,
            contract::privacy::ERASED_ADDRESS,
        )
        .execute(&mut *tx)
        .await?
        .rows_affected()
    };
    tx.commit().await?;
    Ok(blanked + rewritten)
}

/// Stores one `chat.send` message and announces it.
pub async fn handle(ctx: &WorkerContext, message: &jetstream::Message) -> Outcome {
    handle_batch(ctx, std::slice::from_ref(message))
        .await
        .pop()
        .unwrap_or_else(|| Outcome::Retry(anyhow::anyhow!("no outcome for the message")))
}

/// One parsed `chat.send` message of a batch.
struct Command<'a> {
    /// Its place in the batch.
    index: usize,
    message: &'a jetstream::Message,
    command: SendMessage,
    /// `chat.store`, in the trace of the request that sent it.
    span: tracing::Span,
}

/// Stores a batch of `chat.send` messages, then announces them. Returns one
/// outcome per message, in order. Malformed messages are rejected alone; a
/// batch the database refuses for its data is stored again one message at a
/// time, so that only the bad messages are rejected.
pub async fn handle_batch(ctx: &WorkerContext, messages: &[jetstream::Message]) -> Vec<Outcome> {
    let mut outcomes: Vec<Option<Outcome>> = messages.iter().map(|_| None).collect();
    let mut commands = Vec::with_capacity(messages.len());
    for (index, message) in messages.iter().enumerate() {
        match serde_json::from_slice::<SendMessage>(&message.payload) {
            Ok(command) => {
                let span = tracing::info_span!(
                    "chat.store",
                    otel.kind = "consumer",
                    chat.session_id = %command.message.session_id,
                    chat.message_id = %command.message.id,
                );
                set_parent_from_headers(&span, message.headers.as_ref());
                commands.push(Command {
                    index,
                    message,
                    command,
                    span,
                });
            }
            Err(error) => {
                outcomes[index] = Some(Outcome::Reject(
                    anyhow::Error::new(error).context("malformed chat command"),
                ));
            }
        }
    }

    match insert(&ctx.pool, &commands).await {
        Ok((stored, changed)) => {
            announce(ctx, &commands, &stored).await;
            crate::states::announce(ctx, &changed).await;
            for command in &commands {
                outcomes[command.index] = Some(Outcome::Done);
            }
        }
        Err(error) if commands.len() > 1 && consumer::classify(&error) == Failure::Data => {
            tracing::warn!(
                %error,
                messages = commands.len(),
                "batch refused for its data; storing its messages one by one"
            );
            for command in commands {
                let alone = std::slice::from_ref(&command);
                let outcome = match insert(&ctx.pool, alone).await {
                    Ok((stored, changed)) => {
                        announce(ctx, alone, &stored).await;
                        crate::states::announce(ctx, &changed).await;
                        Outcome::Done
                    }
                    Err(error) => refused(error),
                };
                outcomes[command.index] = Some(outcome);
            }
        }
        Err(error) if commands.len() == 1 => {
            outcomes[commands[0].index] = Some(refused(error));
        }
        Err(error) => {
            // Transient: the whole batch is delivered again later.
            let error = anyhow::Error::new(error);
            for command in &commands {
                outcomes[command.index] = Some(Outcome::Retry(anyhow::anyhow!("{error:#}")));
            }
        }
    }
    outcomes
        .into_iter()
        .map(|outcome| {
            outcome.unwrap_or_else(|| Outcome::Retry(anyhow::anyhow!("message left unhandled")))
        })
        .collect()
}

/// The outcome of a single message the database refused.
fn refused(error: sqlx::Error) -> Outcome {
    match error {
        // The chat (or the attachment in that chat) does not exist:
        // retrying cannot help (a replay can, once it does).
        sqlx::Error::Database(e) if e.is_foreign_key_violation() => Outcome::Reject(
            anyhow::anyhow!("message for an unknown chat or attachment: {e}"),
        ),
        // A NUL in the text (22021), a value too long…: a data error.
        error => Outcome::from_sqlx(error),
    }
}

/// Inserts `commands` in one statement, skipping ids already stored and a
/// client's message id the chat already holds from that sender (a resend
/// that came through after the stream's duplicate window). Returns the ids
/// the chat holds now: those inserted and those stored by an earlier
/// delivery, not a skipped resend's, and the state changes the new
/// messages made (`states::after_messages`, in the same transaction). One
/// statement serves many traces: its span links to each message's
/// `chat.store` span rather than belonging to one of them.
#[tracing::instrument(name = "chat.store_batch", skip_all, fields(messages = commands.len()))]
async fn insert(
    pool: &sqlx::PgPool,
    commands: &[Command<'_>],
) -> Result<(BTreeSet<Uuid>, Vec<crate::states::Changed>), sqlx::Error> {
    if commands.is_empty() {
        return Ok((BTreeSet::new(), Vec::new()));
    }
    for command in commands {
        tracing::Span::current().follows_from(&command.span);
    }
    let mut ids = Vec::with_capacity(commands.len());
    let mut sessions = Vec::with_capacity(commands.len());
    let mut senders = Vec::with_capacity(commands.len());
    let mut agents = Vec::with_capacity(commands.len());
    let mut names = Vec::with_capacity(commands.len());
    let mut texts = Vec::with_capacity(commands.len());
    let mut times = Vec::with_capacity(commands.len());
    let mut attachments = Vec::with_capacity(commands.len());
    let mut client_ids = Vec::with_capacity(commands.len());
    let mut channels = Vec::with_capacity(commands.len());
    for Command { command, .. } in commands {
        let message = &command.message;
        ids.push(message.id);
        sessions.push(message.session_id);
        senders.push(message.sender_type);
        agents.push(command.agent_id);
        names.push(message.sender_name.as_deref());
        texts.push(message.message.as_str());
        times.push(message.created_at);
        attachments.push(message.attachment.as_ref().map(|attachment| attachment.id));
        client_ids.push(message.client_message_id);
        channels.push(message.channel);
    }
    // The autoPending setting matters only when an agent wrote.
    let auto_pending = if senders.contains(&SenderType::Agent) {
        runtime::site_settings::load(pool).await?.auto_pending
    } else {
        false
    };
    let mut tx = pool.begin().await?;
    // The attachment was stored (with its chat) before the message was
    // published; the foreign key on (attachment, chat) refuses another
    // chat's.
    let mut stored: BTreeSet<Uuid> = sqlx::query_scalar!(
        "insert into chat_messages
             (id, session_id, sender_type, agent_id, message, created_at, attachment_id,
              sender_name, client_message_id, channel)
         select * from unnest($1::uuid[], $2::uuid[], $3::text[], $4::uuid[], $5::text[],
                              $6::timestamptz[], $7::uuid[], $8::text[], $9::uuid[],
                              $10::text[])
         on conflict do nothing
         returning id",
        &ids,
        &sessions,
        &senders as &[SenderType],
        &agents as &[Option<Uuid>],
        &texts as &[&str],
        &times as &[OffsetDateTime],
        &attachments as &[Option<Uuid>],
        &names as &[Option<&str>],
        &client_ids as &[Option<Uuid>],
        &channels as &[MessageChannel],
    )
    .fetch_all(&mut *tx)
    .await?
    .into_iter()
    .collect();
    // Each chat's newest message among those just stored (not a
    // redelivery's): who wrote it decides the chat's state.
    let mut newest: BTreeMap<Uuid, crate::states::Newest> = BTreeMap::new();
    for Command { command, .. } in commands {
        let message = &command.message;
        if !stored.contains(&message.id) || message.sender_type == SenderType::System {
            continue;
        }
        let later = newest
            .get(&message.session_id)
            .is_none_or(|kept| kept.message_id < message.id);
        if later {
            newest.insert(
                message.session_id,
                crate::states::Newest {
                    session_id: message.session_id,
                    message_id: message.id,
                    sender: message.sender_type,
                    at: message.created_at,
                },
            );
        }
    }
    let newest: Vec<crate::states::Newest> = newest.into_values().collect();
    let changed = crate::states::after_messages(&mut tx, &newest, auto_pending).await?;
    if stored.len() < ids.len() {
        // Skipped: a redelivery of a stored message (announced again: the
        // first delivery may have died before announcing), or a resend.
        let skipped: Vec<Uuid> = ids
            .iter()
            .filter(|id| !stored.contains(id))
            .copied()
            .collect();
        stored.extend(
            sqlx::query_scalar!("select id from chat_messages where id = any($1)", &skipped)
                .fetch_all(&mut *tx)
                .await?,
        );
    }
    tx.commit().await?;
    Ok((stored, changed))
}

/// Announces stored messages: each one's `new_message` to the gateways
/// holding its chat, one inbox update per chat for the agents (together in
/// one NATS message), and one commit confirmation per gateway listing the
/// ids it waits for. Announced even when a redelivery found the message
/// stored already (the first delivery may have died before announcing;
/// clients keep one per id); a resend skipped for its client id (in
/// `stored` under another id) is only confirmed, so that its sender does not
/// wait, and never shown.
async fn announce(ctx: &WorkerContext, commands: &[Command<'_>], stored: &BTreeSet<Uuid>) {
    let mut inbox_chats = BTreeSet::new();
    let mut confirmations: BTreeMap<&str, Vec<Uuid>> = BTreeMap::new();
    for Command {
        message,
        command,
        span,
        ..
    } in commands
    {
        let chat = &command.message;
        if let Some(confirm_to) = message
            .headers
            .as_ref()
            .and_then(|headers| headers.get(CONFIRM_TO_HEADER))
        {
            confirmations
                .entry(confirm_to.as_str())
                .or_default()
                .push(chat.id);
        }
        if !stored.contains(&chat.id) {
            continue;
        }
        if chat.sender_type != SenderType::System {
            inbox_chats.insert(chat.session_id);
        }
        let publish = async {
            let frame = ServerFrame::NewMessage {
                session_id: chat.session_id,
                message: Box::new(chat.clone()),
            };
            let frame = serde_json::to_vec(&frame).unwrap_or_default();
            let _ = ctx
                .nats
                .publish_with_headers(
                    ctx.namespace.chat_events(chat.session_id),
                    contract::telemetry::trace_headers(),
                    frame.into(),
                )
                .await;
        };
        publish.instrument(span.clone()).await;
    }
    for (confirm_to, ids) in confirmations {
        let confirmation = serde_json::to_vec(&CommitConfirmation { ids }).unwrap_or_default();
        let _ = ctx
            .nats
            .publish(confirm_to.to_owned(), confirmation.into())
            .await;
    }
    // One message for the batch's inbox updates, a frame per line.
    let mut updates = Vec::new();
    for session_id in inbox_chats {
        let update = ServerFrame::InboxUpdate {
            session_id,
            reason: InboxReason::NewMessage,
            unread_count: None,
        };
        // Compact JSON: any newline in it is escaped, so lines split frames.
        let _ = serde_json::to_writer(&mut updates, &update);
        updates.push(b'\n');
    }
    if !updates.is_empty() {
        let _ = ctx
            .nats
            .publish(ctx.namespace.agents_events(), updates.into())
            .await;
    }
}
