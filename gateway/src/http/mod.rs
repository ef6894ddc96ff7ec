//! The HTTP surface: one module per domain, merged here with the middleware
//! every request goes through.

pub mod analytics;
pub mod auth;
pub mod canned_responses;
pub mod content;
pub mod database;
pub mod health;
pub mod intake;
pub mod pages;
pub mod password_reset;
pub mod site_settings;
pub mod subscriptions;
pub mod team;
pub mod uploads;
pub mod waitlist;
pub mod web;

use std::any::Any;

use axum::Router;
use axum::extract::{DefaultBodyLimit, MatchedPath, Request};
use axum::http::{Method, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::trace::TraceLayer;
use tower_sessions::cookie::SameSite;
use tower_sessions::{Expiry, SessionManagerLayer};

use crate::platform::error::ApiError;
use crate::platform::sessions::SessionStore;
use crate::state::AppState;

/// Largest request body accepted (JSON API); image uploads have their own
/// limit (see [`uploads::MAX_IMAGE_BYTES`]).
pub const BODY_LIMIT_BYTES: usize = 1024 * 1024;

/// The session cookie's name.
pub const SESSION_COOKIE: &str = "nyota.sid";

/// The whole app; sessions live in `store` (Postgres, cached in memory).
pub fn app(state: AppState, store: SessionStore) -> Router {
    let idle = tower_sessions::cookie::time::Duration::try_from(state.settings.session_idle)
        .unwrap_or(tower_sessions::cookie::time::Duration::days(7));
    let sessions = SessionManagerLayer::new(store)
        .with_name(SESSION_COOKIE)
        .with_http_only(true)
        .with_same_site(SameSite::Lax)
        .with_secure(state.settings.cookie_secure)
        .with_expiry(Expiry::OnInactivity(idle));
    // Routes and their OpenAPI description are registered together.
    let api = crate::openapi::router()
        .fallback(|| async { ApiError::NotFound })
        // axum adds the `Allow` header to this 405.
        .method_not_allowed_fallback(|| async { ApiError::MethodNotAllowed });
    let with_sessions = Router::new()
        .nest("/api", api)
        .merge(crate::chat::socket::router())
        .layer(sessions);
    Router::new()
        .merge(with_sessions)
        .merge(health::router())
        .merge(uploads::objects_router())
        .merge(web::router(&state.settings, state.site_settings.clone()))
        .layer(DefaultBodyLimit::max(BODY_LIMIT_BYTES))
        .layer(middleware::from_fn_with_state(
            state.settings.http.body_timeout,
            crate::platform::serve::body_timeout,
        ))
        .layer(middleware::from_fn(require_xhr_for_unsafe_methods))
        .layer(middleware::from_fn_with_state(
            state.clone(),
            crate::platform::metrics::track,
        ))
        .layer(CatchPanicLayer::custom(panic_response))
        .layer(middleware::from_fn_with_state(
            crate::platform::security::SecurityHeaders::new(&state.settings),
            crate::platform::security::add_headers,
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
    if safe || marked {
        next.run(request).await
    } else {
        ApiError::Forbidden("Missing X-Requested-With: XMLHttpRequest header").into_response()
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
