//! The `chat` role's states: moves chats between open, pending and snoozed
//! and writes each change in the chat's trail (`chat_notes`, kind `state`)
//! in the same transaction, once.
//!
//! - `chat.state.<chat>` commands on the `CHAT` stream (an agent, alone or
//!   in a bulk action: one command per chat), acked after the commit; the
//!   event's id is the command's, so a redelivery changes nothing again.
//! - A visitor's message to a pending or snoozed chat opens it, in the
//!   transaction that stores the message (`chat.rs` calls
//!   [`after_messages`]); with the `autoPending` setting an agent's message
//!   that is the chat's last one makes an open chat pending.
//! - A sweep every [`SWEEP_EVERY`] opens the chats whose snooze has ended:
//!   it claims them `for update skip locked`, so with several workers each
//!   chat is opened by one of them, once; a worker that dies before its
//!   commit leaves the chat snoozed for the next sweep.
//!
//! Resolving and reopening a resolved chat stay with the gateway (they tell
//! the visitor and change its owner caches); this module never touches a
//! resolved chat.
//!
//! Writes chat_sessions (status between open, pending and snoozed;
//! snoozed_until) and chat_notes (state events), besides the gateway.

use std::time::Duration;

use async_nats::jetstream;
use contract::chat::{ChangeState, ChatState, InboxReason, SenderType, ServerFrame};
use sqlx::{PgConnection, PgPool};
use time::OffsetDateTime;
use tokio::task::JoinHandle;
use uuid::Uuid;

use crate::WorkerContext;
use crate::consumer::{self, ConsumerSpec, Outcome, RetryPolicy};

/// How often the sweep looks for snoozes that have ended.
pub const SWEEP_EVERY: Duration = Duration::from_secs(1);

/// The most chats one sweep opens (the next sweep takes the rest).
const SWEEP_BATCH: i64 = 200;

/// The `states` consumer, retried like the chat messages.
pub fn spec(namespace: &contract::Namespace) -> ConsumerSpec {
    ConsumerSpec {
        name: "states",
        stream: namespace.chat_stream(),
        filter_subject: namespace.chat_state_all(),
        ack_wait: Duration::from_secs(30),
        retry: RetryPolicy {
            max_deliveries: 20,
            backoff_base: Duration::from_secs(1),
            backoff_cap: Duration::from_secs(60),
        },
        // In stream order: two changes of one chat apply as asked.
        concurrency: 1,
    }
}

/// Starts the consumer and the snooze sweep; returns once consuming.
pub async fn spawn(
    ctx: WorkerContext,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<JoinHandle<()>> {
    let shutdown = futures::FutureExt::shared(shutdown);
    let handler_ctx = ctx.clone();
    let consumer = consumer::spawn(
        &ctx,
        spec(&ctx.namespace),
        shutdown.clone(),
        move |message| {
            let ctx = handler_ctx.clone();
            async move { handle(&ctx, &message).await }
        },
    )
    .await?;
    let sweep = tokio::spawn(async move {
        let mut shutdown = std::pin::pin!(shutdown);
        let mut tick = tokio::time::interval(SWEEP_EVERY);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                () = &mut shutdown => break,
                _ = tick.tick() => {
                    match end_snoozes(&ctx.pool).await {
                        Ok(woken) => announce(&ctx, &woken).await,
                        Err(error) => tracing::warn!(%error, "the snooze sweep failed; trying again"),
                    }
                }
            }
        }
    });
    Ok(tokio::spawn(async move {
        let _ = futures::future::join(consumer, sweep).await;
    }))
}

/// A state change made: the chat, and how the consoles hear of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Changed {
    pub session_id: Uuid,
    pub reason: InboxReason,
}

/// Tells the agents' consoles, one `inbox_update` per change.
pub async fn announce(ctx: &WorkerContext, changed: &[Changed]) {
    if changed.is_empty() {
        return;
    }
    let mut updates = Vec::new();
    for change in changed {
        let update = ServerFrame::InboxUpdate {
            session_id: change.session_id,
            reason: change.reason,
            unread_count: None,
        };
        let _ = serde_json::to_writer(&mut updates, &update);
        updates.push(b'\n');
    }
    if let Err(error) = ctx
        .nats
        .publish(ctx.namespace.agents_events(), updates.into())
        .await
    {
        tracing::warn!(%error, "failed to publish inbox updates");
    }
}

