//! `index.html` for every page of the app, with that page's title,
//! link-preview tags and preloads in its head and the current site
//! settings as a data block.

use super::preloads::Preloads;
use super::route_table::{RouteTable, normalize};
use crate::site::first_image;
use crate::site::pages::{self, ItemMeta, MetaTable};
use crate::site::settings::SiteSettingsCache;
use axum::body::Body;
use axum::http::{Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Redirect, Response};
use bytes::Bytes;
use std::collections::HashMap;

/// `index.html` as served for each kind of page, built once at start-up.
pub(super) struct Pages {
    pub(super) index: String,
    /// Public routes without a parameter, by language then pattern.
    pub(super) fixed: HashMap<&'static str, HashMap<String, Bytes>>,
    pub(super) admin: Bytes,
    pub(super) not_found: Bytes,
}

pub(super) struct Spa {
    pub(super) table: RouteTable,
    pub(super) meta: MetaTable,
    pub(super) public_url: String,
    pub(super) pages: Option<Pages>,
    /// Named in each page's head for the browser to fetch with it.
    pub(super) preloads: Preloads,
    /// Put into every page as it is sent (see [`Spa::html`]).
    pub(super) site_settings: SiteSettingsCache,
}

impl Spa {
    pub(super) fn new(
        index: Option<String>,
        preloads: Preloads,
        public_url: &str,
        site_settings: SiteSettingsCache,
    ) -> Self {
        let table = RouteTable::shared();
        let meta = MetaTable::shared();
        let pages = index.map(|index| {
            let fixed = pages::LANGUAGES
                .iter()
                .map(|&lang| {
                    let in_lang = table
                        .routes
                        .iter()
                        .filter(|route| !route.contains(':'))
                        .filter_map(|route| {
                            let head = fixed_head(&meta, route, lang, public_url)?;
                            let head = preloads.head(route, None, lang, head);
                            Some((route.clone(), Bytes::from(pages::with_head(&index, &head))))
                        })
                        .collect();
                    (lang, in_lang)
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
    pub(super) fn html(&self, status: StatusCode, page: &[u8]) -> Response {
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
    pub(super) fn page(&self, pages: &Pages, path: &str, lang: &str) -> (StatusCode, Bytes) {
        if let Some(route) = self.table.public_route(path) {
            if let Some(html) = pages.fixed.get(lang).and_then(|fixed| fixed.get(route)) {
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
                    lang,
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
    pub(super) fn item_page(
        &self,
        pages: &Pages,
        route: &str,
        id: &str,
        path: &str,
        item: &ItemMeta,
        image: Option<&str>,
    ) -> Bytes {
        let Some(meta) = self.meta.page(route) else {
            return self.page(pages, path, "en").1;
        };
        let url = pages::canonical(&self.public_url, path);
        // The image first: it is the page's largest paint.
        let head = with_preload(
            self.meta.item_head(meta, item, &self.public_url, &url),
            image,
        );
        let head = self.preloads.head(route, Some(id), "en", head);
        Bytes::from(pages::with_head(&pages.index, &head))
    }

    /// `/blog` in `lang` with the first card's image preloaded (`image`).
    pub(super) fn blog_index(
        &self,
        pages: &Pages,
        lang: &str,
        image: Option<&str>,
    ) -> Option<Bytes> {
        let head = with_preload(fixed_head(&self.meta, BLOG, lang, &self.public_url)?, image);
        let head = self.preloads.head(BLOG, None, lang, head);
        Some(Bytes::from(pages::with_head(&pages.index, &head)))
    }

    /// The app with the not-found tags and `status` (404 or 410).
    pub(super) fn missing(&self, status: StatusCode) -> Response {
        match &self.pages {
            Some(pages) => self.html(status, &pages.not_found),
            None => status.into_response(),
        }
    }

    /// The answer to `uri` (without its language prefix) in `lang`.
    pub(super) fn respond(&self, method: &Method, uri: &Uri, lang: &str) -> Response {
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
        let (status, html) = self.page(pages, path, lang);
        self.html(status, &html)
    }
}

/// The tags of a route without a parameter in `lang`: a translated page's
/// own, with its address in that language as canonical and the `hreflang`
/// links to the others; a page in English only keeps the English tags and
/// canonical address in every language (its French or Kiswahili address is
/// not a page of its own to index).
fn fixed_head(meta: &MetaTable, route: &str, lang: &str, public_url: &str) -> Option<String> {
    let (page, translated) = meta.page_in(route, lang)?;
    let path = if translated {
        pages::localized(route, lang)
    } else {
        route.to_owned()
    };
    let url = pages::canonical(public_url, &path);
    // An English page (not translated into `lang`) keeps its English title.
    let head = meta.head_in(
        page,
        if translated { lang } else { "en" },
        public_url,
        Some(&url),
    );
    let alternates = meta.alternates(route, public_url);
    Some(if alternates.is_empty() {
        head
    } else {
        format!("{head}\n    {alternates}")
    })
}

/// `head` and, with an image, the tag that preloads it.
fn with_preload(head: String, image: Option<&str>) -> String {
    match image {
        Some(href) => format!("{head}\n    {}", first_image::preload_tag(href)),
        None => head,
    }
}

pub(super) const BLOG: &str = "/blog";

/// The routes whose pages exist only for a stored post or event.
pub(super) const ITEM_ROUTES: [&str; 2] = ["/blog/:id", "/events/:id"];
