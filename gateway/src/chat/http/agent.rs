//! The agent console's API: the inbox with filters and unread counts,
//! assign / transfer / resolve / reopen / mark-read, private notes, and the
//! agent's own availability. Agents reply through the chat messages route,
//! which knows them as agents.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use contract::chat::{
    AgentStatus, AgentStatusBody, ChatNote, ChatStatus, ChatSummary, InboxReason, LabelsBody,
    NoteBody, NoteKind, SearchHit, TeamAvailability, VisitorChat,
};
use contract::limits::{CHAT, SEARCH_CHARS};
use serde::Deserialize;
use utoipa::IntoParams;
use uuid::Uuid;

use crate::chat::store::{self, AssignedFilter, StatusFilter, TeamFilter};
use crate::chat::{MAX_MESSAGE_CHARS, assignment, publish_inbox_update, states};
use crate::platform::error::ApiError;
use crate::platform::error::ErrorBody;
use crate::platform::extract::{Agent, ApiPath, ApiQuery};
use crate::platform::input::{self, Input, InputError, ValidatedJson};
use crate::state::AppState;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(show))
        .routes(routes!(assign))
        .routes(routes!(resolve))
        .routes(routes!(reopen))
        .routes(routes!(mark_read))
        .routes(routes!(notes, add_note))
        .routes(routes!(status, set_agent_status))
        .routes(routes!(team))
        .routes(routes!(history))
        .routes(routes!(set_labels))
        .routes(routes!(labels))
        .routes(routes!(search))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct ListQuery {
    #[serde(default)]
    #[param(inline)]
    status: StatusFilter,
    #[serde(default)]
    #[param(inline)]
    assigned: AssignedFilter,
    /// Only chats with this label.
    label: Option<String>,
    /// Only chats of this team (its id), of the agent's teams (`mine`) or
    /// without a team (`none`).
    team: Option<String>,
}

/// The inbox's `team` filter.
fn team_filter(team: Option<&String>) -> Result<TeamFilter, ApiError> {
    Ok(match team.map(|team| team.trim()) {
        None | Some("") => TeamFilter::All,
        Some("mine") => TeamFilter::Mine,
        Some("none") => TeamFilter::None,
        Some(id) => TeamFilter::Team(Uuid::parse_str(id).map_err(|_| {
            ApiError::BadRequest("Team must be a team's id, mine or none".to_owned().into())
        })?),
    })
}

/// The inbox, most recent activity first.
#[utoipa::path(get, path = "/agent/chats", tag = "agent",
    params(ListQuery),
    security(("session" = [])),
    responses(
        (status = 200, description = "The chats", body = Vec<ChatSummary>),
        (status = 400, description = "A label or team filter that is not one", body = ErrorBody),
        (status = 403, description = "Only support agents can do this", body = ErrorBody),
    ))]
async fn list(
    State(state): State<AppState>,
    Agent(agent): Agent,
    ApiQuery(query): ApiQuery<ListQuery>,
) -> Result<Json<Vec<ChatSummary>>, ApiError> {
    let label = crate::platform::params::text("label", query.label.as_ref())?;
    let team = team_filter(query.team.as_ref())?;
    let chats = store::summaries(
        &state.pool,
        agent.id,
        query.status,
        query.assigned,
        label,
        team,
    )
    .await?;
    Ok(Json(chats))
}

/// One chat as the inbox shows it.
#[utoipa::path(get, path = "/agent/chats/{id}", tag = "agent",
    params(("id" = Uuid, Path, description = "The chat session id")),
    security(("session" = [])),
    responses(
        (status = 200, description = "The chat as the inbox shows it", body = ChatSummary),
        (status = 403, description = "Only support agents can do this", body = ErrorBody),
        (status = 404, description = "No such chat", body = ErrorBody),
    ))]
