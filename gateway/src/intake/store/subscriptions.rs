//! The newsletter subscriptions (`subscriptions`): a request stored until
//! its emailed link confirms it, unsubscribes, and each topic's confirmed
//! subscribers.

use contract::owners::{ClaimConfirmation, SubscriptionStored};
use contract::subscriptions::{SubscriptionRequested, SubscriptionTopic, TopicSubscribers};
use sqlx::PgPool;
use uuid::Uuid;

use crate::intake::error::IntakeError;

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

/// Stores subscription request `request` for the `requests` worker (this
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
/// `requests` worker ([`ClaimConfirmation`]); whether the slot is the
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
