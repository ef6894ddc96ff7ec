//! `/api/admin/events`: the admin's writes of events, each followed by
//! `content.changed`.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use contract::content::{Event, EventInput};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::content::cache::changed;
use crate::content::error::ContentError;
use crate::content::listing::parse_id;
use crate::content::store;
use crate::platform::error::ApiError;
use crate::platform::error::ErrorBody;
use crate::platform::extract::{Admin, ApiPath};
use crate::platform::input::ValidatedJson;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create_event))
        .routes(routes!(update_event, delete_event))
}

/// Creates an event.
#[utoipa::path(post, path = "/admin/events", tag = "admin",
    request_body = EventInput,
    security(("session" = [], "csrf" = [])),
    responses(
        (status = 201, description = "The event", body = Event),
        (status = 403, description = "Only admins can do this", body = ErrorBody),
    ))]
async fn create_event(
    State(state): State<AppState>,
    Admin(admin): Admin,
    ValidatedJson(input): ValidatedJson<EventInput>,
) -> Result<Response, ApiError> {
    let event = store::save_event(&state.pool, admin.id, None, &input, store::today())
        .await?
        .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("insert returned no row")))?;
    changed(&state.content, &state.nats, &state.namespace).await;
    Ok((StatusCode::CREATED, axum::Json(event)).into_response())
}

/// Replaces an event.
#[utoipa::path(put, path = "/admin/events/{id}", tag = "admin",
    params(("id" = Uuid, Path, description = "The event id")),
    request_body = EventInput,
    security(("session" = [], "csrf" = [])),
    responses(
        (status = 200, description = "The event", body = Event),
        (status = 403, description = "Only admins can do this", body = ErrorBody),
        (status = 404, description = "Event not found", body = ErrorBody),
    ))]
async fn update_event(
    State(state): State<AppState>,
    Admin(admin): Admin,
    ApiPath(id): ApiPath<String>,
    ValidatedJson(input): ValidatedJson<EventInput>,
) -> Result<Response, ApiError> {
    let id = parse_id(&id).ok_or(ContentError::NoSuchEvent)?;
    let event = store::save_event(&state.pool, admin.id, Some(id), &input, store::today())
        .await?
        .ok_or(ContentError::NoSuchEvent)?;
    changed(&state.content, &state.nats, &state.namespace).await;
    Ok(axum::Json(event).into_response())
}

/// Deletes an event.
#[utoipa::path(delete, path = "/admin/events/{id}", tag = "admin",
    params(("id" = Uuid, Path, description = "The event id")),
    security(("session" = [], "csrf" = [])),
    responses(
        (status = 204, description = "Deleted"),
        (status = 403, description = "Only admins can do this", body = ErrorBody),
        (status = 404, description = "Event not found", body = ErrorBody),
    ))]
async fn delete_event(
    State(state): State<AppState>,
    Admin(admin): Admin,
    ApiPath(id): ApiPath<String>,
) -> Result<StatusCode, ApiError> {
    let id = parse_id(&id).ok_or(ContentError::NoSuchEvent)?;
    if !store::delete_event(&state.pool, admin.id, id).await? {
        return Err(ContentError::NoSuchEvent.into());
    }
    changed(&state.content, &state.nats, &state.namespace).await;
    Ok(StatusCode::NO_CONTENT)
}
