//! Chat attachments over HTTP: `POST /api/chat/sessions/{id}/attachments`
//! (the chat's visitor or an agent uploads one file), and
//! `GET /api/chat/attachments/{id}` and `…/{id}/thumbnail` (its bytes, for
//! the chat's visitor, agents, or the holder of a transcript's signed
//! link; anyone else gets 404).

use axum::Json;
use axum::body::Body;
use axum::extract::multipart::{Field, MultipartError, MultipartRejection};
use axum::extract::{DefaultBodyLimit, Multipart, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::Response;
use contract::chat::{AttachmentKind, MessageAttachment};
use contract::site_settings::MAX_CHAT_ATTACHMENT_MIB;
use runtime::signing::{Purpose, Signer};
use secrecy::ExposeSecret as _;
use serde::Deserialize;
use tower_sessions::Session;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::{OpenApiRouter, UtoipaMethodRouterExt as _};
use utoipa_axum::routes;
use uuid::Uuid;

use crate::chat::Requester;
use crate::chat::access::access;
use crate::chat::attachments::store::{self, Uploader, Variant};
use crate::chat::attachments::{self, AttachmentError, stored_name};
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::{ApiPath, ApiQuery, ClientIp, CurrentUser};
use crate::platform::limits::Limit;
use crate::platform::spool::{SpoolError, Spooled, spool};
use crate::state::AppState;

/// The upload route's body limit: the largest file any setting allows,
/// plus room for the multipart boundaries and part headers (the file
/// itself is held to the current setting exactly).
const UPLOAD_BODY_LIMIT: usize = MAX_CHAT_ATTACHMENT_MIB as usize * 1024 * 1024 + 64 * 1024;

/// Nothing in an attachment may run or load anything, even opened alone.
const ATTACHMENT_POLICY: HeaderValue = HeaderValue::from_static("sandbox; default-src 'none'");

/// An attachment never changes, but who may see it can: kept by the
/// browser only, for a day.
const PRIVATE_CACHE: HeaderValue = HeaderValue::from_static("private, max-age=86400");

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(upload).layer(DefaultBodyLimit::max(UPLOAD_BODY_LIMIT)))
        .routes(routes!(original))
        .routes(routes!(thumbnail))
}

/// The body of `POST /api/chat/sessions/{id}/attachments`.
#[derive(ToSchema)]
#[expect(dead_code, reason = "only describes the multipart body")]
struct AttachmentForm {
    /// An image (PNG, JPEG, WebP, GIF) or a PDF, at most the site's limit
    /// (10 MiB unless changed).
    #[schema(value_type = String, format = Binary)]
    file: Vec<u8>,
}

/// The part, written to a temporary file and refused as soon as it passes
/// `max` bytes.
async fn read_file(
    field: &mut Field<'_>,
    max: usize,
    max_mib: u32,
) -> Result<Spooled, AttachmentError> {
    spool(field, max).await.map_err(|error| match error {
        SpoolError::TooLarge => AttachmentError::TooLarge(max_mib),
        SpoolError::Multipart(error) => multipart_refusal(&error, max_mib),
        SpoolError::Io(error) => AttachmentError::Api(ApiError::Internal(error.into())),
    })
}

fn multipart_refusal(error: &MultipartError, max_mib: u32) -> AttachmentError {
    if error.status() == StatusCode::PAYLOAD_TOO_LARGE {
        AttachmentError::TooLarge(max_mib)
    } else {
        // A body that is not well-formed multipart holds no file we can use.
        AttachmentError::NoFile
    }
}

/// Uploads one file (the multipart part `file`) to the chat; a message
/// then carries it by the id answered.
#[utoipa::path(post, path = "/chat/sessions/{id}/attachments", tag = "chat",
    params(("id" = Uuid, Path, description = "The chat session id")),
    request_body(content = AttachmentForm, content_type = "multipart/form-data"),
    security(("csrf" = []), ("csrf" = [], "session" = [])),
    responses(
        (status = 201, description = "The attachment, stored; send a message with its id", body = MessageAttachment),
        (status = 400, description = "No `file` part, or not an image (PNG, JPEG, WebP, GIF) or PDF, or damaged", body = ErrorBody),
        (status = 404, description = "No such chat, or not one this browser or account may see", body = ErrorBody),
        (status = 413, description = "Larger than the site's attachment limit", body = ErrorBody),
        (status = 429, description = "Too many files attached", body = ErrorBody),
    ))]
