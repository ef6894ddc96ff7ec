//! First-party analytics. `POST /api/analytics/pageview` takes the beacon a
//! browser sends on each page once its visitor accepted cookies: checked,
//! rate-limited per address, reduced (the referrer to its host) and
//! published on `intake.pageview` for the `analytics` worker, without the
//! request waiting for it, with the day's visitor hash (see
//! [`contract::analytics`]: neither the address nor the user agent leaves
//! the gateway). `GET /api/admin/analytics?from&to` reports page views,
//! unique visitors, chats, registrations and contact requests per day.

use std::net::IpAddr;
use std::sync::LazyLock;

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header};
use bytes::Bytes;
use contract::analytics::{
    AnalyticsReport, PageView, PageViewInput, nairobi_day, salt_for, visitor_hash,
};
use serde::Deserialize;
use time::{Date, OffsetDateTime};
use utoipa::IntoParams;
use uuid::Uuid;

use crate::content::views;
use crate::platform::error::ApiError;
use crate::platform::error::ErrorBody;
use crate::platform::extract::{Admin, ApiQuery, ClientIp, CurrentUser};
use crate::platform::input::{self, Input, InputError, ValidatedJson};
use crate::platform::limits::Limit;
use crate::site::web::RouteTable;
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
            return Err(InputError::new(
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
                .ok_or_else(|| InputError::new("Referrer must be a web address".to_owned()))?;
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
        (status = 204, description = "Counted, or ignored (counting is off in the settings, a bot, staff, not a public page, or a browser that declined cookies on record)"),
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
    // The admin may turn counting off. Crawlers and admins at work are not
    // visitors, and only the public pages are counted (not the admin area,
    // not a page that does not exist); neither needs to be told.
    let counted = state.site_settings.current().settings.count_page_views
        && views::counts(headers.get(header::USER_AGENT), visitor.as_ref())
        && ROUTES.public_route(&input.path).is_some();
    if !counted {
        return Ok(StatusCode::NO_CONTENT);
    }
    state.limits.check(Limit::PageView, &ip)?;
    // The choice on record wins: a view sent after a Decline (a beacon
    // already on its way, a script that ignores the choice) is not counted.
    if crate::site::consent::declined(&state.pool, &headers).await? {
        return Ok(StatusCode::NO_CONTENT);
    }
    let own_hosts = [
        request_host(&headers),
        referrer_host(&state.settings.public_url),
    ];
    let referrer_host = input
        .referrer
        .as_deref()
        .and_then(referrer_host)
        .filter(|host| !own_hosts.iter().flatten().any(|own| own == host));
    let user_agent = headers
        .get(header::USER_AGENT)
        .and_then(|agent| agent.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    publish(
        &state,
        PageView {
            id: Uuid::now_v7(),
            path: input.path,
            referrer_host,
            at: OffsetDateTime::now_utc(),
            visitor: None,
        },
        ip,
        user_agent,
    );
    Ok(StatusCode::NO_CONTENT)
}

/// Adds the visitor and publishes the view in the background; a lost view
/// is logged, never an error for the visitor.
fn publish(state: &AppState, mut view: PageView, ip: IpAddr, user_agent: String) {
    let pool = state.pool.clone();
    let state = state.clone();
    let jetstream = state.jetstream.clone();
    let subject = state.namespace.intake_pageview();
    tokio::spawn(async move {
        match salt_for(&pool, nairobi_day(view.at)).await {
            Ok(salt) => view.visitor = Some(visitor_hash(&salt, ip, &user_agent)),
            // The view still counts; only its visitor does not.
            Err(error) => {
                tracing::warn!(%error, "no visitor salt; page view counted without its visitor")
            }
        }
        let payload = match serde_json::to_vec(&view) {
            Ok(payload) => Bytes::from(payload),
            Err(error) => {
                tracing::warn!(%error, "page view not encoded");
                return;
            }
        };
        let headers = contract::telemetry::deduplicated_headers(&view.id.to_string());
        let acked = match jetstream
            .publish_with_headers(subject, headers, payload)
            .await
        {
            Ok(ack) => ack.await.map(|_| ()).map_err(anyhow::Error::from),
            Err(error) => Err(anyhow::Error::from(error)),
        };
        match acked {
            Ok(()) => state.store_health.stored(),
            // Per interval, not per view: a full store fails every one.
            Err(error) => state.store_health.failed("page views", &error),
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
    Ok(axum::Json(
        crate::ops::store::analytics_report(&state.pool, from, to).await?,
    ))
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
            .map_err(|error| error.message)
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
