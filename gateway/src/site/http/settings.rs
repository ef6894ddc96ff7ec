//! The site settings: `GET /api/site-settings` for every page (from this
//! gateway's memory, with an ETag) and `PUT /api/admin/site-settings` for
//! admins — validated, saved with its audit row, then announced on
//! `settings.changed` so every gateway serves the new settings.

use axum::body::Body;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use bytes::Bytes;
use contract::site_settings::SiteSettings;

use crate::platform::error::ApiError;
use crate::platform::error::ErrorBody;
use crate::platform::extract::Admin;
use crate::platform::input::ValidatedJson;
use crate::state::AppState;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// Browsers may reuse the answer for a minute; pages carry the settings
/// inline anyway, so this only spares repeated API reads.
const FRESH_FOR: HeaderValue = HeaderValue::from_static("public, max-age=60");
const JSON: HeaderValue = HeaderValue::from_static("application/json");

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(read))
        .routes(routes!(save))
}

/// The site's contact details, hours and links (with an ETag).
#[utoipa::path(get, path = "/site-settings", tag = "content",
    responses(
        (status = 200, description = "The settings", body = SiteSettings),
        (status = 304, description = "Not modified: If-None-Match names the current ETag"),
    ))]
async fn read(State(state): State<AppState>, headers: HeaderMap) -> Response {
    let answer = state.site_settings.current().answer.clone();
    let unchanged = headers
        .get(header::IF_NONE_MATCH)
        .is_some_and(|tags| answer.matches(tags));
    let mut response = if unchanged {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        let mut response = Response::new(Body::from(answer.body));
        response.headers_mut().insert(header::CONTENT_TYPE, JSON);
        response
    };
    response.headers_mut().insert(header::ETAG, answer.etag);
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, FRESH_FOR);
    response
}

/// Replaces the site settings.
#[utoipa::path(put, path = "/admin/site-settings", tag = "admin",
    request_body = SiteSettings,
    security(("session" = [], "csrf" = [])),
    responses(
        (status = 200, description = "The settings as saved", body = SiteSettings),
        (status = 400, description = "A setting is refused (named in `field`)", body = ErrorBody),
        (status = 403, description = "Only admins can do this", body = ErrorBody),
    ))]
async fn save(
    State(state): State<AppState>,
    Admin(admin): Admin,
    ValidatedJson(settings): ValidatedJson<SiteSettings>,
) -> Result<Response, ApiError> {
    crate::accounts::second_factor::check_own_role(&state, &admin, &settings.second_factor_roles)
        .await?;
    crate::site::store::settings::save(&state.pool, admin.id, &settings).await?;
    if let Err(error) = state.site_settings.reload(&state.pool).await {
        // Saved: this gateway catches up on the event or within a minute.
        tracing::error!(%error, "site settings saved but not reloaded");
    }
    announce(&state).await;
    crate::accounts::second_factor::close_sockets_lacking_factor(
        &state,
        &settings.second_factor_roles,
    )
    .await?;
    Ok(axum::Json(settings).into_response())
}

/// Tells every gateway to reload its settings.
async fn announce(state: &AppState) {
    let announced = crate::platform::bus::announce(
        &state.nats,
        state.namespace.settings_changed(),
        Bytes::new(),
    )
    .await;
    if let Err(error) = announced {
        // Saved; other gateways reload within a minute in any case.
        tracing::error!(
            error = format!("{error:#}"),
            "failed to publish settings.changed"
        );
    }
}
