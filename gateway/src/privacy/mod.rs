//! Data subject requests (`docs/data-protection.md`): a person asks from
//! `/privacy` for a copy of their data, a correction or its erasure; an
//! emailed signed link confirms the address is theirs; staff (admins) see
//! the confirmed requests with their due dates ([`due`]) and take each
//! step, every one audited. An access request's archive ([`archive`]) is
//! downloaded through a signed link valid 7 days; an erasure asks every
//! owner to erase its part ([`erasure`]).
//!
//! [`store`] is the one writer of `privacy_requests` and `privacy_exports`.

pub mod archive;
pub mod due;
pub mod erasure;
pub mod store;

use axum::Json;
use axum::body::Body;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};
use contract::accounts::normalize_email;
use contract::intake::Accepted;
use contract::privacy::{
    EXPORT_LINK_DAYS, PrivacyComplexity, PrivacyCorrection, PrivacyEmail, PrivacyRequestInput,
    PrivacyRequestKind, PrivacyRequestList, PrivacyRequestSummary,
};
use contract::signing::{Purpose, Signer};
use secrecy::ExposeSecret as _;
use serde::Deserialize;
use serde_json::json;
use time::OffsetDateTime;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::platform::audit;
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::{Admin, ApiPath, ApiQuery, ClientIp};
use crate::platform::input::{self, Input, InputError, ValidatedJson};
use crate::platform::limits::Limit;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(ask))
        .routes(routes!(confirm))
        .routes(routes!(download))
        .routes(routes!(list))
        .routes(routes!(acknowledge))
        .routes(routes!(respond))
        .routes(routes!(mark_complex))
        .routes(routes!(fulfil))
}

/// The same answer whatever the address, so the form tells nobody whether
/// an address has an account or any data here.
pub const ASKED: &str = "Thank you. We have emailed a link to this address: please open it to confirm your request. Nothing happens until you do.";
const UNAVAILABLE: &str = "Your request cannot be taken right now. Please try again.";
const NOT_FOUND: &str = "Privacy request not found";
const ENTITY: &str = "privacy_request";

impl Input for PrivacyRequestInput {
    const LABELS: &'static [(&'static str, &'static str)] = &[
        ("email", "Email"),
        ("kind", "Request"),
        ("details", "Details"),
    ];

    fn check(self) -> Result<Self, InputError> {
        let email = input::email("Email", self.email)?.value();
        let kind = input::text("Request", self.kind)?.required()?.value();
        if PrivacyRequestKind::from_code(&kind).is_none() {
            return Err(InputError::new(
                "Request must be access, correction or erasure".to_owned(),
            ));
        }
        let details = input::multiline("Details", self.details)?
            .max_chars(2000)?
            .value();
        Ok(PrivacyRequestInput {
            email,
            kind,
            details,
        })
    }
}

impl Input for PrivacyCorrection {
    const LABELS: &'static [(&'static str, &'static str)] =
        &[("name", "Name"), ("email", "Email"), ("phone", "Phone")];

    fn check(self) -> Result<Self, InputError> {
        let name = match self.name {
            Some(name) => Some(
                input::text("Name", name)?
                    .required()?
                    .max_chars(100)?
                    .value(),
            ),
            None => None,
        };
        let email = match self.email {
            Some(email) => Some(normalize_email(&input::email("Email", email)?.value())),
            None => None,
        };
        let phone = match self.phone {
            Some(phone) => Some(
                input::text("Phone", phone)?
                    .required()?
                    .max_chars(40)?
                    .value(),
            ),
            None => None,
        };
        Ok(PrivacyCorrection { name, email, phone })
    }
}

impl Input for PrivacyComplexity {
    const LABELS: &'static [(&'static str, &'static str)] = &[("complex", "Complex")];

    fn check(self) -> Result<Self, InputError> {
        Ok(self)
    }
}

