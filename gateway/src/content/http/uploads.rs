//! `/api/admin/uploads` (the admin's images: upload, list, delete) and
//! `GET /objects/{id}`, the objects they serve, cached in memory; an object
//! never changes once stored, so it is served with immutable caching. What
//! an upload must be is `content::uploads`.

use std::time::Duration;

use axum::body::Body;
use axum::extract::multipart::MultipartRejection;
use axum::extract::{DefaultBodyLimit, Multipart, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use contract::content::{Upload, UploadList};
use utoipa::ToSchema;
use utoipa_axum::router::{OpenApiRouter, UtoipaMethodRouterExt as _};
use utoipa_axum::routes;
use uuid::Uuid;

use crate::content::store::uploads::{self, NewUpload, Object};
use crate::content::uploads::{MAX_IMAGE_BYTES, UploadError, inspect, read_file};
use crate::platform::error::ApiError;
use crate::platform::error::ErrorBody;
use crate::platform::extract::{Admin, ApiPath};
use crate::state::AppState;

/// The upload route's body limit: the image plus room for the multipart
/// boundaries and part headers (the file's own size is checked exactly).
const UPLOAD_BODY_LIMIT: usize = MAX_IMAGE_BYTES + 64 * 1024;

const NOT_FOUND: &str = "Upload not found";

/// A year, and never revalidated: an id always names the same bytes.
const IMMUTABLE: HeaderValue = HeaderValue::from_static("public, max-age=31536000, immutable");

/// An image is not a page: nothing in it may run or load anything.
const OBJECT_POLICY: HeaderValue = HeaderValue::from_static("default-src 'none'; sandbox");

/// Largest total of image bytes each gateway keeps in memory.
const CACHE_BYTES: u64 = 32 * 1024 * 1024;

/// An object nobody asked for this long leaves the memory cache.
const CACHE_IDLE: Duration = Duration::from_secs(600);

/// The admin's routes, nested under `/api` (they need the session).
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(
            routes!(list_uploads, create_upload).layer(DefaultBodyLimit::max(UPLOAD_BODY_LIMIT)),
        )
        .routes(routes!(delete_upload))
}

/// The body of `POST /api/admin/uploads`.
#[derive(ToSchema)]
#[expect(dead_code, reason = "only describes the multipart body")]
struct UploadForm {
    /// The image: PNG, JPEG, WebP or GIF, at most 5 MiB.
    #[schema(value_type = String, format = Binary)]
    file: Vec<u8>,
}

/// `GET /objects/{id}` (and `HEAD`), public and outside `/api`. Each
/// gateway keeps hot objects in memory; a hit still asks Postgres whether
/// the upload exists, so a deletion shows at once on every gateway.
pub fn objects_router() -> Router<AppState> {
    let cache: moka::future::Cache<Uuid, Object> = moka::future::Cache::builder()
        .max_capacity(CACHE_BYTES)
        .weigher(|_id: &Uuid, object: &Object| {
            u32::try_from(object.data.len() + object.content_type.len() + 64).unwrap_or(u32::MAX)
        })
        .time_to_idle(CACHE_IDLE)
        .build();
    Router::new().route(
        "/objects/{id}",
        get(
            move |State(state): State<AppState>,
                  ApiPath(id): ApiPath<String>,
                  headers: HeaderMap| {
                let cache = cache.clone();
                async move { serve_object(&cache, &state, &id, &headers).await }
            },
        ),
    )
}

/// `POST /api/admin/uploads`: one image in the multipart part `file`
/// (other parts are skipped; a second `file` part is not read).
#[utoipa::path(post, path = "/admin/uploads", tag = "admin",
    request_body(content = UploadForm, content_type = "multipart/form-data"),
    security(("session" = [], "csrf" = [])),
    responses(
        (status = 201, description = "The upload", body = Upload),
        (status = 400, description = "No `file` part, or not a PNG, JPEG, WebP or GIF image", body = ErrorBody),
        (status = 403, description = "Only admins can do this", body = ErrorBody),
        (status = 413, description = "The image is larger than 5 MiB", body = ErrorBody),
    ))]
async fn create_upload(
    State(state): State<AppState>,
    Admin(admin): Admin,
    multipart: Result<Multipart, MultipartRejection>,
) -> Result<Response, UploadError> {
    let mut multipart = multipart.map_err(|_| UploadError::NoFile)?;
    while let Some(mut field) = multipart.next_field().await? {
        if field.name() != Some("file") {
            continue;
        }
        let filename = crate::platform::files::clean_filename(field.file_name(), "image");
        let (data, _in_memory) = read_file(&mut field).await?;
        let image = inspect(&data)?;
        let new = NewUpload {
            filename: &filename,
            content_type: image.content_type,
            width: image.width,
            height: image.height,
            data: &data,
        };
        let upload = uploads::insert(&state.pool, admin.id, &new)
            .await
            .map_err(ApiError::from)?;
        return Ok((StatusCode::CREATED, Json(upload)).into_response());
    }
    Err(UploadError::NoFile)
}

