//! The admin's writes to posts and events, each followed by
//! `content.changed`.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use bytes::Bytes;
use contract::content::{BlogPost, BlogPostInput, Event, EventInput};

use super::error::ContentError;
use super::read::parse_id;
use super::store;
use crate::platform::error::ApiError;
use crate::platform::error::ErrorBody;
use crate::platform::extract::{Admin, ApiPath};
use crate::platform::input::ValidatedJson;
use crate::state::AppState;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create_post))
        .routes(routes!(update_post, delete_post))
        .routes(routes!(create_event))
        .routes(routes!(update_event, delete_event))
}

/// Tells every gateway (this one at once) that the content changed.
async fn changed(state: &AppState) {
    state.content.clear();
    let announced = crate::platform::bus::announce(
        &state.nats,
        state.namespace.content_changed(),
        Bytes::new(),
    )
    .await;
    if let Err(error) = announced {
        // The write is committed; other gateways catch up within the cache's
        // time to live.
        tracing::error!(
            error = format!("{error:#}"),
            "failed to publish content.changed"
        );
    }
}

/// Publishes a post.
#[utoipa::path(post, path = "/admin/blog", tag = "admin",
    request_body = BlogPostInput,
    security(("session" = [], "csrf" = [])),
    responses(
        (status = 201, description = "The post", body = BlogPost),
        (status = 403, description = "Only admins can do this", body = ErrorBody),
    ))]
async fn create_post(
    State(state): State<AppState>,
    Admin(admin): Admin,
    ValidatedJson(input): ValidatedJson<BlogPostInput>,
) -> Result<Response, ApiError> {
    let post = store::save_post(&state.pool, admin.id, None, &input)
        .await?
        .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("insert returned no row")))?;
    changed(&state).await;
    Ok((StatusCode::CREATED, axum::Json(post)).into_response())
}

/// Replaces a post.
#[utoipa::path(put, path = "/admin/blog/{id}", tag = "admin",
    params(("id" = Uuid, Path, description = "The post id")),
    request_body = BlogPostInput,
    security(("session" = [], "csrf" = [])),
    responses(
        (status = 200, description = "The post", body = BlogPost),
        (status = 403, description = "Only admins can do this", body = ErrorBody),
        (status = 404, description = "Blog post not found", body = ErrorBody),
    ))]
async fn update_post(
    State(state): State<AppState>,
    Admin(admin): Admin,
    ApiPath(id): ApiPath<String>,
    ValidatedJson(input): ValidatedJson<BlogPostInput>,
) -> Result<Response, ApiError> {
    let id = parse_id(&id).ok_or(ContentError::NoSuchPost)?;
    let post = store::save_post(&state.pool, admin.id, Some(id), &input)
        .await?
        .ok_or(ContentError::NoSuchPost)?;
    changed(&state).await;
    Ok(axum::Json(post).into_response())
}

/// Deletes a post.
#[utoipa::path(delete, path = "/admin/blog/{id}", tag = "admin",
    params(("id" = Uuid, Path, description = "The post id")),
    security(("session" = [], "csrf" = [])),
    responses(
        (status = 204, description = "Deleted"),
        (status = 403, description = "Only admins can do this", body = ErrorBody),
        (status = 404, description = "Blog post not found", body = ErrorBody),
    ))]
async fn delete_post(
    State(state): State<AppState>,
    Admin(admin): Admin,
    ApiPath(id): ApiPath<String>,
) -> Result<StatusCode, ApiError> {
    let id = parse_id(&id).ok_or(ContentError::NoSuchPost)?;
    if !store::delete_post(&state.pool, admin.id, id).await? {
        return Err(ContentError::NoSuchPost.into());
    }
    changed(&state).await;
    Ok(StatusCode::NO_CONTENT)
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
    changed(&state).await;
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
    changed(&state).await;
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
    changed(&state).await;
    Ok(StatusCode::NO_CONTENT)
}
