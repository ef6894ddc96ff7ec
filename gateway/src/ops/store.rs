//! Every query of the operator's pages: migrations and table sizes, the
//! readiness probe, the admin overview's counts and the analytics report.

use contract::analytics::{
    AgentMessages, AgentWeekRatings, AnalyticsReport, DayCounts, PathViews, ReferrerViews,
};
use contract::database::{AppliedMigration, AttachmentTotals, EXACT_COUNT_MAX_BYTES, TableSize};
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

/// A table as the catalogue describes it, before its rows are known.
struct TableStats {
    name: String,
    /// `schema.table`, quoted for SQL.
    qualified: String,
    /// The heap alone (what a count or a sample reads).
    heap_bytes: i64,
    total_bytes: i64,
    /// The heap's pages now.
    pages: f64,
    /// What the last VACUUM or ANALYZE saw (`relpages`, `reltuples`; the
    /// latter -1 when neither ever ran: there is no autovacuum here).
    seen_pages: f64,
    seen_rows: f64,
}

/// How [`tables`] finds a table's rows.
#[derive(Clone, Copy, Debug)]
pub struct RowCounting {
    /// Heaps up to this size are counted exactly.
    pub exact_max_bytes: i64,
    /// About how many pages a sample of a larger, never analysed table reads.
    pub sample_pages: f64,
}

impl RowCounting {
    /// The database page's: counts up to 8 MiB, samples of 8 MiB.
    pub const PAGE: RowCounting = RowCounting {
        exact_max_bytes: EXACT_COUNT_MAX_BYTES,
        sample_pages: 1024.0,
    };
}

/// The tables of the public schema with their rows and sizes, by name.
///
/// Rows are counted exactly when the heap is small; above, estimated the
/// way the planner scales: the density (rows per page) the last VACUUM or
/// ANALYZE saw times the pages there are now, or, for a table never
/// analysed (or analysed empty), a block sample scaled up. Counts run
/// read-only with a statement and a lock timeout, so a locked or huge table
/// cannot hold the page.
pub async fn tables(pool: &PgPool, counting: RowCounting) -> Result<Vec<TableSize>, OpsError> {
    let stats = sqlx::query_as!(
        TableStats,
        r#"select c.relname::text as "name!",
                  quote_ident(n.nspname) || '.' || quote_ident(c.relname) as "qualified!",
                  pg_relation_size(c.oid) as "heap_bytes!",
                  pg_total_relation_size(c.oid) as "total_bytes!",
                  (pg_relation_size(c.oid) / current_setting('block_size')::bigint)::float8
                      as "pages!",
                  c.relpages::float8 as "seen_pages!",
                  c.reltuples::float8 as "seen_rows!"
           from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where n.nspname = 'public' and c.relkind = 'r'
           order by c.relname"#
    )
    .fetch_all(pool)
    .await?;

    let mut tx = pool.begin().await?;
    sqlx::query!("set transaction read only")
        .execute(&mut *tx)
        .await?;
    sqlx::query!("set local statement_timeout = '5s'")
        .execute(&mut *tx)
        .await?;
    sqlx::query!("set local lock_timeout = '1s'")
        .execute(&mut *tx)
        .await?;
    let small: Vec<&TableStats> = stats
        .iter()
        .filter(|table| table.heap_bytes <= counting.exact_max_bytes)
        .collect();
    let mut counts = std::collections::HashMap::new();
    if !small.is_empty() {
        // One round trip for every small table. Names are the catalogue's,
        // quoted by `quote_ident`; each branch's position says whose count it is.
        let sql = small
            .iter()
            .enumerate()
            .map(|(i, table)| format!("select {i}::int4, count(*) from {}", table.qualified))
            .collect::<Vec<_>>()
            .join(" union all ");
        let rows: Vec<(i32, i64)> = sqlx::query_as(&sql).fetch_all(&mut *tx).await?;
        for (i, rows) in rows {
            let table = usize::try_from(i).ok().and_then(|i| small.get(i));
            if let Some(table) = table {
                counts.insert(table.name.as_str(), rows);
            }
        }
    }
    let mut tables = Vec::with_capacity(stats.len());
    for table in &stats {
        let (rows, rows_estimated) = match counts.get(table.name.as_str()) {
            Some(&rows) => (rows, false),
            None => (estimate(&mut tx, table, counting.sample_pages).await?, true),
        };
        tables.push(TableSize {
            name: table.name.clone(),
            rows,
            rows_estimated,
            total_bytes: table.total_bytes,
        });
    }
    tx.commit().await?;
    Ok(tables)
}

/// The rows of a large table, estimated (see [`tables`]).
async fn estimate(
    tx: &mut sqlx::PgConnection,
    table: &TableStats,
    sample_pages: f64,
) -> Result<i64, OpsError> {
    if table.seen_rows > 0.0 && table.seen_pages > 0.0 {
        // The planner's own scaling (`estimate_rel_size`): rows grow with pages.
        return Ok(round(table.seen_rows / table.seen_pages * table.pages));
    }
    let percent = (sample_pages / table.pages.max(1.0) * 100.0).min(100.0);
    let sampled: i64 = sqlx::query_scalar(&format!(
        "select count(*) from {} tablesample system ($1)",
        table.qualified
    ))
    .bind(percent as f32)
    .fetch_one(&mut *tx)
    .await?;
    Ok(round(sampled as f64 * 100.0 / percent))
}

fn round(rows: f64) -> i64 {
    rows.round().max(0.0) as i64
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

/// The database's clock, Unix seconds (with fractions): the clock every
/// gateway is measured against.
pub async fn database_clock(pool: &PgPool) -> sqlx::Result<f64> {
    sqlx::query_scalar!(r#"select extract(epoch from clock_timestamp())::float8 as "now!""#)
        .fetch_one(pool)
        .await
}

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
         ), visitors as (
             select day, count(*) as n from page_visitors_daily
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
                coalesce(visitors.n, 0) as visitors,
                coalesce(chats.started, 0) as chats_started,
                coalesce(chats.answered, 0) as chats_answered,
                coalesce(registrations.n, 0) as registrations,
                coalesce(requests.n, 0) as contact_requests
         from days
         left join views using (day)
         left join visitors using (day)
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
