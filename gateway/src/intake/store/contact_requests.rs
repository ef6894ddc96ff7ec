//! The contact and demo requests (`contact_requests`): stored once per
//! request id, paged for the admin inbox, their status updated.

use contract::intake::{ContactMessage, ContactRequest, ContactRequestPatch, ContactStatus};
use sqlx::PgPool;
use uuid::Uuid;

use crate::intake::error::IntakeError;

/// Contact requests with `status` (any when `None`) whose text contains
/// `search` (lowercase), counted.
pub async fn count_requests(
    pool: &PgPool,
    status: Option<ContactStatus>,
    search: Option<&str>,
) -> Result<i64, IntakeError> {
    let total = sqlx::query_scalar!(
        r#"select count(*) as "count!" from contact_requests r
           where ($1::text is null or r.status = $1)
             and ($2::text is null
                  or strpos(lower(r.name || ' ' || r.email || ' ' || r.subject || ' ' || r.message), $2) > 0)"#,
        status as Option<ContactStatus>,
        search,
    )
    .fetch_one(pool)
    .await?;
    Ok(total)
}

/// The same requests, newest first, `limit` from `offset`.
pub async fn requests_page(
    pool: &PgPool,
    status: Option<ContactStatus>,
    search: Option<&str>,
    limit: i64,
    offset: i64,
) -> Result<Vec<ContactRequest>, IntakeError> {
    let items = sqlx::query_as!(
        ContactRequest,
        r#"select r.id, r.name, r.email, r.subject, r.message, r.phone, r.company, r.source,
                  r.status as "status: ContactStatus", r.assigned_to,
                  a.name as "assigned_to_name?", r.handled_by, h.name as "handled_by_name?",
                  r.handled_at, r.created_at
           from contact_requests r
           left join users a on a.id = r.assigned_to
           left join users h on h.id = r.handled_by
           where ($1::text is null or r.status = $1)
             and ($2::text is null
                  or strpos(lower(r.name || ' ' || r.email || ' ' || r.subject || ' ' || r.message), $2) > 0)
           order by r.created_at desc, r.id desc
           limit $3 offset $4"#,
        status as Option<ContactStatus>,
        search,
        limit,
        offset,
    )
    .fetch_all(pool)
    .await?;
    Ok(items)
}

/// Applies `patch` as admin `admin_id`'s, with its `audit_log` row, in one
/// transaction; the request as changed, or `None` when there is no such one.
pub async fn update_request(
    pool: &PgPool,
    id: Uuid,
    patch: &ContactRequestPatch,
    admin_id: Uuid,
) -> Result<Option<ContactRequest>, IntakeError> {
    let mut tx = pool.begin().await?;
    // In SET, `status` is the value before this update.
    let updated = sqlx::query!(
        "update contact_requests set
             status = coalesce($2, status),
             handled_by = case when $2 = 'handled' and status <> 'handled' then $4
                               when $2 = 'new' then null else handled_by end,
             handled_at = case when $2 = 'handled' and status <> 'handled' then now()
                               when $2 = 'new' then null else handled_at end,
             assigned_to = case when $3::boolean is null then assigned_to
                                when $3 then $4 else null end
         where id = $1",
        id,
        patch.status as Option<ContactStatus>,
        patch.assigned_to_me,
        admin_id,
    )
    .execute(&mut *tx)
    .await?;
    if updated.rows_affected() == 0 {
        return Ok(None);
    }
    let details = serde_json::json!({
        "status": patch.status,
        "assignedToMe": patch.assigned_to_me,
    });
    crate::platform::audit::record(&mut tx, admin_id, "update", "contact_request", id, details)
        .await?;
    let request = sqlx::query_as!(
        ContactRequest,
        r#"select r.id, r.name, r.email, r.subject, r.message, r.phone, r.company, r.source,
                  r.status as "status: ContactStatus", r.assigned_to,
                  a.name as "assigned_to_name?", r.handled_by, h.name as "handled_by_name?",
                  r.handled_at, r.created_at
           from contact_requests r
           left join users a on a.id = r.assigned_to
           left join users h on h.id = r.handled_by
           where r.id = $1"#,
        id,
    )
    .fetch_one(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(Some(request))
}

/// Stores contact request `request` once, for the `requests` worker (this
/// module is the only writer of `contact_requests`): a redelivered one
/// (same id) changes nothing. Whether it was new.
pub async fn insert_request(pool: &PgPool, request: &ContactMessage) -> Result<bool, IntakeError> {
    let inserted = sqlx::query!(
        "insert into contact_requests
             (id, name, email, subject, message, phone, company, source, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         on conflict (id) do nothing",
        request.id,
        request.name,
        request.email,
        request.subject,
        request.message,
        request.phone,
        request.company,
        request.source,
        request.received_at,
    )
    .execute(pool)
    .await?;
    Ok(inserted.rows_affected() > 0)
}