pub(super) async fn show(
    State(state): State<AppState>,
    Agent(_): Agent,
    ApiPath(id): ApiPath<Uuid>,
) -> Result<Json<ChatSummary>, ApiError> {
    let chat = store::summary(&state.pool, id)
        .await?
        .ok_or(ApiError::NotFound)?;
    Ok(Json(chat))
}

pub(super) async fn ensure_exists(state: &AppState, id: Uuid) -> Result<(), ApiError> {
    if store::exists(&state.pool, id).await? {
        Ok(())
    } else {
        Err(ApiError::NotFound)
    }
}

/// Takes the chat.
#[utoipa::path(post, path = "/agent/chats/{id}/assign", tag = "agent",
    params(("id" = Uuid, Path, description = "The chat session id")),
    security(("session" = [], "csrf" = [])),
    responses(
        (status = 200, description = "The chat as the inbox shows it", body = ChatSummary),
        (status = 403, description = "Only support agents can do this", body = ErrorBody),
        (status = 404, description = "No such chat", body = ErrorBody),
    ))]
async fn assign(
    State(state): State<AppState>,
    Agent(agent): Agent,
    ApiPath(id): ApiPath<Uuid>,
) -> Result<Json<ChatSummary>, ApiError> {
    ensure_exists(&state, id).await?;
    assignment::take(&state, id, agent.id, true).await?;
    show(State(state), Agent(agent), ApiPath(id)).await
}

/// Marks the chat resolved.
#[utoipa::path(post, path = "/agent/chats/{id}/resolve", tag = "agent",
    params(("id" = Uuid, Path, description = "The chat session id")),
    security(("session" = [], "csrf" = [])),
    responses(
        (status = 200, description = "The chat as the inbox shows it", body = ChatSummary),
        (status = 403, description = "Only support agents can do this", body = ErrorBody),
        (status = 404, description = "No such chat", body = ErrorBody),
    ))]
async fn resolve(
    State(state): State<AppState>,
    Agent(agent): Agent,
    ApiPath(id): ApiPath<Uuid>,
) -> Result<Json<ChatSummary>, ApiError> {
    ensure_exists(&state, id).await?;
    states::resolve_or_reopen(&state, id, ChatStatus::Resolved, Some(agent.id)).await?;
    show(State(state), Agent(agent), ApiPath(id)).await
}

/// Reopens a resolved chat (a pending or snoozed one opens by its state).
#[utoipa::path(post, path = "/agent/chats/{id}/reopen", tag = "agent",
    params(("id" = Uuid, Path, description = "The chat session id")),
    security(("session" = [], "csrf" = [])),
    responses(
        (status = 200, description = "The chat as the inbox shows it", body = ChatSummary),
        (status = 403, description = "Only support agents can do this", body = ErrorBody),
        (status = 404, description = "No such chat", body = ErrorBody),
    ))]
async fn reopen(
    State(state): State<AppState>,
    Agent(agent): Agent,
    ApiPath(id): ApiPath<Uuid>,
) -> Result<Json<ChatSummary>, ApiError> {
    ensure_exists(&state, id).await?;
    states::resolve_or_reopen(&state, id, ChatStatus::Open, Some(agent.id)).await?;
    show(State(state), Agent(agent), ApiPath(id)).await
}

/// Marks the chat read: the agents' "seen" receipt up to its newest message.
#[utoipa::path(post, path = "/agent/chats/{id}/read", tag = "agent",
    params(("id" = Uuid, Path, description = "The chat session id")),
    security(("session" = [], "csrf" = [])),
    responses(
        (status = 200, description = "The chat as the inbox shows it", body = ChatSummary),
        (status = 403, description = "Only support agents can do this", body = ErrorBody),
        (status = 404, description = "No such chat", body = ErrorBody),
    ))]
async fn mark_read(
    State(state): State<AppState>,
    Agent(agent): Agent,
    ApiPath(id): ApiPath<Uuid>,
) -> Result<Json<ChatSummary>, ApiError> {
    ensure_exists(&state, id).await?;
    // The worker tells the consoles (an inbox update, `read`) once stored.
    crate::chat::receipts::mark_seen_by_agents(&state, id).await?;
    show(State(state), Agent(agent), ApiPath(id)).await
}

