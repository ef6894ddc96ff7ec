//! The agent console's API: the inbox with filters and unread counts,
//! assign / transfer / resolve / reopen / mark-read, private notes, and the
//! agent's own availability. Agents reply through the chat messages route,
//! which knows them as agents.

use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Json, Router};
use contract::chat::{
    AgentStatus, AgentStatusBody, ChatNote, ChatStatus, ChatSummary, InboxReason, LabelsBody,
    NoteBody, NoteKind, SearchHit, SenderType, TeamAvailability, TransferBody, VisitorChat,
};
use serde::Deserialize;
use uuid::Uuid;

use crate::chat::store::{self, AssignedFilter, StatusFilter};
use crate::chat::{MAX_MESSAGE_CHARS, assignment, publish_inbox_update, send_message};
use crate::error::ApiError;
use crate::extract::{Agent, ApiPath, ApiQuery};
use crate::input::{self, Input, InputError, ValidatedJson};
use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/agent/chats", get(list))
        .route("/agent/chats/{id}", get(show))
        .route("/agent/chats/{id}/assign", post(assign))
        .route("/agent/chats/{id}/resolve", post(resolve))
        .route("/agent/chats/{id}/reopen", post(reopen))
        .route("/agent/chats/{id}/read", post(mark_read))
        .route("/agent/chats/{id}/transfer", post(transfer))
        .route("/agent/chats/{id}/notes", get(notes).post(add_note))
        .route("/agent/status", get(status).put(set_agent_status))
        .route("/agent/team", get(team))
        .route("/agent/chats/{id}/history", get(history))
        .route("/agent/chats/{id}/labels", axum::routing::put(set_labels))
        .route("/agent/labels", get(labels))
        .route("/agent/search", get(search))
}

#[derive(Deserialize)]
struct ListQuery {
    #[serde(default)]
    status: StatusFilter,
    #[serde(default)]
    assigned: AssignedFilter,
    /// Only chats with this label.
    label: Option<String>,
}

async fn list(
    State(state): State<AppState>,
    Agent(agent): Agent,
    ApiQuery(query): ApiQuery<ListQuery>,
) -> Result<Json<Vec<ChatSummary>>, ApiError> {
    let label = query.label.as_deref().filter(|label| !label.is_empty());
    let chats =
        store::summaries(&state.pool, agent.id, query.status, query.assigned, label).await?;
    Ok(Json(chats))
}

async fn show(
    State(state): State<AppState>,
    Agent(_): Agent,
    ApiPath(id): ApiPath<Uuid>,
) -> Result<Json<ChatSummary>, ApiError> {
    let chat = store::summary(&state.pool, id)
        .await?
        .ok_or(ApiError::NotFound)?;
    Ok(Json(chat))
}

async fn ensure_exists(state: &AppState, id: Uuid) -> Result<(), ApiError> {
    if store::exists(&state.pool, id).await? {
        Ok(())
    } else {
        Err(ApiError::NotFound)
    }
}

async fn assign(
    State(state): State<AppState>,
    Agent(agent): Agent,
    ApiPath(id): ApiPath<Uuid>,
) -> Result<Json<ChatSummary>, ApiError> {
    ensure_exists(&state, id).await?;
    assignment::take(&state, id, agent.id, &agent.name, true).await?;
    show(State(state), Agent(agent), ApiPath(id)).await
}

async fn set_status(
    state: &AppState,
    id: Uuid,
    status: ChatStatus,
    notice: &str,
) -> Result<(), ApiError> {
    if store::set_status(&state.pool, id, status).await? {
        send_message(state, id, SenderType::System, None, notice.to_owned()).await?;
        publish_inbox_update(state, id, InboxReason::Status).await;
        // A resolved chat frees a place; a reopened one may need an agent.
        assignment::assign_waiting_or_log(state).await;
    }
    Ok(())
}

async fn resolve(
    State(state): State<AppState>,
    Agent(agent): Agent,
    ApiPath(id): ApiPath<Uuid>,
) -> Result<Json<ChatSummary>, ApiError> {
    ensure_exists(&state, id).await?;
    set_status(
        &state,
        id,
        ChatStatus::Resolved,
        "This chat has been marked as resolved.",
    )
    .await?;
    show(State(state), Agent(agent), ApiPath(id)).await
}

