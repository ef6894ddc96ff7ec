//! Canned replies: a library every agent reads (`GET
//! /api/agent/canned-responses`, for the `/` picker in the reply box) and
//! only admins change (`POST`, `PUT .../{id}`, `DELETE .../{id}`). Each
//! change is audited (`store::canned`); the fields' rules are
//! `chat::canned`.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use contract::agents::{CannedResponse, CannedResponseInput};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::chat::error::ChatError;
use crate::chat::store;
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::{Admin, Agent, ApiPath};
use crate::platform::input::ValidatedJson;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list, create))
        .routes(routes!(update, delete))
}

/// The team's canned replies.
#[utoipa::path(get, path = "/agent/canned-responses", tag = "agent",
    security(("session" = [])),
    responses(
        (status = 200, description = "The replies", body = Vec<CannedResponse>),
        (status = 403, description = "Only support agents can do this", body = ErrorBody),
    ))]
async fn list(
    State(state): State<AppState>,
    Agent(_): Agent,
) -> Result<Json<Vec<CannedResponse>>, ApiError> {
    let replies = store::canned_responses(&state.pool).await?;
    Ok(Json(replies))
}

/// Adds a canned reply.
#[utoipa::path(post, path = "/agent/canned-responses", tag = "agent",
    request_body = CannedResponseInput,
    security(("session" = [], "csrf" = [])),
    responses(
        (status = 201, description = "The reply", body = CannedResponse),
        (status = 403, description = "Only admins can do this", body = ErrorBody),
        (status = 409, description = "Another canned reply already uses this shortcut", body = ErrorBody),
    ))]
async fn create(
    State(state): State<AppState>,
    Admin(admin): Admin,
    ValidatedJson(body): ValidatedJson<CannedResponseInput>,
) -> Result<(StatusCode, Json<CannedResponse>), ApiError> {
    let reply = store::create_canned(&state.pool, admin.id, &body).await?;
    Ok((StatusCode::CREATED, Json(reply)))
}

/// Replaces a canned reply.
#[utoipa::path(put, path = "/agent/canned-responses/{id}", tag = "agent",
    params(("id" = Uuid, Path, description = "The canned reply id")),
    request_body = CannedResponseInput,
    security(("session" = [], "csrf" = [])),
    responses(
        (status = 200, description = "The reply", body = CannedResponse),
        (status = 403, description = "Only admins can do this", body = ErrorBody),
        (status = 404, description = "Canned reply not found", body = ErrorBody),
        (status = 409, description = "Another canned reply already uses this shortcut", body = ErrorBody),
    ))]
async fn update(
    State(state): State<AppState>,
    Admin(admin): Admin,
    ApiPath(id): ApiPath<Uuid>,
    ValidatedJson(body): ValidatedJson<CannedResponseInput>,
) -> Result<Json<CannedResponse>, ApiError> {
    let reply = store::update_canned(&state.pool, admin.id, id, &body)
        .await?
        .ok_or(ChatError::NoSuchCannedReply)?;
    Ok(Json(reply))
}

/// Deletes a canned reply.
#[utoipa::path(delete, path = "/agent/canned-responses/{id}", tag = "agent",
    params(("id" = Uuid, Path, description = "The canned reply id")),
    security(("session" = [], "csrf" = [])),
    responses(
        (status = 204, description = "Deleted"),
        (status = 403, description = "Only admins can do this", body = ErrorBody),
        (status = 404, description = "Canned reply not found", body = ErrorBody),
    ))]
async fn delete(
    State(state): State<AppState>,
    Admin(admin): Admin,
    ApiPath(id): ApiPath<Uuid>,
) -> Result<StatusCode, ApiError> {
    if !store::delete_canned(&state.pool, admin.id, id).await? {
        return Err(ChatError::NoSuchCannedReply.into());
    }
    Ok(StatusCode::NO_CONTENT)
}
