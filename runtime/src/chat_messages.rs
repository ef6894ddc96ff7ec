//! A chat's stored messages (`chat_messages`, written by the `chat` worker),
//! read by the gateway's API and the chat emails alike; and a chat as its emails show it.

use contract::chat::{
    AttachmentKind, ChatMessage, ChatSession, ChatStatus, MessageAttachment, MessageChannel,
    SenderType,
};
use contract::language::Language;
use uuid::Uuid;

/// A chat's stored messages in their order, each with its attachment and
/// the other side's receipts for it: what the gateway answers and what a
/// transcript email lists (one query, so the two never disagree). A
/// message's delivery (or sight) is the first receipt reaching it: receipts
/// only move forward, so that is the lowest mark at or past its id.
pub async fn stored_messages(
    pool: &sqlx::PgPool,
    chat_id: Uuid,
) -> Result<Vec<ChatMessage>, sqlx::Error> {
    stored_messages_from(pool, chat_id, None, i64::MAX).await
}

/// [`stored_messages`] from message `from` on (all of them when `None`),
/// at most `limit`: with `from` the newest message a rejoining socket
/// holds, that one (if the chat still has it) and what it missed.
pub async fn stored_messages_from(
    pool: &sqlx::PgPool,
    chat_id: Uuid,
    from: Option<Uuid>,
    limit: i64,
) -> Result<Vec<ChatMessage>, sqlx::Error> {
    let rows = sqlx::query!(
        r#"select m.id, m.session_id, m.sender_type as "sender_type: SenderType",
                  m.sender_name, m.message, m.client_message_id,
                  m.channel as "channel: MessageChannel", m.emailed_at,
                  m.created_at, a.id as "attachment_id?",
                  a.kind as "attachment_kind?: AttachmentKind",
                  a.content_type as "attachment_type?", a.filename as "attachment_filename?",
                  a.byte_size as "attachment_size?", a.width, a.height,
                  (select r.at from chat_receipts r
                    where r.session_id = m.session_id and r.state = 'delivered'
                      and r.reader = case m.sender_type when 'user' then 'agent' else 'user' end
                      and r.through_message_id >= m.id
                    order by r.through_message_id limit 1) as delivered_at,
                  (select r.at from chat_receipts r
                    where r.session_id = m.session_id and r.state = 'seen'
                      and r.reader = case m.sender_type when 'user' then 'agent' else 'user' end
                      and r.through_message_id >= m.id
                    order by r.through_message_id limit 1) as seen_at
           from chat_messages m left join chat_attachments a on a.id = m.attachment_id
           where m.session_id = $1
             and m.id >= coalesce($2::uuid, '00000000-0000-0000-0000-000000000000'::uuid)
           order by m.id limit $3"#,
        chat_id,
        from,
        limit
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
            channel: row.channel,
            emailed_at: row.emailed_at,
            // System messages have no reader to wait for.
            delivered_at: row
                .delivered_at
                .filter(|_| row.sender_type != SenderType::System),
            seen_at: row
                .seen_at
                .filter(|_| row.sender_type != SenderType::System),
        })
        .collect())
}

/// Chat `chat_id` as its emails show it (`None` when it does not exist).
pub async fn chat_session(
    pool: &sqlx::PgPool,
    chat_id: Uuid,
) -> Result<Option<ChatSession>, sqlx::Error> {
    sqlx::query_as!(
        ChatSession,
        r#"select id as session_id, visitor_name, visitor_email,
                  case when status = 'resolved' then 'resolved' else 'open' end
                      as "status!: ChatStatus",
                  created_at, null::int8 as queue_position,
                  language as "language: Language"
           from chat_sessions where id = $1"#,
        chat_id
    )
    .fetch_optional(pool)
    .await
}