fn signer(state: &AppState) -> Result<Signer, ApiError> {
    // The key was checked at start-up; failing here would be a bug.
    Signer::new(state.settings.signing_key.expose_secret())
        .map_err(|problem| ApiError::Internal(anyhow::anyhow!(problem)))
}

/// A person asks for access, correction or erasure; a confirmation link is
/// emailed to the address (whatever it is).
#[utoipa::path(post, path = "/privacy/requests", tag = "privacy",
    request_body = PrivacyRequestInput,
    security(("csrf" = [])),
    responses(
        (status = 202, description = "Taken; the same answer for every address", body = Accepted),
        (status = 400, description = "Invalid input", body = ErrorBody),
        (status = 429, description = "Too many requests from this address or for this email", body = ErrorBody),
        (status = 503, description = "The request could not be taken", body = ErrorBody),
    ))]
async fn ask(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ValidatedJson(body): ValidatedJson<PrivacyRequestInput>,
) -> Result<(StatusCode, Json<Accepted>), ApiError> {
    state.limits.check(Limit::PrivacyRequestPerIp, &ip)?;
    let email = normalize_email(&body.email);
    state
        .limits
        .check(Limit::PrivacyRequestPerEmail, email.as_str())?;
    let kind = PrivacyRequestKind::from_code(&body.kind).ok_or_else(|| {
        ApiError::BadRequest("Request must be access, correction or erasure".to_owned())
    })?;
    let id = Uuid::now_v7();
    let received_at = OffsetDateTime::now_utc();
    let mut tx = state.pool.begin().await?;
    store::insert_request(&mut tx, id, &email, kind, &body.details).await?;
    audit::record_unattributed(
        &mut tx,
        "request",
        ENTITY,
        id,
        json!({ "kind": kind.code() }),
    )
    .await?;
    // Queued before the commit: a request whose email could not be queued
    // is not kept (the person is told to try again).
    let email_command = PrivacyEmail::Confirm {
        request_id: id,
        email,
        kind,
        received_at,
    };
    crate::platform::bus::enqueue(
        &state.jetstream,
        state.namespace.intake_privacy(),
        id,
        &email_command,
        UNAVAILABLE,
    )
    .await?;
    tx.commit().await?;
    tracing::info!(privacy_request.id = %id, privacy_request.kind = kind.code(), "privacy request taken");
    Ok((
        StatusCode::ACCEPTED,
        Json(Accepted {
            message: ASKED.to_owned(),
        }),
    ))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct LinkQuery {
    /// The signed token from the emailed link.
    token: Option<String>,
}

/// The JSON answer of a confirmation link for a client that does not ask
/// for HTML.
#[derive(serde::Serialize, utoipa::ToSchema)]
struct Confirmed {
    status: &'static str,
}

/// The person confirms the address is theirs: staff see the request from
/// now on. A browser goes to `/privacy?request=confirmed` (or `invalid`).
#[utoipa::path(get, path = "/privacy/requests/confirm", tag = "privacy",
    params(LinkQuery),
    responses(
        (status = 200, description = "Confirmed (for a client that does not ask for HTML)", body = Confirmed),
        (status = 303, description = "A browser is sent to the privacy page, which says what happened",
         headers(("Location" = String, description = "/privacy?request=..."))),
        (status = 400, description = "The link is not valid or has expired", body = ErrorBody),
    ))]
