//! Everything tied to a person, read from every table that holds a part
//! of it, for their access request's archive (readers may be anywhere).

use serde_json::Value;
use sqlx::PgPool;
use uuid::Uuid;

/// One chat attachment of the export.
pub struct Attachment {
    pub id: Uuid,
    pub filename: String,
    pub data: Vec<u8>,
}

/// Everything tied to a person, as JSON: one array per part. Staff notes
/// are left out (they are the team's, about the person).
pub async fn person_data(
    pool: &PgPool,
    email: &str,
    user_id: Option<Uuid>,
    chat_ids: &[Uuid],
) -> sqlx::Result<(Value, Vec<Attachment>)> {
    let account = sqlx::query_scalar!(
        r#"select coalesce(json_agg(t), '[]') as "rows!" from (
             select id, name, email, username, phone, role, created_at from users where id = $1
           ) t"#,
        user_id
    )
    .fetch_one(pool)
    .await?;
    let chats = sqlx::query_scalar!(
        r#"select coalesce(json_agg(t order by t.created_at), '[]') as "rows!" from (
             select id, created_at, status, visitor_name, visitor_email, page_url, user_agent
             from chat_sessions where id = any($1)
           ) t"#,
        chat_ids
    )
    .fetch_one(pool)
    .await?;
    let messages = sqlx::query_scalar!(
        r#"select coalesce(json_agg(t order by t.id), '[]') as "rows!" from (
             select m.id, m.session_id as chat_id, m.created_at, m.sender_type,
                    m.sender_name, m.message, a.filename as attachment
             from chat_messages m left join chat_attachments a on a.id = m.attachment_id
             where m.session_id = any($1)
           ) t"#,
        chat_ids
    )
    .fetch_one(pool)
    .await?;
    let ratings = sqlx::query_scalar!(
        r#"select coalesce(json_agg(t), '[]') as "rows!" from (
             select session_id as chat_id, score, comment, created_at
             from chat_ratings where session_id = any($1)
           ) t"#,
        chat_ids
    )
    .fetch_one(pool)
    .await?;
    let contact_requests = sqlx::query_scalar!(
        r#"select coalesce(json_agg(t order by t.created_at), '[]') as "rows!" from (
             select id, created_at, source, name, email, phone, company, subject, message, status
             from contact_requests where lower(email) = $1
           ) t"#,
        email
    )
    .fetch_one(pool)
    .await?;
    let subscriptions = sqlx::query_scalar!(
        r#"select coalesce(json_agg(t), '[]') as "rows!" from (
             select topic, email, created_at, confirmed_at, unsubscribed_at
             from subscriptions where lower(email) = $1
           ) t"#,
        email
    )
    .fetch_one(pool)
    .await?;
    let waitlist = sqlx::query_scalar!(
        r#"select coalesce(json_agg(t), '[]') as "rows!" from (
             select name, email, interest, created_at from waitlist_entries where lower(email) = $1
           ) t"#,
        email
    )
    .fetch_one(pool)
    .await?;
    let emails = sqlx::query_scalar!(
        r#"select coalesce(json_agg(t order by t.claimed_at), '[]') as "rows!" from (
             select kind, recipient, claimed_at, sent_at from sent_emails
             where lower(recipient) = $1
           ) t"#,
        email
    )
    .fetch_one(pool)
    .await?;
    let chat_emails_stopped = sqlx::query_scalar!(
        r#"select coalesce(json_agg(t), '[]') as "rows!" from (
             select email, created_at from chat_email_optouts where email = $1
           ) t"#,
        email
    )
    .fetch_one(pool)
    .await?;
    let chat_emails_held = sqlx::query_scalar!(
        r#"select coalesce(json_agg(t order by t.received_at), '[]') as "rows!" from (
             select sender_email, body, received_at, posted from chat_held_replies
             where lower(sender_email) = $1
           ) t"#,
        email
    )
    .fetch_one(pool)
    .await?;
    let requests = sqlx::query_scalar!(
        r#"select coalesce(json_agg(t order by t.received_at), '[]') as "rows!" from (
             select kind, details, received_at, confirmed_at, completed_at
             from privacy_requests where email = $1
           ) t"#,
        email
    )
    .fetch_one(pool)
    .await?;
    let attachments = sqlx::query_as!(
        Attachment,
        "select id, filename, data from chat_attachments where session_id = any($1) order by id",
        chat_ids
    )
    .fetch_all(pool)
    .await?;
    let data = serde_json::json!({
        "account": account,
        "chats": chats,
        "chat_messages": messages,
        "chat_ratings": ratings,
        "chat_emails_stopped": chat_emails_stopped,
        "chat_emails_held": chat_emails_held,
        "contact_requests": contact_requests,
        "subscriptions": subscriptions,
        "waitlist_entries": waitlist,
        "emails_sent": emails,
        "privacy_requests": requests,
    });
    Ok((data, attachments))
}
