//! The `chat` role's receipts: stores the receipts sockets sent
//! (`chat.receipt.<chat>` on the `CHAT` stream) and tells the chat's
//! sockets. A batch is what arrived within [`BATCHING`]'s linger; it keeps
//! the furthest receipt of each chat, reader and state, and one statement
//! adds a row for each that moves its mark on (a `seen` moves `delivered`
//! too) and is a message of that chat. Acked after the commit, so a crash
//! loses none; a mark never moves back.
//!
//! Announced after the commit: each stored receipt (and one that was
//! already stored exactly so: the first delivery may have died before
//! announcing, or the client did not hear it and said it again) as a
//! `receipt` frame to the chat's sockets, unless the gateway said not to
//! (agents' "seen" hidden from visitors); the agents' `seen` also as an
//! inbox update (`read`), which moves the unread counts.
//!
//! Owns table chat_receipts: the only module that writes it.

use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;

use async_nats::jetstream;
use contract::chat::{
    InboxReason, NOT_FOR_SIDE_HEADER, ReceiptState, SenderType, ServerFrame, StoreReceipt,
};
use time::OffsetDateTime;
use tokio::task::JoinHandle;
use uuid::Uuid;

use crate::WorkerContext;
use crate::consumer::{self, Batching, ConsumerSpec, Outcome, RetryPolicy};

/// The `receipts` consumer, retried like the chat messages it follows.
pub fn spec(namespace: &contract::Namespace) -> ConsumerSpec {
    ConsumerSpec {
        name: "receipts",
        stream: namespace.chat_stream(),
        filter_subject: namespace.chat_receipt_all(),
        ack_wait: Duration::from_secs(30),
        retry: RetryPolicy {
            max_deliveries: 20,
            backoff_base: Duration::from_secs(1),
            backoff_cap: Duration::from_secs(60),
        },
        concurrency: 1,
    }
}

/// Up to 512 receipts at once, gathered for 50 ms: a console catching up
/// on many chats, or many visitors reading, costs one statement.
pub const BATCHING: Batching = Batching {
    max_messages: 512,
    linger: Duration::from_millis(50),
};

