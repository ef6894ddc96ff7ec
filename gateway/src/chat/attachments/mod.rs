//! Chat attachments: images (PNG, JPEG, WebP, GIF) and PDFs that a chat's
//! visitor or an agent sends. A file is uploaded first ([`upload`]: type
//! decided from the bytes, images re-encoded with a thumbnail, stored with
//! its owner chat), then a message names it by id and travels the durable
//! chat path like any text; the `chat` worker links the two. Only the
//! chat's visitor and agents may fetch one (anyone else is told it does
//! not exist), or whoever holds a signed link from the chat's transcript
//! email (30 days). The routes are in `chat/http/attachments.rs`.

pub mod pdf;
pub mod process;
pub mod refusal;
pub mod store;

use std::time::Instant;

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use contract::chat::MessageAttachment;
use tokio::sync::Semaphore;

use self::process::Declared;
use self::refusal::Refusal;
use self::store::Uploader;
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::files::clean_filename;
use crate::platform::spool::Spooled;
use crate::state::AppState;

/// How long a transcript's attachment links work.
pub const LINK_LIFETIME: time::Duration = time::Duration::days(30);

/// Files processed at once in each gateway, in two lanes: each may hold a
/// couple of hundred MiB and a core, and the machine has few of both. A
/// large image (over [`process::HEAVY_PIXELS`] declared, a GIF over a
/// megapixel, a PDF over 4 MiB) waits only behind other large ones, so a
/// few hostile files cannot hold up an ordinary photo or screenshot. The
/// permit is held until the file is stored: it also bounds how many files
/// are in memory at once.
static LIGHT: Semaphore = Semaphore::const_new(2);
static HEAVY: Semaphore = Semaphore::const_new(1);

/// PDFs above this are parsed in the heavy lane.
const HEAVY_PDF_BYTES: usize = 4 * 1024 * 1024;

/// GIFs are decoded frame by frame: above this canvas, the heavy lane.
const HEAVY_GIF_PIXELS: u64 = 1_000_000;

/// Why an upload was refused.
#[derive(Debug, thiserror::Error)]
pub enum AttachmentError {
    #[error("Choose a file to attach")]
    NoFile,
    /// Above the site's limit, in MiB (answered 413).
    #[error("Attachments must be at most {0} MiB")]
    TooLarge(u32),
    /// Encoded again, above the site's limit (answered 413).
    #[error("The image is larger than {0} MiB once processed. Save it smaller and try again.")]
    TooLargeOnceProcessed(u32),
    #[error("{0}")]
    Refused(#[from] Refusal),
    /// The attachment is not this chat's, or does not exist (400 on send).
    #[error("That attachment could not be found in this chat. Attach the file again.")]
    NotInChat,
    #[error("That attachment was sent already")]
    AlreadySent,
    #[error(transparent)]
    Api(#[from] ApiError),
}

impl From<sqlx::Error> for AttachmentError {
    fn from(error: sqlx::Error) -> Self {
        AttachmentError::Api(ApiError::from(error))
    }
}

impl From<AttachmentError> for ApiError {
    fn from(error: AttachmentError) -> Self {
        match error {
            AttachmentError::Api(error) => error,
            AttachmentError::AlreadySent => ApiError::Conflict(error.to_string().into()),
            refused => ApiError::BadRequest(refused.to_string().into()),
        }
    }
}

impl IntoResponse for AttachmentError {
    fn into_response(self) -> Response {
        match self {
            // `ApiError::PayloadTooLarge` has no room for the limit.
            AttachmentError::TooLarge(_) | AttachmentError::TooLargeOnceProcessed(_) => (
                StatusCode::PAYLOAD_TOO_LARGE,
                Json(ErrorBody {
                    message: self.to_string(),
                    field: None,
                }),
            )
                .into_response(),
            other => ApiError::from(other).into_response(),
        }
    }
}

/// The attachment `attachment_id` of chat `session_id`, for a message
/// about to carry it. One already sent is refused, unless the message is a
/// client's retry (`retry_safe`: named by a client message id), which the
/// `CHAT` stream answers with the message stored first.
pub async fn sendable(
    state: &AppState,
    session_id: uuid::Uuid,
    attachment_id: uuid::Uuid,
    retry_safe: bool,
) -> Result<MessageAttachment, AttachmentError> {
    let found = store::sendable(&state.pool, session_id, attachment_id)
        .await?
        .ok_or(AttachmentError::NotInChat)?;
    if found.sent && !retry_safe {
        return Err(AttachmentError::AlreadySent);
    }
    Ok(found.attachment)
}

/// The metric label of a refusal.
fn result_label(error: &AttachmentError) -> &'static str {
    match error {
        AttachmentError::NoFile | AttachmentError::Refused(Refusal::Empty) => "no_file",
        AttachmentError::TooLarge(_)
        | AttachmentError::TooLargeOnceProcessed(_)
        | AttachmentError::Refused(Refusal::TooLargeOnceProcessed) => "too_large",
        AttachmentError::Refused(Refusal::Unsupported | Refusal::EncryptedPdf) => "unsupported",
        AttachmentError::Refused(Refusal::TooManyPixels) => "too_many_pixels",
        AttachmentError::Refused(Refusal::ActivePdf) => "active_content",
        AttachmentError::Refused(Refusal::UnreadableImage | Refusal::BrokenPdf) => "unreadable",
        AttachmentError::NotInChat | AttachmentError::AlreadySent | AttachmentError::Api(_) => {
            "error"
        }
    }
}

/// The largest attachment the site settings allow, in bytes.
pub fn max_bytes(state: &AppState) -> usize {
    usize::try_from(
        state
            .site_settings
            .current()
            .settings
            .chat_attachment_max_mib,
    )
    .unwrap_or(usize::MAX)
    .saturating_mul(1024 * 1024)
}

/// The lane a file is processed in, from what its first bytes declare
/// (refused at once when they declare too much or an unknown type).
fn lane(file: &Spooled) -> Result<&'static Semaphore, Refusal> {
    let declared = match process::declared(&file.head) {
        Ok(declared) => declared,
        // The header runs past the bytes kept in memory: process decides.
        Err(Refusal::UnreadableImage) if file.len > file.head.len() => return Ok(&HEAVY),
        Err(refusal) => return Err(refusal),
    };
    let heavy = match declared {
        None => file.len > HEAVY_PDF_BYTES,
        Some(
            image @ Declared {
                format: image::ImageFormat::Gif,
                ..
            },
        ) => image.pixels() > HEAVY_GIF_PIXELS,
        Some(image) => image.pixels() > process::HEAVY_PIXELS,
    };
    Ok(if heavy { &HEAVY } else { &LIGHT })
}