async fn confirm(
    State(state): State<AppState>,
    headers: HeaderMap,
    ApiQuery(query): ApiQuery<LinkQuery>,
) -> Result<Response, ApiError> {
    let now = OffsetDateTime::now_utc().unix_timestamp();
    let id = query.token.as_deref().and_then(|token| {
        signer(&state)
            .ok()?
            .verify_until(Purpose::ConfirmPrivacyRequest, token, now)
    });
    let confirmed = match id {
        Some(id) => {
            let mut tx = state.pool.begin().await?;
            let fresh = store::confirm(&mut tx, id).await?;
            if fresh == Some(true) {
                audit::record_unattributed(&mut tx, "confirm", ENTITY, id, json!({})).await?;
            }
            tx.commit().await?;
            fresh.is_some()
        }
        None => false,
    };
    let wants_html = headers
        .get(header::ACCEPT)
        .and_then(|accept| accept.to_str().ok())
        .is_some_and(|accept| accept.contains("text/html"));
    let status = if confirmed { "confirmed" } else { "invalid" };
    if wants_html {
        return Ok(Redirect::to(&format!("/privacy?request={status}")).into_response());
    }
    if confirmed {
        Ok(Json(Confirmed { status }).into_response())
    } else {
        Err(ApiError::BadRequest(
            "This confirmation link is not valid or has expired.".to_owned(),
        ))
    }
}

/// The archive of an access request, through the signed link emailed to
/// the person; it works for 7 days.
#[utoipa::path(get, path = "/privacy/exports", tag = "privacy",
    params(LinkQuery),
    responses(
        (status = 200, description = "The archive (zip: data.json, summary.html, attachments/)", content_type = "application/zip", body = Vec<u8>),
        (status = 404, description = "The link is not valid or has expired", body = ErrorBody),
        (status = 429, description = "Too many downloads", body = ErrorBody),
    ))]
async fn download(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiQuery(query): ApiQuery<LinkQuery>,
) -> Result<Response, ApiError> {
    state.limits.check(Limit::PrivacyExportDownload, &ip)?;
    let now = OffsetDateTime::now_utc().unix_timestamp();
    let id = query.token.as_deref().and_then(|token| {
        signer(&state)
            .ok()?
            .verify_until(Purpose::PrivacyExport, token, now)
    });
    let gone = ApiError::NoSuch("This download link is not valid or has expired");
    let Some(id) = id else {
        return Err(gone);
    };
    let Some(archive) = store::export(&state.pool, id).await? else {
        return Err(gone);
    };
    Ok((
        [
            (header::CONTENT_TYPE, "application/zip".to_owned()),
            (
                header::CONTENT_DISPOSITION,
                "attachment; filename=\"nyota-your-data.zip\"".to_owned(),
            ),
            (header::CACHE_CONTROL, "no-store".to_owned()),
        ],
        Body::from(archive),
    )
        .into_response())
}

fn summary(request: store::StoredRequest, now: OffsetDateTime) -> PrivacyRequestSummary {
    let dates = due::due_dates(request.received_at, request.complex);
    let (next_step, overdue) = due::standing(
        dates,
        request.acknowledged_at.is_some(),
        request.responded_at.is_some(),
        request.completed_at.is_some(),
        now,
    );
    PrivacyRequestSummary {
        id: request.id,
        email: request.email,
        kind: PrivacyRequestKind::from_code(&request.kind).unwrap_or(PrivacyRequestKind::Access),
        details: request.details,
        received_at: request.received_at,
        confirmed_at: request.confirmed_at,
        acknowledged_at: request.acknowledged_at,
        responded_at: request.responded_at,
        completed_at: request.completed_at,
        complex: request.complex,
        acknowledge_by: dates.acknowledge_by,
        respond_by: dates.respond_by,
        fulfil_by: dates.fulfil_by,
        next_step,
        overdue,
        outcome: request.outcome,
    }
}

/// How many confirmed, open requests are overdue now (for the overview).
pub async fn overdue_count(pool: &sqlx::PgPool) -> sqlx::Result<i64> {
    let now = OffsetDateTime::now_utc();
    let open = store::open_requests(pool).await?;
    Ok(open
        .into_iter()
        .filter(|request| summary(request.clone(), now).overdue)
        .count() as i64)
}

/// The confirmed requests with their due dates: open ones first, oldest
/// first.
#[utoipa::path(get, path = "/admin/privacy-requests", tag = "admin",
    security(("session" = [])),
    responses(
        (status = 200, description = "The confirmed requests", body = PrivacyRequestList),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Only admins can do this", body = ErrorBody),
    ))]
