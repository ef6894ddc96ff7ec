//! The staff's routes of data subject requests (`/api/admin/privacy-requests`,
//! admins only): the list with due dates and overdue counts, and each step
//! (acknowledge, respond, mark complex, fulfil), every one audited by the
//! store in the step's transaction. Fulfilling makes an access request's
//! archive, erases a person or applies a correction.

use axum::Json;
use axum::extract::State;
use contract::language::Language;
use contract::privacy::{
    CorrectPerson, EXPORT_LINK_DAYS, PrivacyComplexity, PrivacyCorrection, PrivacyEmail,
    PrivacyRequestKind, PrivacyRequestList, PrivacyRequestSummary,
};
use serde_json::json;
use time::OffsetDateTime;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::{Admin, ApiPath};
use crate::platform::input::ValidatedJson;
use crate::privacy::error::PrivacyError;
use crate::privacy::progress::{Step, progress_email};
use crate::privacy::summary::summary;
use crate::privacy::{archive, erasure, store};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(acknowledge))
        .routes(routes!(respond))
        .routes(routes!(mark_complex))
        .routes(routes!(fulfil))
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

/// Takes `step` on request `id` (one transaction with its audit record and
/// the queued email).
async fn step(
    state: &AppState,
    admin: Uuid,
    id: Uuid,
    step: Step,
) -> Result<Json<PrivacyRequestSummary>, ApiError> {
    // The email is queued before the commit, like the request's
    // confirmation: a step whose email could not be queued is not taken
    // (staff try again). The worker sends each of a request's emails once,
    // so a repeat sends nothing.
    let request = store::take_step(&state.pool, admin, id, step, async |before| {
        if let Some(email) = progress_email(before, step) {
            crate::platform::bus::enqueue(
                state,
                state.namespace.intake_privacy(),
                Uuid::now_v7(),
                &email,
                "The email to the person could not be queued. Please try again.",
            )
            .await?;
        }
        Ok::<(), ApiError>(())
    })
    .await?
    .ok_or(PrivacyError::NoSuchRequest)?;
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
    let request = store::request(&state.pool, id)
        .await?
        .ok_or(PrivacyError::NoSuchRequest)?;
    if request.completed_at.is_some() {
        return Ok(Json(summary(request, OffsetDateTime::now_utc())));
    }
    let kind = PrivacyRequestKind::from_code(&request.kind).unwrap_or(PrivacyRequestKind::Access);
    let email = request.email.clone();
    let outcome = match kind {
        PrivacyRequestKind::Access => export(&state, id, &email, request.language).await?,
        PrivacyRequestKind::Erasure => {
            let erased = erasure::erase(&state, &email).await?;
            let requests = store::forget_person(&state.pool, &email).await?;
            let mut outcome = serde_json::to_value(&erased).map_err(anyhow::Error::from)?;
            outcome["privacy_requests"] = json!(requests);
            outcome
        }
        PrivacyRequestKind::Correction => correct(&state, &email, &body).await?,
    };
    let request = store::complete(&state.pool, admin.id, id, kind, &outcome)
        .await?
        .ok_or(PrivacyError::NoSuchRequest)?;
    tracing::info!(privacy_request.id = %id, privacy_request.kind = kind.code(), "privacy request fulfilled");
    Ok(Json(summary(request, OffsetDateTime::now_utc())))
}

/// Makes and stores the archive of `email`'s data and queues the email
/// with its download link.
async fn export(
    state: &AppState,
    id: Uuid,
    email: &str,
    language: Language,
) -> Result<serde_json::Value, ApiError> {
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
            bytes: archive::summary_html(email, &generated, &archive::SECTIONS, &data).into_bytes(),
        },
    ];
    let files = attachments.len();
    for attachment in attachments {
        entries.push(archive::Entry {
            name: archive::attachment_name(attachment.id, &attachment.filename),
            bytes: attachment.data,
        });
    }
    let zip = archive::zip(&entries).map_err(anyhow::Error::from)?;
    let expires_at = now + time::Duration::days(EXPORT_LINK_DAYS);
    store::store_export(&state.pool, id, &zip, expires_at).await?;
    let email_command = PrivacyEmail::ExportReady {
        request_id: id,
        email: email.to_owned(),
        language,
        expires_at,
    };
    crate::platform::bus::enqueue(
        state,
        state.namespace.intake_privacy(),
        Uuid::now_v7(),
        &email_command,
        "The export was made but its email could not be queued. Please try again.",
    )
    .await?;
    let counts = archive::counts(&data);
    Ok(json!({ "exported": counts, "attachments": files, "bytes": zip.len() }))
}

/// Applies a correction to every record of `email`.
async fn correct(
    state: &AppState,
    email: &str,
    body: &PrivacyCorrection,
) -> Result<serde_json::Value, ApiError> {
    if body.name.is_none() && body.email.is_none() && body.phone.is_none() {
        return Err(PrivacyError::NothingToCorrect.into());
    }
    let (name, new_email, phone) = (
        body.name.as_deref(),
        body.email.as_deref(),
        body.phone.as_deref(),
    );
    // Nothing of the person may move onto an address another account holds
    // (their own account's clash is the update's unique violation).
    if let Some(new_email) = new_email.filter(|new_email| *new_email != email)
        && store::account(&state.pool, new_email).await?.is_some()
    {
        return Err(crate::accounts::AccountsError::EmailTaken.into());
    }
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
    // The waitlist's owner is the `intake` role; it has no phone to correct.
    let waitlist = if name.is_some() || new_email.is_some() {
        let person = CorrectPerson {
            email: email.to_owned(),
            name: name.map(str::to_owned),
            new_email: new_email.map(str::to_owned),
        };
        contract::owners::ask(
            &state.nats,
            state.namespace.owners_correct_waitlist_entries(),
            &person,
        )
        .await
        .map_err(erasure::correction_owner_failed)?
    } else {
        0
    };
    let fields: Vec<&str> = [("name", name), ("email", new_email), ("phone", phone)]
        .into_iter()
        .filter_map(|(field, value)| value.map(|_| field))
        .collect();
    Ok(json!({
        "fields": fields,
        "account": account.is_some(),
        "chats": chats.len(),
        "intake_records": intake,
        "waitlist_entries": waitlist,
    }))
}
