//! The agent console's API: the inbox with filters and unread counts, and
//! assign / resolve / reopen / mark-read. Agents reply through the chat
//! messages route, which knows them as agents.

use axum::extract::State;
use axum::routing::{get, post};
use axum::{Json, Router};
use contract::chat::{ChatStatus, ChatSummary, InboxReason, SenderType};
use serde::Deserialize;
use uuid::Uuid;

use crate::chat::store::{self, AssignedFilter, StatusFilter};
use crate::chat::{assign_agent, publish_inbox_update, send_message};
use crate::error::ApiError;
use crate::extract::{Agent, ApiPath, ApiQuery};
use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/agent/chats", get(list))
        .route("/agent/chats/{id}", get(show))
        .route("/agent/chats/{id}/assign", post(assign))
        .route("/agent/chats/{id}/resolve", post(resolve))
        .route("/agent/chats/{id}/reopen", post(reopen))
        .route("/agent/chats/{id}/read", post(mark_read))
}

#[derive(Deserialize)]
struct ListQuery {
    #[serde(default)]
    status: StatusFilter,
    #[serde(default)]
    assigned: AssignedFilter,
}

async fn list(
    State(state): State<AppState>,
    Agent(agent): Agent,
    ApiQuery(query): ApiQuery<ListQuery>,
) -> Result<Json<Vec<ChatSummary>>, ApiError> {
    let chats = store::summaries(&state.pool, agent.id, query.status, query.assigned).await?;
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
    assign_agent(&state, id, &agent, true).await?;
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
