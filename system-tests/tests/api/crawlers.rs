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
        let mut title = entry["title"].as_str().expect("title").to_owned();
        if entry["variant"] == "events" {
            title.push_str(" | Nyota Cloud Events");
        }
        let title = escape(&title);
        let description = escape(entry["description"].as_str().expect("description"));
        let path = route.as_str();
        let canonical = format!("{PUBLIC_URL}{path}");

        let response = app.get(path).await;
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
    }

    // A trailing slash is the same page with the same canonical URL.
    let html = app.get("/contact/").await.text().await.expect("body");
    assert!(html.contains(&format!(
        "<link rel=\"canonical\" href=\"{PUBLIC_URL}/contact\">"
    )));
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
    let mut listed = 0;
    for route in routes() {
        let loc = format!("<loc>{PUBLIC_URL}{route}</loc>");
        if route.contains(':') || excluded.contains(&route.as_str()) {
            assert!(!xml.contains(&loc), "{route} should not be listed");
        } else {
            assert!(xml.contains(&loc), "{route} missing from\n{xml}");
            listed += 1;
        }
    }
    assert_eq!(xml.matches("<loc>").count(), listed);
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
