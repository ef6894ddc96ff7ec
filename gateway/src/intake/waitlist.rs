//! The waitlist: `POST /api/waitlist` (validated, published on the `INTAKE`
//! stream for the `intake` worker, which stores one entry per address and
//! interest and confirms it by email; answered after the PubAck), and the
//! admins' list and CSV export.

use std::borrow::Cow;

use axum::Json;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use contract::accounts::normalize_email;
use contract::intake::Accepted;
use contract::waitlist::{
    WaitlistEntry, WaitlistInput, WaitlistInterest, WaitlistJoined, WaitlistPage,
};
use serde::Deserialize;
use time::OffsetDateTime;
use utoipa::IntoParams;
use uuid::Uuid;

use super::store;
use crate::platform::error::ApiError;
use crate::platform::error::ErrorBody;
use crate::platform::extract::{Admin, ApiQuery, ClientIp};
use crate::platform::input::{self, Input, InputError, ValidatedJson};
use crate::platform::limits::Limit;
use crate::state::AppState;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(join))
        .routes(routes!(list))
        .routes(routes!(export))
}

/// What the visitor is told once the request is queued (a repeat too).
const JOINED: &str = "Thank you! You're on the waitlist. We've sent you a confirmation email.";

const UNAVAILABLE: &str = "The waitlist cannot be joined right now. Please try again.";

/// Entries per admin page.
const PAGE_SIZE: u32 = 50;

fn interest_list() -> String {
    WaitlistInterest::ALL
        .iter()
        .map(|interest| interest.code())
        .collect::<Vec<_>>()
        .join(", ")
}

impl Input for WaitlistInput {
    const LABELS: &'static [(&'static str, &'static str)] = &[
        ("email", "Email"),
        ("name", "Name"),
        ("interest", "Interest"),
    ];

    fn check(self) -> Result<Self, InputError> {
        let email = input::email("Email", self.email)?.value();
        let name = match self.name {
            Some(name) => input::text("Name", name)?
                .max_chars(100)?
                .optional_clipped(100),
            None => None,
        };
        let interest = input::text("Interest", self.interest)?.required()?.value();
        if WaitlistInterest::from_code(&interest).is_none() {
            return Err(InputError::new(format!(
                "Interest must be one of: {}",
                interest_list()
            )));
        }
        Ok(WaitlistInput {
            email,
            name,
            interest,
        })
    }
}

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
        ApiError::BadRequest(format!("Interest must be one of: {}", interest_list()))
    })?;
    let id = Uuid::now_v7();
    let event = WaitlistJoined {
        id,
        email: normalize_email(&body.email),
        name: body.name,
        interest,
        received_at: OffsetDateTime::now_utc(),
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
            message: JOINED.to_owned(),
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
            ApiError::BadRequest(format!("interest must be one of: all, {}", interest_list()))
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
/// row; safe to open in a spreadsheet (see [`spreadsheet_safe`]). Personal
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
    let entries = store::waitlist_entries(&state.pool, interest).await?;
    let details = serde_json::json!({
        "interest": interest.map_or("all", WaitlistInterest::code),
        "rows": entries.len(),
    });
    // An export is no row of its own: the entry id names this export.
    let mut conn = state.pool.acquire().await?;
    crate::platform::audit::record(
        &mut conn,
        admin.id,
        "export",
        "waitlist",
        Uuid::now_v7(),
        details,
    )
    .await?;
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

/// The export: `Email,Name,Interest,Joined` then one row per entry.
fn to_csv(entries: &[WaitlistEntry]) -> Result<Vec<u8>, csv::Error> {
    let mut writer = csv::Writer::from_writer(Vec::new());
    writer.write_record(["Email", "Name", "Interest", "Joined"])?;
    for entry in entries {
        let joined = entry
            .created_at
            .format(&time::format_description::well_known::Rfc3339)
            .unwrap_or_default();
        writer.write_record([
            spreadsheet_safe(&entry.email).as_ref(),
            spreadsheet_safe(entry.name.as_deref().unwrap_or_default()).as_ref(),
            entry.interest.code(),
            joined.as_str(),
        ])?;
    }
    writer
        .into_inner()
        .map_err(|error| error.into_error().into())
}

/// A cell a spreadsheet shows as text: one starting with `=`, `+`, `-` or
/// `@` (or a tab or carriage return) would be read as a formula, so it is
/// prefixed with `'` (CSV injection).
fn spreadsheet_safe(value: &str) -> Cow<'_, str> {
    if value.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        Cow::Owned(format!("'{value}"))
    } else {
        Cow::Borrowed(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(email: &str, name: Option<&str>) -> WaitlistEntry {
        WaitlistEntry {
            id: Uuid::now_v7(),
            email: email.to_owned(),
            name: name.map(str::to_owned),
            interest: WaitlistInterest::GpuCluster,
            created_at: OffsetDateTime::UNIX_EPOCH,
        }
    }

    #[test]
    fn formulas_are_defused_and_text_is_kept() {
        for (value, safe) in [
            ("=HYPERLINK(\"x\")", "'=HYPERLINK(\"x\")"),
            ("+254700", "'+254700"),
            ("-1", "'-1"),
            ("@SUM(A1)", "'@SUM(A1)"),
            ("\tx", "'\tx"),
            ("Amina", "Amina"),
            ("a=b", "a=b"),
            ("", ""),
        ] {
            assert_eq!(spreadsheet_safe(value), safe, "{value:?}");
        }
    }

    #[test]
    fn the_export_has_a_header_row_and_quotes_what_needs_it() {
        let csv = to_csv(&[
            entry("amina@example.com", Some("Otieno, Amina \"A\"")),
            entry("b@example.com", Some("=1+1")),
            entry("c@example.com", None),
        ])
        .expect("writes");
        let text = String::from_utf8(csv).expect("UTF-8");
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "Email,Name,Interest,Joined");
        assert_eq!(
            lines[1],
            "amina@example.com,\"Otieno, Amina \"\"A\"\"\",gpu-cluster,1970-01-01T00:00:00Z"
        );
        assert_eq!(
            lines[2],
            "b@example.com,'=1+1,gpu-cluster,1970-01-01T00:00:00Z"
        );
        assert_eq!(lines[3], "c@example.com,,gpu-cluster,1970-01-01T00:00:00Z");
    }
}
