//! Every query of the operator's pages: migrations and table sizes, the
//! readiness probe, the admin overview's counts and the analytics report.

use contract::analytics::{
    AgentMessages, AgentWeekRatings, AnalyticsReport, DayCounts, PathViews, ReferrerViews,
};
use contract::database::{AppliedMigration, AttachmentTotals, TableSize};
use sqlx::PgPool;
use time::Date;

use super::error::OpsError;

/// The migrations applied so far (none before the first).
pub async fn migrations(pool: &PgPool) -> Result<Vec<AppliedMigration>, OpsError> {
    let exists =
        sqlx::query_scalar!(r#"select to_regclass('_sqlx_migrations') is not null as "exists!""#)
            .fetch_one(pool)
            .await?;
    if !exists {
        return Ok(Vec::new());
    }
    sqlx::query_as!(
        AppliedMigration,
        "select version, description, installed_on, success from _sqlx_migrations
         order by version"
    )
    .fetch_all(pool)
    .await
    .map_err(OpsError::from)
}

/// The tables with their sizes.
pub async fn tables(pool: &PgPool) -> Result<Vec<TableSize>, OpsError> {
    // `reltuples` is -1 until a table is first vacuumed or analysed.
    sqlx::query_as!(
        TableSize,
        r#"select c.relname::text as "name!",
                  case when c.reltuples < 0 then null else c.reltuples::bigint end as row_estimate,
                  pg_total_relation_size(c.oid) as "total_bytes!"
           from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where n.nspname = 'public' and c.relkind in ('r', 'p')
           order by c.relname"#
    )
    .fetch_all(pool)
    .await
    .map_err(OpsError::from)
}

/// How many chat attachments are stored, and their bytes.
pub async fn attachment_totals(pool: &PgPool) -> Result<AttachmentTotals, OpsError> {
    sqlx::query_as!(
        AttachmentTotals,
        r#"select count(*) as "count!",
                  coalesce(sum(byte_size), 0)::bigint as "bytes!",
                  coalesce(sum(octet_length(thumbnail)), 0)::bigint as "thumbnail_bytes!"
           from chat_attachments"#
    )
    .fetch_one(pool)
    .await
    .map_err(OpsError::from)
}

/// Whether Postgres answers a trivial query (the readiness probe).
pub async fn database_answers(pool: &PgPool) -> sqlx::Result<()> {
    sqlx::query!("select 1 as one").fetch_one(pool).await?;
    Ok(())
}

/// The admin overview's counts, read in one round trip.
pub struct OverviewCounts {
    pub new_requests: i64,
    pub registrations: i64,
    pub dead_letters: i64,
}

/// New contact requests, this week's registrations, dead letters waiting.
pub async fn overview_counts(pool: &PgPool) -> Result<OverviewCounts, OpsError> {
    sqlx::query_as!(
        OverviewCounts,
        r#"select
             (select count(*) from contact_requests where status = 'new') as "new_requests!",
             (select count(*) from users where role = 'user'
                 and created_at >= date_trunc('week', now() at time zone 'Africa/Nairobi')
                                   at time zone 'Africa/Nairobi') as "registrations!",
             (select count(*) from dead_letters where replayed_at is null) as "dead_letters!""#,
    )
    .fetch_one(pool)
    .await
    .map_err(OpsError::from)
}

/// Instants from the start of `$1` to the end of `$2`, Nairobi days, for a
/// column `at`.
fn in_range(column: &str) -> String {
    format!(
        "{column} >= ($1::date::timestamp at time zone 'Africa/Nairobi') \
         and {column} < (($2::date + 1)::timestamp at time zone 'Africa/Nairobi')"
    )
}

/// The day of an instant in Nairobi, as a date.
fn nairobi_date(column: &str) -> String {
    format!("({column} at time zone 'Africa/Nairobi')::date")
}

/// The analytics report for the Nairobi days `from` to `to`, both included.
pub async fn analytics_report(
    pool: &PgPool,
    from: Date,
    to: Date,
) -> Result<AnalyticsReport, OpsError> {
    let days_sql = format!(
        "with days as (
             select d::date as day from generate_series($1::date, $2::date, interval '1 day') d
         ), views as (
             select day, sum(views)::bigint as n from page_views_daily
             where day between $1 and $2 group by day
         ), chats as (
             select {chat_day} as day, count(*) as started,
                    count(*) filter (where exists (
                        select 1 from chat_messages m
                        where m.session_id = s.id and m.sender_type = 'agent'
                    )) as answered
             from chat_sessions s where {chats_in_range} group by 1
         ), registrations as (
             select {user_day} as day, count(*) as n from users
             where role = 'user' and {users_in_range} group by 1
         ), requests as (
             select {request_day} as day, count(*) as n from contact_requests
             where {requests_in_range} group by 1
         )
         select to_char(days.day, 'YYYY-MM-DD') as day,
                coalesce(views.n, 0) as views,
                coalesce(chats.started, 0) as chats_started,
                coalesce(chats.answered, 0) as chats_answered,
                coalesce(registrations.n, 0) as registrations,
                coalesce(requests.n, 0) as contact_requests
         from days
         left join views using (day)
         left join chats using (day)
         left join registrations using (day)
         left join requests using (day)
         order by days.day",
        chat_day = nairobi_date("s.created_at"),
        chats_in_range = in_range("s.created_at"),
        user_day = nairobi_date("created_at"),
        users_in_range = in_range("created_at"),
        request_day = nairobi_date("created_at"),
        requests_in_range = in_range("created_at"),
    );
    // Not macros: this query, the median and the per-agent counts are put
    // together from `in_range` and `nairobi_date`; a macro needs one literal.
    let days = sqlx::query_as::<_, DayCounts>(&days_sql)
        .bind(from)
        .bind(to);
    let top_pages = sqlx::query_as!(
        PathViews,
        r#"select path, sum(views)::bigint as "views!" from page_views_daily
           where day between $1 and $2 group by path order by 2 desc, path limit 10"#,
        from,
        to,
    );
    let top_referrers = sqlx::query_as!(
        ReferrerViews,
        r#"select referrer_host as host, sum(views)::bigint as "views!" from page_views_daily
           where day between $1 and $2 and referrer_host <> ''
           group by referrer_host order by 2 desc, host limit 10"#,
        from,
        to,
    );
    let median_sql = format!(
        "select extract(epoch from
                    percentile_cont(0.5) within group (order by first_reply - s.created_at)
                )::float8
         from chat_sessions s
         cross join lateral (
             select min(m.created_at) as first_reply from chat_messages m
             where m.session_id = s.id and m.sender_type = 'agent'
         ) reply
         where reply.first_reply is not null and {}",
        in_range("s.created_at")
    );
    let median = sqlx::query_scalar::<_, Option<f64>>(&median_sql)
        .bind(from)
        .bind(to);
    let per_agent_sql = format!(
        "select m.agent_id, coalesce(min(u.name), 'Deleted account') as name,
                count(*) as messages
         from chat_messages m left join users u on u.id = m.agent_id
         where m.sender_type = 'agent' and {}
         group by m.agent_id order by messages desc, name limit 50",
        in_range("m.created_at")
    );
    let per_agent = sqlx::query_as::<_, AgentMessages>(&per_agent_sql)
        .bind(from)
        .bind(to);
    let ratings_sql = format!(
        "select r.agent_id, coalesce(min(u.name), 'No agent') as name,
                to_char(date_trunc('week', r.created_at at time zone 'Africa/Nairobi'),
                        'YYYY-MM-DD') as week,
                count(*) as ratings, avg(r.score)::float8 as average
         from chat_ratings r left join users u on u.id = r.agent_id
         where {}
         group by r.agent_id, 3 order by week desc, name limit 200",
        in_range("r.created_at")
    );
    let ratings = sqlx::query_as::<_, AgentWeekRatings>(&ratings_sql)
        .bind(from)
        .bind(to);
    let (days, top_pages, top_referrers, median, messages_per_agent, ratings_per_agent_week) = tokio::try_join!(
        days.fetch_all(pool),
        top_pages.fetch_all(pool),
        top_referrers.fetch_all(pool),
        median.fetch_one(pool),
        per_agent.fetch_all(pool),
        ratings.fetch_all(pool),
    )?;
    Ok(AnalyticsReport {
        from: iso(from),
        to: iso(to),
        total_views: days.iter().map(|day| day.views).sum(),
        top_pages,
        top_referrers,
        days,
        median_first_response_seconds: median,
        messages_per_agent,
        ratings_per_agent_week,
    })
}

fn iso(date: Date) -> String {
    format!(
        "{:04}-{:02}-{:02}",
        date.year(),
        u8::from(date.month()),
        date.day()
    )
}
