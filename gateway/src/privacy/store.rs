//! Every query of the privacy domain. The one writer of `privacy_requests`
//! and `privacy_exports`; it reads every table that holds a person's data
//! for their export (readers may be anywhere).

use contract::privacy::PrivacyRequestKind;
use serde_json::Value;
use sqlx::{PgConnection, PgPool};
use time::OffsetDateTime;
use uuid::Uuid;

/// A request as stored.
#[derive(Debug, Clone)]
pub struct StoredRequest {
    pub id: Uuid,
    pub email: String,
    pub kind: String,
    pub details: String,
    pub received_at: OffsetDateTime,
    pub confirmed_at: Option<OffsetDateTime>,
    pub acknowledged_at: Option<OffsetDateTime>,
    pub responded_at: Option<OffsetDateTime>,
    pub completed_at: Option<OffsetDateTime>,
    pub complex: bool,
    pub outcome: Option<Value>,
}

pub async fn insert_request(
    tx: &mut PgConnection,
    id: Uuid,
    email: &str,
    kind: PrivacyRequestKind,
    details: &str,
) -> sqlx::Result<()> {
    sqlx::query!(
        "insert into privacy_requests (id, email, kind, details) values ($1, $2, $3, $4)",
        id,
        email,
        kind.code(),
        details,
    )
    .execute(tx)
    .await?;
    Ok(())
}

/// Marks request `id` confirmed; whether it was not confirmed before.
pub async fn confirm(tx: &mut PgConnection, id: Uuid) -> sqlx::Result<Option<bool>> {
    let row = sqlx::query_scalar!(
        r#"update privacy_requests set confirmed_at = coalesce(confirmed_at, now())
           where id = $1 and email <> ''
           returning (confirmed_at = now()) as "fresh!""#,
        id
    )
    .fetch_optional(tx)
    .await?;
    Ok(row)
}

/// The confirmed requests, open ones first (oldest first), then the done
/// ones (newest first).
pub async fn confirmed_requests(pool: &PgPool) -> sqlx::Result<Vec<StoredRequest>> {
    sqlx::query_as!(
        StoredRequest,
        "select id, email, kind, details, received_at, confirmed_at, acknowledged_at,
                responded_at, completed_at, complex, outcome
         from privacy_requests
         where confirmed_at is not null
         order by completed_at is not null, 
                  case when completed_at is null then received_at end,
                  completed_at desc
         limit 500"
    )
    .fetch_all(pool)
    .await
}

pub async fn request_for_update(
    tx: &mut PgConnection,
    id: Uuid,
) -> sqlx::Result<Option<StoredRequest>> {
    sqlx::query_as!(
        StoredRequest,
        "select id, email, kind, details, received_at, confirmed_at, acknowledged_at,
                responded_at, completed_at, complex, outcome
         from privacy_requests where id = $1 and confirmed_at is not null
         for update",
        id
    )
    .fetch_optional(tx)
    .await
}

pub async fn acknowledge(tx: &mut PgConnection, id: Uuid) -> sqlx::Result<()> {
    sqlx::query!(
        "update privacy_requests set acknowledged_at = coalesce(acknowledged_at, now()) where id = $1",
        id
    )
    .execute(tx)
    .await?;
    Ok(())
}

/// The initial response was sent (acknowledging it too, when it was not).
pub async fn respond(tx: &mut PgConnection, id: Uuid) -> sqlx::Result<()> {
    sqlx::query!(
        "update privacy_requests
         set acknowledged_at = coalesce(acknowledged_at, now()),
             responded_at = coalesce(responded_at, now())
         where id = $1",
        id
    )
    .execute(tx)
    .await?;
    Ok(())
}

pub async fn set_complex(tx: &mut PgConnection, id: Uuid, complex: bool) -> sqlx::Result<()> {
    sqlx::query!(
        "update privacy_requests set complex = $2 where id = $1",
        id,
        complex
    )
    .execute(tx)
    .await?;
    Ok(())
}

/// Fulfilled: every step is done, with what was done (no personal data).
pub async fn complete(tx: &mut PgConnection, id: Uuid, outcome: &Value) -> sqlx::Result<()> {
    sqlx::query!(
        "update privacy_requests
         set acknowledged_at = coalesce(acknowledged_at, now()),
             responded_at = coalesce(responded_at, now()),
             completed_at = now(), outcome = $2
         where id = $1",
        id,
        outcome
    )
    .execute(tx)
    .await?;
    Ok(())
}

/// After an erasure: this person's requests keep their kind and dates but
/// no longer their address or words, and their exports are deleted.
/// Returns the requests changed.
pub async fn forget_person(tx: &mut PgConnection, email: &str) -> sqlx::Result<u64> {
    sqlx::query!(
        "delete from privacy_exports e using privacy_requests r
         where e.request_id = r.id and r.email = $1",
        email
    )
    .execute(&mut *tx)
    .await?;
    Ok(sqlx::query!(
        "update privacy_requests set email = '', details = '' where email = $1",
        email
    )
    .execute(&mut *tx)
    .await?
    .rows_affected())
}

pub async fn store_export(
    tx: &mut PgConnection,
    id: Uuid,
    archive: &[u8],
    expires_at: OffsetDateTime,
) -> sqlx::Result<()> {
    sqlx::query!(
        "insert into privacy_exports (request_id, archive, expires_at) values ($1, $2, $3)
         on conflict (request_id) do update
         set archive = excluded.archive, created_at = now(), expires_at = excluded.expires_at",
        id,
        archive,
        expires_at
    )
    .execute(tx)
    .await?;
    Ok(())
}

/// The archive of request `id` while it has not expired.
pub async fn export(pool: &PgPool, id: Uuid) -> sqlx::Result<Option<Vec<u8>>> {
    sqlx::query_scalar!(
        "select archive from privacy_exports where request_id = $1 and expires_at > now()",
        id
    )
    .fetch_optional(pool)
    .await
}

/// The account holding `email`, and whether it is a member of the team.
pub async fn account(pool: &PgPool, email: &str) -> sqlx::Result<Option<(Uuid, bool)>> {
    let row = sqlx::query!(
        r#"select id, role <> 'user' as "staff!" from users where email = $1"#,
        email
    )
    .fetch_optional(pool)
    .await?;
    Ok(row.map(|row| (row.id, row.staff)))
}

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
        "contact_requests": contact_requests,
        "subscriptions": subscriptions,
        "waitlist_entries": waitlist,
        "emails_sent": emails,
        "privacy_requests": requests,
    });
    Ok((data, attachments))
}

/// How many confirmed, open requests have a step past its due date at
/// `now` (for the overview).
pub async fn open_requests(pool: &PgPool) -> sqlx::Result<Vec<StoredRequest>> {
    sqlx::query_as!(
        StoredRequest,
        "select id, email, kind, details, received_at, confirmed_at, acknowledged_at,
                responded_at, completed_at, complex, outcome
         from privacy_requests
         where confirmed_at is not null and completed_at is null"
    )
    .fetch_all(pool)
    .await
}
