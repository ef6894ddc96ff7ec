//! The waitlist: `POST /api/waitlist` (validated, published on the `INTAKE`
//! stream for the `requests` worker, which stores one entry per address and
//! interest and confirms it by email; answered after the PubAck), and the
//! admins' list and CSV export.

use axum::Json;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use contract::accounts::normalize_email;
use contract::intake::Accepted;
use contract::waitlist::{WaitlistInput, WaitlistInterest, WaitlistJoined, WaitlistPage};
use serde::Deserialize;
use time::OffsetDateTime;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::intake::store;
use crate::intake::waitlist::{interest_list, to_csv};
use crate::platform::error::ApiError;
use crate::platform::error::ErrorBody;
use crate::platform::extract::{Admin, ApiQuery, ClientIp};
use crate::platform::input::ValidatedJson;
use crate::platform::limits::Limit;
use crate::platform::words::Words;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(join))
        .routes(routes!(list))
        .routes(routes!(export))
}

/// What the visitor is told once the request is queued (a repeat too).
const JOINED: Words = Words::text("waitlist-joined");

const UNAVAILABLE: Words = Words::text("waitlist-unavailable");

/// Entries per admin page.
const PAGE_SIZE: u32 = 50;

/// Joins the waitlist of a product still to come.
#[utoipa::path(post, path = "/waitlist", tag = "intake",
    request_body = WaitlistInput,
    security(("csrf" = [])),
    responses(
        (status = 202, description = "Queued", body = Accepted),
        (status = 429, description = "Too many sign-ups from this address", body = ErrorBody),
        (status = 503, description = "The request could not be queued", body = ErrorBody),
    ))]
async fn join(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ValidatedJson(body): ValidatedJson<WaitlistInput>,
) -> Result<(StatusCode, Json<Accepted>), ApiError> {
    state.limits.check(Limit::Waitlist, &ip)?;
    let interest = WaitlistInterest::from_code(&body.interest).ok_or_else(|| {
        ApiError::BadRequest(format!("Interest must be one of: {}", interest_list()).into())
    })?;
    let id = Uuid::now_v7();
    let event = WaitlistJoined {
        id,
        email: normalize_email(&body.email),
        name: body.name,
        interest,
        received_at: OffsetDateTime::now_utc(),
        language: body.language,
    };
    crate::platform::bus::enqueue(
        &state,
        state.namespace.intake_waitlist(),
        id,
        &event,
        UNAVAILABLE,
    )
    .await?;
    tracing::info!(waitlist.id = %id, waitlist.interest = interest.code(), "waitlist request queued");
    Ok((
        StatusCode::ACCEPTED,
        Json(Accepted {
            message: JOINED.in_reader_language(),
        }),
    ))
}

/// The admin query as sent: every parameter optional.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct RawQuery {
    /// An interest code, or `all`.
    interest: Option<String>,
    /// Page, from 1 (the CSV export has every page).
    #[param(value_type = Option<u32>, minimum = 1)]
    page: Option<String>,
}

/// The interest filter: absent, blank or `all` is every interest.
fn interest_filter(raw: Option<&String>) -> Result<Option<WaitlistInterest>, ApiError> {
    match raw.map(|v| v.trim()).filter(|v| !v.is_empty()) {
        None | Some("all") => Ok(None),
        Some(code) => WaitlistInterest::from_code(code).map(Some).ok_or_else(|| {
            ApiError::BadRequest(
                format!("interest must be one of: all, {}", interest_list()).into(),
            )
        }),
    }
}

/// Newest first, 50 a page.
#[utoipa::path(get, path = "/admin/waitlist", tag = "admin",
    params(RawQuery),
    security(("session" = [])),
    responses(
        (status = 200, description = "A page of entries", body = WaitlistPage),
        (status = 400, description = "A parameter is not valid", body = ErrorBody),
        (status = 403, description = "Only admins can do this", body = ErrorBody),
    ))]
async fn list(
    State(state): State<AppState>,
    Admin(_): Admin,
    ApiQuery(query): ApiQuery<RawQuery>,
) -> Result<Json<WaitlistPage>, ApiError> {
    let interest = interest_filter(query.interest.as_ref())?;
    let page = crate::platform::params::page(query.page.as_ref())?;
    let total = store::count_waitlist(&state.pool, interest).await?;
    let items = store::waitlist_page(
        &state.pool,
        interest,
        i64::from(PAGE_SIZE),
        i64::from(page - 1) * i64::from(PAGE_SIZE),
    )
    .await?;
    Ok(Json(WaitlistPage {
        items,
        pagination: contract::content::Pagination::new(page, PAGE_SIZE, total),
    }))
}

/// Every entry (of one interest, or all), newest first, as CSV with a header
/// row; safe to open in a spreadsheet (see `platform::spreadsheet`). Personal
/// data leaves the site here, so each export is recorded in `audit_log`
/// (action `export`, entity `waitlist`, under an id of its own).
#[utoipa::path(get, path = "/admin/waitlist.csv", tag = "admin",
    params(RawQuery),
    security(("session" = [])),
    responses(
        (status = 200, description = "Every entry as CSV, with a header row", content_type = "text/csv", body = String),
        (status = 400, description = "A parameter is not valid", body = ErrorBody),
        (status = 403, description = "Only admins can do this", body = ErrorBody),
    ))]
async fn export(
    State(state): State<AppState>,
    Admin(admin): Admin,
    ApiQuery(query): ApiQuery<RawQuery>,
) -> Result<Response, ApiError> {
    let interest = interest_filter(query.interest.as_ref())?;
    let entries = store::export_waitlist(&state.pool, admin.id, interest).await?;
    let csv = to_csv(&entries)
        .map_err(|error| anyhow::Error::new(error).context("failed to write the CSV"))?;
    let today = OffsetDateTime::now_utc().date();
    let filename = format!(
        "waitlist-{}-{today}.csv",
        interest.map_or("all", WaitlistInterest::code)
    );
    Ok((
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_owned()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{filename}\""),
            ),
            (header::CACHE_CONTROL, "no-store".to_owned()),
        ],
        csv,
    )
        .into_response())
}