/// Checks, processes and stores `file` (already within [`max_bytes`]) as
/// an attachment of `uploader`'s chat, named `filename(its type)`; counts
/// it. A size its header declares beyond the limits is refused before any
/// decoding; what is kept must fit `max_bytes` too.
#[tracing::instrument(name = "chat.attachment.upload", skip_all, fields(chat.session_id = %uploader.session_id, attachment.bytes = file.len))]
pub async fn upload(
    state: &AppState,
    uploader: &Uploader,
    filename: impl FnOnce(&str) -> String,
    file: Spooled,
) -> Result<MessageAttachment, AttachmentError> {
    let started = Instant::now();
    let budget = max_bytes(state);
    let stored = async {
        let lane = lane(&file)?;
        let _permit = lane
            .acquire()
            .await
            .map_err(|error| ApiError::Internal(error.into()))?;
        let data = file
            .read_all()
            .await
            .map_err(|error| ApiError::Internal(error.into()))?;
        let processed = tokio::task::spawn_blocking(move || process::process(data, budget))
            .await
            .map_err(|error| ApiError::Internal(anyhow::Error::new(error)))?;
        let processed = match processed {
            Err(Refusal::TooLargeOnceProcessed) => {
                return Err(AttachmentError::TooLargeOnceProcessed(max_mib(state)));
            }
            other => other?,
        };
        store::insert(
            &state.pool,
            uploader,
            &filename(processed.content_type),
            &processed,
        )
        .await
        .map_err(AttachmentError::from)
    }
    .await;
    match &stored {
        Ok(attachment) => {
            let kind = attachment.kind.as_str().to_owned();
            count(state, &kind, "stored");
            state
                .metrics
                .counter("chat_attachment_bytes_total", &[("kind", kind.clone())])
                .increment(u64::try_from(attachment.byte_size).unwrap_or(0));
            state
                .metrics
                .histogram(
                    "chat_attachment_process_duration_seconds",
                    &[("kind", kind)],
                )
                .record(started.elapsed().as_secs_f64());
        }
        Err(error) => refused(state, error),
    }
    stored
}

/// The name a file is stored and downloaded under: cleaned, and ending in
/// its real type's extension, so that saving it never makes, say, an
/// `.html` file of it.
pub fn stored_name(name: Option<&str>, content_type: &str) -> String {
    let extension = match content_type {
        "image/png" => "png",
        "image/jpeg" => "jpg",
        "image/webp" => "webp",
        "image/gif" => "gif",
        _ => "pdf",
    };
    let name = clean_filename(name, "attachment");
    let (stem, current) = name.rsplit_once('.').unwrap_or((&name, ""));
    let current = current.to_ascii_lowercase();
    if current == extension || (extension == "jpg" && current == "jpeg") {
        return name;
    }
    let stem = if stem.is_empty() { "attachment" } else { stem };
    let stem: String = stem.chars().take(190).collect();
    format!("{stem}.{extension}")
}

/// The site's attachment limit in MiB.
pub fn max_mib(state: &AppState) -> u32 {
    state
        .site_settings
        .current()
        .settings
        .chat_attachment_max_mib
}

/// Counts an upload refused before or while it was processed.
pub fn refused(state: &AppState, error: &AttachmentError) {
    count(state, "unknown", result_label(error));
}

fn count(state: &AppState, kind: &str, result: &'static str) {
    state
        .metrics
        .counter(
            "chat_attachment_uploads_total",
            &[("kind", kind.to_owned()), ("result", result.to_owned())],
        )
        .increment(1);
}