async fn list(
    State(state): State<AppState>,
    Admin(_): Admin,
) -> Result<Json<PrivacyRequestList>, ApiError> {
    let now = OffsetDateTime::now_utc();
    let requests: Vec<PrivacyRequestSummary> = store::confirmed_requests(&state.pool)
        .await?
        .into_iter()
        .map(|request| summary(request, now))
        .collect();
    let overdue = requests.iter().filter(|request| request.overdue).count() as i64;
    Ok(Json(PrivacyRequestList { requests, overdue }))
}

/// A step staff take that only marks the request.
#[derive(Clone, Copy)]
enum Step {
    Acknowledge,
    Respond,
    Complex(bool),
}

/// Takes `step` on request `id` in one transaction with its audit record.
async fn step(
    state: &AppState,
    admin: Uuid,
    id: Uuid,
    step: Step,
) -> Result<Json<PrivacyRequestSummary>, ApiError> {
    let mut tx = state.pool.begin().await?;
    store::request_for_update(&mut tx, id)
        .await?
        .ok_or(ApiError::NoSuch(NOT_FOUND))?;
    let (action, details) = match step {
        Step::Acknowledge => {
            store::acknowledge(&mut tx, id).await?;
            ("acknowledge", json!({}))
        }
        Step::Respond => {
            store::respond(&mut tx, id).await?;
            ("respond", json!({}))
        }
        Step::Complex(complex) => {
            store::set_complex(&mut tx, id, complex).await?;
            ("mark_complex", json!({ "complex": complex }))
        }
    };
    audit::record(&mut tx, admin, action, ENTITY, id, details).await?;
    let request = store::request_for_update(&mut tx, id)
        .await?
        .ok_or(ApiError::NoSuch(NOT_FOUND))?;
    tx.commit().await?;
    Ok(Json(summary(request, OffsetDateTime::now_utc())))
}

/// Staff acknowledged the request to the person (within 72 hours).
#[utoipa::path(post, path = "/admin/privacy-requests/{id}/acknowledge", tag = "admin",
    params(("id" = Uuid, Path, description = "The request's id")),
    security(("session" = [], "csrf" = [])),
    responses(
        (status = 200, description = "The request as it stands", body = PrivacyRequestSummary),
        (status = 403, description = "Only admins can do this", body = ErrorBody),
        (status = 404, description = "Privacy request not found", body = ErrorBody),
    ))]
async fn acknowledge(
    State(state): State<AppState>,
    Admin(admin): Admin,
    ApiPath(id): ApiPath<Uuid>,
) -> Result<Json<PrivacyRequestSummary>, ApiError> {
    step(&state, admin.id, id, Step::Acknowledge).await
}

/// Staff sent the initial response (within 10 business days).
#[utoipa::path(post, path = "/admin/privacy-requests/{id}/respond", tag = "admin",
    params(("id" = Uuid, Path, description = "The request's id")),
    security(("session" = [], "csrf" = [])),
    responses(
        (status = 200, description = "The request as it stands", body = PrivacyRequestSummary),
        (status = 403, description = "Only admins can do this", body = ErrorBody),
        (status = 404, description = "Privacy request not found", body = ErrorBody),
    ))]
async fn respond(
    State(state): State<AppState>,
    Admin(admin): Admin,
    ApiPath(id): ApiPath<Uuid>,
) -> Result<Json<PrivacyRequestSummary>, ApiError> {
    step(&state, admin.id, id, Step::Respond).await
}

/// Marks the request complex (60 days to fulfil) or not (30).
#[utoipa::path(post, path = "/admin/privacy-requests/{id}/complex", tag = "admin",
    params(("id" = Uuid, Path, description = "The request's id")),
    request_body = PrivacyComplexity,
    security(("session" = [], "csrf" = [])),
    responses(
        (status = 200, description = "The request as it stands", body = PrivacyRequestSummary),
        (status = 403, description = "Only admins can do this", body = ErrorBody),
        (status = 404, description = "Privacy request not found", body = ErrorBody),
    ))]
