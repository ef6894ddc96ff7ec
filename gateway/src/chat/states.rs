//! A chat's state chosen by an agent: open, pending (waiting on the
//! visitor), snoozed (until a time, or until the visitor writes) and
//! resolved. Pending, snoozed and opening one of those again go to the
//! `chat` worker as a durable command (`chat.state.<chat>`, one per chat,
//! also in a bulk action), which changes the chat and writes the event in
//! its trail in one transaction; the request waits, bounded, until it is
//! stored. Resolving and reopening a resolved chat are written here, as
//! they were: they tell the visitor and change the owner caches.

use std::time::Duration;

use contract::chat::{
    BulkStateResult, ChangeState, ChatState, ChatStatus, InboxReason, SenderType, SnoozePreset,
};
use runtime::business_hours::BusinessHours;
use runtime::texts;
use time::OffsetDateTime;
use uuid::Uuid;

use super::{ChatError, assignment, publish_inbox_update, send_message, store};
use crate::platform::bus::publish_durable;
use crate::platform::error::ApiError;
use crate::state::AppState;

/// The longest a snooze may last.
pub const MAX_SNOOZE_DAYS: i64 = 90;

/// How often the request looks for the worker's event.
const STORED_POLL: Duration = Duration::from_millis(20);

/// Why a state change is refused, in words.
#[derive(Debug, thiserror::Error)]
pub enum StateError {
    #[error("A resolved chat cannot be {0}: reopen it first")]
    Resolved(&'static str),
    #[error("Choose when the snooze ends: a time (snoozeUntil) or a preset (snoozePreset)")]
    NoSnoozeEnd,
    #[error("Give either snoozeUntil or snoozePreset, not both")]
    TwoSnoozeEnds,
    #[error("Only a snooze has an end: leave out snoozeUntil and snoozePreset")]
    EndWithoutSnooze,
    #[error("The snooze must end in the future")]
    SnoozeInThePast,
    #[error("A snooze can last at most {MAX_SNOOZE_DAYS} days")]
    SnoozeTooLong,
    #[error(transparent)]
    Chat(#[from] ChatError),
}

impl From<sqlx::Error> for StateError {
    fn from(error: sqlx::Error) -> Self {
        StateError::Chat(ChatError::Database(error))
    }
}

impl From<StateError> for ApiError {
    fn from(error: StateError) -> Self {
        match error {
            StateError::Resolved(_) => ApiError::Conflict(error.to_string().into()),
            StateError::Chat(cause) => ApiError::from(cause),
            other => ApiError::BadRequest(other.to_string().into()),
        }
    }
}

/// What an agent asks for: a state, and a snooze's end as a time or a
/// preset.
pub struct Wanted {
    pub state: ChatState,
    pub snooze_until: Option<OffsetDateTime>,
    pub snooze_preset: Option<SnoozePreset>,
}

/// When a snooze asked at `now` ends: checked, presets worked out from the
/// business hours.
pub fn snooze_end(
    hours: &BusinessHours,
    wanted: &Wanted,
    now: OffsetDateTime,
) -> Result<Option<OffsetDateTime>, StateError> {
    let end = match (wanted.state, wanted.snooze_until, wanted.snooze_preset) {
        (ChatState::Snoozed, Some(_), Some(_)) => return Err(StateError::TwoSnoozeEnds),
        (ChatState::Snoozed, None, None) => return Err(StateError::NoSnoozeEnd),
        (ChatState::Snoozed, Some(until), None) => until,
        (ChatState::Snoozed, None, Some(preset)) => hours.snooze_end(preset, now),
        (_, None, None) => return Ok(None),
        _ => return Err(StateError::EndWithoutSnooze),
    };
    if end <= now {
        return Err(StateError::SnoozeInThePast);
    }
    if end > now + time::Duration::days(MAX_SNOOZE_DAYS) {
        return Err(StateError::SnoozeTooLong);
    }
    Ok(Some(end))
}

/// Puts each of `chat_ids` in the state `wanted` (a bulk action): the
/// soft changes are published first, one command per chat, then awaited
/// together; each chat changes wholly or not at all. A change not valid for
/// any chat (a snooze without an end) is refused as a whole.
pub async fn change_many(
    state: &AppState,
    chat_ids: &[Uuid],
    agent_id: Uuid,
    wanted: &Wanted,
) -> Result<Vec<BulkStateResult>, StateError> {
    let hours = BusinessHours::from_setting(&state.site_settings.current().settings.chat_hours);
    let snoozed_until = snooze_end(&hours, wanted, OffsetDateTime::now_utc())?;
    let mut results = Vec::with_capacity(chat_ids.len());
    let mut waiting = Vec::new();
    for &chat_id in chat_ids {
        let outcome = match store::current_state(&state.pool, chat_id).await? {
            None => Err("No such chat".to_owned()),
            Some(current) => match (current.state, wanted.state) {
                (ChatState::Resolved, ChatState::Pending) => {
                    Err(StateError::Resolved("marked pending").to_string())
                }
                (ChatState::Resolved, ChatState::Snoozed) => {
                    Err(StateError::Resolved("snoozed").to_string())
                }
                (_, ChatState::Resolved) | (ChatState::Resolved, ChatState::Open) => {
                    let status = match wanted.state {
                        ChatState::Resolved => ChatStatus::Resolved,
                        _ => ChatStatus::Open,
                    };
                    resolve_or_reopen(state, chat_id, status, Some(agent_id))
                        .await
                        .map_err(|error| ApiError::from(error).to_string())
                }
                (from, to) if from == to && to != ChatState::Snoozed => Ok(()),
                (_, to) => {
                    let command = ChangeState {
                        id: Uuid::now_v7(),
                        session_id: chat_id,
                        state: to,
                        snoozed_until,
                        agent_id: Some(agent_id),
                    };
                    match publish(state, &command).await {
                        Ok(()) => {
                            waiting.push(command.id);
                            Ok(())
                        }
                        Err(error) => Err(ApiError::from(error).to_string()),
                    }
                }
            },
        };
        results.push(BulkStateResult {
            chat_id,
            changed: outcome.is_ok(),
            message: outcome.err(),
        });
    }
    for event in waiting {
        wait_stored(state, event).await?;
    }
    Ok(results)
}

/// Puts chat `chat_id` in the state `wanted`, as agent `agent_id` asked.
/// A chat already so is left alone (a snooze takes its new end).
#[tracing::instrument(name = "chat.change_state", skip_all, fields(chat.session_id = %chat_id))]
pub async fn change(
    state: &AppState,
    chat_id: Uuid,
    agent_id: Uuid,
    wanted: Wanted,
) -> Result<(), StateError> {
    let current = store::current_state(&state.pool, chat_id)
        .await?
        .ok_or(StateError::Chat(ChatError::NotFound))?;
    let hours = BusinessHours::from_setting(&state.site_settings.current().settings.chat_hours);
    let snoozed_until = snooze_end(&hours, &wanted, OffsetDateTime::now_utc())?;
    match (current.state, wanted.state) {
        (_, ChatState::Resolved) => {
            resolve_or_reopen(state, chat_id, ChatStatus::Resolved, Some(agent_id)).await?;
        }
        (ChatState::Resolved, ChatState::Open) => {
            resolve_or_reopen(state, chat_id, ChatStatus::Open, Some(agent_id)).await?;
        }
        (ChatState::Resolved, ChatState::Pending) => {
            return Err(StateError::Resolved("marked pending"));
        }
        (ChatState::Resolved, ChatState::Snoozed) => return Err(StateError::Resolved("snoozed")),
        (from, to) if from == to && to != ChatState::Snoozed => {}
        (_, to) => {
            let command = ChangeState {
                id: Uuid::now_v7(),
                session_id: chat_id,
                state: to,
                snoozed_until,
                agent_id: Some(agent_id),
            };
            publish(state, &command).await?;
            wait_stored(state, command.id).await?;
        }
    }
    Ok(())
}

/// Publishes a state command on the `CHAT` stream; returns once JetStream
/// has it (its id is the JetStream message id: a retry is one change).
pub async fn publish(state: &AppState, command: &ChangeState) -> Result<(), ChatError> {
    let mut headers = async_nats::HeaderMap::new();
    headers.insert("Nats-Msg-Id", command.id.to_string().as_str());
    publish_durable(
        state,
        "chat states",
        state.namespace.chat_state(command.session_id),
        headers,
        command,
    )
    .await?;
    Ok(())
}

/// Waits (at most `CHAT_CONFIRM_TIMEOUT_MS`) for the worker to store event
/// `event_id`, so that the answer shows the new state; past that the change
/// is still durable and arrives as an inbox update.
async fn wait_stored(state: &AppState, event_id: Uuid) -> Result<(), ChatError> {
    let deadline = tokio::time::Instant::now() + state.config.chat_confirm_timeout;
    while tokio::time::Instant::now() < deadline {
        if store::state_event_stored(&state.pool, event_id).await? {
            return Ok(());
        }
        tokio::time::sleep(STORED_POLL).await;
    }
    tracing::warn!(chat.event_id = %event_id, "a state change was not stored in time");
    Ok(())
}

/// Resolves a chat or reopens a resolved one (`agent`: who did it), with
/// its trail event; then tells the visitor (in the chat's language), the
/// owner caches and the consoles, and lets assignment use the freed place.
pub async fn resolve_or_reopen(
    state: &AppState,
    id: Uuid,
    status: ChatStatus,
    agent: Option<Uuid>,
) -> Result<(), ChatError> {
    let notice = match status {
        ChatStatus::Resolved => "chat-resolved",
        ChatStatus::Open => "chat-reopened",
    };
    if store::set_status(&state.pool, id, status, agent).await? {
        let notice = texts::say(store::language(&state.pool, id).await?, notice, &[]);
        state
            .chat_owners
            .changed(&state.nats, &state.namespace, &[id])
            .await?;
        send_message(state, id, SenderType::System, None, notice).await?;
        publish_inbox_update(state, id, InboxReason::Status).await;
        // A resolved chat frees a place; a reopened one may need an agent.
        assignment::assign_waiting_or_log(state).await;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use contract::site_settings::ChatHours;

    fn wanted(
        state: ChatState,
        until: Option<OffsetDateTime>,
        preset: Option<SnoozePreset>,
    ) -> Wanted {
        Wanted {
            state,
            snooze_until: until,
            snooze_preset: preset,
        }
    }

    #[test]
    fn a_snooze_needs_one_end_in_the_future() {
        let hours = BusinessHours::from_setting(&ChatHours::default());
        let now = OffsetDateTime::now_utc();
        let hour = time::Duration::hours(1);
        let check = |w: Wanted| snooze_end(&hours, &w, now).map_err(|e| e.to_string());
        assert_eq!(
            check(wanted(ChatState::Snoozed, Some(now + hour), None)),
            Ok(Some(now + hour))
        );
        assert_eq!(
            check(wanted(
                ChatState::Snoozed,
                None,
                Some(SnoozePreset::InOneHour)
            )),
            Ok(Some(now + hour))
        );
        assert_eq!(
            check(wanted(ChatState::Snoozed, Some(now - hour), None)),
            Err("The snooze must end in the future".into())
        );
        assert!(check(wanted(ChatState::Snoozed, None, None)).is_err());
        assert!(
            check(wanted(
                ChatState::Snoozed,
                Some(now + hour),
                Some(SnoozePreset::NextWeek)
            ))
            .is_err()
        );
        assert!(check(wanted(ChatState::Pending, Some(now + hour), None)).is_err());
        assert!(
            check(wanted(
                ChatState::Snoozed,
                Some(now + time::Duration::days(91)),
                None
            ))
            .is_err()
        );
        assert_eq!(check(wanted(ChatState::Pending, None, None)), Ok(None));
    }
}
