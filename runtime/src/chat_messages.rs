//! A chat's stored messages (`chat_messages`, written by the `chat` worker),
//! read by the gateway's API and the transcript email alike.

use contract::chat::{AttachmentKind, ChatMessage, MessageAttachment, SenderType};
use uuid::Uuid;

/// A chat's stored messages in their order, each with its attachment: what
/// the gateway answers and what a transcript email lists (one query, so the
/// two never disagree).
pub async fn stored_messages(
    pool: &sqlx::PgPool,
    chat_id: Uuid,
) -> Result<Vec<ChatMessage>, sqlx::Error> {
    let rows = sqlx::query!(
        r#"select m.id, m.session_id, m.sender_type as "sender_type: SenderType",
                  m.sender_name, m.message, m.client_message_id,
                  m.created_at, a.id as "attachment_id?",
                  a.kind as "attachment_kind?: AttachmentKind",
                  a.content_type as "attachment_type?", a.filename as "attachment_filename?",
                  a.byte_size as "attachment_size?", a.width, a.height
           from chat_messages m left join chat_attachments a on a.id = m.attachment_id
           where m.session_id = $1 order by m.id"#,
        chat_id
    )
    .fetch_all(pool)
    .await?;
    Ok(rows
        .into_iter()
        .map(|row| ChatMessage {
            attachment: match (
                row.attachment_id,
                row.attachment_kind,
                row.attachment_type,
                row.attachment_filename,
                row.attachment_size,
            ) {
                (Some(id), Some(kind), Some(content_type), Some(filename), Some(byte_size)) => {
                    Some(MessageAttachment {
                        id,
                        kind,
                        content_type,
                        filename,
                        byte_size,
                        width: row.width,
                        height: row.height,
                    })
                }
                _ => None,
            },
            id: row.id,
            session_id: row.session_id,
            sender_type: row.sender_type,
            sender_name: row.sender_name,
            message: row.message,
            created_at: row.created_at,
            client_message_id: row.client_message_id,
        })
        .collect())
}
