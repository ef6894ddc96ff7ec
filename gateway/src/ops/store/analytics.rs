//! The analytics report, read from the daily page-view tables, the chats,
//! their messages and ratings.

use contract::analytics::{
    AgentMessages, AgentWeekRatings, AnalyticsReport, DayCounts, PathViews, ReferrerViews,
};
use sqlx::PgPool;
use time::Date;

use crate::ops::error::OpsError;

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