/// A private note: 1 to 4,000 characters, any lines.
pub(super) fn note_text(note: String) -> Result<String, InputError> {
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

impl Input for AgentStatusBody {
    const LABELS: &'static [(&'static str, &'static str)] = &[("status", "Status")];

    fn check(self) -> Result<Self, InputError> {
        Ok(self)
    }
}

/// The agents' side of a chat: private notes and assignment events.
#[utoipa::path(get, path = "/agent/chats/{id}/notes", tag = "agent",
    params(("id" = Uuid, Path, description = "The chat session id")),
    security(("session" = [])),
    responses(
        (status = 200, description = "Notes and assignment events, oldest first", body = Vec<ChatNote>),
        (status = 403, description = "Only support agents can do this", body = ErrorBody),
        (status = 404, description = "No such chat", body = ErrorBody),
    ))]
async fn notes(
    State(state): State<AppState>,
    Agent(_): Agent,
    ApiPath(id): ApiPath<Uuid>,
) -> Result<Json<Vec<ChatNote>>, ApiError> {
    ensure_exists(&state, id).await?;
    Ok(Json(store::notes(&state.pool, id).await?))
}

/// Writes a private note, which only agents ever see.
#[utoipa::path(post, path = "/agent/chats/{id}/notes", tag = "agent",
    params(("id" = Uuid, Path, description = "The chat session id")),
    request_body = NoteBody,
    security(("session" = [], "csrf" = [])),
    responses(
        (status = 201, description = "The note", body = ChatNote),
        (status = 403, description = "Only support agents can do this", body = ErrorBody),
        (status = 404, description = "No such chat", body = ErrorBody),
    ))]
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

/// The agent's own availability.
#[utoipa::path(get, path = "/agent/status", tag = "agent",
    security(("session" = [])),
    responses(
        (status = 200, description = "The availability", body = AgentStatusBody),
        (status = 403, description = "Only support agents can do this", body = ErrorBody),
    ))]
async fn status(
    State(state): State<AppState>,
    Agent(agent): Agent,
) -> Result<Json<AgentStatusBody>, ApiError> {
    let status = store::agent_status(&state.pool, agent.id).await?;
    Ok(Json(AgentStatusBody { status }))
}

/// Sets the agent's availability; coming online may assign queued chats.
#[utoipa::path(put, path = "/agent/status", tag = "agent",
    request_body = AgentStatusBody,
    security(("session" = [], "csrf" = [])),
    responses(
        (status = 200, description = "The availability as set", body = AgentStatusBody),
        (status = 403, description = "Only support agents can do this", body = ErrorBody),
    ))]
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
#[utoipa::path(get, path = "/agent/team", tag = "agent",
    security(("session" = [])),
    responses(
        (status = 200, description = "Every agent with availability and load", body = Vec<TeamAvailability>),
        (status = 403, description = "Only support agents can do this", body = ErrorBody),
    ))]
async fn team(
    State(state): State<AppState>,
    Agent(_): Agent,
) -> Result<Json<Vec<TeamAvailability>>, ApiError> {
    Ok(Json(
        store::team_availability(&state.pool, assignment::FRESH).await?,
    ))
}

/// The visitor's earlier chats, for the side panel.
#[utoipa::path(get, path = "/agent/chats/{id}/history", tag = "agent",
    params(("id" = Uuid, Path, description = "The chat session id")),
    security(("session" = [])),
    responses(
        (status = 200, description = "The visitor's chats, newest first", body = Vec<VisitorChat>),
        (status = 403, description = "Only support agents can do this", body = ErrorBody),
        (status = 404, description = "No such chat", body = ErrorBody),
    ))]
