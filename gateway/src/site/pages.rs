//! What crawlers and link previews read without running JavaScript: every
//! page's `index.html` with its title, description, canonical URL, Open Graph
//! and Twitter tags filled in (from `web/src/app/page-meta.json`, the table the
//! web app's `PageMeta` uses), `/sitemap.xml` and `/robots.txt`.

use std::collections::HashMap;

use contract::language::Language;
use serde::Deserialize;

/// Routes left out of the sitemap: sign-in forms, the account area and the
/// pages only email links lead to. Blog posts and events (`:id` routes) join
/// it with their own ids.
const NOT_IN_SITEMAP: [&str; 9] = [
    "/auth",
    "/login",
    "/register",
    "/forgot-password",
    "/reset-password",
    "/subscription",
    "/chat-emails",
    "/dashboard",
    "/account/security",
];

/// Paths crawlers are asked to leave alone.
const DISALLOWED: [&str; 3] = ["/admin", "/api", "/dashboard"];

/// The site's languages: English at the paths of `routes.json`, the
/// others the same pages under their prefix (`/fr/about`; a language's
/// home is `/fr`).
pub const LANGUAGES: [&str; 3] = ["en", "fr", "sw"];

/// `path` (a route without a parameter) in `lang`.
pub fn localized(path: &str, lang: &str) -> String {
    Language::parse(lang).unwrap_or_default().page(path)
}

/// `web/src/app/page-meta.json`.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct MetaFile {
    site_name: String,
    events_suffix: String,
    pages: HashMap<String, PageEntry>,
    admin: PageMeta,
    not_found: PageMeta,
}

/// A route's entry: its texts in English, or the catalogue area holding
/// them in every language (`<area>.meta.title`, `.description`,
/// `.keywords` of `web/src/i18n/catalogs/<lang>.json`).
#[derive(Deserialize)]
struct PageEntry {
    area: Option<String>,
    title: Option<String>,
    description: Option<String>,
    keywords: Option<String>,
    #[serde(rename = "type")]
    kind: String,
    variant: String,
}

/// The catalogue message that ends an events page's title in a language
/// (English's is page-meta.json's `eventsSuffix`, and the same).
const EVENTS_SUFFIX_KEY: &str = "events.meta.titleSuffix";

/// The tags of every public route, in each language it is translated into.
pub struct MetaTable {
    site_name: String,
    /// The events title suffix, by language.
    events_suffix: HashMap<&'static str, String>,
    image: Image,
    /// English, by route.
    pages: HashMap<String, PageMeta>,
    /// French and Kiswahili, by language then route: the translated routes only.
    translations: HashMap<&'static str, HashMap<String, PageMeta>>,
    admin: PageMeta,
    not_found: PageMeta,
}

/// `web/src/app/share-image.json`: the link-preview image of a page without one of its own.
#[derive(Deserialize)]
struct Image {
    path: String,
    width: u32,
    height: u32,
    alt: String,
}

impl Image {
    fn shared() -> Self {
        serde_json::from_str(include_str!("../../../web/src/app/share-image.json"))
            .expect("web/src/app/share-image.json is valid")
    }
}

#[derive(Deserialize)]
pub struct PageMeta {
    title: String,
    description: String,
    keywords: String,
    #[serde(rename = "type")]
    kind: String,
    variant: String,
}

