//! A file sent in a chat, as a message carries it.

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use uuid::Uuid;

/// What a chat attachment is, decided from its bytes.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS, sqlx::Type, utoipa::ToSchema,
)]
#[serde(rename_all = "lowercase")]
#[sqlx(type_name = "text", rename_all = "lowercase")]
#[ts(export)]
pub enum AttachmentKind {
    /// PNG, JPEG, WebP or GIF, re-encoded by the server, with a thumbnail.
    Image,
    /// A PDF, stored as sent and always downloaded.
    Pdf,
}

impl AttachmentKind {
    /// Its name in JSON, the database and metrics.
    pub fn as_str(self) -> &'static str {
        match self {
            AttachmentKind::Image => "image",
            AttachmentKind::Pdf => "pdf",
        }
    }
}

/// A file sent in a chat, as messages carry it: what to show without
/// fetching it. Its bytes are at `/api/chat/attachments/{id}` (and
/// `/thumbnail`), for the chat's visitor and agents only.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct MessageAttachment {
    #[ts(type = "string")]
    pub id: Uuid,
    pub kind: AttachmentKind,
    pub content_type: String,
    pub filename: String,
    #[ts(type = "number")]
    pub byte_size: i32,
    /// Pixels, for images.
    #[ts(type = "number | null")]
    pub width: Option<i32>,
    #[ts(type = "number | null")]
    pub height: Option<i32>,
}
