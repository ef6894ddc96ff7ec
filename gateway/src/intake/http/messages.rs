//! Contact and demo requests: the public `POST /api/messages` (validated,
//! published to the `INTAKE` stream for the `requests` worker, answered after
//! the PubAck), the admins' inbox of stored requests, and the admin overview.

use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use contract::intake::{
    ContactMessage, ContactMessageInput, ContactRequest, ContactRequestList, ContactRequestPatch,
    ContactStatus, MessageAccepted,
};
use serde::Deserialize;
use time::OffsetDateTime;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::intake::contact::{bot_reason, idempotency_key, request_id_for_key};
use crate::intake::error::IntakeError;
use crate::intake::store;
use crate::platform::error::ApiError;
use crate::platform::error::ErrorBody;
use crate::platform::extract::{Admin, ApiPath, ApiQuery, ClientIp};
use crate::platform::input::{Input, InputError, ValidatedJson};
use crate::platform::limits::Limit;
use crate::platform::params::{self, given};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(send))
        .routes(routes!(list))
        .routes(routes!(update))
}

/// What the visitor is told once the request is safely queued.
const ACCEPTED: &str = "Thank you! We'll get back to you within 24 hours.";

const UNAVAILABLE: &str = "Messages cannot be sent right now. Please try again.";

/// Requests per inbox page.
const PAGE_SIZE: u32 = 20;

/// A contact or demo request; answered once it is safely queued.
#[utoipa::path(post, path = "/messages", tag = "intake",
    params(("Idempotency-Key" = Option<String>, Header, min_length = 8, max_length = 200,
            description = "The same key always names the same request: a retry is stored and emailed once")),
    request_body = ContactMessageInput,
    security(("csrf" = [])),
    responses(
        (status = 202, description = "Queued", body = MessageAccepted),
        (status = 400, description = "A field or the Idempotency-Key is not valid", body = ErrorBody),
        (status = 429, description = "Too many requests from this address", body = ErrorBody),
        (status = 503, description = "Messages cannot be sent right now", body = ErrorBody),
    ))]
async fn send(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    ValidatedJson(body): ValidatedJson<ContactMessageInput>,
) -> Result<(StatusCode, Json<MessageAccepted>), ApiError> {
    state.limits.check(Limit::ContactMessage, &ip)?;
    let id = idempotency_key(&headers)?.map_or_else(Uuid::now_v7, |key| request_id_for_key(&key));
    let accepted = (
        StatusCode::ACCEPTED,
        Json(MessageAccepted {
            id,
            message: ACCEPTED.to_owned(),
        }),
    );
    if let Some(reason) = bot_reason(&body) {
        // The same answer as a real request, so a bot learns nothing.
        tracing::info!(contact_request.id = %id, reason, "contact request dropped as a bot's");
        return Ok(accepted);
    }
    let event = ContactMessage {
        id,
        name: body.name,
        email: body.email,
        subject: body.subject,
        message: body.message,
        phone: body.phone,
        company: body.company,
        source: body.source,
        received_at: OffsetDateTime::now_utc(),
        language: body.language,
    };
    // Serialising our own plain type cannot fail.
    let payload = serde_json::to_vec(&event).unwrap_or_default();
    let headers = contract::telemetry::deduplicated_headers(&id.to_string());
    let stored = async {
        state
            .jetstream
            .publish_with_headers(state.namespace.intake_message(), headers, payload.into())
            .await?
            .await
    };
    if let Err(error) = stored.await {
        state.store_health.failed("contact requests", &error);
        return Err(ApiError::Unavailable(UNAVAILABLE.into()));
    }
    state.store_health.stored();
    tracing::info!(contact_request.id = %id, "contact request queued");
    Ok(accepted)
}

/// The inbox query as sent: every parameter optional.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct RawInboxQuery {
    /// Words in the name, email, subject or message (at most 200 characters).
    #[param(max_length = 200)]
    search: Option<String>,
    /// `new`, `handled` or `all`.
    #[param(pattern = "^(new|handled|all)$")]
    status: Option<String>,
    /// Page, from 1.
    #[param(value_type = Option<u32>, minimum = 1)]
    page: Option<String>,
}

/// Newest first, 20 a page; `search` matches any part of the name, email,
/// subject or message, whatever the case.
#[utoipa::path(get, path = "/admin/messages", tag = "admin",
    params(RawInboxQuery),
    security(("session" = [])),
    responses(
        (status = 200, description = "A page of contact requests", body = ContactRequestList),
        (status = 400, description = "A parameter is not valid", body = ErrorBody),
        (status = 403, description = "Only admins can do this", body = ErrorBody),
    ))]
async fn list(
    State(state): State<AppState>,
    Admin(_): Admin,
    ApiQuery(query): ApiQuery<RawInboxQuery>,
) -> Result<Json<ContactRequestList>, ApiError> {
    let bad = |message: &str| ApiError::BadRequest(message.to_owned().into());
    let page = params::page(query.page.as_ref())?;
    let status = match given(query.status.as_ref()) {
        None | Some("all") => None,
        Some("new") => Some(ContactStatus::New),
        Some("handled") => Some(ContactStatus::Handled),
        Some(_) => return Err(bad("status must be new or handled")),
    };
    let search = match params::text("search", query.search.as_ref())? {
        Some(search) if search.chars().count() > 200 => {
            return Err(bad("search must be at most 200 characters"));
        }
        search => search.map(str::to_lowercase),
    };
    let total = store::count_requests(&state.pool, status, search.as_deref()).await?;
    let items = store::requests_page(
        &state.pool,
        status,
        search.as_deref(),
        i64::from(PAGE_SIZE),
        i64::from(page - 1) * i64::from(PAGE_SIZE),
    )
    .await?;
    Ok(Json(ContactRequestList {
        items,
        pagination: contract::content::Pagination::new(page, PAGE_SIZE, total),
    }))
}

/// At least one change.
impl Input for ContactRequestPatch {
    const LABELS: &'static [(&'static str, &'static str)] =
        &[("status", "Status"), ("assignedToMe", "Assigned to me")];

    fn check(self) -> Result<Self, InputError> {
        if self.status.is_none() && self.assigned_to_me.is_none() {
            return Err(InputError::new(
                "Send a status (new or handled) or assignedToMe".to_owned(),
            ));
        }
        Ok(self)
    }
}

/// Marks a request new or handled and/or assigns it to the admin (or to
/// nobody); the change and its `audit_log` row commit together.
#[utoipa::path(patch, path = "/admin/messages/{id}", tag = "admin",
    params(("id" = Uuid, Path, description = "The contact request id")),
    request_body = ContactRequestPatch,
    security(("session" = [], "csrf" = [])),
    responses(
        (status = 200, description = "The request as changed", body = ContactRequest),
        (status = 403, description = "Only admins can do this", body = ErrorBody),
        (status = 404, description = "Contact request not found", body = ErrorBody),
    ))]
async fn update(
    State(state): State<AppState>,
    Admin(admin): Admin,
    ApiPath(id): ApiPath<Uuid>,
    ValidatedJson(patch): ValidatedJson<ContactRequestPatch>,
) -> Result<Json<ContactRequest>, ApiError> {
    let request = store::update_request(&state.pool, id, &patch, admin.id)
        .await?
        .ok_or(IntakeError::NoSuchRequest)?;
    Ok(Json(request))
}
