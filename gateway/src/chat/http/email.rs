//! The console's view of a chat's email: how its visitor is reached
//! (`GET …/email`) and the replies held for an agent, each posted into the
//! chat as the visitor's message or discarded.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use contract::chat::InboxReason;
use contract::chat::email_replies::ChatEmailState;
use uuid::Uuid;

use crate::chat::email_replies::post_as_visitor;
use crate::chat::email_state::chat_email_state;
use crate::chat::{publish_inbox_update, store};
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::{Agent, ApiPath};
use crate::state::AppState;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(email_state))
        .routes(routes!(post_held))
        .routes(routes!(discard_held))
}

/// Whether the visitor is on the page, or when the next reply goes to them
/// by email; and the email replies held for an agent.
#[utoipa::path(get, path = "/agent/chats/{id}/email", tag = "agent",
    params(("id" = Uuid, Path, description = "The chat session id")),
    security(("session" = [])),
    responses(
        (status = 200, description = "The chat's email", body = ChatEmailState),
        (status = 403, description = "Only support agents can do this", body = ErrorBody),
        (status = 404, description = "No such chat", body = ErrorBody),
    ))]
async fn email_state(
    State(state): State<AppState>,
    Agent(_): Agent,
    ApiPath(id): ApiPath<Uuid>,
) -> Result<Json<ChatEmailState>, ApiError> {
    Ok(Json(chat_email_state(&state, id).await?))
}

/// Posts a held email reply into its chat as the visitor's message (the
/// agent vouches that the visitor wrote it).
#[utoipa::path(post, path = "/agent/held-replies/{id}/post", tag = "agent",
    params(("id" = Uuid, Path, description = "The held reply")),
    security(("session" = [], "csrf" = [])),
    responses(
        (status = 204, description = "Posted"),
        (status = 403, description = "Only support agents can do this", body = ErrorBody),
        (status = 404, description = "No such reply waiting", body = ErrorBody),
    ))]
async fn post_held(
    State(state): State<AppState>,
    Agent(agent): Agent,
    ApiPath(id): ApiPath<Uuid>,
) -> Result<StatusCode, ApiError> {
    let held = store::held(&state.pool, id)
        .await?
        .ok_or(ApiError::NotFound)?;
    // Posted first, then recorded: a failure between leaves it waiting,
    // and posting it again stores it once (its id is the email's).
    post_as_visitor(&state, held.chat_id, &held.message_id, held.body).await?;
    store::decide(&state.pool, id, agent.id, true).await?;
    publish_inbox_update(&state, held.chat_id, InboxReason::Email).await;
    Ok(StatusCode::NO_CONTENT)
}

/// Discards a held email reply: it never reaches the chat.
#[utoipa::path(post, path = "/agent/held-replies/{id}/discard", tag = "agent",
    params(("id" = Uuid, Path, description = "The held reply")),
    security(("session" = [], "csrf" = [])),
    responses(
        (status = 204, description = "Discarded"),
        (status = 403, description = "Only support agents can do this", body = ErrorBody),
        (status = 404, description = "No such reply waiting", body = ErrorBody),
    ))]
async fn discard_held(
    State(state): State<AppState>,
    Agent(agent): Agent,
    ApiPath(id): ApiPath<Uuid>,
) -> Result<StatusCode, ApiError> {
    let (chat_id, message_id) = store::decide(&state.pool, id, agent.id, false)
        .await?
        .ok_or(ApiError::NotFound)?;
    store::forget_email_files(&state.pool, chat_id, &message_id).await?;
    publish_inbox_update(&state, chat_id, InboxReason::Email).await;
    Ok(StatusCode::NO_CONTENT)
}
