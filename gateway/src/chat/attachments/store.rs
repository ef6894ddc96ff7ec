//! Every query on `chat_attachments`; the gateway is the table's one
//! writer (the `chat` worker links an attachment to its message in
//! `chat_messages.attachment_id`).

use contract::chat::{AttachmentKind, MessageAttachment, SenderType};
use sqlx::PgPool;
use uuid::Uuid;

use super::process::Processed;

/// Who uploaded a file, and to which chat.
pub struct Uploader {
    pub session_id: Uuid,
    pub sender_type: SenderType,
    pub agent_id: Option<Uuid>,
}

/// Bytes written per statement: a pooled connection keeps a send buffer as
/// large as the largest statement it ever wrote, so a whole 10 MiB file in
/// one statement would stay in memory once per connection.
const CHUNK: usize = 1024 * 1024;

#[tracing::instrument(name = "chat.db.insert_attachment", skip_all, fields(chat.session_id = %uploader.session_id))]
pub async fn insert(
    pool: &PgPool,
    uploader: &Uploader,
    filename: &str,
    file: &Processed,
) -> Result<MessageAttachment, sqlx::Error> {
    let id = Uuid::now_v7();
    let byte_size = i32::try_from(file.data.len()).unwrap_or(i32::MAX);
    let (thumbnail, thumbnail_type) = match &file.thumbnail {
        Some((data, kind)) => (Some(data.as_slice()), Some(*kind)),
        None => (None, None),
    };
    let (first, rest) = file.data.split_at(file.data.len().min(CHUNK));
    let mut tx = pool.begin().await?;
    sqlx::query!(
        "insert into chat_attachments (id, session_id, uploader_type, uploader_agent_id, kind,
                                       content_type, filename, byte_size, width, height, data,
                                       thumbnail, thumbnail_type)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)",
        id,
        uploader.session_id,
        uploader.sender_type as SenderType,
        uploader.agent_id,
        file.kind as AttachmentKind,
        file.content_type,
        filename,
        byte_size,
        file.width,
        file.height,
        first,
        thumbnail,
        thumbnail_type,
    )
    .execute(&mut *tx)
    .await?;
    for chunk in rest.chunks(CHUNK) {
        sqlx::query!(
            "update chat_attachments set data = data || $2 where id = $1",
            id,
            chunk
        )
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    Ok(MessageAttachment {
        id,
        kind: file.kind,
        content_type: file.content_type.to_owned(),
        filename: filename.to_owned(),
        byte_size,
        width: file.width,
        height: file.height,
    })
}

/// An attachment as a message about to be sent names it.
pub struct Sendable {
    pub attachment: MessageAttachment,
    /// Already carried by a message.
    pub sent: bool,
}

/// Attachment `id` of chat `session_id`, if it is one of that chat's.
pub async fn sendable(
    pool: &PgPool,
    session_id: Uuid,
    id: Uuid,
) -> Result<Option<Sendable>, sqlx::Error> {
    let row = sqlx::query!(
        r#"select a.kind as "kind: AttachmentKind", a.content_type, a.filename, a.byte_size,
                  a.width, a.height,
                  exists (select 1 from chat_messages m where m.attachment_id = a.id) as "sent!"
           from chat_attachments a where a.id = $1 and a.session_id = $2"#,
        id,
        session_id
    )
    .fetch_optional(pool)
    .await?;
    Ok(row.map(|row| Sendable {
        attachment: MessageAttachment {
            id,
            kind: row.kind,
            content_type: row.content_type,
            filename: row.filename,
            byte_size: row.byte_size,
            width: row.width,
            height: row.height,
        },
        sent: row.sent,
    }))
}

/// Which bytes of an attachment to serve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    Original,
    Thumbnail,
}

/// Bytes to serve, with what the serving route needs to decide.
pub struct Served {
    pub session_id: Uuid,
    pub kind: AttachmentKind,
    pub content_type: String,
    pub filename: String,
    pub data: Vec<u8>,
}

/// The chat an attachment belongs to (`None`: no such attachment).
pub async fn chat_of(pool: &PgPool, id: Uuid) -> Result<Option<Uuid>, sqlx::Error> {
    sqlx::query_scalar!("select session_id from chat_attachments where id = $1", id)
        .fetch_optional(pool)
        .await
}

/// The bytes of attachment `id` (`None`: no such attachment, or a PDF's
/// thumbnail).
pub async fn served(
    pool: &PgPool,
    id: Uuid,
    variant: Variant,
) -> Result<Option<Served>, sqlx::Error> {
    let thumbnail = variant == Variant::Thumbnail;
    let row = sqlx::query!(
        r#"select session_id, kind as "kind: AttachmentKind", filename,
                  case when $2 then thumbnail_type else content_type end as content_type,
                  case when $2 then thumbnail else data end as data
           from chat_attachments where id = $1"#,
        id,
        thumbnail
    )
    .fetch_optional(pool)
    .await?;
    Ok(row.and_then(|row| {
        Some(Served {
            session_id: row.session_id,
            kind: row.kind,
            content_type: row.content_type?,
            filename: row.filename,
            data: row.data?,
        })
    }))
}
