//! Security headers on every response.

use base64::Engine as _;
use reqwest::StatusCode;
use reqwest::header::HeaderMap;
use sha2::{Digest as _, Sha256};
use sqlx::PgPool;

use crate::helpers::{Options, spawn, spawn_with};

fn header<'a>(headers: &'a HeaderMap, name: &str) -> &'a str {
    headers
        .get(name)
        .unwrap_or_else(|| panic!("no {name} header"))
        .to_str()
        .expect("ascii")
}

#[sqlx::test(migrations = "../migrations")]
async fn every_response_carries_the_security_headers(pool: PgPool) {
    let app = spawn(pool).await;
    for (path, status) in [
        ("/", StatusCode::OK),
        ("/no-such-page", StatusCode::NOT_FOUND),
        ("/assets/app-4f3a.js", StatusCode::OK),
        ("/api/user", StatusCode::UNAUTHORIZED),
        ("/api/nope", StatusCode::NOT_FOUND),
        ("/healthz", StatusCode::OK),
    ] {
        let response = app.get(path).await;
        assert_eq!(response.status(), status, "{path}");
        let headers = response.headers();
        assert_eq!(
            header(headers, "x-content-type-options"),
            "nosniff",
            "{path}"
        );
        assert_eq!(
            header(headers, "referrer-policy"),
            "strict-origin-when-cross-origin",
            "{path}"
        );
        assert_eq!(
            header(headers, "permissions-policy"),
            "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
            "{path}"
        );
        let csp = header(headers, "content-security-policy");
        for directive in [
            "default-src 'self'",
            "style-src 'self'",
            "img-src 'self' data:",
            "font-src 'self' data:",
            "connect-src 'self'",
            "frame-src https://www.youtube-nocookie.com",
            "frame-ancestors 'none'",
            "base-uri 'self'",
            "form-action 'self'",
            "object-src 'none'",
        ] {
            assert!(
                csp.split("; ").any(|d| d == directive),
                "{path}: {directive:?} missing from {csp}"
            );
        }
        assert!(!csp.contains("unsafe-inline"), "{csp}");
        assert!(
            headers.get("strict-transport-security").is_none(),
            "{path}: HSTS without TLS"
        );
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn hsts_is_sent_when_cookies_are_secure(pool: PgPool) {
    let app = spawn_with(
        pool,
        Options {
            config: vec![("COOKIE_SECURE", "true".to_owned())],
            ..Options::default()
        },
    )
    .await;
    for path in ["/", "/healthz"] {
        let response = app.get(path).await;
        assert_eq!(
            header(response.headers(), "strict-transport-security"),
            "max-age=63072000; includeSubDomains"
        );
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn the_csp_allows_exactly_the_inline_script_of_the_served_page(pool: PgPool) {
    let app = spawn(pool).await;
    let response = app.get("/").await;
    let csp = header(response.headers(), "content-security-policy").to_owned();
    let html = response.text().await.expect("body");
    let start = html.find("<script>").expect("an inline script") + "<script>".len();
    let end = start + html[start..].find("</script>").expect("its end");
    let digest = Sha256::digest(&html.as_bytes()[start..end]);
    let hash = base64::engine::general_purpose::STANDARD.encode(digest);
    let script_src = csp
        .split("; ")
        .find(|d| d.starts_with("script-src "))
        .expect("script-src");
    assert_eq!(script_src, format!("script-src 'self' 'sha256-{hash}'"));
}
