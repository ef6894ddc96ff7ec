//! Images for posts and events: the admin uploads, lists and deletes them
//! under `/api/admin/uploads` ([`router`]), and anyone fetches them at
//! `/objects/{id}` ([`objects_router`]).
//!
//! The type is decided from the bytes alone (never the file name or the
//! declared type), and only PNG, JPEG, WebP and GIF are kept: an SVG can
//! carry script, so it is refused like any other file. An object never
//! changes once stored, so it is served with immutable caching.

use std::time::Duration;

use axum::body::Body;
use axum::extract::multipart::{Field, MultipartError, MultipartRejection};
use axum::extract::{DefaultBodyLimit, Multipart, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use contract::content::{Upload, UploadList};
use imagesize::ImageType;
use tokio::sync::{Semaphore, SemaphorePermit};
use uuid::Uuid;

use super::store::uploads::{self, NewUpload, Object};
use crate::platform::error::ApiError;
use crate::platform::error::ErrorBody;
use crate::platform::extract::{Admin, ApiPath};
use crate::platform::input;
use crate::platform::spool::{SpoolError, spool};
use crate::state::AppState;
use utoipa::ToSchema;
use utoipa_axum::router::{OpenApiRouter, UtoipaMethodRouterExt as _};
use utoipa_axum::routes;

/// The largest image kept: 5 MiB.
pub const MAX_IMAGE_BYTES: usize = 5 * 1024 * 1024;

/// The upload route's body limit: the image plus room for the multipart
/// boundaries and part headers (the file's own size is checked exactly).
const UPLOAD_BODY_LIMIT: usize = MAX_IMAGE_BYTES + 64 * 1024;

/// The longest file name kept, in characters.
const MAX_FILENAME_CHARS: usize = 200;

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

/// Why an upload was refused; each is answered `{ "message" }`.
#[derive(Debug, thiserror::Error)]
enum UploadError {
    #[error("Choose an image file to upload")]
    NoFile,
    #[error("The file is empty")]
    Empty,
    #[error("Only PNG, JPEG, WebP or GIF images can be uploaded")]
    NotAnImage,
    #[error("Images must be at most 5 MiB")]
    TooLarge,
    #[error("The image could not be read")]
    Unreadable,
    #[error("Images may have at most 40 megapixels (such as 8000 × 5000) and 12000 pixels a side")]
    TooManyPixels,
    #[error(transparent)]
    Api(#[from] ApiError),
}

impl IntoResponse for UploadError {
    fn into_response(self) -> Response {
        match self {
            UploadError::Api(error) => error.into_response(),
            UploadError::TooLarge => (
                StatusCode::PAYLOAD_TOO_LARGE,
                Json(serde_json::json!({ "message": self.to_string() })),
            )
                .into_response(),
            refused => ApiError::BadRequest(refused.to_string()).into_response(),
        }
    }
}

impl From<MultipartError> for UploadError {
    fn from(error: MultipartError) -> Self {
        if error.status() == StatusCode::PAYLOAD_TOO_LARGE {
            UploadError::TooLarge
        } else {
            // A body that is not well-formed multipart holds no file we can use.
            UploadError::NoFile
        }
    }
}

/// What the bytes say an image is.
#[derive(Debug, PartialEq, Eq)]
struct Image {
    content_type: &'static str,
    width: i32,
    height: i32,
}

/// Decides the type from the bytes and reads the dimensions from the header.
fn inspect(data: &[u8]) -> Result<Image, UploadError> {
    if data.is_empty() {
        return Err(UploadError::Empty);
    }
    if data.len() > MAX_IMAGE_BYTES {
        return Err(UploadError::TooLarge);
    }
    let kind = imagesize::image_type(data).map_err(|_| UploadError::NotAnImage)?;
    let content_type = match kind {
        ImageType::Png => "image/png",
        ImageType::Jpeg => "image/jpeg",
        ImageType::Webp => "image/webp",
        ImageType::Gif => "image/gif",
        _ => return Err(UploadError::NotAnImage),
    };
    let size = imagesize::blob_size(data).map_err(|_| UploadError::Unreadable)?;
    let pixels = |n: usize| i32::try_from(n).ok().filter(|n| *n > 0);
    let (Some(width), Some(height)) = (pixels(size.width), pixels(size.height)) else {
        return Err(UploadError::Unreadable);
    };
    // Served as stored, so every visitor's browser decodes it: a small file
    // declaring a huge image is a decompression bomb for them.
    if !crate::chat::attachments::process::pixels_within_budget(
        width.unsigned_abs(),
        height.unsigned_abs(),
    ) {
        return Err(UploadError::TooManyPixels);
    }
    Ok(Image {
        content_type,
        width,
        height,
    })
}

/// The client's file name without any path, control or invisible
/// characters, at most 200 characters; `fallback` when nothing is left.
pub(crate) fn clean_filename(name: Option<&str>, fallback: &str) -> String {
    let base = name
        .unwrap_or_default()
        .rsplit(['/', '\\'])
        .next()
        .unwrap_or_default();
    let kept: String = base
        .chars()
        .filter(|c| !c.is_control() && !input::is_invisible(*c))
        .collect();
    let clipped: String = kept.trim().chars().take(MAX_FILENAME_CHARS).collect();
    match clipped.trim_end() {
        "" | "." | ".." => fallback.to_owned(),
        name => name.to_owned(),
    }
}

/// Uploads read back into memory at once in each gateway: the rest wait
/// on disk (see [`spool`]).
static IN_MEMORY: Semaphore = Semaphore::const_new(2);

/// The part, streamed to a temporary file and refused as soon as it passes
/// the limit, then read back within [`IN_MEMORY`].
async fn read_file(
    field: &mut Field<'_>,
) -> Result<(Vec<u8>, SemaphorePermit<'static>), UploadError> {
    let spooled = spool(field, MAX_IMAGE_BYTES)
        .await
        .map_err(|error| match error {
            SpoolError::TooLarge => UploadError::TooLarge,
            SpoolError::Multipart(error) => UploadError::from(error),
            SpoolError::Io(error) => UploadError::Api(ApiError::Internal(error.into())),
        })?;
    let permit = IN_MEMORY
        .acquire()
        .await
        .map_err(|error| ApiError::Internal(error.into()))?;
    let data = spooled
        .read_all()
        .await
        .map_err(|error| ApiError::Internal(error.into()))?;
    Ok((data, permit))
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
        let filename = clean_filename(field.file_name(), "image");
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
    let id = Uuid::parse_str(&id).map_err(|_| ApiError::NoSuch(NOT_FOUND))?;
    if !uploads::delete(&state.pool, admin.id, id).await? {
        return Err(ApiError::NoSuch(NOT_FOUND));
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
    let id = Uuid::parse_str(id).map_err(|_| ApiError::NoSuch(NOT_FOUND))?;
    let etag = etag(id);
    let cached = cache.get(&id).await;
    let held = names(headers, &etag);
    if (cached.is_some() || held) && !uploads::exists(&state.pool, id).await? {
        cache.invalidate(&id).await;
        return Err(ApiError::NoSuch(NOT_FOUND));
    }
    let mut response = if held {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        let object = match cached {
            Some(object) => object,
            None => {
                let object = uploads::find_object(&state.pool, id)
                    .await?
                    .ok_or(ApiError::NoSuch(NOT_FOUND))?;
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

    /// A PNG signature and IHDR chunk for `width` × `height`.
    fn png_header(width: u32, height: u32) -> Vec<u8> {
        let mut data = b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR".to_vec();
        data.extend_from_slice(&width.to_be_bytes());
        data.extend_from_slice(&height.to_be_bytes());
        data.extend_from_slice(b"\x08\x02\0\0\0\0\0\0\0");
        data
    }

    #[test]
    fn the_type_comes_from_the_bytes() {
        assert_eq!(
            inspect(&png_header(3, 2)).expect("png"),
            Image {
                content_type: "image/png",
                width: 3,
                height: 2
            }
        );
        // A lossless 1×1 WebP.
        let webp =
            b"RIFF\x1a\0\0\0WEBPVP8L\x0d\0\0\0\x2f\0\0\0\x10\x07\x10\x11\x11\x88\x88\xfe\x07\0";
        assert_eq!(
            inspect(webp).expect("webp"),
            Image {
                content_type: "image/webp",
                width: 1,
                height: 1
            }
        );
        let gif = b"GIF89a\x05\0\x07\0\x80\0\0\0\0\0\xff\xff\xff;";
        assert_eq!(inspect(gif).expect("gif").width, 5);
        assert_eq!(inspect(gif).expect("gif").content_type, "image/gif");
        for refused in [
            &b"<svg xmlns=\"http://www.w3.org/2000/svg\"></svg>"[..],
            b"<?xml version=\"1.0\"?><svg/>",
            b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj",
            b"just some text, long enough",
            b"BM\x3a\0\0\0\0\0\0\0\x36\0\0\0\x28\0",
            b"\x89PN",
        ] {
            assert!(
                matches!(inspect(refused), Err(UploadError::NotAnImage)),
                "{refused:?}"
            );
        }
        assert!(matches!(inspect(b""), Err(UploadError::Empty)));
    }

    #[test]
    fn a_header_without_dimensions_is_unreadable() {
        let png = png_header(3, 2);
        assert!(matches!(inspect(&png[..14]), Err(UploadError::Unreadable)));
        assert!(matches!(
            inspect(&png_header(0, 2)),
            Err(UploadError::Unreadable)
        ));
        // A JPEG whose first segment is not followed by a marker.
        let jpeg = b"\xff\xd8\xff\xe0\0\x10JFIF\0\x01\x01\0\0\x01\0\x01\0\0\x12\x34";
        assert!(matches!(inspect(jpeg), Err(UploadError::Unreadable)));
    }

    #[test]
    fn an_image_declaring_too_many_pixels_is_refused() {
        // The attack's 12000 × 5500 (66 megapixels) in a few bytes.
        assert!(matches!(
            inspect(&png_header(12_000, 5_500)),
            Err(UploadError::TooManyPixels)
        ));
        assert!(matches!(
            inspect(&png_header(12_001, 10)),
            Err(UploadError::TooManyPixels)
        ));
        assert!(inspect(&png_header(8_000, 5_000)).is_ok());
    }

    #[test]
    fn the_size_limit_is_exact() {
        let mut data = png_header(1, 1);
        data.resize(MAX_IMAGE_BYTES, 0);
        assert!(inspect(&data).is_ok());
        data.push(0);
        assert!(matches!(inspect(&data), Err(UploadError::TooLarge)));
    }

    #[test]
    fn file_names_lose_paths_and_controls() {
        assert_eq!(clean_filename(Some("photo.png"), "image"), "photo.png");
        assert_eq!(
            clean_filename(Some("C:\\Users\\a\\cat.jpg"), "image"),
            "cat.jpg"
        );
        assert_eq!(clean_filename(Some("../../etc/passwd"), "image"), "passwd");
        assert_eq!(
            clean_filename(Some(" a\u{0}b\r\n\u{202e}c.gif "), "image"),
            "abc.gif"
        );
        assert_eq!(clean_filename(Some("dir/"), "image"), "image");
        assert_eq!(clean_filename(Some(".."), "image"), "image");
        assert_eq!(clean_filename(None, "image"), "image");
        let long = "é".repeat(250);
        assert_eq!(clean_filename(Some(&long), "image").chars().count(), 200);
    }

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
