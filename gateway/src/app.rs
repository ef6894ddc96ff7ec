//! The whole app: every domain's routes merged, with the middleware every
//! request goes through, and the OpenAPI document made from the same routes.

use std::any::Any;
use std::sync::LazyLock;

use axum::Router;
use axum::extract::{DefaultBodyLimit, MatchedPath, Request};
use axum::http::{HeaderValue, Method, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use bytes::Bytes;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::trace::TraceLayer;
use tower_sessions::cookie::SameSite;
use tower_sessions::{Expiry, SessionManagerLayer};
use utoipa::openapi::OpenApi;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::platform::error::ApiError;
use crate::platform::sessions::{SESSION_COOKIE, SessionStore};
use crate::state::AppState;

/// Largest request body accepted (JSON API); image uploads have their own
/// limit (see [`crate::content::uploads::MAX_IMAGE_BYTES`]).
pub const BODY_LIMIT_BYTES: usize = 1024 * 1024;

/// The whole app; sessions live in `store` (Postgres, cached in memory).
pub fn app(state: AppState, store: SessionStore) -> Router {
    let idle = tower_sessions::cookie::time::Duration::try_from(state.config.session_idle)
        .unwrap_or(tower_sessions::cookie::time::Duration::days(7));
    let sessions = SessionManagerLayer::new(store)
        .with_name(SESSION_COOKIE)
        .with_http_only(true)
        .with_same_site(SameSite::Lax)
        .with_secure(state.config.cookie_secure)
        .with_expiry(Expiry::OnInactivity(idle));
    // Routes and their OpenAPI description are registered together.
    let api = axum::Router::from(api_router())
        .fallback(|| async { ApiError::NotFound })
        // axum adds the `Allow` header to this 405.
        .method_not_allowed_fallback(|| async { ApiError::MethodNotAllowed });
    let with_sessions = Router::new()
        .nest("/api", api)
        .merge(crate::chat::http::socket::router())
        .layer(sessions);
    Router::new()
        .merge(with_sessions)
        .merge(crate::ops::health::router())
        .merge(crate::content::http::uploads::objects_router())
        .merge(crate::site::http::web::router(
            &state.config,
            state.site_settings.clone(),
        ))
        .layer(DefaultBodyLimit::max(BODY_LIMIT_BYTES))
        .layer(middleware::from_fn_with_state(
            state.config.http.body_timeout,
            crate::platform::serve::body_timeout,
        ))
        .layer(middleware::from_fn(require_xhr_for_unsafe_methods))
        .layer(middleware::from_fn_with_state(
            state.metrics.clone(),
            crate::platform::metrics::track,
        ))
        .layer(CatchPanicLayer::custom(panic_response))
        .layer(middleware::from_fn_with_state(
            crate::platform::security::SecurityHeaders::new(&state.config),
            crate::platform::security::add_headers,
        ))
        .layer(middleware::from_fn(
            crate::platform::language::in_reader_language,
        ))
        .layer(
            TraceLayer::new_for_http().make_span_with(|request: &Request| {
                let route = request
                    .extensions()
                    .get::<MatchedPath>()
                    .map_or("static", MatchedPath::as_str);
                let method = crate::platform::metrics::method_label(request.method());
                let span = tracing::info_span!(
                    "http.request",
                    otel.name = format!("{method} {route}"),
                    otel.kind = "server",
                    http.method = method,
                    http.route = route,
                );
                contract::telemetry::set_parent_from_http_headers(&span, request.headers());
                span
            }),
        )
        .with_state(state)
}

/// CSRF defence: a cross-site form or `fetch` without CORS cannot set this
/// header, and the web client always sends it.
async fn require_xhr_for_unsafe_methods(request: Request, next: Next) -> Response {
    let safe = matches!(
        *request.method(),
        Method::GET | Method::HEAD | Method::OPTIONS
    );
    let marked = request
        .headers()
        .get("x-requested-with")
        .is_some_and(|value| value.as_bytes().eq_ignore_ascii_case(b"XMLHttpRequest"));
    // RFC 8058: a mail provider posts a one-click unsubscribe with no
    // header; its signed token is what a forged request cannot carry.
    let one_click = request.uri().path() == crate::chat::http::ONE_CLICK_UNSUBSCRIBE_PATH;
    if safe || marked || one_click {
        next.run(request).await
    } else {
        ApiError::Forbidden("Missing X-Requested-With: XMLHttpRequest header".into())
            .into_response()
    }
}

fn panic_response(panic: Box<dyn Any + Send + 'static>) -> Response {
    let detail = panic
        .downcast_ref::<&str>()
        .map(ToString::to_string)
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_default();
    let mut response =
        ApiError::Internal(anyhow::anyhow!("handler panicked: {detail}")).into_response();
    response.headers_mut().remove(header::CACHE_CONTROL);
    response
}

/// Every `/api` route with its description, paths relative to `/api`.
pub fn api_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(openapi_json))
        .merge(crate::accounts::router())
        .merge(crate::chat::router())
        .merge(crate::content::router())
        .merge(crate::site::router())
        .merge(crate::ops::router())
        .merge(crate::intake::router())
        .merge(crate::privacy::router())
}

/// The document as served: the same routes, nested under `/api`.
pub fn document() -> OpenApi {
    crate::openapi::finish(
        OpenApiRouter::new()
            .nest("/api", api_router())
            .into_openapi(),
    )
}

static DOCUMENT_JSON: LazyLock<Bytes> = LazyLock::new(|| {
    // Serialising our own document cannot fail; an empty body would show it.
    Bytes::from(document().to_pretty_json().unwrap_or_default())
});

/// This document.
#[utoipa::path(
    get,
    path = "/openapi.json",
    tag = "meta",
    responses(
        (status = 200, description = "This API's OpenAPI 3.1 description",
         content_type = "application/json", body = Object),
    )
)]
async fn openapi_json() -> Response {
    (
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        )],
        DOCUMENT_JSON.clone(),
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::openapi::{CSRF, CSRF_HEADER, SESSION};

    #[test]
    fn the_document_is_openapi_3_1_with_both_security_schemes() {
        let json = serde_json::to_value(document()).expect("serialises");
        assert_eq!(json["openapi"], "3.1.0");
        let schemes = &json["components"]["securitySchemes"];
        assert_eq!(schemes[SESSION]["in"], "cookie");
        assert_eq!(schemes[SESSION]["name"], SESSION_COOKIE);
        assert_eq!(schemes[CSRF]["in"], "header");
        assert_eq!(schemes[CSRF]["name"], CSRF_HEADER);
    }

    #[test]
    fn every_unsafe_operation_requires_the_csrf_header_and_every_route_is_under_api() {
        let json = serde_json::to_value(document()).expect("serialises");
        let paths = json["paths"].as_object().expect("paths");
        assert!(paths.len() > 40, "only {} paths", paths.len());
        for (path, item) in paths {
            assert!(path.starts_with("/api/"), "{path}");
            for (method, operation) in item.as_object().expect("path item") {
                let one_click = path == crate::chat::http::ONE_CLICK_UNSUBSCRIBE_PATH;
                if method == "get" || one_click {
                    continue;
                }
                let requirements = operation["security"]
                    .as_array()
                    .unwrap_or_else(|| panic!("{method} {path} has no security"));
                assert!(
                    requirements
                        .iter()
                        .all(|requirement| requirement.get(CSRF).is_some()),
                    "{method} {path}: every way in needs the CSRF header"
                );
                assert!(operation["responses"]["403"].is_object(), "{method} {path}");
            }
        }
    }
}
