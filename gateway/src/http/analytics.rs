//! First-party analytics. `POST /api/analytics/pageview` takes the beacon a
//! browser sends on each page once its visitor accepted cookies: checked,
//! rate-limited per address, reduced (the referrer to its host) and
//! published on `intake.pageview` for the `analytics` worker, without the
//! request waiting for it. `GET /api/admin/analytics?from&to` reports page
//! views, chats, registrations and contact requests per day.

use std::net::IpAddr;
use std::sync::LazyLock;

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header};
use bytes::Bytes;
use contract::analytics::{
    AgentMessages, AgentWeekRatings, AnalyticsReport, DayCounts, PageView, PageViewInput,
    PathViews, ReferrerViews, nairobi_day,
};
use serde::Deserialize;
use sqlx::PgPool;
use time::{Date, OffsetDateTime};
use utoipa::IntoParams;
use uuid::Uuid;

use super::web::RouteTable;
use crate::content::views;
use crate::platform::error::ApiError;
use crate::platform::error::ErrorBody;
use crate::platform::extract::{Admin, ApiQuery, ClientIp, CurrentUser};
use crate::platform::input::{self, Input, InputError, ValidatedJson};
use crate::platform::limits::Limit;
use crate::state::AppState;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(page_view))
        .routes(routes!(report))
}

/// The web app's public pages: only those are counted.
static ROUTES: LazyLock<RouteTable> = LazyLock::new(RouteTable::shared);

const MAX_PATH_CHARS: usize = 300;
const MAX_REFERRER_CHARS: usize = 2048;

/// A page view as checked: a path on this site (without query or fragment,
/// trailing slash trimmed), and the referrer as sent (reduced to its host in
/// [`page_view`], which knows the site's host).
impl Input for PageViewInput {
    const LABELS: &'static [(&'static str, &'static str)] =
        &[("path", "Path"), ("referrer", "Referrer")];

    fn check(self) -> Result<Self, InputError> {
        let path = input::text("Path", self.path)?
            .required()?
            .max_chars(MAX_PATH_CHARS)?
            .value();
        // A query or a fragment is not part of the page.
        let path = path.split(['?', '#']).next().unwrap_or_default();
        if !path.starts_with('/') || path.starts_with("//") {
            return Err(InputError(
                "Path must be a path on this site, starting with /".to_owned(),
            ));
        }
        // Spaces before the query or among trailing slashes go with them.
        let page = match path.trim_end_matches(|c: char| c == '/' || c.is_whitespace()) {
            "" => "/",
            trimmed => trimmed,
        };
        let referrer = match self.referrer {
            None => None,
            Some(raw) => input::text("Referrer", raw)?
                .max_chars(MAX_REFERRER_CHARS)?
                .optional_clipped(MAX_REFERRER_CHARS),
        };
        if let Some(referrer) = &referrer {
            referrer_host(referrer)
                .ok_or_else(|| InputError("Referrer must be a web address".to_owned()))?;
        }
        Ok(PageViewInput {
            path: page.to_owned(),
            referrer,
        })
    }
}

/// The lower-cased host of an absolute address (`https://www.google.com/…`
/// → `www.google.com`; an app's `android-app://com.example/` → `com.example`).
fn referrer_host(referrer: &str) -> Option<String> {
    let uri = referrer.parse::<axum::http::Uri>().ok()?;
    uri.scheme_str()?;
    let host = uri.host()?.trim_matches(['[', ']']);
    (!host.is_empty()).then(|| host.to_ascii_lowercase())
}

/// The host a request was sent to, without its port.
fn request_host(headers: &HeaderMap) -> Option<String> {
    let host = headers.get(header::HOST)?.to_str().ok()?;
    let authority = host.parse::<axum::http::uri::Authority>().ok()?;
    Some(authority.host().to_ascii_lowercase())
}

/// Counts a page view (sent only with the visitor's analytics consent).
#[utoipa::path(post, path = "/analytics/pageview", tag = "analytics",
    request_body = PageViewInput,
    security(("csrf" = [])),
    responses(
        (status = 204, description = "Counted, or ignored (a bot, staff, or not a public page)"),
        (status = 429, description = "Too many page views from this address", body = ErrorBody),
    ))]