impl MetaTable {
    pub fn shared() -> Self {
        let file: MetaFile =
            serde_json::from_str(include_str!("../../../web/src/app/page-meta.json"))
                .expect("web/src/app/page-meta.json is valid");
        let catalogues = [
            ("en", include_str!("../../../web/src/i18n/catalogs/en.json")),
            ("fr", include_str!("../../../web/src/i18n/catalogs/fr.json")),
            ("sw", include_str!("../../../web/src/i18n/catalogs/sw.json")),
        ]
        .map(|(lang, text)| {
            let messages: HashMap<String, String> =
                serde_json::from_str(text).expect("the web catalogues are valid");
            (lang, messages)
        });
        let resolve = |entry: &PageEntry, lang: &str, route: &str| {
            let text = |field: &str, english: &Option<String>| match &entry.area {
                Some(area) => {
                    let key = format!("{area}.meta.{field}");
                    let (_, messages) = catalogues
                        .iter()
                        .find(|(name, _)| *name == lang)
                        .expect("a catalogue per language");
                    messages
                        .get(&key)
                        .unwrap_or_else(|| panic!("{lang}.json has no {key} (route {route})"))
                        .clone()
                }
                None => english
                    .clone()
                    .unwrap_or_else(|| panic!("page-meta.json: {route} has no {field}")),
            };
            PageMeta {
                title: text("title", &entry.title),
                description: text("description", &entry.description),
                keywords: text("keywords", &entry.keywords),
                kind: entry.kind.clone(),
                variant: entry.variant.clone(),
            }
        };
        let pages = file
            .pages
            .iter()
            .map(|(route, entry)| (route.clone(), resolve(entry, "en", route)))
            .collect();
        let events_suffix = catalogues
            .iter()
            .map(|(lang, messages)| {
                let suffix = match *lang {
                    "en" => file.events_suffix.clone(),
                    _ => messages
                        .get(EVENTS_SUFFIX_KEY)
                        .unwrap_or_else(|| panic!("{lang}.json has no {EVENTS_SUFFIX_KEY}"))
                        .clone(),
                };
                (*lang, suffix)
            })
            .collect();
        let translations = LANGUAGES[1..]
            .iter()
            .map(|&lang| {
                let translated = file
                    .pages
                    .iter()
                    .filter(|(_, entry)| entry.area.is_some())
                    .map(|(route, entry)| (route.clone(), resolve(entry, lang, route)))
                    .collect();
                (lang, translated)
            })
            .collect();
        MetaTable {
            site_name: file.site_name,
            events_suffix,
            image: Image::shared(),
            pages,
            translations,
            admin: file.admin,
            not_found: file.not_found,
        }
    }

    /// The metadata of `route` in `lang`, and whether the page is translated
    /// into it (else the English metadata: the page is still English).
    pub fn page_in(&self, route: &str, lang: &str) -> Option<(&PageMeta, bool)> {
        match self
            .translations
            .get(lang)
            .and_then(|pages| pages.get(route))
        {
            Some(page) => Some((page, true)),
            None => self
                .page(route)
                .map(|page| (page, lang == "en" && self.translated(route))),
        }
    }

    /// Whether `route`'s texts are in every language.
    pub fn translated(&self, route: &str) -> bool {
        self.translations
            .values()
            .next()
            .is_some_and(|pages| pages.contains_key(route))
    }

    /// The `hreflang` links of a translated route (each language and
    /// `x-default`, the English page); none for a page in English only.
    pub fn alternates(&self, route: &str, public_url: &str) -> String {
        if !self.translated(route) {
            return String::new();
        }
        let link = |hreflang: &str, lang: &str| {
            format!(
                "<link rel=\"alternate\" hreflang=\"{hreflang}\" href=\"{}\">",
                escape(&canonical(public_url, &localized(route, lang)))
            )
        };
        LANGUAGES
            .iter()
            .map(|lang| link(lang, lang))
            .chain([link("x-default", "en")])
            .collect::<Vec<_>>()
            .join("\n    ")
    }

    /// The metadata of a route pattern of `routes.json` (`/blog/:id`).
    pub fn page(&self, pattern: &str) -> Option<&PageMeta> {
        self.pages.get(pattern)
    }

    pub fn admin(&self) -> &PageMeta {
        &self.admin
    }

    pub fn not_found(&self) -> &PageMeta {
        &self.not_found
    }

    /// The events title suffix in `lang` (English for a language without one).
    fn events_suffix(&self, lang: &str) -> &str {
        self.events_suffix
            .get(lang)
            .or_else(|| self.events_suffix.get("en"))
            .map_or("", String::as_str)
    }

    fn title(&self, page: &PageMeta, lang: &str) -> String {
        if page.variant == "events" {
            format!("{}{}", page.title, self.events_suffix(lang))
        } else {
            page.title.clone()
        }
    }

    /// The `<head>` tags of `page`; with `url` (its canonical address) also
    /// the canonical link, Open Graph and Twitter tags. The attributes are
    /// the ones `PageMeta` looks for, so the app updates these tags in place.
    pub fn head(&self, page: &PageMeta, public_url: &str, url: Option<&str>) -> String {
        self.head_in(page, "en", public_url, url)
    }

