//! The built web app: hashed assets with long-lived caching (precompressed
//! brotli/gzip when present), `index.html` for every client route with that
//! page's title and link-preview tags filled in (see [`crate::site::pages`]), HTTP
//! 404 (still with the app) for any other path, redirects for link aliases,
//! `/sitemap.xml` and `/robots.txt`. The client routes come from the web
//! app's own route table.

use std::collections::HashMap;
use std::sync::Arc;

use axum::Router;
use axum::body::Body;
use axum::extract::{Path, Request, State};
use axum::handler::HandlerWithoutStateExt as _;
use axum::http::{HeaderValue, Method, StatusCode, Uri, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;
use bytes::Bytes;
use serde::Deserialize;
use tower_http::services::ServeDir;

mod content_pages;
mod preloads;

use crate::content::cache::{Answer, Key};
use crate::content::store;
use crate::platform::config::Config;
use crate::platform::error::ApiError;
use crate::site::first_image;
use crate::site::pages::{self, ItemMeta, MetaTable};
use crate::site::settings::SiteSettingsCache;
use crate::state::AppState;
use content_pages::{Item, blog_index, item_page};
use preloads::Preloads;

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
        serde_json::from_str(include_str!("../../../../web/src/app/routes.json"))
            .expect("web/src/app/routes.json is valid")
    }

    /// Whether `path` is a page of the web app (`:param` matches one segment).
    pub fn is_page(&self, path: &str) -> bool {
        self.public_route(path).is_some() || self.is_admin_page(path)
    }

    /// The public route pattern `path` matches (`/blog/:id` for `/blog/7`).
    pub fn public_route(&self, path: &str) -> Option<&str> {
        let path = normalize(path);
        self.routes
            .iter()
            .find(|pattern| matches(pattern, path))
            .map(String::as_str)
    }

    fn is_admin_page(&self, path: &str) -> bool {
        let path = normalize(path);
        self.admin_routes
            .iter()
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

/// `index.html` as served for each kind of page, built once at start-up.
struct Pages {
    index: String,
    /// Public routes without a parameter, by pattern.
    fixed: HashMap<String, Bytes>,
    admin: Bytes,
    not_found: Bytes,
}

struct Spa {
    table: RouteTable,
    meta: MetaTable,
    public_url: String,
    pages: Option<Pages>,
    /// Named in each page's head for the browser to fetch with it.
    preloads: Preloads,
    /// Put into every page as it is sent (see [`Spa::html`]).
    site_settings: SiteSettingsCache,
}

impl Spa {
    fn new(
        index: Option<String>,
        preloads: Preloads,
        public_url: &str,
        site_settings: SiteSettingsCache,
    ) -> Self {
        let table = RouteTable::shared();
        let meta = MetaTable::shared();
        let pages = index.map(|index| {
            let fixed = table
                .routes
                .iter()
                .filter(|route| !route.contains(':'))
                .filter_map(|route| {
                    let page = meta.page(route)?;
                    let url = pages::canonical(public_url, route);
                    let head = preloads.head(route, None, meta.head(page, public_url, Some(&url)));
                    Some((route.clone(), Bytes::from(pages::with_head(&index, &head))))
                })
                .collect();
            let admin = meta.head(meta.admin(), public_url, None);
            let not_found = meta.head(meta.not_found(), public_url, None);
            Pages {
                fixed,
                admin: Bytes::from(pages::with_head(&index, &admin)),
                not_found: Bytes::from(pages::with_head(&index, &not_found)),
                index,
            }
        });
        Spa {
            table,
            meta,
            public_url: public_url.to_owned(),
            pages,
            preloads,
            site_settings,
        }
    }

    /// A page as sent: with the current site settings as a data block, so
    /// the app's first render shows them (and a change shows on the next
    /// load, whatever was cached).
    fn html(&self, status: StatusCode, page: &[u8]) -> Response {
        let block = self.site_settings.current().script.clone();
        (
            status,
            [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
            Body::from(pages::with_block(page, &block)),
        )
            .into_response()
    }

    /// The page for `path` with its status. A post or event (a route with
    /// a parameter) is only a page once [`item_page`] has found it: any
    /// other `/blog/:id` or `/events/:id` is a 404.
    fn page(&self, pages: &Pages, path: &str) -> (StatusCode, Bytes) {
        if let Some(route) = self.table.public_route(path) {
            if let Some(html) = pages.fixed.get(route) {
                return (StatusCode::OK, html.clone());
            }
            if ITEM_ROUTES.contains(&route) {
                return (StatusCode::NOT_FOUND, pages.not_found.clone());
            }
            if let Some(meta) = self.meta.page(route) {
                // A route with a parameter: its canonical URL is the path itself.
                let url = pages::canonical(&self.public_url, normalize(path));
                let head = self.preloads.head(
                    route,
                    None,
                    self.meta.head(meta, &self.public_url, Some(&url)),
                );
                return (
                    StatusCode::OK,
                    Bytes::from(pages::with_head(&pages.index, &head)),
                );
            }
        }
        if self.table.is_admin_page(path) {
            return (StatusCode::OK, pages.admin.clone());
        }
        (StatusCode::NOT_FOUND, pages.not_found.clone())
    }

    /// The page of a blog post or event with its own tags (`route` is
    /// `/blog/:id` or `/events/:id`, `id` as `path` spells it).
    /// `image`, when given, is preloaded (see [`first_image`]).
    fn item_page(
        &self,
        pages: &Pages,
        route: &str,
        id: &str,
        path: &str,
        item: &ItemMeta,
        image: Option<&str>,
    ) -> Bytes {
        let Some(meta) = self.meta.page(route) else {
            return self.page(pages, path).1;
        };
        let url = pages::canonical(&self.public_url, path);
        // The image first: it is the page's largest paint.
        let head = with_preload(
            self.meta.item_head(meta, item, &self.public_url, &url),
            image,
        );
        let head = self.preloads.head(route, Some(id), head);
        Bytes::from(pages::with_head(&pages.index, &head))
    }

    /// `/blog` with the first card's image preloaded (`image`).
    fn blog_index(&self, pages: &Pages, image: Option<&str>) -> Option<Bytes> {
        let meta = self.meta.page(BLOG)?;
        let url = pages::canonical(&self.public_url, BLOG);
        let head = with_preload(self.meta.head(meta, &self.public_url, Some(&url)), image);
        let head = self.preloads.head(BLOG, None, head);
        Some(Bytes::from(pages::with_head(&pages.index, &head)))
    }

    /// The app with the not-found tags and `status` (404 or 410).
    fn missing(&self, status: StatusCode) -> Response {
        match &self.pages {
            Some(pages) => self.html(status, &pages.not_found),
            None => status.into_response(),
        }
    }

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
        let Some(pages) = &self.pages else {
            return (
                StatusCode::SERVICE_UNAVAILABLE,
                "The web app has not been built (run npm run build in web/).",
            )
                .into_response();
        };
        let (status, html) = self.page(pages, path);
        self.html(status, &html)
    }
}

/// `head` and, with an image, the tag that preloads it.
fn with_preload(head: String, image: Option<&str>) -> String {
    match image {
        Some(href) => format!("{head}\n    {}", first_image::preload_tag(href)),
        None => head,
    }
}

const BLOG: &str = "/blog";

/// The routes whose pages exist only for a stored post or event.
const ITEM_ROUTES: [&str; 2] = ["/blog/:id", "/events/:id"];

/// Crawlers may cache these for an hour.
const CRAWLER_CACHE: &str = "public, max-age=3600";

pub fn router(config: &Config, site_settings: SiteSettingsCache) -> Router<AppState> {
    let dist = &config.web_dist;
    let index = std::fs::read_to_string(dist.join("index.html")).ok();
    if index.is_none() {
        tracing::warn!(dist = %dist.display(), "web app not built: index.html missing");
    }
    let preloads = Preloads::load(dist);
    let spa = Arc::new(Spa::new(index, preloads, &config.public_url, site_settings));
    let robots = Bytes::from(pages::robots(&config.public_url));
    let sitemap_spa = Arc::clone(&spa);
    let blog_spa = Arc::clone(&spa);
    let event_spa = Arc::clone(&spa);
    let blog_index_spa = Arc::clone(&spa);
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
        .route(
            "/sitemap.xml",
            get(move |State(state): State<AppState>| async move {
                sitemap(&sitemap_spa, &state).await
            }),
        )
        .route(
            BLOG,
            get(move |State(state): State<AppState>| blog_index(blog_index_spa, state)),
        )
        .route(
            "/blog/{id}",
            get(move |State(state): State<AppState>, Path(id): Path<String>, uri: Uri| {
                item_page(blog_spa, state, Item::Post, id, uri)
            }),
        )
        .route(
            "/events/{id}",
            get(move |State(state): State<AppState>, Path(id): Path<String>, uri: Uri| {
                item_page(event_spa, state, Item::Event, id, uri)
            }),
        )
        .route(
            "/robots.txt",
            get(move || async move {
                (
                    [
                        (header::CONTENT_TYPE, "text/plain; charset=utf-8"),
                        (header::CACHE_CONTROL, CRAWLER_CACHE),
                    ],
                    robots,
                )
            }),
        )
        .fallback_service(files)
        .layer(middleware::from_fn(cache_control))
}

/// The public routes, then every blog post and event, built once per
/// content change.
async fn sitemap(spa: &Spa, state: &AppState) -> Result<Response, ApiError> {
    // A scheduled post joins the sitemap when its time comes.
    state.content.keep_schedule(&state.pool).await?;
    let answer = state
        .content
        .get_or_compute(Key::Sitemap, async {
            let (posts, events) = store::all_ids(&state.pool).await?;
            let items: Vec<String> = posts
                .iter()
                .map(|id| format!("/blog/{id}"))
                .chain(events.iter().map(|id| format!("/events/{id}")))
                .collect();
            let xml = pages::sitemap(&spa.public_url, &spa.table.routes, &items);
            Ok::<_, ApiError>(Answer::new(StatusCode::OK, Bytes::from(xml)))
        })
        .await?;
    Ok((
        [
            (header::CONTENT_TYPE, "application/xml; charset=utf-8"),
            (header::CACHE_CONTROL, CRAWLER_CACHE),
        ],
        answer.body,
    )
        .into_response())
}

/// Hashed assets never change under their name; everything else (notably
/// `index.html`) must be revalidated so a deploy is picked up at once,
/// unless the handler chose its own caching.
async fn cache_control(request: Request, next: Next) -> Response {
    let immutable = request.uri().path().starts_with("/assets/");
    let mut response = next.run(request).await;
    response
        .extensions_mut()
        .insert(crate::platform::metrics::StaticRoute);
    if response.status().is_success() && !response.headers().contains_key(header::CACHE_CONTROL) {
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
            "/admin/blogs/new",
            "/admin/blogs/0190c3a4-0000-7000-8000-000000000001",
        ] {
            assert!(table.is_page(page), "{page} should be a page");
        }
        for missing in [
            "/nope",
            "/blog/1/2",
            "/admin/unknown",
            "/loginx",
            "/admin/blogs/1/2",
        ] {
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