/// Starts consuming; returns once the consumer exists.
pub async fn spawn(
    ctx: WorkerContext,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<JoinHandle<()>> {
    let handler_ctx = ctx.clone();
    consumer::spawn_batched(
        &ctx,
        spec(&ctx.namespace),
        BATCHING,
        shutdown,
        move |messages| {
            let ctx = handler_ctx.clone();
            async move { handle_batch(&ctx, &messages).await }
        },
    )
    .await
}

/// A receipt as the batch keeps it: the furthest of its chat, reader and
/// state.
#[derive(Clone, Copy, Debug)]
struct Mark {
    session_id: Uuid,
    reader: SenderType,
    state: ReceiptState,
    through: Uuid,
    at: OffsetDateTime,
    announce: bool,
}

/// The furthest mark of each chat, reader and state in `receipts`; a `seen`
/// is also a `delivered` as far.
fn furthest(receipts: impl IntoIterator<Item = StoreReceipt>) -> Vec<Mark> {
    let mut marks: BTreeMap<(Uuid, &'static str, ReceiptState), Mark> = BTreeMap::new();
    for receipt in receipts {
        let states: &[ReceiptState] = match receipt.state {
            ReceiptState::Seen => &[ReceiptState::Seen, ReceiptState::Delivered],
            ReceiptState::Delivered => &[ReceiptState::Delivered],
        };
        for &state in states {
            let mark = Mark {
                session_id: receipt.session_id,
                reader: receipt.reader,
                state,
                through: receipt.through,
                at: receipt.at,
                // The `delivered` a `seen` implies is always shown.
                announce: receipt.announce || state != receipt.state,
            };
            marks
                .entry((receipt.session_id, receipt.reader.as_str(), state))
                .and_modify(|kept| {
                    if mark.through > kept.through {
                        *kept = mark;
                    }
                })
                .or_insert(mark);
        }
    }
    marks.into_values().collect()
}

/// Stores a batch of receipts and announces them; one outcome per message,
/// in order.
pub async fn handle_batch(ctx: &WorkerContext, messages: &[jetstream::Message]) -> Vec<Outcome> {
    let mut receipts = Vec::with_capacity(messages.len());
    let mut malformed = BTreeSet::new();
    for (index, message) in messages.iter().enumerate() {
        match serde_json::from_slice::<StoreReceipt>(&message.payload) {
            // Only the two sides of a chat read it.
            Ok(receipt) if receipt.reader != SenderType::System => receipts.push(receipt),
            _ => {
                malformed.insert(index);
            }
        }
    }
    let marks = furthest(receipts);
    let stored = match store(&ctx.pool, &marks).await {
        Ok(stored) => stored,
        Err(error) => {
            // Each receipt only moves a mark on: storing them again later is safe.
            let outcome = consumer::Outcome::from_sqlx(error);
            let message = format!("{outcome:?}");
            return (0..messages.len())
                .map(|index| {
                    if malformed.contains(&index) {
                        Outcome::Reject(anyhow::anyhow!("malformed receipt"))
                    } else if matches!(outcome, Outcome::Reject(_)) {
                        Outcome::Reject(anyhow::anyhow!("{message}"))
                    } else {
                        Outcome::Retry(anyhow::anyhow!("{message}"))
                    }
                })
                .collect();
        }
    };
    announce(ctx, &marks, &stored).await;
    (0..messages.len())
        .map(|index| {
            if malformed.contains(&index) {
                Outcome::Reject(anyhow::anyhow!("malformed receipt"))
            } else {
                Outcome::Done
            }
        })
        .collect()
}

/// A stored row of `chat_receipts`.
struct Stored {
    session_id: Uuid,
    reader: SenderType,
    state: ReceiptState,
    through: Uuid,
    at: OffsetDateTime,
}

/// Adds a row for each mark that moves its chat's mark on and names a
/// message of that chat, in one statement; returns those rows and the rows
/// that were already stored exactly as a mark says.
#[tracing::instrument(name = "chat.store_receipts", skip_all, fields(receipts = marks.len()))]
async fn store(pool: &sqlx::PgPool, marks: &[Mark]) -> Result<Vec<Stored>, sqlx::Error> {
    if marks.is_empty() {
        return Ok(Vec::new());
    }
    let sessions: Vec<Uuid> = marks.iter().map(|mark| mark.session_id).collect();
    let readers: Vec<SenderType> = marks.iter().map(|mark| mark.reader).collect();
    let states: Vec<ReceiptState> = marks.iter().map(|mark| mark.state).collect();
    let throughs: Vec<Uuid> = marks.iter().map(|mark| mark.through).collect();
    let times: Vec<OffsetDateTime> = marks.iter().map(|mark| mark.at).collect();
    // The final select reads the table as it was before the insert: the
    // rows that were already there, exactly as a mark says.
    let rows = sqlx::query!(
        r#"with input as (
               select * from unnest($1::uuid[], $2::text[], $3::text[], $4::uuid[],
                                    $5::timestamptz[]) as i (session_id, reader, state, through, at)
           ), inserted as (
               insert into chat_receipts (session_id, reader, state, through_message_id, at)
               select i.session_id, i.reader, i.state, i.through, i.at from input i
               join chat_messages m on m.id = i.through and m.session_id = i.session_id
               where not exists (select 1 from chat_receipts c
                                  where c.session_id = i.session_id and c.reader = i.reader
                                    and c.state = i.state and c.through_message_id >= i.through)
               on conflict do nothing
               returning session_id, reader, state, through_message_id, at
           )
           select session_id as "session_id!", reader as "reader!: SenderType",
                  state as "state!: ReceiptState", through_message_id as "through!",
                  at as "at!" from inserted
           union all
           select c.session_id, c.reader, c.state, c.through_message_id, c.at
           from chat_receipts c join input i
             on c.session_id = i.session_id and c.reader = i.reader and c.state = i.state
            and c.through_message_id = i.through"#,
        &sessions,
        &readers as &[SenderType],
        &states as &[ReceiptState],
        &throughs,
        &times as &[OffsetDateTime],
    )
    .fetch_all(pool)
    .await?;
    Ok(rows
        .into_iter()
        .map(|row| Stored {
            session_id: row.session_id,
            reader: row.reader,
            state: row.state,
            through: row.through,
            at: row.at,
        })
        .collect())
}

/// Tells the other side's sockets of the stored marks (a `delivered` as far
/// as a `seen` goes without saying), and the consoles of the agents' `seen`
/// with the unread counts it leaves.
async fn announce(ctx: &WorkerContext, marks: &[Mark], stored: &[Stored]) {
    let shown = |row: &Stored| {
        marks.iter().any(|mark| {
            mark.session_id == row.session_id
                && mark.reader == row.reader
                && mark.state == row.state
                && mark.announce
        })
    };
    let seen_as_far = |row: &Stored| {
        stored.iter().any(|other| {
            other.session_id == row.session_id
                && other.reader == row.reader
                && other.state == ReceiptState::Seen
                && other.through == row.through
                && shown(other)
        })
    };
    let mut read_chats = BTreeSet::new();
    for row in stored {
        if row.reader == SenderType::Agent && row.state == ReceiptState::Seen {
            read_chats.insert(row.session_id);
        }
        if !shown(row) || (row.state == ReceiptState::Delivered && seen_as_far(row)) {
            continue;
        }
        let frame = ServerFrame::Receipt {
            session_id: row.session_id,
            reader: row.reader,
            state: row.state,
            through: row.through,
            at: row.at,
        };
        let frame = serde_json::to_vec(&frame).unwrap_or_default();
        // For the other side: the reader knows what it read.
        let mut headers = async_nats::HeaderMap::new();
        headers.insert(NOT_FOR_SIDE_HEADER, row.reader.as_str());
        let _ = ctx
            .nats
            .publish_with_headers(
                ctx.namespace.chat_events(row.session_id),
                headers,
                frame.into(),
            )
            .await;
    }
    // The unread counts go with the updates: the consoles patch their rows
    // instead of each reading the chat's summary (issue 37's byte budget).
    // Without them (a failed read) the consoles read the summaries.
    let read_chats: Vec<Uuid> = read_chats.into_iter().collect();
    let unread = match unread_counts(&ctx.pool, &read_chats).await {
        Ok(counts) => counts,
        Err(error) => {
            tracing::warn!(%error, "failed to read the unread counts of read chats");
            Vec::new()
        }
    };
    // One message for the batch's inbox updates, a frame per line.
    let mut updates = Vec::new();
    for session_id in read_chats {
        let unread_count = unread
            .iter()
            .find(|(chat, _)| *chat == session_id)
            .map(|(_, count)| *count);
        let update = ServerFrame::InboxUpdate {
            session_id,
            reason: InboxReason::Read,
            unread_count,
        };
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

/// The inbox's unread count (`chat_summaries`, the one rule) of each chat.
async fn unread_counts(
    pool: &sqlx::PgPool,
    chats: &[Uuid],
) -> Result<Vec<(Uuid, u32)>, sqlx::Error> {
    if chats.is_empty() {
        return Ok(Vec::new());
    }
    let rows = sqlx::query!(
        r#"select session_id as "session_id!", unread_count as "unread_count!"
           from chat_summaries where session_id = any($1)"#,
        chats,
    )
    .fetch_all(pool)
    .await?;
    Ok(rows
        .into_iter()
        .map(|row| {
            let count = u32::try_from(row.unread_count).unwrap_or(u32::MAX);
            (row.session_id, count)
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn receipt(state: ReceiptState, through: u128) -> StoreReceipt {
        StoreReceipt {
            session_id: Uuid::from_u128(1),
            reader: SenderType::User,
            state,
            through: Uuid::from_u128(through),
            at: OffsetDateTime::UNIX_EPOCH,
            announce: true,
        }
    }

    #[test]
    fn a_batch_keeps_the_furthest_mark_and_a_seen_is_a_delivered_too() {
        let marks = furthest([
            receipt(ReceiptState::Delivered, 5),
            receipt(ReceiptState::Seen, 3),
            receipt(ReceiptState::Delivered, 2),
            receipt(ReceiptState::Seen, 4),
        ]);
        let found: Vec<(ReceiptState, u128)> = marks
            .iter()
            .map(|mark| (mark.state, mark.through.as_u128()))
            .collect();
        assert_eq!(
            found,
            [(ReceiptState::Delivered, 5), (ReceiptState::Seen, 4)]
        );
    }
}
