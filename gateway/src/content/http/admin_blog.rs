//! `/api/admin/blog`: every post (drafts and scheduled ones too), the
//! content preview, and the writes, each followed by `content.changed`.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use contract::content::{
    AdminBlogList, BlogPost, BlogPostInput, BlogPreview, BlogPreviewInput, ContentFormat,
};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::content::cache::changed;
use crate::content::error::ContentError;
use crate::content::listing::{RawList, parse_id};
use crate::content::markdown;
use crate::content::store;
use crate::platform::error::ApiError;
use crate::platform::error::ErrorBody;
use crate::platform::extract::{Admin, ApiPath, ApiQuery};
use crate::platform::input::ValidatedJson;
use crate::platform::limits::Limit;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_all_posts, create_post))
        .routes(routes!(preview_post))
        .routes(routes!(update_post, delete_post))
}

/// Every post, drafts and scheduled ones included, newest first (never
/// cached: the admin sees each change at once).
#[utoipa::path(get, path = "/admin/blog", tag = "admin",
    params(
        ("page" = Option<u32>, Query, minimum = 1, description = "Page, from 1"),
        ("limit" = Option<u32>, Query, minimum = 1, maximum = 1000, description = "Items a page (12)"),
        ("search" = Option<String>, Query, max_length = 200, description = "Words to find"),
        ("category" = Option<String>, Query, max_length = 60, description = "Only this category"),
    ),
    security(("session" = [])),
    responses(
        (status = 200, description = "A page of posts, each whole", body = AdminBlogList),
        (status = 400, description = "A parameter is not valid", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Only admins can do this", body = ErrorBody),
    ))]
async fn list_all_posts(
    State(state): State<AppState>,
    Admin(_admin): Admin,
    ApiQuery(raw): ApiQuery<RawList>,
) -> Result<axum::Json<AdminBlogList>, ApiError> {
    let mut query = raw.validate()?;
    query.everything = true;
    Ok(axum::Json(store::list_posts(&state.pool, &query).await?))
}

/// A post's content rendered as its page will show it (the same renderer
/// and sanitiser as a saved post), with the read time it would get.
#[utoipa::path(post, path = "/admin/blog/preview", tag = "admin",
    request_body = BlogPreviewInput,
    security(("session" = [], "csrf" = [])),
    responses(
        (status = 200, description = "The rendered content", body = BlogPreview),
        (status = 400, description = "The content is not valid", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Only admins can do this", body = ErrorBody),
        (status = 429, description = "Too many previews", body = ErrorBody),
    ))]
async fn preview_post(
    State(state): State<AppState>,
    Admin(admin): Admin,
    ValidatedJson(input): ValidatedJson<BlogPreviewInput>,
) -> Result<axum::Json<BlogPreview>, ApiError> {
    state
        .limits
        .check(Limit::ContentPreview, admin.id.to_string().as_str())?;
    let format = input.content_format.unwrap_or(ContentFormat::Markdown);
    let words = markdown::word_count(format, &input.full_content);
    Ok(axum::Json(BlogPreview {
        html: markdown::render(format, &input.full_content),
        words: u32::try_from(words).unwrap_or(u32::MAX),
        read_time: markdown::read_time(input.language.unwrap_or_default(), words),
    }))
}

/// Creates a post: published (public from `publishedAt`, now when absent)
/// or a draft.
#[utoipa::path(post, path = "/admin/blog", tag = "admin",
    request_body = BlogPostInput,
    security(("session" = [], "csrf" = [])),
    responses(
        (status = 201, description = "The post", body = BlogPost),
        (status = 400, description = "A field is not valid", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Only admins can do this", body = ErrorBody),
        (status = 409, description = "The translation link is refused", body = ErrorBody),
    ))]
async fn create_post(
    State(state): State<AppState>,
    Admin(admin): Admin,
    ValidatedJson(input): ValidatedJson<BlogPostInput>,
) -> Result<Response, ApiError> {
    let post = store::save_post(&state.pool, admin.id, None, &input)
        .await?
        .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("insert returned no row")))?;
    changed(&state.content, &state.nats, &state.namespace).await;
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
        (status = 409, description = "The translation link is refused", body = ErrorBody),
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
    changed(&state.content, &state.nats, &state.namespace).await;
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
    changed(&state.content, &state.nats, &state.namespace).await;
    Ok(StatusCode::NO_CONTENT)
}
