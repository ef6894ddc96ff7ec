//! `GET /api/events`, `/api/events/facets` and `/api/events/{id}`: the
//! events, upcoming and completed, cached (with ETags).

use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use contract::content::{Event, EventFacets, EventList, EventStatus};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::answers::{json_answer, one_item, respond};
use crate::content::cache::Key;
use crate::content::error::{ContentError, EVENT_NOT_FOUND};
use crate::content::listing::{RawList, parse_id};
use crate::content::store::{self};
use crate::platform::error::ApiError;
use crate::platform::error::ErrorBody;
use crate::platform::extract::{ApiPath, ApiQuery};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_events))
        .routes(routes!(event_facets))
        .routes(routes!(get_event))
}

/// Events, upcoming first (cached, with an ETag).
#[utoipa::path(get, path = "/events", tag = "content",
    params(
        ("page" = Option<u32>, Query, minimum = 1, description = "Page, from 1"),
        ("limit" = Option<u32>, Query, minimum = 1, maximum = 1000, description = "Items a page (12)"),
        ("search" = Option<String>, Query, max_length = 200, description = "Words to find"),
        ("category" = Option<String>, Query, max_length = 60, description = "Only this category"),
        ("lang" = Option<String>, Query, description = "The page's language (en, fr, sw): its items first"),
        ("status" = Option<EventStatus>, Query, description = "Only upcoming or only completed events"),
    ),
    responses(
        (status = 200, description = "A page of events", body = EventList),
        (status = 304, description = "Not modified: If-None-Match names the current ETag"),
        (status = 400, description = "A parameter is not valid", body = ErrorBody),
    ))]
async fn list_events(
    State(state): State<AppState>,
    ApiQuery(raw): ApiQuery<RawList>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let query = raw.validate_events()?;
    let today = store::today();
    let answer = state
        .content
        .get_or_compute(Key::Events(query.clone(), today), async {
            json_answer(&store::list_events(&state.pool, &query, today).await?)
        })
        .await?;
    Ok(respond(answer, &headers))
}

/// The events page's status and category filters with their counts, and
/// the events Other Events may show (cached, with an ETag).
#[utoipa::path(get, path = "/events/facets", tag = "content",
    responses(
        (status = 200, description = "Statuses and categories with their counts, and the first events outside the main categories", body = EventFacets),
        (status = 304, description = "Not modified: If-None-Match names the current ETag"),
    ))]
async fn event_facets(
    State(state): State<AppState>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let today = store::today();
    let answer = state
        .content
        .get_or_compute(Key::EventFacets(today), async {
            json_answer(&store::facets::event_facets(&state.pool, today).await?)
        })
        .await?;
    Ok(respond(answer, &headers))
}

/// One event.
#[utoipa::path(get, path = "/events/{id}", tag = "content",
    params(("id" = Uuid, Path, description = "The event id")),
    responses(
        (status = 200, description = "The event", body = Event),
        (status = 304, description = "Not modified: If-None-Match names the current ETag"),
        (status = 404, description = "Event not found", body = ErrorBody),
    ))]
async fn get_event(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let id = parse_id(&id).ok_or(ContentError::NoSuchEvent)?;
    let today = store::today();
    let answer = one_item(
        &state,
        Key::Event(id, today),
        EVENT_NOT_FOUND,
        store::find_event(&state.pool, id, today),
    )
    .await?;
    Ok(respond(answer, &headers))
}
