//! The admin overview's counts over `contact_requests`, `users`,
//! `dead_letters` and `subscriptions`, read in one round trip.

use sqlx::PgPool;

use crate::ops::error::OpsError;

/// The admin overview's counts, read in one round trip.
pub struct OverviewCounts {
    pub new_requests: i64,
    pub registrations: i64,
    pub dead_letters: i64,
    pub subscriptions_awaiting: i64,
}

/// New contact requests, this week's registrations, dead letters waiting,
/// subscriptions awaiting confirmation (counted as `/admin/subscriptions`
/// counts "pending").
pub async fn overview_counts(pool: &PgPool) -> Result<OverviewCounts, OpsError> {
    sqlx::query_as!(
        OverviewCounts,
        r#"select
             (select count(*) from contact_requests where status = 'new') as "new_requests!",
             (select count(*) from users where role = 'user'
                 and created_at >= date_trunc('week', now() at time zone 'Africa/Nairobi')
                                   at time zone 'Africa/Nairobi') as "registrations!",
             (select count(*) from dead_letters where replayed_at is null) as "dead_letters!",
             (select count(*) from subscriptions
                 where not coalesce(confirmed_at > unsubscribed_at, confirmed_at is not null)
                   and not coalesce(unsubscribed_at >= requested_at, false)) as "subscriptions_awaiting!""#,
    )
    .fetch_one(pool)
    .await
    .map_err(OpsError::from)
}