async fn mark_complex(
    State(state): State<AppState>,
    Admin(admin): Admin,
    ApiPath(id): ApiPath<Uuid>,
    ValidatedJson(body): ValidatedJson<PrivacyComplexity>,
) -> Result<Json<PrivacyRequestSummary>, ApiError> {
    step(&state, admin.id, id, Step::Complex(body.complex)).await
}

/// Fulfils the request: an access request's archive is made and its link
/// emailed; an erasure erases everything tied to the person; a correction
/// applies the body's name, email and phone everywhere they are on record.
/// Fulfilling a fulfilled request changes nothing.
#[utoipa::path(post, path = "/admin/privacy-requests/{id}/fulfil", tag = "admin",
    params(("id" = Uuid, Path, description = "The request's id")),
    request_body = PrivacyCorrection,
    security(("session" = [], "csrf" = [])),
    responses(
        (status = 200, description = "The request, fulfilled", body = PrivacyRequestSummary),
        (status = 400, description = "A correction names nothing to change", body = ErrorBody),
        (status = 403, description = "Only admins can do this", body = ErrorBody),
        (status = 404, description = "Privacy request not found", body = ErrorBody),
        (status = 409, description = "The address belongs to a team member, or a corrected email is taken", body = ErrorBody),
        (status = 503, description = "A part of the platform did not answer; try again", body = ErrorBody),
    ))]
async fn fulfil(
    State(state): State<AppState>,
    Admin(admin): Admin,
    ApiPath(id): ApiPath<Uuid>,
    ValidatedJson(body): ValidatedJson<PrivacyCorrection>,
) -> Result<Json<PrivacyRequestSummary>, ApiError> {
    let request = {
        let mut tx = state.pool.begin().await?;
        let request = store::request_for_update(&mut tx, id)
            .await?
            .ok_or(ApiError::NoSuch(NOT_FOUND))?;
        tx.commit().await?;
        request
    };
    if request.completed_at.is_some() {
        return Ok(Json(summary(request, OffsetDateTime::now_utc())));
    }
    let kind = PrivacyRequestKind::from_code(&request.kind).unwrap_or(PrivacyRequestKind::Access);
    let email = request.email.clone();
    let outcome = match kind {
        PrivacyRequestKind::Access => export(&state, id, &email).await?,
        PrivacyRequestKind::Erasure => {
            let erased = erasure::erase(&state, &email).await?;
            let mut tx = state.pool.begin().await?;
            let requests = store::forget_person(&mut tx, &email).await?;
            tx.commit().await?;
            let mut outcome = serde_json::to_value(&erased).map_err(anyhow::Error::from)?;
            outcome["privacy_requests"] = json!(requests);
            outcome
        }
        PrivacyRequestKind::Correction => correct(&state, &email, &body).await?,
    };
    let mut tx = state.pool.begin().await?;
    store::complete(&mut tx, id, &outcome).await?;
    audit::record(
        &mut tx,
        admin.id,
        "fulfil",
        ENTITY,
        id,
        json!({ "kind": kind.code(), "outcome": outcome }),
    )
    .await?;
    let request = store::request_for_update(&mut tx, id)
        .await?
        .ok_or(ApiError::NoSuch(NOT_FOUND))?;
    tx.commit().await?;
    tracing::info!(privacy_request.id = %id, privacy_request.kind = kind.code(), "privacy request fulfilled");
    Ok(Json(summary(request, OffsetDateTime::now_utc())))
}

/// The sections of the archive, in the summary's order.
const SECTIONS: [(&str, &str); 9] = [
    ("account", "Account"),
    ("chats", "Chats"),
    ("chat_messages", "Chat messages"),
    ("chat_ratings", "Chat ratings"),
    ("contact_requests", "Contact and demo requests"),
    ("subscriptions", "Subscriptions"),
    ("waitlist_entries", "Waitlist entries"),
    ("emails_sent", "Emails sent to you"),
    ("privacy_requests", "Your privacy requests"),
];