async fn upload(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    session: Session,
    user: Option<CurrentUser>,
    ApiPath(id): ApiPath<Uuid>,
    headers: HeaderMap,
    multipart: Result<Multipart, MultipartRejection>,
) -> Result<(StatusCode, Json<MessageAttachment>), AttachmentError> {
    let requester = Requester::from_session(&session, user.map(|CurrentUser(user)| user))
        .await
        .map_err(ApiError::from)?;
    let role = access(&state, &requester, id)
        .await
        .map_err(ApiError::from)?
        .role;
    let agent = requester
        .user
        .as_ref()
        .filter(|_| requester.is_agent() && role == contract::chat::SenderType::Agent);
    match agent {
        Some(agent) => state
            .limits
            .check(Limit::ChatAttachmentUpload, agent.id.to_string().as_str()),
        None => state.limits.check(Limit::ChatAttachmentUpload, &ip),
    }?;
    let max = attachments::max_bytes(&state);
    let max_mib = attachments::max_mib(&state);
    let result = async {
        // A declared length far above the limit is refused before reading.
        let declared = headers
            .get(header::CONTENT_LENGTH)
            .and_then(|value| value.to_str().ok())
            .and_then(|value| value.parse::<usize>().ok());
        if declared.is_some_and(|length| length > max + 64 * 1024) {
            return Err(AttachmentError::TooLarge(max_mib));
        }
        let mut multipart = multipart.map_err(|_| AttachmentError::NoFile)?;
        while let Some(mut field) = multipart
            .next_field()
            .await
            .map_err(|e| multipart_refusal(&e, max_mib))?
        {
            if field.name() != Some("file") {
                continue;
            }
            let name = field.file_name().map(str::to_owned);
            let file = read_file(&mut field, max, max_mib).await?;
            let uploader = Uploader {
                session_id: id,
                sender_type: role,
                agent_id: agent.map(|agent| agent.id),
            };
            // The name's extension follows the type found in the bytes.
            let named = |content_type: &str| stored_name(name.as_deref(), content_type);
            return attachments::upload(&state, &uploader, named, file).await;
        }
        Err(AttachmentError::NoFile)
    }
    .await;
    match result {
        Ok(attachment) => Ok((StatusCode::CREATED, Json(attachment))),
        Err(error) => {
            if !matches!(error, AttachmentError::Api(_)) {
                tracing::info!(chat.session_id = %id, reason = %error, "attachment refused");
            }
            if matches!(
                error,
                AttachmentError::NoFile | AttachmentError::TooLarge(_)
            ) {
                // Refused before processing (which counts its own).
                attachments::refused(&state, &error);
            }
            Err(error)
        }
    }
}

/// `?token=`: the signed link of a transcript email.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct LinkQuery {
    /// A transcript's signed link token (works 30 days without a session).
    token: Option<String>,
}

/// The attachment's bytes: images shown inline, PDFs downloaded.
#[utoipa::path(get, path = "/chat/attachments/{id}", tag = "chat",
    params(("id" = Uuid, Path, description = "The attachment id"), LinkQuery),
    security((), ("session" = [])),
    responses(
        (status = 200, description = "The file, with its stored type"),
        (status = 404, description = "No such attachment, or not one this browser, account or link may see", body = ErrorBody),
        (status = 429, description = "Too many downloads", body = ErrorBody),
    ))]
async fn original(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    session: Session,
    user: Option<CurrentUser>,
    ApiPath(id): ApiPath<Uuid>,
    ApiQuery(query): ApiQuery<LinkQuery>,
) -> Result<Response, ApiError> {
    serve(
        &state,
        ip,
        &session,
        user,
        id,
        query.token.as_deref(),
        Variant::Original,
    )
    .await
}

/// The image's thumbnail (at most 320 px a side); PDFs have none (404).
#[utoipa::path(get, path = "/chat/attachments/{id}/thumbnail", tag = "chat",
    params(("id" = Uuid, Path, description = "The attachment id"), LinkQuery),
    security((), ("session" = [])),
    responses(
        (status = 200, description = "The thumbnail (JPEG, or PNG when transparent)"),
        (status = 404, description = "No such attachment or thumbnail, or not one this browser, account or link may see", body = ErrorBody),
        (status = 429, description = "Too many downloads", body = ErrorBody),
    ))]
async fn thumbnail(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    session: Session,
    user: Option<CurrentUser>,
    ApiPath(id): ApiPath<Uuid>,
    ApiQuery(query): ApiQuery<LinkQuery>,
) -> Result<Response, ApiError> {
    serve(
        &state,
        ip,
        &session,
        user,
        id,
        query.token.as_deref(),
        Variant::Thumbnail,
    )
    .await
}

