//! The audit screen (admins only): `GET /api/admin/audit` pages the audit
//! log newest first with a keyset cursor, filtered by actor, entity,
//! action, dates and words in the details; `GET
//! /api/admin/audit/export.csv` streams the same filters as CSV (at most
//! 100,000 rows), and is itself recorded in the audit log before its first
//! row; `GET /api/admin/audit/filters` lists what the filters can take.

use axum::Json;
use axum::body::Body;
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use bytes::Bytes;
use contract::audit::{AuditFilters, AuditPage};
use serde::Deserialize;
use time::OffsetDateTime;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::ops::audit::{CSV_HEADER, Cursor, Filters, RawFilters, csv_row, page_size};
use crate::ops::error::OpsError;
use crate::ops::store::{self, ExportPlan, Start};
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::{Admin, ApiQuery};
use crate::platform::params::given;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(filters))
        .routes(routes!(export))
}

/// Rows read from the database per chunk of the CSV export.
const EXPORT_CHUNK: i64 = 1000;

/// The filters as sent; every one optional, any other parameter refused.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
struct RawQuery {
    /// A user's id, or `none` for entries no signed-in user made.
    actor: Option<String>,
    /// An entity name, e.g. `site_settings`.
    entity: Option<String>,
    /// An action name, e.g. `update`.
    action: Option<String>,
    /// From this day (`2027-01-20`, its start in Nairobi time, EAT) or
    /// instant (`2027-01-20T09:30:00+03:00`), included.
    from: Option<String>,
    /// Up to this day (`2027-01-20`: the whole day in EAT, included) or
    /// instant (excluded).
    to: Option<String>,
    /// Words the recorded details contain, any case.
    q: Option<String>,
}

impl RawQuery {
    fn filters(&self) -> Result<Filters, OpsError> {
        Filters::read(&RawFilters {
            actor: given(self.actor.as_ref()),
            entity: given(self.entity.as_ref()),
            action: given(self.action.as_ref()),
            from: given(self.from.as_ref()),
            to: given(self.to.as_ref()),
            text: given(self.q.as_ref()),
        })
    }
}

/// A page: the filters (as [`RawQuery`]), then where it starts and how
/// long it is.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
struct PageQuery {
    /// A user's id, or `none` for entries no signed-in user made.
    actor: Option<String>,
    /// An entity name, e.g. `site_settings`.
    entity: Option<String>,
    /// An action name, e.g. `update`.
    action: Option<String>,
    /// From this day (`2027-01-20`, its start in Nairobi time, EAT) or
    /// instant (`2027-01-20T09:30:00+03:00`), included.
    from: Option<String>,
    /// Up to this day (`2027-01-20`: the whole day in EAT, included) or
    /// instant (excluded).
    to: Option<String>,
    /// Words the recorded details contain, any case.
    q: Option<String>,
    /// The `nextCursor` of the page before; absent for the newest.
    cursor: Option<String>,
    /// Entries per page, 1 to 200 (50 when absent).
    #[param(value_type = Option<u32>, minimum = 1, maximum = 200)]
    limit: Option<String>,
}

impl PageQuery {
    fn filters(&self) -> Result<Filters, OpsError> {
        RawQuery {
            actor: self.actor.clone(),
            entity: self.entity.clone(),
            action: self.action.clone(),
            from: self.from.clone(),
            to: self.to.clone(),
            q: self.q.clone(),
        }
        .filters()
    }
}

/// A page of the audit log, newest first.
#[utoipa::path(get, path = "/admin/audit", tag = "admin",
    params(PageQuery),
    security(("session" = [])),
    responses(
        (status = 200, description = "A page, newest first", body = AuditPage),
        (status = 400, description = "A filter, the cursor or the limit is not valid", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Only admins can do this", body = ErrorBody),
    ))]
async fn list(
    State(state): State<AppState>,
    Admin(_): Admin,
    ApiQuery(query): ApiQuery<PageQuery>,
) -> Result<Json<AuditPage>, ApiError> {
    let filters = query.filters()?;
    let limit = page_size(given(query.limit.as_ref()))?;
    let start = match given(query.cursor.as_ref()) {
        None => Start::Newest,
        Some(cursor) => Start::After(Cursor::decode(cursor)?),
    };
    // One more than a page tells whether another follows.
    let mut items =
        store::audit_entries(&state.pool, &filters, start, i64::from(limit) + 1).await?;
    let more = items.len() > limit as usize;
    items.truncate(limit as usize);
    let next_cursor = items.last().filter(|_| more).map(|last| {
        Cursor {
            at: last.at,
            id: last.id,
        }
        .encode()
    });
    Ok(Json(AuditPage { items, next_cursor }))
}