/// Applies one `chat.state` command.
async fn handle(ctx: &WorkerContext, message: &jetstream::Message) -> Outcome {
    let command: ChangeState = match serde_json::from_slice(&message.payload) {
        Ok(command) => command,
        Err(error) => {
            return Outcome::Reject(anyhow::Error::new(error).context("malformed state command"));
        }
    };
    match apply(&ctx.pool, &command).await {
        Ok(Some(changed)) => {
            announce(ctx, &[changed]).await;
            Outcome::Done
        }
        Ok(None) => Outcome::Done,
        Err(error) => Outcome::from_sqlx(error),
    }
}

/// Whether an agent may move a chat from `from` to `to` here: between
/// open, pending and snoozed (a new snooze time too), never from or to
/// resolved (the gateway's).
pub fn allowed(from: ChatState, to: ChatState) -> bool {
    let soft = |state| {
        matches!(
            state,
            ChatState::Open | ChatState::Pending | ChatState::Snoozed
        )
    };
    soft(from) && soft(to) && (from != to || to == ChatState::Snoozed)
}

/// Changes the chat as `command` says, with its trail event, in one
/// transaction; `None` when there was nothing to do (done before, or the
/// chat moved on: resolved meanwhile, or gone).
pub async fn apply(pool: &PgPool, command: &ChangeState) -> sqlx::Result<Option<Changed>> {
    let mut tx = pool.begin().await?;
    let done = sqlx::query_scalar!(
        r#"select exists(select 1 from chat_notes where id = $1) as "done!""#,
        command.id
    )
    .fetch_one(&mut *tx)
    .await?;
    if done {
        return Ok(None);
    }
    let Some(from) = sqlx::query_scalar!(
        r#"select status as "status: ChatState" from chat_sessions where id = $1 for update"#,
        command.session_id
    )
    .fetch_optional(&mut *tx)
    .await?
    else {
        return Ok(None);
    };
    let snoozed_until = match command.state {
        ChatState::Snoozed => command.snoozed_until,
        _ => None,
    };
    if !allowed(from, command.state)
        || (command.state == ChatState::Snoozed) != snoozed_until.is_some()
    {
        return Ok(None);
    }
    let name = match command.agent_id {
        Some(agent) => {
            sqlx::query_scalar!(
                r#"select coalesce(p.display_name, u.name) as "name!"
               from users u left join agent_profiles p on p.agent_id = u.id where u.id = $1"#,
                agent
            )
            .fetch_optional(&mut *tx)
            .await?
        }
        None => None,
    };
    let by = name.map(|name| format!(" by {name}")).unwrap_or_default();
    let body = match (command.state, snoozed_until) {
        (ChatState::Snoozed, Some(until)) => format!("Snoozed{by} until {}", eat_time(until)),
        (ChatState::Pending, _) => format!("Marked pending{by}: waiting on the visitor"),
        _ => format!("Opened again{by}"),
    };
    set_state(&mut tx, command.session_id, command.state, snoozed_until).await?;
    add_event(
        &mut tx,
        command.id,
        command.session_id,
        command.agent_id,
        &body,
        from,
        command.state,
    )
    .await?;
    tx.commit().await?;
    Ok(Some(Changed {
        session_id: command.session_id,
        reason: InboxReason::Status,
    }))
}

/// `at` as the trail says it: `2027-01-25 08:00 EAT`.
fn eat_time(at: OffsetDateTime) -> String {
    let local = at.to_offset(runtime::business_hours::EAT);
    format!(
        "{}-{:02}-{:02} {:02}:{:02} EAT",
        local.year(),
        u8::from(local.month()),
        local.day(),
        local.hour(),
        local.minute()
    )
}

async fn set_state(
    tx: &mut PgConnection,
    chat_id: Uuid,
    state: ChatState,
    snoozed_until: Option<OffsetDateTime>,
) -> sqlx::Result<()> {
    sqlx::query!(
        "update chat_sessions set status = $2, snoozed_until = $3, state_changed_at = now()
         where id = $1",
        chat_id,
        state as ChatState,
        snoozed_until,
    )
    .execute(&mut *tx)
    .await?;
    Ok(())
}

