//! The person's routes of data subject requests: ask (`POST
//! /api/privacy/requests`), confirm through the emailed link (`GET`/`POST
//! .../confirm`) and download an access request's archive (`GET
//! /api/privacy/exports`). Each write is one store call
//! (`store::privacy_requests`), audited there.

use axum::Json;
use axum::body::Body;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use contract::accounts::normalize_email;
use contract::intake::Accepted;
use contract::links::LinkToken;
use contract::privacy::{PrivacyEmail, PrivacyRequestInput, PrivacyRequestKind};
use runtime::signing::{Purpose, Signer};
use serde::Deserialize;
use time::OffsetDateTime;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::platform::email_links;
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::{ApiQuery, ClientIp};
use crate::platform::input::ValidatedJson;
use crate::platform::limits::Limit;
use crate::privacy::error::PrivacyError;
use crate::privacy::store;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(ask))
        .routes(routes!(confirm_page, confirm))
        .routes(routes!(download))
}

/// The same answer whatever the address, so the form tells nobody whether
/// an address has an account or any data here.
pub const ASKED: &str = "Thank you. We have emailed a link to this address: please open it to confirm your request. Nothing happens until you do.";
/// [`ASKED`] when the site sends no email: no link is promised.
pub const ASKED_EMAIL_OFF: &str = "Thank you. This site is not sending email right now, so we cannot email you the link that confirms your request. Please try again later or contact us.";
const UNAVAILABLE: &str = "Your request cannot be taken right now. Please try again.";
fn signer(state: &AppState) -> Result<Signer, ApiError> {
    state.config.signer()
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
        ApiError::BadRequest("Request must be access, correction or erasure".into())
    })?;
    let id = Uuid::now_v7();
    let received_at = OffsetDateTime::now_utc();
    // Queued before the commit: a request whose email could not be queued
    // is not kept (the person is told to try again).
    let email_command = PrivacyEmail::Confirm {
        request_id: id,
        email: email.clone(),
        kind,
        received_at,
        language: body.language,
    };
    let asked = store::Asked {
        id,
        email: &email,
        kind,
        details: &body.details,
        language: body.language,
    };
    store::insert_request(&state.pool, &asked, async || {
        crate::platform::bus::enqueue(
            &state,
            state.namespace.intake_privacy(),
            id,
            &email_command,
            UNAVAILABLE,
        )
        .await
    })
    .await?;
    let email_enabled = crate::platform::email_health::email_enabled(&state.pool).await?;
    tracing::info!(privacy_request.id = %id, privacy_request.kind = kind.code(), "privacy request taken");
    Ok((
        StatusCode::ACCEPTED,
        Json(Accepted {
            message: if email_enabled {
                ASKED
            } else {
                ASKED_EMAIL_OFF
            }
            .to_owned(),
        }),
    ))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct LinkQuery {
    /// The signed token from the emailed link.
    token: Option<String>,
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct ConfirmLinkQuery {
    /// The signed token from the emailed link.
    token: Option<String>,
    /// The language the email was written in (`en`, `fr`, `sw`): the link
    /// leads to the page in it.
    lang: Option<String>,
}

/// The answer of a confirmation.
#[derive(serde::Serialize, utoipa::ToSchema)]
struct Confirmed {
    status: &'static str,
}

/// The emailed confirmation link: changes nothing, and sends the browser to
/// the privacy page, whose button confirms ([`confirm`]).
#[utoipa::path(get, path = "/privacy/requests/confirm", tag = "privacy",
    params(ConfirmLinkQuery),
    responses(
        (status = 303, description = "To the privacy page, which asks the person to confirm",
         headers(("Location" = String, description = "/privacy?request=confirm&token=...#privacy-request (under /fr or /sw for lang=fr, sw)"))),
    ))]
async fn confirm_page(ApiQuery(query): ApiQuery<ConfirmLinkQuery>) -> Response {
    // To the request form's part of the long privacy page, where it asks.
    email_links::to_page(
        "/privacy?request=confirm",
        query.lang.as_deref(),
        query.token.as_deref(),
        Some("privacy-request"),
    )
}

/// The person confirms the address is theirs (the privacy page's button,
/// with the emailed link's token): staff see the request from now on.
/// Confirming again changes nothing.
#[utoipa::path(post, path = "/privacy/requests/confirm", tag = "privacy",
    request_body = LinkToken,
    security(("csrf" = [])),
    responses(
        (status = 200, description = "Confirmed", body = Confirmed),
        (status = 400, description = "The link is not valid or has expired", body = ErrorBody),
    ))]
async fn confirm(
    State(state): State<AppState>,
    ValidatedJson(link): ValidatedJson<LinkToken>,
) -> Result<Json<Confirmed>, ApiError> {
    let now = OffsetDateTime::now_utc().unix_timestamp();
    let id = signer(&state)
        .ok()
        .and_then(|signer| signer.verify_until(Purpose::ConfirmPrivacyRequest, &link.token, now));
    let id = id.ok_or(PrivacyError::InvalidConfirmation)?;
    let fresh = store::confirm(&state.pool, id).await?;
    match fresh {
        Some(_) => Ok(Json(Confirmed {
            status: "confirmed",
        })),
        None => Err(PrivacyError::InvalidConfirmation.into()),
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
    let Some(id) = id else {
        return Err(PrivacyError::ExportGone.into());
    };
    let Some(archive) = store::export(&state.pool, id).await? else {
        return Err(PrivacyError::ExportGone.into());
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
