//! Contact and demo requests: the public `POST /api/messages` (validated,
//! published to the `INTAKE` stream for the `intake` worker, answered after
//! the PubAck), the admins' inbox of stored requests, and the admin overview.

use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use contract::intake::{
    ContactMessage, ContactMessageInput, ContactRequest, ContactRequestList, ContactRequestPatch,
    ContactStatus, MessageAccepted,
};
use serde::Deserialize;
use sha2::{Digest as _, Sha256};
use time::OffsetDateTime;
use utoipa::IntoParams;
use uuid::Uuid;

use super::error::IntakeError;
use super::store;
use crate::platform::error::ApiError;
use crate::platform::error::ErrorBody;
use crate::platform::extract::{Admin, ApiPath, ApiQuery, ClientIp};
use crate::platform::input::{self, Input, InputError, ValidatedJson};
use crate::platform::limits::Limit;
use crate::platform::params::{self, given};
use crate::state::AppState;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(send))
        .routes(routes!(list))
        .routes(routes!(update))
}

/// A form sent sooner than this after it was shown was not filled by a person.
const MIN_FILL_MS: i64 = 3_000;

/// What the visitor is told once the request is safely queued.
const ACCEPTED: &str = "Thank you! We'll get back to you within 24 hours.";

const UNAVAILABLE: &str = "Messages cannot be sent right now. Please try again.";

/// Requests per inbox page.
const PAGE_SIZE: u32 = 20;

/// An optional single-line field: `None` when absent or blank, refused when
/// longer than `max`.
fn optional(
    label: &'static str,
    raw: Option<String>,
    max: usize,
) -> Result<Option<String>, InputError> {
    match raw {
        Some(raw) => Ok(input::text(label, raw)?
            .max_chars(max)?
            .optional_clipped(max)),
        None => Ok(None),
    }
}

impl Input for ContactMessageInput {
    const LABELS: &'static [(&'static str, &'static str)] = &[
        ("name", "Name"),
        ("email", "Email"),
        ("subject", "Subject"),
        ("message", "Message"),
        ("phone", "Phone"),
        ("company", "Company"),
        ("source", "Source"),
        ("website", "Website"),
        ("fillMs", "Fill time"),
    ];

    fn check(self) -> Result<Self, InputError> {
        let body = self;
        let source = optional("Source", body.source, 200)?;
        if source.as_deref().is_some_and(|path| !is_site_path(path)) {
            return Err(InputError::new(
                "Source must be a path on this site, such as /contact".to_owned(),
            ));
        }
        Ok(ContactMessageInput {
            name: input::text("Name", body.name)?
                .required()?
                .max_chars(100)?
                .value(),
            email: input::email("Email", body.email)?.value(),
            subject: input::text("Subject", body.subject)?
                .required()?
                .max_chars(200)?
                .value(),
            message: input::multiline("Message", body.message)?
                .required()?
                .max_chars(5_000)?
                .value(),
            phone: optional("Phone", body.phone, 40)?,
            company: optional("Company", body.company, 200)?,
            source,
            // The honeypot is only looked at (was it filled?), never stored:
            // what a bot put in it goes no further.
            website: body
                .website
                .filter(|v| !v.trim().is_empty())
                .map(|_| "filled".to_owned()),
            fill_ms: body.fill_ms,
        })
    }
}

/// `/contact`, `/solutions/nyota-finance`: one of our own paths.
fn is_site_path(path: &str) -> bool {
    path.starts_with('/')
        && !path.starts_with("//")
        && !path.chars().any(|c| c.is_whitespace() || c == '\\')
}

/// Why a request is dropped without a word to the sender.
fn bot_reason(body: &ContactMessageInput) -> Option<&'static str> {
    if body
        .website
        .as_deref()
        .is_some_and(|v| !v.trim().is_empty())
    {
        return Some("honeypot filled");
    }
    match body.fill_ms {
        Some(fill_ms) if fill_ms < MIN_FILL_MS => Some("filled too fast"),
        _ => None,
    }
}

