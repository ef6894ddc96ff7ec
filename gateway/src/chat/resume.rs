//! A socket rejoining a chat names the newest message it has; the answer
//! carries what it missed (at most [`REPLAY_LIMIT`] messages, and where
//! each side's receipts stand), so a dropped link costs a few rows, not a
//! refetch of the history. More than that, or a message the chat no longer
//! holds (erased, expired), and the answer says the gap is too old: the
//! client refetches.

use contract::chat::{ReceiptState, Resume, SenderType};
use uuid::Uuid;

use crate::state::AppState;

/// The most messages a rejoin replays.
pub const REPLAY_LIMIT: i64 = 100;

/// What the socket of `viewer` (the chat's visitor or an agent) missed in
/// the chat since message `after`.
pub async fn resume(state: &AppState, chat_id: Uuid, viewer: SenderType, after: Uuid) -> Resume {
    match replay(state, chat_id, viewer, after).await {
        Ok(resume) => resume,
        Err(error) => {
            tracing::warn!(%error, chat.session_id = %chat_id, "failed to replay a rejoined chat");
            Resume::TooOld {
                reason: "What was missed could not be read; load the whole chat".to_owned(),
            }
        }
    }
}

async fn replay(
    state: &AppState,
    chat_id: Uuid,
    viewer: SenderType,
    after: Uuid,
) -> Result<Resume, sqlx::Error> {
    // The visitors' pool: bounded, as for the history a refetch would read.
    let pool = &state.visitor_pool;
    // One read: the message named (the chat may no longer hold it) and
    // what came after.
    let mut missed = super::store::messages_from(pool, chat_id, after, REPLAY_LIMIT + 2).await?;
    if missed.first().map(|message| message.id) != Some(after) {
        return Ok(Resume::TooOld {
            reason: "The last message this device had is no longer in the chat".to_owned(),
        });
    }
    missed.remove(0);
    if missed.len() > usize::try_from(REPLAY_LIMIT).unwrap_or(usize::MAX) {
        return Ok(Resume::TooOld {
            reason: format!("More than {REPLAY_LIMIT} messages were missed"),
        });
    }
    let mut receipts = super::store::receipt_marks(pool, chat_id).await?;
    if !super::receipts::agents_seen_shown(state, viewer) {
        for message in &mut missed {
            message.seen_at = None;
        }
        receipts
            .retain(|mark| !(mark.reader == SenderType::Agent && mark.state == ReceiptState::Seen));
    }
    Ok(Resume::Replayed { missed, receipts })
}
