//! Retention's reads both processes run: what a run would remove now
//! ([`pending`], for the admin's database page and the `retention` role),
//! and the runs recorded (`retention_runs`). The periods and rules are
//! `contract::retention`.

use contract::retention::{
    Kind, RUN_EVERY, RetentionCount, RetentionOverview, RetentionPeriods, RetentionRun,
};
use sqlx::PgPool;

/// Runs listed on the database page.
const LISTED_RUNS: i64 = 10;

/// The periods as SQL parameters (`i32`, for `make_interval`).
fn param(value: u32) -> i32 {
    i32::try_from(value).unwrap_or(i32::MAX)
}

/// How many rows of each kind are past their period now, in [`Kind::ALL`]'s
/// order (what the next run would remove). The predicates are the
/// worker's, word for word.
pub async fn pending(pool: &PgPool, periods: &RetentionPeriods) -> sqlx::Result<Vec<(Kind, i64)>> {
    let row = sqlx::query!(
        r#"select
             (select count(*) from chat_sessions s
                where status = 'resolved'
                  and created_at < now() - make_interval(months => $1)
                  and not exists (select 1 from chat_messages m
                                  where m.session_id = s.id
                                    and m.created_at >= now() - make_interval(months => $1)))
               as "chats!",
             (select count(*) from contact_requests
                where created_at < now() - make_interval(months => $2)) as "contact!",
             (select count(*) from subscriptions
                where (confirmed_at is null or unsubscribed_at >= confirmed_at)
                  and greatest(requested_at, unsubscribed_at)
                      < now() - make_interval(days => $3)) as "subscriptions!",
             (select count(*) from page_visitors_daily
                where day < (now() at time zone 'Africa/Nairobi')::date - $4::int) as "visitors!",
             (select count(*) from dead_letters
                where created_at < now() - make_interval(days => $5)) as "dead_letters!",
             (select count(*) from tower_sessions.session
                where expiry_date < now()) as "sessions!",
             (select count(*) from password_reset_tokens
                where expires_at < now() or used_at is not null) as "tokens!",
             (select count(*) from audit_log
                where at < now() - make_interval(months => $6)) as "audit!",
             (select count(*) from cookie_consents
                where chosen_at < now() - make_interval(months => $7)) as "consents!",
             (select count(*) from sent_emails
                where coalesce(sent_at, claimed_at)
                      < now() - make_interval(months => $8)) as "sent_emails!",
             (select count(*) from waitlist_entries
                where created_at < now() - make_interval(months => $9)) as "waitlist!""#,
        param(periods.resolved_chats_months),
        param(periods.contact_requests_months),
        param(periods.unconfirmed_subscriptions_days),
        param(periods.page_visitors_days),
        param(periods.dead_letters_days),
        param(periods.audit_log_months),
        param(periods.cookie_consents_months),
        param(periods.sent_emails_months),
        param(periods.waitlist_entries_months),
    )
    .fetch_one(pool)
    .await?;
    Ok(vec![
        (Kind::ResolvedChats, row.chats),
        (Kind::ContactRequests, row.contact),
        (Kind::UnconfirmedSubscriptions, row.subscriptions),
        (Kind::PageVisitors, row.visitors),
        (Kind::DeadLetters, row.dead_letters),
        (Kind::ExpiredSessions, row.sessions),
        (Kind::ResetTokens, row.tokens),
        (Kind::AuditLog, row.audit),
        (Kind::CookieConsents, row.consents),
        (Kind::SentEmails, row.sent_emails),
        (Kind::WaitlistEntries, row.waitlist),
    ])
}

/// The retention part of the database page.
pub async fn overview(
    pool: &PgPool,
    periods: &RetentionPeriods,
) -> sqlx::Result<RetentionOverview> {
    let next_run = pending(pool, periods)
        .await?
        .into_iter()
        .map(|(kind, rows)| RetentionCount {
            kind: kind.key().to_owned(),
            label: kind.label().to_owned(),
            period: kind.period(periods),
            rows,
        })
        .collect();
    let runs = latest_runs(pool, LISTED_RUNS).await?;
    let next_run_at = runs.first().map(|run| run.started_at + RUN_EVERY);
    Ok(RetentionOverview {
        next_run,
        next_run_at,
        runs,
    })
}

/// `retention_runs.removed` as read.
type RemovedJson = sqlx::types::Json<std::collections::BTreeMap<String, i64>>;

/// The latest `limit` runs, newest first.
pub async fn latest_runs(pool: &PgPool, limit: i64) -> sqlx::Result<Vec<RetentionRun>> {
    let rows = sqlx::query!(
        r#"select id, started_at, finished_at,
                  removed as "removed: RemovedJson"
           from retention_runs order by started_at desc limit $1"#,
        limit
    )
    .fetch_all(pool)
    .await?;
    Ok(rows
        .into_iter()
        .map(|row| RetentionRun {
            id: row.id,
            started_at: row.started_at,
            finished_at: row.finished_at,
            removed: row.removed.0,
        })
        .collect())
}
