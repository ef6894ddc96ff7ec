//! Every query of intake: contact requests, subscriptions, the waitlist.
//! This module is the only writer of `contact_requests` and
//! `subscriptions`: the `intake` worker stores what it consumes by asking
//! [`super::owner`], which calls the functions here.

use contract::intake::{ContactMessage, ContactRequest, ContactRequestPatch, ContactStatus};
use contract::owners::{ClaimConfirmation, SubscriptionStored};
use contract::subscriptions::{SubscriptionRequested, SubscriptionTopic, TopicSubscribers};
use contract::waitlist::{WaitlistEntry, WaitlistInterest};
use sqlx::PgPool;
use uuid::Uuid;

use super::error::IntakeError;

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

/// Whether subscription `id` exists.
pub async fn subscription_exists(pool: &PgPool, id: Uuid) -> Result<bool, IntakeError> {
    let exists = sqlx::query_scalar!(
        r#"select exists(select 1 from subscriptions where id = $1) as "exists!""#,
        id
    )
    .fetch_one(pool)
    .await?;
    Ok(exists)
}

/// Confirms subscription `id` (again, after an unsubscribe); whether it
/// changed.
pub async fn confirm_subscription(pool: &PgPool, id: Uuid) -> Result<bool, IntakeError> {
    let confirmed = sqlx::query!(
        "update subscriptions set confirmed_at = now()
         where id = $1
           and (confirmed_at is null
                or (unsubscribed_at is not null and unsubscribed_at >= confirmed_at))",
        id
    )
    .execute(pool)
    .await?;
    Ok(confirmed.rows_affected() > 0)
}

/// Unsubscribes `id`; whether there was such a subscription.
pub async fn unsubscribe(pool: &PgPool, id: Uuid) -> Result<bool, IntakeError> {
    let left = sqlx::query!(
        "update subscriptions set unsubscribed_at = now() where id = $1",
        id
    )
    .execute(pool)
    .await?;
    Ok(left.rows_affected() > 0)
}

/// Stores contact request `request` once, for the `intake` worker (this
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

/// Stores subscription request `request` for the `intake` worker (this
/// module is the only writer of `subscriptions`): the address pending when
/// new for the topic, else the request's time recorded. The subscription's
/// id and whether it is confirmed.
pub async fn store_subscription_request(
    pool: &PgPool,
    request: &SubscriptionRequested,
) -> Result<SubscriptionStored, IntakeError> {
    let stored = sqlx::query!(
        r#"insert into subscriptions (id, email, topic, created_at, requested_at)
           values ($1, $2, $3, $4, $4)
           on conflict (email, topic) do update
               set requested_at = greatest(subscriptions.requested_at, excluded.requested_at)
           returning id,
               confirmed_at is not null
                   and (unsubscribed_at is null or confirmed_at > unsubscribed_at)
                   as "confirmed!""#,
        request.id,
        request.email,
        request.topic as SubscriptionTopic,
        request.received_at,
    )
    .fetch_one(pool)
    .await?;
    Ok(SubscriptionStored {
        id: stored.id,
        confirmed: stored.confirmed,
    })
}

/// Takes the slot for one confirmation email of a subscription, for the
/// `intake` worker ([`ClaimConfirmation`]); whether the slot is the
/// request's.
pub async fn claim_confirmation(
    pool: &PgPool,
    claim: &ClaimConfirmation,
) -> Result<bool, IntakeError> {
    let claimed = sqlx::query_scalar!(
        r#"update subscriptions
           set confirmation_request = $2, confirmation_sent_at = now()
           where id = $1
             and (confirmation_request = $2
                  or confirmation_sent_at is null
                  or confirmation_sent_at < now() - make_interval(secs => $3))
           returning true as "claimed!""#,
        claim.subscription_id,
        claim.request_id,
        claim.interval_secs,
    )
    .fetch_optional(pool)
    .await?;
    Ok(claimed.is_some())
}