/// Whether `token` is a live signed link to attachment `id`.
fn link_opens(state: &AppState, token: Option<&str>, id: Uuid) -> bool {
    let Some(token) = token else { return false };
    let Ok(signer) = Signer::new(state.config.signing_key.expose_secret()) else {
        return false;
    };
    let now = time::OffsetDateTime::now_utc().unix_timestamp();
    signer.verify_until(Purpose::ChatAttachment, token, now) == Some(id)
}

async fn serve(
    state: &AppState,
    ip: std::net::IpAddr,
    session: &Session,
    user: Option<CurrentUser>,
    id: Uuid,
    token: Option<&str>,
    variant: Variant,
) -> Result<Response, ApiError> {
    let requester = Requester::from_session(session, user.map(|CurrentUser(user)| user)).await?;
    match requester.user.as_ref().filter(|_| requester.is_agent()) {
        Some(agent) => state
            .limits
            .check(Limit::ChatAttachmentRead, agent.id.to_string().as_str()),
        None => state.limits.check(Limit::ChatAttachmentRead, &ip),
    }?;
    // Who may see it is decided before its bytes are read.
    let chat = store::chat_of(&state.pool, id)
        .await?
        .ok_or(ApiError::NotFound)?;
    if !link_opens(state, token, id) {
        access(state, &requester, chat).await?;
    }
    let served = store::served(&state.pool, id, variant)
        .await?
        .ok_or(ApiError::NotFound)?;
    let content_type = HeaderValue::from_str(&served.content_type)
        .map_err(|error| ApiError::Internal(error.into()))?;
    let disposition = match (variant, served.kind) {
        (Variant::Original, AttachmentKind::Pdf) => "attachment",
        _ => "inline",
    };
    let disposition = HeaderValue::from_str(&content_disposition(disposition, &served.filename))
        .map_err(|error| ApiError::Internal(error.into()))?;
    let length = HeaderValue::from(served.data.len());
    let mut response = Response::new(Body::from(served.data));
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, content_type);
    headers.insert(header::CONTENT_LENGTH, length);
    headers.insert(header::CONTENT_DISPOSITION, disposition);
    headers.insert(header::CONTENT_SECURITY_POLICY, ATTACHMENT_POLICY);
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(header::CACHE_CONTROL, PRIVATE_CACHE);
    Ok(response)
}

/// `inline` or `attachment` with the file name: an ASCII fallback (quotes,
/// backslashes and non-ASCII as `_`) and the exact name (RFC 6266, 8187).
fn content_disposition(kind: &str, filename: &str) -> String {
    let ascii: String = filename
        .chars()
        .map(|c| match c {
            ' '..='~' if c != '"' && c != '\\' => c,
            _ => '_',
        })
        .collect();
    let mut encoded = String::new();
    for byte in filename.bytes() {
        if byte.is_ascii_alphanumeric() || b"!#$&+-.^_`|~".contains(&byte) {
            encoded.push(char::from(byte));
        } else {
            encoded.push_str(&format!("%{byte:02X}"));
        }
    }
    format!("{kind}; filename=\"{ascii}\"; filename*=UTF-8''{encoded}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stored_names_end_in_their_real_type() {
        assert_eq!(stored_name(Some("shot.png"), "image/png"), "shot.png");
        assert_eq!(stored_name(Some("page.html"), "image/png"), "page.png");
        assert_eq!(stored_name(Some("IMG.JPEG"), "image/jpeg"), "IMG.JPEG");
        assert_eq!(stored_name(Some("a.b.exe"), "application/pdf"), "a.b.pdf");
        assert_eq!(stored_name(Some("noext"), "image/gif"), "noext.gif");
        assert_eq!(stored_name(None, "application/pdf"), "attachment.pdf");
        assert_eq!(stored_name(Some(".png"), "image/webp"), "attachment.webp");
        assert_eq!(stored_name(Some("../x/y.pdf"), "application/pdf"), "y.pdf");
    }

    #[test]
    fn content_disposition_quotes_nothing_it_should_not() {
        assert_eq!(
            content_disposition("attachment", "a \"b\".pdf"),
            "attachment; filename=\"a _b_.pdf\"; filename*=UTF-8''a%20%22b%22.pdf"
        );
        let header = content_disposition("inline", "ñ;\r\n.png");
        assert!(HeaderValue::from_str(&header).is_ok(), "{header}");
        assert!(
            header.starts_with("inline; filename=\"_;__.png\""),
            "{header}"
        );
    }
}