async fn history(
    State(state): State<AppState>,
    Agent(_): Agent,
    ApiPath(id): ApiPath<Uuid>,
) -> Result<Json<Vec<VisitorChat>>, ApiError> {
    ensure_exists(&state, id).await?;
    Ok(Json(store::visitor_history(&state.pool, id).await?))
}

/// Whether `label` is one: 1–24 lowercase letters, digits and dashes.
fn is_label(label: &str) -> bool {
    (1..=CHAT.label_chars).contains(&label.len())
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
            return Err(InputError::new(format!(
                "\"{bad}\" is not a label: use 1 to {} lowercase letters, digits or dashes",
                CHAT.label_chars
            )));
        }
        labels.sort();
        labels.dedup();
        if labels.len() > CHAT.labels {
            return Err(InputError::new(format!(
                "A chat can have at most {} labels",
                CHAT.labels
            )));
        }
        Ok(LabelsBody { labels })
    }
}

/// Replaces the chat's labels.
#[utoipa::path(put, path = "/agent/chats/{id}/labels", tag = "agent",
    params(("id" = Uuid, Path, description = "The chat session id")),
    request_body = LabelsBody,
    security(("session" = [], "csrf" = [])),
    responses(
        (status = 200, description = "The chat as the inbox shows it", body = ChatSummary),
        (status = 403, description = "Only support agents can do this", body = ErrorBody),
        (status = 404, description = "No such chat", body = ErrorBody),
    ))]
async fn set_labels(
    State(state): State<AppState>,
    Agent(agent): Agent,
    ApiPath(id): ApiPath<Uuid>,
    ValidatedJson(body): ValidatedJson<LabelsBody>,
) -> Result<Json<ChatSummary>, ApiError> {
    ensure_exists(&state, id).await?;
    if store::set_labels(&state.pool, id, &body.labels).await? {
        publish_inbox_update(&state, id, InboxReason::Status).await;
        // A chat still in the queue follows the rules on its new labels.
        assignment::reroute(&state, id).await?;
    }
    show(State(state), Agent(agent), ApiPath(id)).await
}

/// Labels in use, most used first.
#[utoipa::path(get, path = "/agent/labels", tag = "agent",
    security(("session" = [])),
    responses(
        (status = 200, description = "Labels, most used first", body = Vec<String>),
        (status = 403, description = "Only support agents can do this", body = ErrorBody),
    ))]
async fn labels(
    State(state): State<AppState>,
    Agent(_): Agent,
) -> Result<Json<Vec<String>>, ApiError> {
    Ok(Json(store::labels_in_use(&state.pool).await?))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct SearchQuery {
    /// 2 to 200 characters of message text, visitor name or email.
    #[serde(default)]
    q: String,
}

/// Searches every conversation by text, visitor name or email.
#[utoipa::path(get, path = "/agent/search", tag = "agent",
    params(SearchQuery),
    security(("session" = [])),
    responses(
        (status = 200, description = "Matching chats and messages", body = Vec<SearchHit>),
        (status = 400, description = "The search text is shorter than 2 or longer than 200 characters, or has control characters", body = ErrorBody),
        (status = 403, description = "Only support agents can do this", body = ErrorBody),
    ))]
async fn search(
    State(state): State<AppState>,
    Agent(_): Agent,
    ApiQuery(query): ApiQuery<SearchQuery>,
) -> Result<Json<Vec<SearchHit>>, ApiError> {
    // Postgres refuses NUL in text: control characters never reach the query.
    let text = input::text("Search", query.q)?.value();
    let text = text.as_str();
    if text.chars().count() < 2 {
        return Err(ApiError::BadRequest(
            "Search for at least 2 characters".to_owned().into(),
        ));
    }
    if text.chars().count() > SEARCH_CHARS {
        return Err(ApiError::BadRequest(
            format!("Search for at most {SEARCH_CHARS} characters").into(),
        ));
    }
    Ok(Json(store::search(&state.pool, text).await?))
}
