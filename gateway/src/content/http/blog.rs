//! `GET /api/blog`, `/api/blog/facets`, `/api/blog/{id}` and
//! `/api/blog/{id}/image-data`: the published posts, cached (with ETags)
//! and counted as read (`content::views`).

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::Response;
use contract::content::{BlogFacets, BlogList, BlogPost, ImageData};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::answers::{json_answer, one_item, respond};
use crate::content::cache::Key;
use crate::content::error::{ContentError, POST_NOT_FOUND};
use crate::content::listing::{RawList, card, parse_id};
use crate::content::store::{self};
use crate::content::views;
use crate::platform::error::ApiError;
use crate::platform::error::ErrorBody;
use crate::platform::extract::{ApiPath, ApiQuery, ClientIp, CurrentUser};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_posts))
        .routes(routes!(blog_facets))
        .routes(routes!(get_post))
        .routes(routes!(get_image_data))
}

/// Published posts whose time has come, newest first (cached, with an
/// ETag).
#[utoipa::path(get, path = "/blog", tag = "content",
    params(
        ("page" = Option<u32>, Query, minimum = 1, description = "Page, from 1"),
        ("limit" = Option<u32>, Query, minimum = 1, maximum = 1000, description = "Items a page (12)"),
        ("search" = Option<String>, Query, max_length = 200, description = "Words to find"),
        ("category" = Option<String>, Query, max_length = 60, description = "Only this category"),
        ("lang" = Option<String>, Query, description = "The page's language (en, fr, sw): its items first"),
    ),
    responses(
        (status = 200, description = "A page of posts", body = BlogList),
        (status = 304, description = "Not modified: If-None-Match names the current ETag"),
        (status = 400, description = "A parameter is not valid", body = ErrorBody),
    ))]
async fn list_posts(
    State(state): State<AppState>,
    ApiQuery(raw): ApiQuery<RawList>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let query = raw.validate()?;
    state.content.keep_schedule(&state.pool).await?;
    let answer = state
        .content
        .get_or_compute(Key::Posts(query.clone()), async {
            let list = store::list_posts(&state.pool, &query).await?;
            let featured = if query.page == 1 {
                store::featured_post(&state.pool, &query).await?
            } else {
                None
            };
            json_answer(&BlogList {
                posts: list.posts.into_iter().map(card).collect(),
                pagination: list.pagination,
                featured: featured.map(card),
            })
        })
        .await?;
    Ok(respond(answer, &headers))
}

/// The blog page's category buttons, their counts and Popular Articles,
/// without the posts (cached, with an ETag): its size does not grow with
/// the number of posts.
#[utoipa::path(get, path = "/blog/facets", tag = "content",
    responses(
        (status = 200, description = "Categories with their counts, and the most viewed posts", body = BlogFacets),
        (status = 304, description = "Not modified: If-None-Match names the current ETag"),
    ))]
async fn blog_facets(
    State(state): State<AppState>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    state.content.keep_schedule(&state.pool).await?;
    let answer = state
        .content
        .get_or_compute(Key::BlogFacets, async {
            json_answer(&store::facets::blog_facets(&state.pool).await?)
        })
        .await?;
    Ok(respond(answer, &headers))
}

/// One published post whose time has come (a draft or a post scheduled for
/// later is 404); a view by a person counts towards its views.
#[utoipa::path(get, path = "/blog/{id}", tag = "content",
    params(("id" = Uuid, Path, description = "The post id")),
    security((), ("session" = [])),
    responses(
        (status = 200, description = "The post", body = BlogPost),
        (status = 304, description = "Not modified: If-None-Match names the current ETag"),
        (status = 404, description = "Blog post not found", body = ErrorBody),
    ))]
async fn get_post(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<String>,
    reader: Option<CurrentUser>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let id = parse_id(&id).ok_or(ContentError::NoSuchPost)?;
    state.content.keep_schedule(&state.pool).await?;
    let answer = one_item(
        &state,
        Key::Post(id),
        POST_NOT_FOUND,
        store::find_post(&state.pool, id),
    )
    .await?;
    let reader = reader.map(|CurrentUser(user)| user);
    if answer.status == StatusCode::OK
        && views::counts(headers.get(header::USER_AGENT), reader.as_ref())
    {
        // Published with the others' within seconds; a reader counted
        // today adds nothing.
        state.views.count(ip, id).await;
    }
    Ok(respond(answer, &headers))
}

/// A post's inline image data (kept out of the post, being large).
#[utoipa::path(get, path = "/blog/{id}/image-data", tag = "content",
    params(("id" = Uuid, Path, description = "The post id")),
    responses(
        (status = 200, description = "The image data", body = ImageData),
        (status = 304, description = "Not modified: If-None-Match names the current ETag"),
        (status = 404, description = "Blog post not found", body = ErrorBody),
    ))]
async fn get_image_data(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let id = parse_id(&id).ok_or(ContentError::NoSuchPost)?;
    state.content.keep_schedule(&state.pool).await?;
    let answer = one_item(
        &state,
        Key::ImageData(id),
        POST_NOT_FOUND,
        store::find_image_data(&state.pool, id),
    )
    .await?;
    Ok(respond(answer, &headers))
}
