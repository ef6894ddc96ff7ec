//! The built web app: hashed assets with long-lived caching (precompressed
//! brotli/gzip when present), `index.html` for every client route with that
//! page's title and link-preview tags filled in (see [`crate::site::pages`]), HTTP
//! 404 (still with the app) for any other path, redirects for link aliases,
//! `/sitemap.xml` and `/robots.txt`. The client routes come from the web
//! app's own route table. Every page is also served under `/fr` and `/sw`,
//! in that language (see [`language`]).

use std::sync::Arc;

use axum::extract::{Path, Request, State};
use axum::handler::HandlerWithoutStateExt as _;
use axum::http::{HeaderValue, Method, StatusCode, Uri, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Extension, Router};
use bytes::Bytes;
use tower_http::services::ServeDir;

mod content_pages;
mod language;
mod preloads;
pub mod route_table;
mod spa;

use crate::content::cache::{Answer, Key};
use crate::content::store;
use crate::platform::config::Config;
use crate::platform::error::ApiError;
use crate::site::pages::{self};
use crate::site::settings::SiteSettingsCache;
use crate::state::AppState;
use content_pages::{Item, blog_index, item_page};
use contract::content::post_path;
use language::PageLanguage;
use preloads::Preloads;
use spa::{BLOG, Spa};

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
    let pages = pages_router(&spa, dist);
    Router::new()
        .route(
            "/sitemap.xml",
            get(move |State(state): State<AppState>| async move {
                sitemap(&sitemap_spa, &state).await
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
        .merge(pages.clone())
        // The same pages in the other languages, under their prefix (the
        // app reads the language off the address).
        .nest("/fr", language::in_language(pages.clone(), "fr"))
        .nest("/sw", language::in_language(pages, "sw"))
        .route("/fr/", get(language::to_home))
        .route("/sw/", get(language::to_home))
        .layer(middleware::from_fn(cache_control))
}

/// Every page of the app: the blog index, posts and events (each with its
/// own tags), the files of the build, and `index.html` for the rest.
fn pages_router(spa: &Arc<Spa>, dist: &std::path::Path) -> Router<AppState> {
    let blog_spa = Arc::clone(spa);
    let event_spa = Arc::clone(spa);
    let blog_index_spa = Arc::clone(spa);
    let fallback_spa = Arc::clone(spa);
    let fallback = move |method: Method, uri: Uri, lang: Option<Extension<PageLanguage>>| {
        let spa = Arc::clone(&fallback_spa);
        let lang = lang.map_or("en", |Extension(PageLanguage(lang))| lang);
        async move { spa.respond(&method, &uri, lang) }
    };
    let files = ServeDir::new(dist)
        .precompressed_br()
        .precompressed_gzip()
        .append_index_html_on_directories(false)
        .fallback(fallback.into_service());
    Router::new()
        .route(
            BLOG,
            get(
                move |State(state): State<AppState>, lang: Option<Extension<PageLanguage>>| {
                    let lang = lang.map_or("en", |Extension(PageLanguage(lang))| lang);
                    blog_index(blog_index_spa, state, lang)
                },
            ),
        )
        .route(
            "/blog/{id}",
            get(
                move |State(state): State<AppState>,
                      Path(id): Path<String>,
                      uri: Uri,
                      lang: Option<Extension<PageLanguage>>| {
                    let lang = lang.map_or("en", |Extension(PageLanguage(lang))| lang);
                    item_page(blog_spa, state, Item::Post, id, uri, lang)
                },
            ),
        )
        .route(
            "/events/{id}",
            get(
                move |State(state): State<AppState>,
                      Path(id): Path<String>,
                      uri: Uri,
                      lang: Option<Extension<PageLanguage>>| {
                    let lang = lang.map_or("en", |Extension(PageLanguage(lang))| lang);
                    item_page(event_spa, state, Item::Event, id, uri, lang)
                },
            ),
        )
        .fallback_service(files)
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
            // Each post at its language's address.
            let items: Vec<String> = posts
                .iter()
                .map(|(id, language)| post_path(*language, *id))
                .chain(events.iter().map(|id| format!("/events/{id}")))
                .collect();
            let xml = pages::sitemap(&spa.public_url, &spa.table.routes, &items, |route| {
                spa.meta.translated(route)
            });
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