/// `GET /api/admin/uploads`: newest first, each with what uses it.
#[utoipa::path(get, path = "/admin/uploads", tag = "admin",
    security(("session" = [])),
    responses(
        (status = 200, description = "Every upload with what uses it", body = UploadList),
        (status = 403, description = "Only admins can do this", body = ErrorBody),
    ))]
async fn list_uploads(
    State(state): State<AppState>,
    Admin(_): Admin,
) -> Result<Json<UploadList>, ApiError> {
    let uploads = uploads::list(&state.pool).await?;
    Ok(Json(UploadList { uploads }))
}

/// `DELETE /api/admin/uploads/{id}`: allowed even while a post shows it
/// (the admin screen warns first).
#[utoipa::path(delete, path = "/admin/uploads/{id}", tag = "admin",
    params(("id" = Uuid, Path, description = "The upload id")),
    security(("session" = [], "csrf" = [])),
    responses(
        (status = 204, description = "Deleted"),
        (status = 403, description = "Only admins can do this", body = ErrorBody),
        (status = 404, description = "Upload not found", body = ErrorBody),
    ))]
async fn delete_upload(
    State(state): State<AppState>,
    Admin(admin): Admin,
    ApiPath(id): ApiPath<String>,
) -> Result<StatusCode, ApiError> {
    let id = Uuid::parse_str(&id).map_err(|_| ApiError::NoSuch(NOT_FOUND.into()))?;
    if !uploads::delete(&state.pool, admin.id, id).await? {
        return Err(ApiError::NoSuch(NOT_FOUND.into()));
    }
    Ok(StatusCode::NO_CONTENT)
}

/// An object's strong ETag: its id, since its bytes never change.
fn etag(id: Uuid) -> HeaderValue {
    HeaderValue::from_str(&format!("\"{id}\"")).unwrap_or(HeaderValue::from_static("\"0\""))
}

/// Whether `If-None-Match` names `etag` (weak comparison, RFC 9110).
fn names(headers: &HeaderMap, etag: &HeaderValue) -> bool {
    headers.get_all(header::IF_NONE_MATCH).iter().any(|value| {
        value.as_bytes().split(|b| *b == b',').any(|tag| {
            let tag = tag.trim_ascii();
            tag == b"*" || tag.strip_prefix(b"W/").unwrap_or(tag) == etag.as_bytes()
        })
    })
}

async fn serve_object(
    cache: &moka::future::Cache<Uuid, Object>,
    state: &AppState,
    id: &str,
    headers: &HeaderMap,
) -> Result<Response, ApiError> {
    let id = Uuid::parse_str(id).map_err(|_| ApiError::NoSuch(NOT_FOUND.into()))?;
    let etag = etag(id);
    let cached = cache.get(&id).await;
    let held = names(headers, &etag);
    if (cached.is_some() || held) && !uploads::exists(&state.pool, id).await? {
        cache.invalidate(&id).await;
        return Err(ApiError::NoSuch(NOT_FOUND.into()));
    }
    let mut response = if held {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        let object = match cached {
            Some(object) => object,
            None => {
                let object = uploads::find_object(&state.pool, id)
                    .await?
                    .ok_or(ApiError::NoSuch(NOT_FOUND.into()))?;
                cache.insert(id, object.clone()).await;
                object
            }
        };
        let content_type = HeaderValue::from_str(&object.content_type)
            .map_err(|error| ApiError::Internal(error.into()))?;
        let length = HeaderValue::from(object.data.len());
        let mut response = Response::new(Body::from(object.data));
        let headers = response.headers_mut();
        headers.insert(header::CONTENT_TYPE, content_type);
        // Stated, so a HEAD answer gives the size too.
        headers.insert(header::CONTENT_LENGTH, length);
        headers.insert(header::CONTENT_SECURITY_POLICY, OBJECT_POLICY);
        response
    };
    let headers = response.headers_mut();
    headers.insert(header::ETAG, etag);
    headers.insert(header::CACHE_CONTROL, IMMUTABLE);
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    Ok(response)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn if_none_match_is_compared_weakly() {
        let tag = etag(Uuid::nil());
        let with = |value: &'static str| {
            let mut headers = HeaderMap::new();
            headers.insert(header::IF_NONE_MATCH, HeaderValue::from_static(value));
            headers
        };
        assert!(names(
            &with("\"x\", W/\"00000000-0000-0000-0000-000000000000\""),
            &tag
        ));
        assert!(names(&with("*"), &tag));
        assert!(!names(&with("\"x\""), &tag));
        assert!(!names(&HeaderMap::new(), &tag));
    }
}