    /// [`MetaTable::head`] of a page in `lang` (from [`MetaTable::page_in`]):
    /// an events page's title ends with that language's suffix.
    pub fn head_in(
        &self,
        page: &PageMeta,
        lang: &str,
        public_url: &str,
        url: Option<&str>,
    ) -> String {
        let image = url.map(|_| SharedImage {
            url: format!("{public_url}{}", self.image.path),
            size: Some((self.image.width, self.image.height)),
            alt: self.image.alt.clone(),
        });
        self.render(
            &self.title(page, lang),
            &page.description,
            page,
            url,
            image,
            None,
        )
    }

    /// The tags of one blog post's or event's page (`page` is its route's
    /// entry): its own title, description, image and publication time.
    pub fn item_head(
        &self,
        page: &PageMeta,
        item: &ItemMeta,
        public_url: &str,
        url: &str,
    ) -> String {
        let title = if page.variant == "events" {
            format!("{}{}", item.title, self.events_suffix("en"))
        } else {
            format!("{} | {}", item.title, self.site_name)
        };
        let image = match &item.image {
            Some(image) => SharedImage {
                url: absolute_image(public_url, image),
                size: None,
                alt: item.title.clone(),
            },
            None => SharedImage {
                url: format!("{public_url}{}", self.image.path),
                size: Some((self.image.width, self.image.height)),
                alt: self.image.alt.clone(),
            },
        };
        let head = self.render(
            &title,
            &item.description,
            page,
            Some(url),
            Some(image),
            item.published_time.as_deref(),
        );
        let alternates = item.alternates.iter().map(|(lang, path)| {
            format!(
                "<link rel=\"alternate\" hreflang=\"{lang}\" href=\"{}\">",
                escape(&canonical(public_url, path))
            )
        });
        std::iter::once(head)
            .chain(alternates)
            .collect::<Vec<_>>()
            .join("\n    ")
    }

    fn render(
        &self,
        title: &str,
        description: &str,
        page: &PageMeta,
        url: Option<&str>,
        image: Option<SharedImage>,
        published_time: Option<&str>,
    ) -> String {
        let title = escape(title);
        let description = escape(description);
        let mut tags = vec![
            format!("<title>{title}</title>"),
            meta("name", "description", &description),
        ];
        if !page.keywords.is_empty() {
            tags.push(meta("name", "keywords", &escape(&page.keywords)));
        }
        if let (Some(url), Some(image)) = (url, image) {
            let url = escape(url);
            let image_url = escape(&image.url);
            tags.extend([
                format!("<link rel=\"canonical\" href=\"{url}\">"),
                meta("property", "og:title", &title),
                meta("property", "og:description", &description),
                meta("property", "og:type", &escape(&page.kind)),
                meta("property", "og:url", &url),
                meta("property", "og:site_name", &escape(&self.site_name)),
                meta("property", "og:image", &image_url),
            ]);
            if let Some((width, height)) = image.size {
                tags.push(meta("property", "og:image:width", &width.to_string()));
                tags.push(meta("property", "og:image:height", &height.to_string()));
            }
            tags.push(meta("property", "og:image:alt", &escape(&image.alt)));
            if let Some(time) = published_time {
                tags.push(meta("property", "article:published_time", &escape(time)));
            }
            tags.extend([
                meta("name", "twitter:card", "summary_large_image"),
                meta("name", "twitter:title", &title),
                meta("name", "twitter:description", &description),
                meta("name", "twitter:image", &image_url),
            ]);
        }
        tags.join("\n    ")
    }
}

