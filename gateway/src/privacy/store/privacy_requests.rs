//! `privacy_requests`, whose one writer this is: a person's request, its
//! confirmation, each step staff take and its fulfilment, every write
//! audited in the same transaction (`platform::audit`); and, after an
//! erasure, forgetting the person (with their `privacy_exports`).

use contract::language::Language;
use contract::privacy::PrivacyRequestKind;
use serde_json::{Value, json};
use sqlx::{PgConnection, PgPool};
use time::OffsetDateTime;
use uuid::Uuid;

use crate::platform::audit;
use crate::privacy::progress::Step;
use crate::privacy::request::StoredRequest;
use crate::privacy::summary::summary;

/// The audit log's name for a request.
const ENTITY: &str = "privacy_request";

/// A person's request as the form sent it, to store.
#[derive(Clone, Copy)]
pub struct Asked<'a> {
    pub id: Uuid,
    pub email: &'a str,
    pub kind: PrivacyRequestKind,
    pub details: &'a str,
    /// The form page's language: every email about the request is in it.
    pub language: Language,
}

/// Stores a person's request and audits it, in one transaction;
/// `before_commit` runs last before the commit (the request is not kept
/// when it fails).
pub async fn insert_request<E: From<sqlx::Error>>(
    pool: &PgPool,
    asked: &Asked<'_>,
    before_commit: impl AsyncFnOnce() -> Result<(), E>,
) -> Result<(), E> {
    let Asked {
        id,
        email,
        kind,
        details,
        language,
    } = *asked;
    let mut tx = pool.begin().await?;
    sqlx::query!(
        "insert into privacy_requests (id, email, kind, details, language)
         values ($1, $2, $3, $4, $5)",
        id,
        email,
        kind.code(),
        details,
        language as Language,
    )
    .execute(&mut *tx)
    .await?;
    audit::record_unattributed(
        &mut tx,
        "request",
        ENTITY,
        id,
        json!({ "kind": kind.code() }),
    )
    .await?;
    before_commit().await?;
    tx.commit().await?;
    Ok(())
}

/// Marks request `id` confirmed (audited the first time), in one
/// transaction; whether it was not confirmed before, `None` when there is
/// no such request.
pub async fn confirm(pool: &PgPool, id: Uuid) -> sqlx::Result<Option<bool>> {
    let mut tx = pool.begin().await?;
    let fresh = sqlx::query_scalar!(
        r#"update privacy_requests set confirmed_at = coalesce(confirmed_at, now())
           where id = $1 and email <> ''
           returning (confirmed_at = now()) as "fresh!""#,
        id
    )
    .fetch_optional(&mut *tx)
    .await?;
    if fresh == Some(true) {
        audit::record_unattributed(&mut tx, "confirm", ENTITY, id, json!({})).await?;
    }
    tx.commit().await?;
    Ok(fresh)
}

/// The confirmed requests, open ones first (oldest first), then the done
/// ones (newest first).
pub async fn confirmed_requests(pool: &PgPool) -> sqlx::Result<Vec<StoredRequest>> {
    sqlx::query_as!(
        StoredRequest,
        r#"select id, email, kind, details, received_at, confirmed_at, acknowledged_at,
                responded_at, completed_at, complex, outcome,
                language as "language: Language"
         from privacy_requests
         where confirmed_at is not null
         order by completed_at is not null,
                  case when completed_at is null then received_at end,
                  completed_at desc
         limit 500"#
    )
    .fetch_all(pool)
    .await
}

/// Confirmed request `id`, read in a transaction of its own that locks
/// its row while it reads.
pub async fn request(pool: &PgPool, id: Uuid) -> sqlx::Result<Option<StoredRequest>> {
    let mut tx = pool.begin().await?;
    let request = request_for_update(&mut tx, id).await?;
    tx.commit().await?;
    Ok(request)
}