/// What the filters can take: staff members, entities and actions.
#[utoipa::path(get, path = "/admin/audit/filters", tag = "admin",
    security(("session" = [])),
    responses(
        (status = 200, description = "The filters' choices", body = AuditFilters),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Only admins can do this", body = ErrorBody),
    ))]
async fn filters(
    State(state): State<AppState>,
    Admin(_): Admin,
) -> Result<Json<AuditFilters>, ApiError> {
    Ok(Json(store::audit_filters(&state.pool).await?))
}

/// The entries matching the filters as CSV (RFC 4180, a header row, cells
/// a spreadsheet would run prefixed with `'`), newest first, streamed.
/// At most 100,000 rows: a wider export is refused (400) and nothing is
/// sent. Recorded in the audit log (action `export`, entity `audit_log`,
/// with the filters and the row count) before the first row is sent.
#[utoipa::path(get, path = "/admin/audit/export.csv", tag = "admin",
    params(RawQuery),
    security(("session" = [])),
    responses(
        (status = 200, description = "The entries as CSV, with a header row", content_type = "text/csv", body = String),
        (status = 400, description = "A filter is not valid, or more than 100,000 entries match", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Only admins can do this", body = ErrorBody),
    ))]
async fn export(
    State(state): State<AppState>,
    Admin(admin): Admin,
    ApiQuery(query): ApiQuery<RawQuery>,
) -> Result<Response, ApiError> {
    let filters = query.filters()?;
    let plan = store::plan_audit_export(&state.pool, admin.id, &filters).await?;
    tracing::info!(audit.export_rows = plan.rows, user.id = %admin.id, "audit log exported");
    let filename = format!("audit-{}.csv", OffsetDateTime::now_utc().date());
    let body = Body::from_stream(csv_chunks(state, filters, plan));
    Ok((
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_owned()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{filename}\""),
            ),
            (header::CACHE_CONTROL, "no-store".to_owned()),
        ],
        body,
    )
        .into_response())
}

/// Where the export's stream stands.
struct Progress {
    state: AppState,
    filters: Filters,
    start: Option<Start>,
    left: i64,
    header: bool,
}

/// The CSV as byte chunks: the header, then [`EXPORT_CHUNK`] rows at a
/// time from the plan's newest entry back, the plan's row count and no
/// more. A database failure ends the download early (logged).
fn csv_chunks(
    state: AppState,
    filters: Filters,
    plan: ExportPlan,
) -> impl futures::Stream<Item = Result<Bytes, std::io::Error>> {
    let progress = Progress {
        state,
        filters,
        start: plan.top.map(Start::At),
        left: plan.rows,
        header: true,
    };
    futures::stream::try_unfold(progress, |mut progress| async move {
        let mut writer = csv::Writer::from_writer(Vec::new());
        if progress.header {
            progress.header = false;
            writer
                .write_record(CSV_HEADER)
                .map_err(std::io::Error::other)?;
            return Ok(Some((finish(writer)?, progress)));
        }
        let Some(start) = progress.start.filter(|_| progress.left > 0) else {
            return Ok(None);
        };
        let entries = store::audit_entries(
            &progress.state.pool,
            &progress.filters,
            start,
            EXPORT_CHUNK.min(progress.left),
        )
        .await
        .map_err(|error| {
            tracing::error!(error = %error, "audit export failed part way");
            std::io::Error::other(error)
        })?;
        let Some(last) = entries.last() else {
            return Ok(None);
        };
        progress.start = Some(Start::After(Cursor {
            at: last.at,
            id: last.id,
        }));
        progress.left -= entries.len() as i64;
        for entry in &entries {
            writer
                .write_record(csv_row(entry))
                .map_err(std::io::Error::other)?;
        }
        Ok(Some((finish(writer)?, progress)))
    })
}

fn finish(writer: csv::Writer<Vec<u8>>) -> Result<Bytes, std::io::Error> {
    writer
        .into_inner()
        .map(Bytes::from)
        .map_err(|error| std::io::Error::other(error.into_error()))
}