/// Makes and stores the archive of `email`'s data and queues the email
/// with its download link.
async fn export(state: &AppState, id: Uuid, email: &str) -> Result<serde_json::Value, ApiError> {
    let user_id = store::account(&state.pool, email).await?.map(|(id, _)| id);
    let chat_ids = erasure::chats(state, email, user_id).await?;
    let (data, attachments) = store::person_data(&state.pool, email, user_id, &chat_ids).await?;
    let now = OffsetDateTime::now_utc();
    let generated = now
        .format(&time::format_description::well_known::Rfc3339)
        .map_err(anyhow::Error::from)?;
    let mut entries = vec![
        archive::Entry {
            name: "data.json".to_owned(),
            bytes: serde_json::to_vec_pretty(&data).map_err(anyhow::Error::from)?,
        },
        archive::Entry {
            name: "summary.html".to_owned(),
            bytes: archive::summary_html(email, &generated, &SECTIONS, &data).into_bytes(),
        },
    ];
    let files = attachments.len();
    for attachment in attachments {
        let safe: String = attachment
            .filename
            .chars()
            .map(|c| {
                if c.is_alphanumeric() || ".-_".contains(c) {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        entries.push(archive::Entry {
            name: format!("attachments/{}-{safe}", attachment.id.simple()),
            bytes: attachment.data,
        });
    }
    let zip = archive::zip(&entries);
    let expires_at = now + time::Duration::days(EXPORT_LINK_DAYS);
    let mut tx = state.pool.begin().await?;
    store::store_export(&mut tx, id, &zip, expires_at).await?;
    tx.commit().await?;
    let email_command = PrivacyEmail::ExportReady {
        request_id: id,
        email: email.to_owned(),
        expires_at,
    };
    crate::platform::bus::enqueue(
        &state.jetstream,
        state.namespace.intake_privacy(),
        Uuid::now_v7(),
        &email_command,
        "The export was made but its email could not be queued. Please try again.",
    )
    .await?;
    let counts: serde_json::Map<String, serde_json::Value> = SECTIONS
        .iter()
        .map(|(key, _)| {
            let count = data
                .get(*key)
                .and_then(|rows| rows.as_array())
                .map_or(0, Vec::len);
            ((*key).to_owned(), json!(count))
        })
        .collect();
    Ok(json!({ "exported": counts, "attachments": files, "bytes": zip.len() }))
}

/// Applies a correction to every record of `email`.
async fn correct(
    state: &AppState,
    email: &str,
    body: &PrivacyCorrection,
) -> Result<serde_json::Value, ApiError> {
    if body.name.is_none() && body.email.is_none() && body.phone.is_none() {
        return Err(ApiError::BadRequest(
            "Give the name, email or phone to correct".to_owned(),
        ));
    }
    let (name, new_email, phone) = (
        body.name.as_deref(),
        body.email.as_deref(),
        body.phone.as_deref(),
    );
    let account =
        crate::accounts::store::correct_account(&state.pool, email, name, new_email, phone).await?;
    let chats = crate::chat::store::correct_chats(&state.pool, email, name, new_email).await?;
    if let Err(error) = state
        .chat_owners
        .changed(&state.nats, &state.namespace, &chats)
        .await
    {
        tracing::warn!(%error, "failed to announce the corrected chats");
    }
    let intake =
        crate::intake::store::correct_person(&state.pool, email, name, new_email, phone).await?;
    let fields: Vec<&str> = [("name", name), ("email", new_email), ("phone", phone)]
        .into_iter()
        .filter_map(|(field, value)| value.map(|_| field))
        .collect();
    Ok(json!({
        "fields": fields,
        "account": account.is_some(),
        "chats": chats.len(),
        "intake_records": intake,
    }))
}
