//! The built web app: hashed assets with long-lived caching (precompressed
//! brotli/gzip when present), `index.html` for every client route, HTTP 404
//! (still with the app) for any other path, and redirects for link aliases.
//! The client routes come from the web app's own route table.

use std::path::Path;
use std::sync::Arc;

use axum::Router;
use axum::body::Body;
use axum::extract::Request;
use axum::handler::HandlerWithoutStateExt as _;
use axum::http::{HeaderValue, Method, StatusCode, Uri, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Redirect, Response};
use bytes::Bytes;
use serde::Deserialize;
use tower_http::services::ServeDir;

use crate::state::AppState;

/// The route table shared with `web/src/app/routes.json`.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RouteTable {
    routes: Vec<String>,
    admin_routes: Vec<String>,
    redirects: std::collections::HashMap<String, String>,
}

impl RouteTable {
    pub fn shared() -> Self {
        serde_json::from_str(include_str!("../../../web/src/app/routes.json"))
            .expect("web/src/app/routes.json is valid")
    }

    /// Whether `path` is a page of the web app (`:param` matches one segment).
    pub fn is_page(&self, path: &str) -> bool {
        let path = normalize(path);
        self.routes
            .iter()
            .chain(&self.admin_routes)
            .any(|pattern| matches(pattern, path))
    }

    pub fn redirect(&self, path: &str) -> Option<&str> {
        self.redirects.get(normalize(path)).map(String::as_str)
    }
}

fn normalize(path: &str) -> &str {
    match path.trim_end_matches('/') {
        "" => "/",
        trimmed => trimmed,
    }
}

fn matches(pattern: &str, path: &str) -> bool {
    let mut pattern = pattern.split('/');
    let mut path = path.split('/');
    loop {
        match (pattern.next(), path.next()) {
            (None, None) => return true,
            (Some(p), Some(s)) if p.starts_with(':') && !s.is_empty() => {}
            (Some(p), Some(s)) if p == s => {}
            _ => return false,
        }
    }
}

struct Spa {
    table: RouteTable,
    index: Option<Bytes>,
}

impl Spa {
    fn respond(&self, method: &Method, uri: &Uri) -> Response {
        if method != Method::GET && method != Method::HEAD {
            return StatusCode::METHOD_NOT_ALLOWED.into_response();
        }
        let path = uri.path();
        if let Some(target) = self.table.redirect(path) {
            let target = match uri.query() {
                Some(query) => format!("{target}?{query}"),
                None => target.to_owned(),
            };
            return Redirect::permanent(&target).into_response();
        }
        if path.starts_with("/assets/") {
            return StatusCode::NOT_FOUND.into_response();
        }
        let Some(index) = &self.index else {
            return (
                StatusCode::SERVICE_UNAVAILABLE,
                "The web app has not been built (run npm run build in web/).",
            )
                .into_response();
        };
        let status = if self.table.is_page(path) {
            StatusCode::OK
        } else {
            StatusCode::NOT_FOUND
        };
        (
            status,
            [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
            Body::from(index.clone()),
        )
            .into_response()
    }
}

pub fn router(dist: &Path) -> Router<AppState> {
    let index = std::fs::read(dist.join("index.html")).ok().map(Bytes::from);
    if index.is_none() {
        tracing::warn!(dist = %dist.display(), "web app not built: index.html missing");
    }
    let spa = Arc::new(Spa {
        table: RouteTable::shared(),
        index,
    });
    let fallback = move |method: Method, uri: Uri| {
        let spa = Arc::clone(&spa);
        async move { spa.respond(&method, &uri) }
    };
    let files = ServeDir::new(dist)
        .precompressed_br()
        .precompressed_gzip()
        .append_index_html_on_directories(false)
        .fallback(fallback.into_service());
    Router::new()
        .fallback_service(files)
        .layer(middleware::from_fn(cache_control))
}

/// Hashed assets never change under their name; everything else (notably
/// `index.html`) must be revalidated so a deploy is picked up at once.
async fn cache_control(request: Request, next: Next) -> Response {
    let immutable = request.uri().path().starts_with("/assets/");
    let mut response = next.run(request).await;
    response
        .extensions_mut()
        .insert(crate::metrics::StaticRoute);
    if response.status().is_success() {
        let value = if immutable {
            "public, max-age=31536000, immutable"
        } else {
            "no-cache"
        };
        response
            .headers_mut()
            .insert(header::CACHE_CONTROL, HeaderValue::from_static(value));
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shared_table_knows_pages_params_and_admin_routes() {
        let table = RouteTable::shared();
        for page in [
            "/",
            "/login",
            "/blog/42",
            "/events/abc/",
            "/admin/events/enhanced",
        ] {
            assert!(table.is_page(page), "{page} should be a page");
        }
        for missing in ["/nope", "/blog/1/2", "/admin/unknown", "/loginx"] {
            assert!(!table.is_page(missing), "{missing} should not be a page");
        }
    }

    #[test]
    fn aliases_redirect() {
        let table = RouteTable::shared();
        assert_eq!(table.redirect("/terms"), Some("/terms-of-service"));
        assert_eq!(table.redirect("/nyota-bi/"), Some("/data-forge"));
        assert_eq!(table.redirect("/privacy"), None);
    }
}