async fn reopen(
    State(state): State<AppState>,
    Agent(agent): Agent,
    ApiPath(id): ApiPath<Uuid>,
) -> Result<Json<ChatSummary>, ApiError> {
    ensure_exists(&state, id).await?;
    set_status(&state, id, ChatStatus::Open, "This chat has been reopened.").await?;
    show(State(state), Agent(agent), ApiPath(id)).await
}

async fn mark_read(
    State(state): State<AppState>,
    Agent(agent): Agent,
    ApiPath(id): ApiPath<Uuid>,
) -> Result<Json<ChatSummary>, ApiError> {
    ensure_exists(&state, id).await?;
    store::mark_read(&state.pool, id).await?;
    publish_inbox_update(&state, id, InboxReason::Read).await;
    show(State(state), Agent(agent), ApiPath(id)).await
}

/// A private note: 1 to 4,000 characters, any lines.
fn note_text(note: String) -> Result<String, InputError> {
    Ok(input::multiline("Note", note)?
        .not_empty()?
        .max_chars(MAX_MESSAGE_CHARS)?
        .value())
}

impl Input for NoteBody {
    const LABELS: &'static [(&'static str, &'static str)] = &[("message", "Note")];

    fn check(self) -> Result<Self, InputError> {
        Ok(NoteBody {
            message: note_text(self.message)?,
        })
    }
}

impl Input for TransferBody {
    const LABELS: &'static [(&'static str, &'static str)] =
        &[("agentId", "Agent"), ("note", "Note")];

    fn check(self) -> Result<Self, InputError> {
        let note = match self.note {
            Some(note) if !note.trim().is_empty() => Some(note_text(note)?),
            _ => None,
        };
        Ok(TransferBody {
            agent_id: self.agent_id,
            note,
        })
    }
}

impl Input for AgentStatusBody {
    const LABELS: &'static [(&'static str, &'static str)] = &[("status", "Status")];

    fn check(self) -> Result<Self, InputError> {
        Ok(self)
    }
}

/// The agents' side of a chat: private notes and assignment events.
async fn notes(
    State(state): State<AppState>,
    Agent(_): Agent,
    ApiPath(id): ApiPath<Uuid>,
) -> Result<Json<Vec<ChatNote>>, ApiError> {
    ensure_exists(&state, id).await?;
    Ok(Json(store::notes(&state.pool, id).await?))
}

/// Writes a private note, which only agents ever see.
async fn add_note(
    State(state): State<AppState>,
    Agent(agent): Agent,
    ApiPath(id): ApiPath<Uuid>,
    ValidatedJson(body): ValidatedJson<NoteBody>,
) -> Result<(StatusCode, Json<ChatNote>), ApiError> {
    ensure_exists(&state, id).await?;
    let note = store::add_note(
        &state.pool,
        id,
        NoteKind::Note,
        Some(agent.id),
        &body.message,
    )
    .await?;
    publish_inbox_update(&state, id, InboxReason::Note).await;
    Ok((StatusCode::CREATED, Json(note)))
}

/// Hands the chat to another agent, with an optional private note for them.
async fn transfer(
    State(state): State<AppState>,
    Agent(agent): Agent,
    ApiPath(id): ApiPath<Uuid>,
    ValidatedJson(body): ValidatedJson<TransferBody>,
) -> Result<Json<ChatSummary>, ApiError> {
    ensure_exists(&state, id).await?;
    let to_name = store::agent_name(&state.pool, body.agent_id)
        .await?
        .ok_or(ApiError::NoSuch("No active agent with that id"))?;
    if store::assignee(&state.pool, id).await? == Some(body.agent_id) {
        return Err(ApiError::Conflict(format!(
            "This chat is already assigned to {to_name}"
        )));
    }
    if let Some(note) = &body.note {
        store::add_note(&state.pool, id, NoteKind::Note, Some(agent.id), note).await?;
    }
    assignment::transfer(&state, id, &agent.name, body.agent_id, &to_name).await?;
    show(State(state), Agent(agent), ApiPath(id)).await
}

