//! What a crawler or a link preview sees with plain HTTP and no JavaScript:
//! each public page's own title, description, canonical URL and Open Graph
//! tags in the HTML, the sitemap and robots.txt.

use base64::Engine as _;
use reqwest::StatusCode;
use serde_json::Value;
use sha2::{Digest as _, Sha256};
use sqlx::PgPool;

use crate::helpers::{Options, TestApp, spawn_with};

const PUBLIC_URL: &str = "https://nyota.example";

fn shared(json: &str) -> Value {
    serde_json::from_str(json).expect("valid JSON")
}

fn routes() -> Vec<String> {
    shared(include_str!("../../../web/src/app/routes.json"))["routes"]
        .as_array()
        .expect("routes")
        .iter()
        .map(|route| route.as_str().expect("string").to_owned())
        .collect()
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

async fn app(pool: PgPool) -> TestApp {
    spawn_with(
        pool,
        Options {
            config: vec![("PUBLIC_URL", format!("{PUBLIC_URL}/"))],
            ..Options::default()
        },
    )
    .await
}

#[sqlx::test(migrations = "../migrations")]
async fn every_public_route_has_its_own_tags_in_the_html(pool: PgPool) {
    let app = app(pool).await;
    let meta = shared(include_str!("../../../web/src/app/page-meta.json"));
    // Posts and events (`:id` routes) have their own tags: see the content tests.
    for route in routes().into_iter().filter(|route| !route.contains(':')) {
        let entry = &meta["pages"][&route];
        // A translated page has its own tags in each language, at its own
        // address; a page in English only has the English ones everywhere.
        let languages: &[&str] = if entry["area"].is_string() {
            &["en", "fr", "sw"]
        } else {
            &["en"]
        };
        for &lang in languages {
            let text = |field: &str| match entry["area"].as_str() {
                Some(area) => catalogue(lang)[format!("{area}.meta.{field}")]
                    .as_str()
                    .expect("a catalogue text")
                    .to_owned(),
                None => entry[field].as_str().expect("a text").to_owned(),
            };
            let mut title = text("title");
            if entry["variant"] == "events" {
                // English's is the table's; another language's, the events pages' own.
                let suffix = catalogue(lang)["events.meta.titleSuffix"].clone();
                title.push_str(suffix.as_str().expect("the events suffix"));
            }
            let title = escape(&title);
            let description = escape(&text("description"));
            let path = localized(&route, lang);
            let canonical = format!("{PUBLIC_URL}{path}");

            let response = app.get(&path).await;
            assert_eq!(response.status(), StatusCode::OK, "{path}");
            assert_eq!(
                response.headers()["content-type"],
                "text/html; charset=utf-8"
            );
            let html = response.text().await.expect("body");
            for tag in [
                format!("<title>{title}</title>"),
                format!("<meta name=\"description\" content=\"{description}\">"),
                format!("<link rel=\"canonical\" href=\"{canonical}\">"),
                format!("<meta property=\"og:title\" content=\"{title}\">"),
                format!("<meta property=\"og:description\" content=\"{description}\">"),
                format!("<meta property=\"og:url\" content=\"{canonical}\">"),
                format!(
                    "<meta property=\"og:type\" content=\"{}\">",
                    entry["type"].as_str().expect("type")
                ),
                "<meta property=\"og:site_name\" content=\"Nyota Cloud\">".to_owned(),
                format!("<meta property=\"og:image\" content=\"{PUBLIC_URL}/og-image.png\">"),
                "<meta name=\"twitter:card\" content=\"summary_large_image\">".to_owned(),
                format!("<meta name=\"twitter:title\" content=\"{title}\">"),
            ] {
                assert!(html.contains(&tag), "{path}: {tag} missing from\n{html}");
            }
            assert_eq!(html.matches("<title>").count(), 1, "{path}: one title");
            assert!(!html.contains("<title>Nyota</title>"), "{path}");
            if languages.len() > 1 {
                for (hreflang, other) in [
                    ("en", "en"),
                    ("fr", "fr"),
                    ("sw", "sw"),
                    ("x-default", "en"),
                ] {
                    let link = format!(
                        "<link rel=\"alternate\" hreflang=\"{hreflang}\" href=\"{PUBLIC_URL}{}\">",
                        localized(&route, other)
                    );
                    assert!(html.contains(&link), "{path}: {link} missing");
                }
            } else {
                assert!(!html.contains("hreflang"), "{path}: in English only");
                // Its French address is the English page's, not one to index.
                let french = app
                    .get(&localized(&route, "fr"))
                    .await
                    .text()
                    .await
                    .expect("body");
                assert!(
                    french.contains(&format!("<link rel=\"canonical\" href=\"{canonical}\">")),
                    "{path} in French"
                );
            }
        }
    }

    // A trailing slash is the same page with the same canonical URL.
    let html = app.get("/contact/").await.text().await.expect("body");
    assert!(html.contains(&format!(
        "<link rel=\"canonical\" href=\"{PUBLIC_URL}/contact\">"
    )));
}

/// The web app's catalogue of `lang`.
fn catalogue(lang: &str) -> Value {
    shared(match lang {
        "en" => include_str!("../../../web/src/i18n/catalogs/en.json"),
        "fr" => include_str!("../../../web/src/i18n/catalogs/fr.json"),
        _ => include_str!("../../../web/src/i18n/catalogs/sw.json"),
    })
}

/// `route` at its address in `lang` (a language's home is `/fr`).
fn localized(route: &str, lang: &str) -> String {
    match (lang, route) {
        ("en", _) => route.to_owned(),
        (_, "/") => format!("/{lang}"),
        _ => format!("/{lang}{route}"),
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn unknown_paths_are_404s_with_the_not_found_title(pool: PgPool) {
    let app = app(pool).await;
    for path in [
        "/no-such-page",
        "/blog/1/2",
        "/contact-us",
        "/blog/2f1c8a4e",
    ] {
        let response = app.get(path).await;
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{path}");
        let html = response.text().await.expect("body");
        assert!(html.contains("<title>404 Page Not Found</title>"), "{path}");
        assert!(
            !html.contains("rel=\"canonical\""),
            "{path}: no canonical URL"
        );
        assert!(
            html.contains("/assets/app-4f3a.js"),
            "{path}: still the app"
        );
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn the_csp_hash_matches_every_rendered_page(pool: PgPool) {
    let app = app(pool).await;
    for path in ["/", "/contact", "/events/abc", "/admin", "/no-such-page"] {
        let response = app.get(path).await;
        let csp = response.headers()["content-security-policy"]
            .to_str()
            .expect("ascii")
            .to_owned();
        let html = response.text().await.expect("body");
        let start = html.find("<script>").expect("an inline script") + "<script>".len();
        let end = start + html[start..].find("</script>").expect("its end");
        let script = &html[start..end];
        assert_eq!(
            script, "\n      document.documentElement.dataset.theme = 'dark';\n    ",
            "{path}: the inline script is byte-identical"
        );
        let hash = base64::engine::general_purpose::STANDARD.encode(Sha256::digest(script));
        assert!(
            csp.contains(&format!("script-src 'self' 'sha256-{hash}'")),
            "{path}: {csp}"
        );
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn the_sitemap_lists_the_public_pages(pool: PgPool) {
    let app = app(pool).await;
    let response = app.get("/sitemap.xml").await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        response.headers()["content-type"],
        "application/xml; charset=utf-8"
    );
    assert_eq!(response.headers()["cache-control"], "public, max-age=3600");
    let xml = response.text().await.expect("body");
    assert!(xml.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">"));
    let excluded = [
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
    let meta = shared(include_str!("../../../web/src/app/page-meta.json"));
    let mut listed = 0;
    for route in routes() {
        // A translated page is listed in each language.
        let translated = meta["pages"][&route]["area"].is_string();
        for lang in ["en", "fr", "sw"] {
            let loc = format!("<loc>{PUBLIC_URL}{}</loc>", localized(&route, lang));
            if route.contains(':')
                || excluded.contains(&route.as_str())
                || (lang != "en" && !translated)
            {
                assert!(!xml.contains(&loc), "{loc} should not be listed");
            } else {
                assert!(xml.contains(&loc), "{loc} missing from\n{xml}");
                listed += 1;
            }
        }
    }
    assert_eq!(xml.matches("<loc>").count(), listed);
    assert!(
        xml.contains(&format!("<loc>{PUBLIC_URL}/fr</loc>")),
        "the home page is translated"
    );
    assert!(xml.contains(&format!("<loc>{PUBLIC_URL}/</loc>")));
    assert!(xml.contains(&format!("<loc>{PUBLIC_URL}/solutions/nyota-finance</loc>")));
    assert!(!xml.contains("/admin"));
}

#[sqlx::test(migrations = "../migrations")]
async fn robots_txt_keeps_crawlers_out_of_admin_api_and_dashboard(pool: PgPool) {
    let app = app(pool).await;
    let response = app.get("/robots.txt").await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        response.headers()["content-type"],
        "text/plain; charset=utf-8"
    );
    assert_eq!(response.headers()["cache-control"], "public, max-age=3600");
    assert_eq!(
        response.text().await.expect("body"),
        format!(
            "User-agent: *\nDisallow: /admin\nDisallow: /api\nDisallow: /dashboard\n\nSitemap: {PUBLIC_URL}/sitemap.xml\n"
        )
    );
}