async fn page_view(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    visitor: Option<CurrentUser>,
    headers: HeaderMap,
    ValidatedJson(input): ValidatedJson<PageViewInput>,
) -> Result<StatusCode, ApiError> {
    let visitor = visitor.map(|CurrentUser(user)| user);
    // Crawlers and admins at work are not visitors, and only the public pages
    // are counted (not the admin area, not a page that does not exist);
    // neither needs to be told.
    let counted = views::counts(headers.get(header::USER_AGENT), visitor.as_ref())
        && ROUTES.public_route(&input.path).is_some();
    if !counted {
        return Ok(StatusCode::NO_CONTENT);
    }
    state.limits.check(Limit::PageView, &ip)?;
    let own_hosts = [
        request_host(&headers),
        referrer_host(&state.settings.public_url),
    ];
    let referrer_host = input
        .referrer
        .as_deref()
        .and_then(referrer_host)
        .filter(|host| !own_hosts.iter().flatten().any(|own| own == host));
    publish(
        &state,
        PageView {
            id: Uuid::now_v7(),
            path: input.path,
            referrer_host,
            at: OffsetDateTime::now_utc(),
        },
        ip,
    );
    Ok(StatusCode::NO_CONTENT)
}

/// Publishes the view in the background; a lost view is logged, never an
/// error for the visitor.
fn publish(state: &AppState, view: PageView, ip: IpAddr) {
    let jetstream = state.jetstream.clone();
    let subject = state.namespace.intake_pageview();
    let payload = match serde_json::to_vec(&view) {
        Ok(payload) => Bytes::from(payload),
        Err(error) => {
            tracing::warn!(%error, "page view not encoded");
            return;
        }
    };
    let headers = contract::telemetry::deduplicated_headers(&view.id.to_string());
    tokio::spawn(async move {
        let acked = match jetstream
            .publish_with_headers(subject, headers, payload)
            .await
        {
            Ok(ack) => ack.await.map(|_| ()).map_err(anyhow::Error::from),
            Err(error) => Err(anyhow::Error::from(error)),
        };
        if let Err(error) = acked {
            tracing::warn!(
                error = format!("{error:#}"),
                path = view.path,
                client.address = %ip,
                "page view not recorded"
            );
        }
    });
}

/// The report's range as sent.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct RawRange {
    /// First day, `YYYY-MM-DD` (29 days before `to`).
    #[param(value_type = Option<String>, format = Date)]
    from: Option<String>,
    /// Last day, `YYYY-MM-DD` (today in Nairobi); at most 366 days after `from`.
    #[param(value_type = Option<String>, format = Date)]
    to: Option<String>,
}

/// The longest range a report covers, in days (a leap year).
const MAX_RANGE_DAYS: i64 = 366;
/// Without a range: the last 30 days, today included.
const DEFAULT_RANGE_DAYS: i64 = 30;

/// A calendar date written `YYYY-MM-DD`.
fn parse_day(text: &str) -> Option<Date> {
    let format = time::format_description::parse_borrowed::<2>("[year]-[month]-[day]").ok()?;
    (text.len() == 10)
        .then(|| Date::parse(text, &format).ok())
        .flatten()
}

/// `from` and `to` (inclusive), checked.
fn range(raw: &RawRange, today: Date) -> Result<(Date, Date), ApiError> {
    let parse = |value: Option<&String>, name: &str| -> Result<Option<Date>, ApiError> {
        match value.map(|v| v.trim()).filter(|v| !v.is_empty()) {
            None => Ok(None),
            Some(value) => parse_day(value).map(Some).ok_or_else(|| {
                ApiError::BadRequest(format!("{name} must be a date as YYYY-MM-DD"))
            }),
        }
    };
    let to = parse(raw.to.as_ref(), "to")?.unwrap_or(today);
    let from = match parse(raw.from.as_ref(), "from")? {
        Some(from) => from,
        None => to
            .checked_sub(time::Duration::days(DEFAULT_RANGE_DAYS - 1))
            .unwrap_or(Date::MIN),
    };
    if from > to {
        return Err(ApiError::BadRequest(
            "from must be on or before to".to_owned(),
        ));
    }
    if (to - from).whole_days() + 1 > MAX_RANGE_DAYS {
        return Err(ApiError::BadRequest(format!(
            "The range must be at most {MAX_RANGE_DAYS} days"
        )));
    }
    Ok((from, to))
}

