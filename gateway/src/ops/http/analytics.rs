//! First-party analytics' routes (the rules are `ops::analytics`). `POST /api/analytics/pageview` takes the beacon a
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
use contract::analytics::{AnalyticsReport, PageView, PageViewInput, nairobi_day, visitor_hash};
use serde::Deserialize;
use time::OffsetDateTime;
use utoipa::IntoParams;
use uuid::Uuid;

use crate::content::views;
use crate::ops::analytics::{range, referrer_host};
use crate::platform::error::ApiError;
use crate::platform::error::ErrorBody;
use crate::platform::extract::{Admin, ApiQuery, ClientIp, CurrentUser};
use crate::platform::input::ValidatedJson;
use crate::platform::limits::Limit;
use crate::site::RouteTable;
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
        referrer_host(&state.config.public_url),
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
        match runtime::visitor_salts::salt_for(&pool, nairobi_day(view.at)).await {
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
    let (from, to) = range(
        raw.from.as_deref(),
        raw.to.as_deref(),
        nairobi_day(OffsetDateTime::now_utc()),
    )?;
    Ok(axum::Json(
        crate::ops::store::analytics_report(&state.pool, from, to).await?,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_public_pages_count() {
        assert!(ROUTES.public_route("/blog/0190c3a4").is_some());
        assert!(ROUTES.public_route("/admin/settings").is_none());
    }
}