/// The request id for an `Idempotency-Key`: the same key always names the
/// same request, so a retried submission (even after JetStream's
/// deduplication window) is stored and emailed once.
fn request_id_for_key(key: &str) -> Uuid {
    let digest = Sha256::digest(format!("intake.message\0{key}").as_bytes());
    let mut bytes = [0u8; 16];
    bytes.copy_from_slice(&digest[..16]);
    uuid::Builder::from_custom_bytes(bytes).into_uuid()
}

/// The `Idempotency-Key` header, if sent: 8 to 200 visible ASCII characters.
fn idempotency_key(headers: &HeaderMap) -> Result<Option<String>, ApiError> {
    let Some(value) = headers.get("idempotency-key") else {
        return Ok(None);
    };
    let key = value.to_str().unwrap_or_default().trim();
    if (8..=200).contains(&key.len()) && key.chars().all(|c| c.is_ascii_graphic()) {
        Ok(Some(key.to_owned()))
    } else {
        Err(ApiError::BadRequest(
            "Idempotency-Key must be 8 to 200 visible characters".to_owned(),
        ))
    }
}

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
        return Err(ApiError::Unavailable(UNAVAILABLE));
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
    let bad = |message: &str| ApiError::BadRequest(message.to_owned());
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

#[cfg(test)]
mod tests {
    use super::*;

    fn body() -> ContactMessageInput {
        ContactMessageInput {
            name: "Amina".to_owned(),
            email: "amina@example.com".to_owned(),
            subject: "Racks".to_owned(),
            message: "Two racks".to_owned(),
            phone: None,
            company: None,
            source: None,
            website: None,
            fill_ms: None,
        }
    }

    #[test]
    fn a_filled_honeypot_or_a_fast_fill_is_a_bot() {
        assert_eq!(bot_reason(&body()), None);
        let honeypot = ContactMessageInput {
            website: Some("https://spam.example".to_owned()),
            ..body()
        };
        assert_eq!(bot_reason(&honeypot), Some("honeypot filled"));
        let blank = ContactMessageInput {
            website: Some("  ".to_owned()),
            ..body()
        };
        assert_eq!(bot_reason(&blank), None);
        let filled_in = |fill_ms| ContactMessageInput {
            fill_ms: Some(fill_ms),
            ..body()
        };
        assert_eq!(bot_reason(&filled_in(500)), Some("filled too fast"));
        assert_eq!(bot_reason(&filled_in(2_999)), Some("filled too fast"));
        assert_eq!(bot_reason(&filled_in(-1)), Some("filled too fast"));
        assert_eq!(bot_reason(&filled_in(3_000)), None);
        assert_eq!(bot_reason(&filled_in(3_600_000)), None);
    }

    #[test]
    fn one_key_names_one_request() {
        let a = request_id_for_key("0f6b6a1e-5f7e-4a53-9a53-1c1a8c0b6a10");
        assert_eq!(
            a,
            request_id_for_key("0f6b6a1e-5f7e-4a53-9a53-1c1a8c0b6a10")
        );
        assert_ne!(
            a,
            request_id_for_key("0f6b6a1e-5f7e-4a53-9a53-1c1a8c0b6a11")
        );
        assert_eq!(a.get_version_num(), 8);
    }

    #[test]
    fn only_site_paths_are_sources() {
        for good in [
            "/contact",
            "/solutions/nyota-finance",
            "/finance#request-demo",
        ] {
            assert!(is_site_path(good), "{good}");
        }
        for bad in [
            "contact",
            "//evil.example",
            "https://evil.example",
            "/a b",
            "/\\evil",
        ] {
            assert!(!is_site_path(bad), "{bad}");
        }
    }

    #[test]
    fn idempotency_keys_are_checked() {
        let mut headers = HeaderMap::new();
        assert_eq!(idempotency_key(&headers).ok(), Some(None));
        headers.insert("idempotency-key", "short".parse().expect("header"));
        assert!(idempotency_key(&headers).is_err());
        headers.insert(
            "idempotency-key",
            "0f6b6a1e-5f7e-4a53-9a53-1c1a8c0b6a10"
                .parse()
                .expect("header"),
        );
        assert_eq!(
            idempotency_key(&headers).ok().flatten().as_deref(),
            Some("0f6b6a1e-5f7e-4a53-9a53-1c1a8c0b6a10")
        );
    }
}