/// What a blog post or an event says about itself to link previews.
pub struct ItemMeta {
    pub title: String,
    /// The post's excerpt or the event's description.
    pub description: String,
    pub image: Option<String>,
    /// RFC 3339, for posts.
    pub published_time: Option<String>,
    /// A post with translations: each language's address, its own too
    /// (the `hreflang` links); empty otherwise.
    pub alternates: Vec<(&'static str, String)>,
}

struct SharedImage {
    url: String,
    size: Option<(u32, u32)>,
    alt: String,
}

/// An item's image as an absolute URL, by the pages' image path rule:
/// web addresses, `/objects/…` and `/images/…` as they are, any other name
/// under `/images/`.
fn absolute_image(public_url: &str, image: &str) -> String {
    let lower = image.to_ascii_lowercase();
    if lower.starts_with("http://") || lower.starts_with("https://") {
        image.to_owned()
    } else if image.starts_with("/objects/") || image.starts_with("/images/") {
        format!("{public_url}{image}")
    } else {
        format!("{public_url}/images/{}", image.trim_start_matches('/'))
    }
}

fn meta(key: &str, name: &str, escaped_content: &str) -> String {
    format!("<meta {key}=\"{name}\" content=\"{escaped_content}\">")
}

/// Escapes text for HTML (and XML) content and quoted attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// `index` with `head` in place of its `<title>` (if any) and before
/// `</head>`. Nothing else changes, so the inline scripts keep the hashes
/// the Content-Security-Policy allows.
pub fn with_head(index: &str, head: &str) -> String {
    let lower = index.to_ascii_lowercase();
    let title = lower.find("<title").and_then(|start| {
        let end = lower[start..].find("</title>")? + start + "</title>".len();
        Some(start..end)
    });
    let (index, lower, title_at) = match title {
        Some(range) => {
            let mut without = index.to_owned();
            without.replace_range(range.clone(), "");
            let mut lower = lower;
            lower.replace_range(range.clone(), "");
            (without, lower, Some(range.start))
        }
        None => (index.to_owned(), lower, None),
    };
    let at = lower
        .find("</head>")
        .or(title_at)
        .or_else(|| lower.find("<head>").map(|i| i + "<head>".len()))
        .or_else(|| {
            lower
                .find("<!doctype html>")
                .map(|i| i + "<!doctype html>".len())
        })
        .unwrap_or(0);
    // Before `</head>` on a line of its own: on a new line above it.
    let line_start = lower[..at].rfind('\n').map_or(0, |i| i + 1);
    let own_line = at > 0 && lower[line_start..at].trim().is_empty();
    let at = if own_line { line_start } else { at };
    let mut page = String::with_capacity(index.len() + head.len() + 8);
    page.push_str(&index[..at]);
    if own_line {
        page.push_str("    ");
    }
    page.push_str(head);
    page.push('\n');
    page.push_str(&index[at..]);
    page
}

/// `page` with `block` (the site settings' data block) just before
/// `</head>`, or at the end of a page without one. Done per response, so a
/// page cached once still carries the settings of the moment.
pub fn with_block(page: &[u8], block: &[u8]) -> Vec<u8> {
    const HEAD_END: &[u8] = b"</head>";
    let at = page
        .windows(HEAD_END.len())
        .position(|window| window.eq_ignore_ascii_case(HEAD_END))
        .unwrap_or(page.len());
    let mut out = Vec::with_capacity(page.len() + block.len());
    out.extend_from_slice(&page[..at]);
    out.extend_from_slice(block);
    out.extend_from_slice(&page[at..]);
    out
}

/// The canonical address of `path` (no trailing slash except for `/`).
pub fn canonical(public_url: &str, path: &str) -> String {
    format!("{public_url}{path}")
}

/// Every public route without a parameter, except the sign-in forms and
/// the account area (a translated one in each language: `translated`),
/// then every blog post and event, as absolute URLs.
pub fn sitemap(
    public_url: &str,
    routes: &[String],
    items: &[String],
    translated: impl Fn(&str) -> bool,
) -> String {
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    let mut add = |path: &str| {
        xml.push_str(&format!(
            "  <url><loc>{}</loc></url>\n",
            escape(&canonical(public_url, path))
        ));
    };
    for route in routes {
        if route.contains(':') || NOT_IN_SITEMAP.contains(&route.as_str()) {
            continue;
        }
        if translated(route) {
            LANGUAGES
                .iter()
                .for_each(|lang| add(&localized(route, lang)));
        } else {
            add(route);
        }
    }
    items.iter().for_each(|path| add(path));
    xml.push_str("</urlset>\n");
    xml
}

pub fn robots(public_url: &str) -> String {
    let mut text = String::from("User-agent: *\n");
    for path in DISALLOWED {
        text.push_str(&format!("Disallow: {path}\n"));
    }
    text.push_str(&format!("\nSitemap: {public_url}/sitemap.xml\n"));
    text
}

#[cfg(test)]
mod tests;