/// Subscribers per topic that has any.
pub async fn topic_subscribers(pool: &PgPool) -> Result<Vec<TopicSubscribers>, IntakeError> {
    let rows = sqlx::query_as!(
        TopicSubscribers,
        r#"select topic as "topic: SubscriptionTopic",
                  count(*) filter (where confirmed) as "confirmed!",
                  count(*) filter (where not confirmed and not unsubscribed) as "pending!",
                  count(*) filter (where not confirmed and unsubscribed) as "unsubscribed!"
           from (select topic,
                        coalesce(confirmed_at > unsubscribed_at, confirmed_at is not null) as confirmed,
                        coalesce(unsubscribed_at >= requested_at, false) as unsubscribed
                 from subscriptions) s
           group by topic"#,
    )
    .fetch_all(pool)
    .await?;
    Ok(rows)
}

/// Waitlist entries of `interest` (any when `None`), counted.
pub async fn count_waitlist(
    pool: &PgPool,
    interest: Option<WaitlistInterest>,
) -> Result<i64, IntakeError> {
    let total = sqlx::query_scalar!(
        r#"select count(*) as "count!" from waitlist_entries
           where ($1::text is null or interest = $1)"#,
        interest as Option<WaitlistInterest>,
    )
    .fetch_one(pool)
    .await?;
    Ok(total)
}

/// The same entries, newest first, `limit` from `offset`.
pub async fn waitlist_page(
    pool: &PgPool,
    interest: Option<WaitlistInterest>,
    limit: i64,
    offset: i64,
) -> Result<Vec<WaitlistEntry>, IntakeError> {
    let items = sqlx::query_as!(
        WaitlistEntry,
        r#"select id, email, name, interest as "interest: WaitlistInterest", created_at
           from waitlist_entries
           where ($1::text is null or interest = $1)
           order by created_at desc, id desc
           limit $2 offset $3"#,
        interest as Option<WaitlistInterest>,
        limit,
        offset,
    )
    .fetch_all(pool)
    .await?;
    Ok(items)
}

/// Every such entry, newest first (the CSV export).
pub async fn waitlist_entries(
    pool: &PgPool,
    interest: Option<WaitlistInterest>,
) -> Result<Vec<WaitlistEntry>, IntakeError> {
    let entries = sqlx::query_as!(
        WaitlistEntry,
        r#"select id, email, name, interest as "interest: WaitlistInterest", created_at
           from waitlist_entries
           where ($1::text is null or interest = $1)
           order by created_at desc, id desc"#,
        interest as Option<WaitlistInterest>,
    )
    .fetch_all(pool)
    .await?;
    Ok(entries)
}

/// A data subject's erasure: deletes their contact and demo requests and
/// their subscriptions. Returns (contact requests, subscriptions) deleted;
/// running it again deletes nothing more.
pub async fn erase_person(pool: &PgPool, email: &str) -> Result<(u64, u64), IntakeError> {
    let mut tx = pool.begin().await?;
    let requests = sqlx::query!(
        "delete from contact_requests where lower(email) = $1",
        email
    )
    .execute(&mut *tx)
    .await?
    .rows_affected();
    let subscriptions = sqlx::query!("delete from subscriptions where lower(email) = $1", email)
        .execute(&mut *tx)
        .await?
        .rows_affected();
    tx.commit().await?;
    Ok((requests, subscriptions))
}

/// A data subject's correction of their contact requests (name, email,
/// phone) and subscriptions (email); returns the rows changed.
pub async fn correct_person(
    pool: &PgPool,
    email: &str,
    name: Option<&str>,
    new_email: Option<&str>,
    phone: Option<&str>,
) -> Result<u64, IntakeError> {
    let mut tx = pool.begin().await?;
    let mut changed = sqlx::query!(
        "update contact_requests
         set name = coalesce($2, name), email = coalesce($3, email), phone = coalesce($4, phone)
         where lower(email) = $1",
        email,
        name,
        new_email,
        phone,
    )
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if let Some(new_email) = new_email {
        // An address subscribed under both emails keeps the new one's row.
        changed += sqlx::query!(
            "update subscriptions s set email = $2
             where lower(s.email) = $1
               and not exists (select 1 from subscriptions t
                               where t.email = $2 and t.topic = s.topic)",
            email,
            new_email,
        )
        .execute(&mut *tx)
        .await?
        .rows_affected();
    }
    tx.commit().await?;
    Ok(changed)
}