/// Takes `step` on confirmed request `id` as `admin`, audited, in one
/// transaction; `before_commit` gets the request as it stood before the
/// step and runs last before the commit (the step is not taken when it
/// fails). The request after the step; `None` when there is no such
/// confirmed request (nothing changes).
pub async fn take_step<E: From<sqlx::Error>>(
    pool: &PgPool,
    admin: Uuid,
    id: Uuid,
    step: Step,
    before_commit: impl AsyncFnOnce(&StoredRequest) -> Result<(), E>,
) -> Result<Option<StoredRequest>, E> {
    let mut tx = pool.begin().await?;
    let Some(before) = request_for_update(&mut tx, id).await? else {
        return Ok(None);
    };
    let (action, details) = match step {
        Step::Acknowledge => {
            acknowledge(&mut tx, id).await?;
            ("acknowledge", json!({}))
        }
        Step::Respond => {
            respond(&mut tx, id).await?;
            ("respond", json!({}))
        }
        Step::Complex(complex) => {
            set_complex(&mut tx, id, complex).await?;
            ("mark_complex", json!({ "complex": complex }))
        }
    };
    audit::record(&mut tx, admin, action, ENTITY, id, details).await?;
    let Some(request) = request_for_update(&mut tx, id).await? else {
        return Ok(None);
    };
    before_commit(&before).await?;
    tx.commit().await?;
    Ok(Some(request))
}

/// Fulfils request `id` as `admin` with what was done (no personal data),
/// audited, in one transaction; the request fulfilled, `None` when there
/// is no such confirmed request (nothing changes).
pub async fn complete(
    pool: &PgPool,
    admin: Uuid,
    id: Uuid,
    kind: PrivacyRequestKind,
    outcome: &Value,
) -> sqlx::Result<Option<StoredRequest>> {
    let mut tx = pool.begin().await?;
    mark_complete(&mut tx, id, outcome).await?;
    audit::record(
        &mut tx,
        admin,
        "fulfil",
        ENTITY,
        id,
        json!({ "kind": kind.code(), "outcome": outcome }),
    )
    .await?;
    let Some(request) = request_for_update(&mut tx, id).await? else {
        return Ok(None);
    };
    tx.commit().await?;
    Ok(Some(request))
}

/// After an erasure: this person's requests keep their kind and dates but
/// no longer their address or words, and their exports are deleted.
/// Returns the requests changed. One transaction.
pub async fn forget_person(pool: &PgPool, email: &str) -> sqlx::Result<u64> {
    let mut tx = pool.begin().await?;
    sqlx::query!(
        "delete from privacy_exports e using privacy_requests r
         where e.request_id = r.id and r.email = $1",
        email
    )
    .execute(&mut *tx)
    .await?;
    let forgotten = sqlx::query!(
        "update privacy_requests set email = '', details = '' where email = $1",
        email
    )
    .execute(&mut *tx)
    .await?
    .rows_affected();
    tx.commit().await?;
    Ok(forgotten)
}

/// How many confirmed, open requests are overdue now (for the overview).
pub async fn overdue_count(pool: &PgPool) -> sqlx::Result<i64> {
    let now = OffsetDateTime::now_utc();
    let open = open_requests(pool).await?;
    Ok(open
        .into_iter()
        .filter(|request| summary(request.clone(), now).overdue)
        .count() as i64)
}

/// The confirmed, open requests (for [`overdue_count`]).
async fn open_requests(pool: &PgPool) -> sqlx::Result<Vec<StoredRequest>> {
    sqlx::query_as!(
        StoredRequest,
        r#"select id, email, kind, details, received_at, confirmed_at, acknowledged_at,
                responded_at, completed_at, complex, outcome,
                language as "language: Language"
         from privacy_requests
         where confirmed_at is not null and completed_at is null"#
    )
    .fetch_all(pool)
    .await
}

/// Confirmed request `id`, its row locked until `tx` ends.
async fn request_for_update(
    tx: &mut PgConnection,
    id: Uuid,
) -> sqlx::Result<Option<StoredRequest>> {
    sqlx::query_as!(
        StoredRequest,
        r#"select id, email, kind, details, received_at, confirmed_at, acknowledged_at,
                responded_at, completed_at, complex, outcome,
                language as "language: Language"
         from privacy_requests where id = $1 and confirmed_at is not null
         for update"#,
        id
    )
    .fetch_optional(tx)
    .await
}

async fn acknowledge(tx: &mut PgConnection, id: Uuid) -> sqlx::Result<()> {
    sqlx::query!(
        "update privacy_requests set acknowledged_at = coalesce(acknowledged_at, now()) where id = $1",
        id
    )
    .execute(tx)
    .await?;
    Ok(())
}

/// The initial response was sent (acknowledging it too, when it was not).
async fn respond(tx: &mut PgConnection, id: Uuid) -> sqlx::Result<()> {
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

async fn set_complex(tx: &mut PgConnection, id: Uuid, complex: bool) -> sqlx::Result<()> {
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
async fn mark_complete(tx: &mut PgConnection, id: Uuid, outcome: &Value) -> sqlx::Result<()> {
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