/// Traffic, chats, registrations and requests per day, and the top pages.
#[utoipa::path(get, path = "/admin/analytics", tag = "admin",
    params(RawRange),
    security(("session" = [])),
    responses(
        (status = 200, description = "The report", body = AnalyticsReport),
        (status = 400, description = "The range is not valid", body = ErrorBody),
        (status = 403, description = "Only admins can do this", body = ErrorBody),
    ))]
async fn report(
    State(state): State<AppState>,
    _admin: Admin,
    ApiQuery(raw): ApiQuery<RawRange>,
) -> Result<axum::Json<AnalyticsReport>, ApiError> {
    let (from, to) = range(&raw, nairobi_day(OffsetDateTime::now_utc()))?;
    Ok(axum::Json(build_report(&state.pool, from, to).await?))
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

async fn build_report(pool: &PgPool, from: Date, to: Date) -> Result<AnalyticsReport, ApiError> {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn day(text: &str) -> Date {
        parse_day(text).expect("date")
    }

    fn raw(from: Option<&str>, to: Option<&str>) -> RawRange {
        RawRange {
            from: from.map(str::to_owned),
            to: to.map(str::to_owned),
        }
    }

    fn message(result: Result<(Date, Date), ApiError>) -> String {
        result.expect_err("refused").to_string()
    }

    #[test]
    fn ranges_default_to_the_last_thirty_days_and_are_checked() {
        let today = day("2026-11-25");
        assert_eq!(
            range(&raw(None, None), today).expect("valid"),
            (day("2026-10-27"), today)
        );
        assert_eq!(
            range(&raw(Some("2026-01-01"), Some("2026-12-31")), today).expect("valid"),
            (day("2026-01-01"), day("2026-12-31"))
        );
        assert!(range(&raw(Some("2024-01-01"), Some("2024-12-31")), today).is_ok());
        assert_eq!(
            message(range(&raw(Some("2025-01-01"), Some("2026-01-02")), today)),
            "The range must be at most 366 days"
        );
        assert_eq!(
            message(range(&raw(Some("2026-02-30"), None), today)),
            "from must be a date as YYYY-MM-DD"
        );
        assert_eq!(
            message(range(&raw(None, Some("25/11/2026")), today)),
            "to must be a date as YYYY-MM-DD"
        );
        assert_eq!(
            message(range(&raw(Some("2026-11-26"), Some("2026-11-25")), today)),
            "from must be on or before to"
        );
    }

    #[test]
    fn referrers_are_reduced_to_their_host() {
        assert_eq!(
            referrer_host("https://www.Google.com/search?q=nyota").as_deref(),
            Some("www.google.com")
        );
        assert_eq!(
            referrer_host("android-app://com.google.android.gm/").as_deref(),
            Some("com.google.android.gm")
        );
        assert_eq!(referrer_host("not a url"), None);
        assert_eq!(referrer_host("/relative/path"), None);
    }

    #[test]
    fn paths_are_site_paths_without_query_or_fragment() {
        let check = |path: &str| {
            PageViewInput {
                path: path.to_owned(),
                referrer: None,
            }
            .check()
            .map(|input| input.path)
            .map_err(|error| error.0)
        };
        assert_eq!(check("/blog/").as_deref(), Ok("/blog"));
        assert_eq!(check("/contact?subject=x#form").as_deref(), Ok("/contact"));
        assert_eq!(check("/").as_deref(), Ok("/"));
        assert_eq!(check("/admin/settings").as_deref(), Ok("/admin/settings"));
        for bad in ["blog", "//evil.example/x", "https://evil.example/"] {
            assert_eq!(
                check(bad),
                Err("Path must be a path on this site, starting with /".to_owned()),
                "{bad}"
            );
        }
        assert_eq!(check(" "), Err("Path is required".to_owned()));
        assert!(ROUTES.public_route("/blog/0190c3a4").is_some());
        assert!(ROUTES.public_route("/admin/settings").is_none());
    }
}
