//! Transfers: an agent hands a chat to another agent who can take it, or
//! to a team (`chat::assignment::transfer_to_team`), with an optional
//! private note.

use axum::Json;
use axum::extract::State;
use contract::accounts::User;
use contract::chat::{ChatSummary, NoteKind, TransferBody};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use super::agent::{ensure_exists, note_text, show};
use crate::chat::{assignment, store};
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::{Agent, ApiPath};
use crate::platform::input::{Input, InputError, ValidatedJson};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(transfer))
}

impl Input for TransferBody {
    const LABELS: &'static [(&'static str, &'static str)] =
        &[("agentId", "Agent"), ("teamId", "Team"), ("note", "Note")];

    fn check(self) -> Result<Self, InputError> {
        if self.agent_id.is_some() == self.team_id.is_some() {
            return Err(InputError::new(
                "Choose either an agent or a team to transfer the chat to",
            ));
        }
        let note = match self.note {
            Some(note) if !note.trim().is_empty() => Some(note_text(note)?),
            _ => None,
        };
        Ok(TransferBody { note, ..self })
    }
}

/// Hands the chat to another agent, or to a team (assigned within it or
/// queued in it), with an optional private note.
#[utoipa::path(post, path = "/agent/chats/{id}/transfer", tag = "agent",
    params(("id" = Uuid, Path, description = "The chat session id")),
    request_body = TransferBody,
    security(("session" = [], "csrf" = [])),
    responses(
        (status = 200, description = "The chat as the inbox shows it", body = ChatSummary),
        (status = 400, description = "Neither or both of an agent and a team", body = ErrorBody),
        (status = 409, description = "The chat is already that agent's (or waits in that team's queue), or they cannot take chats (invitation not accepted, away or offline)", body = ErrorBody),
        (status = 403, description = "Only support agents can do this", body = ErrorBody),
        (status = 404, description = "No such chat, no active agent or no team with that id", body = ErrorBody),
    ))]
async fn transfer(
    State(state): State<AppState>,
    Agent(agent): Agent,
    ApiPath(id): ApiPath<Uuid>,
    ValidatedJson(body): ValidatedJson<TransferBody>,
) -> Result<Json<ChatSummary>, ApiError> {
    ensure_exists(&state, id).await?;
    if let Some(team_id) = body.team_id {
        return transfer_to_team(state, agent, id, team_id, body.note).await;
    }
    let to = body.agent_id.ok_or(ApiError::NotFound)?;
    let target = store::transfer_target(&state.pool, to, assignment::FRESH)
        .await?
        .ok_or(ApiError::NoSuch("No active agent with that id".into()))?;
    let to_name = target.name;
    // Only someone there to answer may be handed a chat: the visitor would
    // otherwise read that they joined and wait in silence.
    if !target.signed_up {
        return Err(ApiError::Conflict(
            format!("{to_name} has not accepted their invitation yet, so they cannot take chats")
                .into(),
        ));
    }
    if !target.present {
        return Err(ApiError::Conflict(
            format!("{to_name} is away or offline and cannot take chats right now").into(),
        ));
    }
    if store::assignee(&state.pool, id).await? == Some(to) {
        return Err(ApiError::Conflict(
            format!("This chat is already assigned to {to_name}").into(),
        ));
    }
    if let Some(note) = &body.note {
        store::add_note(&state.pool, id, NoteKind::Note, Some(agent.id), note).await?;
    }
    assignment::transfer(&state, id, agent.id, to, &to_name).await?;
    show(State(state), Agent(agent), ApiPath(id)).await
}

/// The transfer of chat `id` to team `team_id`.
async fn transfer_to_team(
    state: AppState,
    agent: User,
    id: Uuid,
    team_id: Uuid,
    note: Option<String>,
) -> Result<Json<ChatSummary>, ApiError> {
    let team_name = store::team_name(&state.pool, team_id)
        .await?
        .ok_or(ApiError::NoSuch("No team with that id".into()))?;
    let facts = store::routing_facts(&state.pool, id)
        .await?
        .ok_or(ApiError::NotFound)?;
    if facts.queued && facts.team_id == Some(team_id) {
        return Err(ApiError::Conflict(
            format!("This chat is already waiting in the queue of {team_name}").into(),
        ));
    }
    if let Some(note) = &note {
        store::add_note(&state.pool, id, NoteKind::Note, Some(agent.id), note).await?;
    }
    assignment::transfer_to_team(&state, id, agent.id, team_id, &team_name).await?;
    show(State(state), Agent(agent), ApiPath(id)).await
}
