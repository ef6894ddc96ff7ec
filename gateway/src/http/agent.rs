//! The agent console's API: the inbox with filters and unread counts, and
//! assign / resolve / reopen / mark-read. Agents reply through the chat
//! messages route, which knows them as agents.

use axum::extract::State;
use axum::routing::{get, post};
use axum::{Json, Router};
use contract::chat::{ChatStatus, ChatSummary, InboxReason, SenderType};
use serde::Deserialize;
use uuid::Uuid;

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

#[derive(Clone, Copy, Default, Deserialize)]
#[serde(rename_all = "lowercase")]
enum StatusFilter {
    #[default]
    All,
    Open,
    /// Open and waiting for an agent's reply.
    Pending,
    Resolved,
}

#[derive(Clone, Copy, Default, Deserialize)]
#[serde(rename_all = "lowercase")]
enum AssignedFilter {
    #[default]
    All,
    Me,
    Unassigned,
}

#[derive(Deserialize)]
struct ListQuery {
    #[serde(default)]
    status: StatusFilter,
    #[serde(default)]
    assigned: AssignedFilter,
}

/// One inbox row per chat. `awaiting_reply`: open and the visitor spoke
/// last (or nobody has yet); `waiting_since`: the first visitor message
/// after the last agent reply.
pub(crate) const SUMMARY_SELECT: &str = "
with summary as (
    select s.id as session_id, s.visitor_name, s.visitor_email, s.status,
           s.assigned_agent_id, a.name as assigned_agent_name,
           (select count(*) from chat_messages m
             where m.session_id = s.id and m.sender_type = 'user'
               and m.created_at > s.agents_read_at) as unread_count,
           left(last.message, 140) as last_message_preview,
           s.last_message_at, s.created_at, s.page_url, s.user_agent,
           s.status = 'open' and coalesce(last.sender_type = 'user', true) as awaiting_reply,
           (select min(m.created_at) from chat_messages m
             where m.session_id = s.id and m.sender_type = 'user'
               and m.id > coalesce((select r.id from chat_messages r
                                     where r.session_id = s.id and r.sender_type = 'agent'
                                     order by r.id desc limit 1),
                                   '00000000-0000-0000-0000-000000000000')) as first_unanswered_at
    from chat_sessions s
    left join users a on a.id = s.assigned_agent_id
    left join lateral (
        select m.message, m.sender_type from chat_messages m
        where m.session_id = s.id and m.sender_type <> 'system'
        order by m.id desc limit 1
    ) last on true
)
select session_id, visitor_name, visitor_email, status, assigned_agent_id,
       assigned_agent_name, unread_count, last_message_preview, last_message_at,
       created_at, page_url, user_agent, awaiting_reply,
       case when awaiting_reply then coalesce(first_unanswered_at, created_at) end as waiting_since
from summary";

async fn list(
    State(state): State<AppState>,
    Agent(agent): Agent,
    ApiQuery(query): ApiQuery<ListQuery>,
) -> Result<Json<Vec<ChatSummary>>, ApiError> {
    let status = match query.status {
        StatusFilter::All => "true",
        StatusFilter::Open => "status = 'open'",
        StatusFilter::Pending => "awaiting_reply",
        StatusFilter::Resolved => "status = 'resolved'",
    };
    let assigned = match query.assigned {
        AssignedFilter::All => "true",
        AssignedFilter::Me => "assigned_agent_id = $1",
        AssignedFilter::Unassigned => "assigned_agent_id is null",
    };
    let chats = sqlx::query_as(&format!(
        "{SUMMARY_SELECT} where {status} and {assigned} and $1 is not null
         order by last_message_at desc limit 500"
    ))
    .bind(agent.id)
    .fetch_all(&state.pool)
    .await?;
    Ok(Json(chats))
}

async fn show(
    State(state): State<AppState>,
    Agent(_): Agent,
    ApiPath(id): ApiPath<Uuid>,
) -> Result<Json<ChatSummary>, ApiError> {
    let chat = sqlx::query_as(&format!("{SUMMARY_SELECT} where session_id = $1"))
        .bind(id)
        .fetch_optional(&state.pool)
        .await?
        .ok_or(ApiError::NotFound)?;
    Ok(Json(chat))
}

async fn ensure_exists(state: &AppState, id: Uuid) -> Result<(), ApiError> {
    let exists: bool =
        sqlx::query_scalar("select exists(select 1 from chat_sessions where id = $1)")
            .bind(id)
            .fetch_one(&state.pool)
            .await?;
    if exists {
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
    let changed =
        sqlx::query("update chat_sessions set status = $2 where id = $1 and status <> $2")
            .bind(id)
            .bind(status)
            .execute(&state.pool)
            .await?
            .rows_affected()
            > 0;
    if changed {
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
    sqlx::query("update chat_sessions set agents_read_at = now() where id = $1")
        .bind(id)
        .execute(&state.pool)
        .await?;
    publish_inbox_update(&state, id, InboxReason::Read).await;
    show(State(state), Agent(agent), ApiPath(id)).await
}