async fn status(
    State(state): State<AppState>,
    Agent(agent): Agent,
) -> Result<Json<AgentStatusBody>, ApiError> {
    let status = store::agent_status(&state.pool, agent.id).await?;
    Ok(Json(AgentStatusBody { status }))
}

/// Sets the agent's availability; coming online may assign queued chats.
async fn set_agent_status(
    State(state): State<AppState>,
    Agent(agent): Agent,
    ValidatedJson(body): ValidatedJson<AgentStatusBody>,
) -> Result<Json<AgentStatusBody>, ApiError> {
    store::set_agent_status(&state.pool, agent.id, body.status).await?;
    if body.status == AgentStatus::Online {
        assignment::assign_waiting_or_log(&state).await;
    }
    Ok(Json(body))
}

/// Who is on the team right now, for transfers and the console's header.
async fn team(
    State(state): State<AppState>,
    Agent(_): Agent,
) -> Result<Json<Vec<TeamAvailability>>, ApiError> {
    Ok(Json(
        store::team_availability(&state.pool, assignment::FRESH).await?,
    ))
}

/// The visitor's earlier chats, for the side panel.
async fn history(
    State(state): State<AppState>,
    Agent(_): Agent,
    ApiPath(id): ApiPath<Uuid>,
) -> Result<Json<Vec<VisitorChat>>, ApiError> {
    ensure_exists(&state, id).await?;
    Ok(Json(store::visitor_history(&state.pool, id).await?))
}

/// Most labels on one chat.
const MAX_LABELS: usize = 5;

/// Whether `label` is one: 1–24 lowercase letters, digits and dashes.
fn is_label(label: &str) -> bool {
    (1..=24).contains(&label.len())
        && label
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

impl Input for LabelsBody {
    const LABELS: &'static [(&'static str, &'static str)] = &[("labels", "Labels")];

    fn check(self) -> Result<Self, InputError> {
        let mut labels: Vec<String> = self
            .labels
            .into_iter()
            .map(|label| label.trim().to_lowercase())
            .collect();
        if let Some(bad) = labels.iter().find(|label| !is_label(label)) {
            return Err(InputError(format!(
                "\"{bad}\" is not a label: use 1 to 24 lowercase letters, digits or dashes"
            )));
        }
        labels.sort();
        labels.dedup();
        if labels.len() > MAX_LABELS {
            return Err(InputError(format!(
                "A chat can have at most {MAX_LABELS} labels"
            )));
        }
        Ok(LabelsBody { labels })
    }
}

/// Replaces the chat's labels.
async fn set_labels(
    State(state): State<AppState>,
    Agent(agent): Agent,
    ApiPath(id): ApiPath<Uuid>,
    ValidatedJson(body): ValidatedJson<LabelsBody>,
) -> Result<Json<ChatSummary>, ApiError> {
    ensure_exists(&state, id).await?;
    if store::set_labels(&state.pool, id, &body.labels).await? {
        publish_inbox_update(&state, id, InboxReason::Status).await;
    }
    show(State(state), Agent(agent), ApiPath(id)).await
}

/// Labels in use, most used first.
async fn labels(
    State(state): State<AppState>,
    Agent(_): Agent,
) -> Result<Json<Vec<String>>, ApiError> {
    Ok(Json(store::labels_in_use(&state.pool).await?))
}

#[derive(Deserialize)]
struct SearchQuery {
    #[serde(default)]
    q: String,
}

/// Searches every conversation by text, visitor name or email.
async fn search(
    State(state): State<AppState>,
    Agent(_): Agent,
    ApiQuery(query): ApiQuery<SearchQuery>,
) -> Result<Json<Vec<SearchHit>>, ApiError> {
    let text = query.q.trim();
    if text.chars().count() < 2 {
        return Err(ApiError::BadRequest(
            "Search for at least 2 characters".to_owned(),
        ));
    }
    if text.chars().count() > 200 {
        return Err(ApiError::BadRequest(
            "Search for at most 200 characters".to_owned(),
        ));
    }
    Ok(Json(store::search(&state.pool, text).await?))
}