async fn add_event(
    tx: &mut PgConnection,
    id: Uuid,
    chat_id: Uuid,
    author: Option<Uuid>,
    body: &str,
    from: ChatState,
    to: ChatState,
) -> sqlx::Result<()> {
    sqlx::query!(
        "insert into chat_notes (id, session_id, kind, author_id, body, from_state, to_state)
         values ($1, $2, 'state', $3, $4, $5, $6) on conflict (id) do nothing",
        id,
        chat_id,
        author,
        body,
        from as ChatState,
        to as ChatState,
    )
    .execute(&mut *tx)
    .await?;
    Ok(())
}

/// Opens the chats whose snooze has ended (at most [`SWEEP_BATCH`]), each
/// with its event, in one transaction.
pub async fn end_snoozes(pool: &PgPool) -> sqlx::Result<Vec<Changed>> {
    let mut tx = pool.begin().await?;
    let due = sqlx::query_scalar!(
        "select id from chat_sessions
         where status = 'snoozed' and snoozed_until <= now()
         order by snoozed_until limit $1
         for update skip locked",
        SWEEP_BATCH
    )
    .fetch_all(&mut *tx)
    .await?;
    for &chat_id in &due {
        set_state(&mut tx, chat_id, ChatState::Open, None).await?;
        add_event(
            &mut tx,
            Uuid::now_v7(),
            chat_id,
            None,
            "Opened again: the snooze ended",
            ChatState::Snoozed,
            ChatState::Open,
        )
        .await?;
    }
    tx.commit().await?;
    Ok(due
        .into_iter()
        .map(|session_id| Changed {
            session_id,
            reason: InboxReason::Returned,
        })
        .collect())
}

/// The newest message of a chat in a stored batch: who wrote it, when.
pub struct Newest {
    pub session_id: Uuid,
    pub message_id: Uuid,
    pub sender: SenderType,
    pub at: OffsetDateTime,
}

/// After a batch of messages is stored, in its transaction: a chat whose
/// newest new message is the visitor's and that is pending or snoozed opens
/// again; with `auto_pending`, an open chat whose newest is an agent's
/// becomes pending. A state changed after the message (a redelivery, an
/// agent's later choice) is left alone.
pub async fn after_messages(
    tx: &mut PgConnection,
    newest: &[Newest],
    auto_pending: bool,
) -> sqlx::Result<Vec<Changed>> {
    let newest: Vec<&Newest> = newest
        .iter()
        .filter(|n| n.sender == SenderType::User || (auto_pending && n.sender == SenderType::Agent))
        .collect();
    if newest.is_empty() {
        return Ok(Vec::new());
    }
    let ids: Vec<Uuid> = newest.iter().map(|n| n.session_id).collect();
    let senders: Vec<SenderType> = newest.iter().map(|n| n.sender).collect();
    let times: Vec<OffsetDateTime> = newest.iter().map(|n| n.at).collect();
    let rows = sqlx::query!(
        r#"select s.id, s.status as "status: ChatState", n.sender as "sender!: SenderType"
           from chat_sessions s
           join unnest($1::uuid[], $2::text[], $3::timestamptz[]) as n (session_id, sender, at)
             on n.session_id = s.id
           where s.state_changed_at < n.at
             and ((n.sender = 'user' and s.status in ('pending', 'snoozed'))
                  or (n.sender = 'agent' and s.status = 'open'))
           order by s.id
           for update of s"#,
        &ids,
        &senders as &[SenderType],
        &times as &[OffsetDateTime],
    )
    .fetch_all(&mut *tx)
    .await?;
    let mut changed = Vec::with_capacity(rows.len());
    for row in rows {
        let (to, body, reason) = match row.sender {
            SenderType::User => (
                ChatState::Open,
                "Opened again: the visitor wrote",
                InboxReason::Returned,
            ),
            _ => (
                ChatState::Pending,
                "Marked pending: an agent's reply is the last message",
                InboxReason::Status,
            ),
        };
        set_state(tx, row.id, to, None).await?;
        add_event(tx, Uuid::now_v7(), row.id, None, body, row.status, to).await?;
        changed.push(Changed {
            session_id: row.id,
            reason,
        });
    }
    Ok(changed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_soft_states_move_here() {
        use ChatState::*;
        assert!(allowed(Open, Pending));
        assert!(allowed(Pending, Snoozed));
        assert!(allowed(Snoozed, Snoozed));
        assert!(allowed(Snoozed, Open));
        assert!(!allowed(Open, Open));
        assert!(!allowed(Pending, Pending));
        assert!(!allowed(Resolved, Pending));
        assert!(!allowed(Open, Resolved));
    }
}
