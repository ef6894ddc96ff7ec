//! Security headers on every response. The Content-Security-Policy allows no
//! inline script except the ones in the built `index.html` (the theme-flash
//! script), by their SHA-256, computed at start-up so it always matches.

use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderName, HeaderValue, header};
use axum::middleware::Next;
use axum::response::Response;
use base64::Engine as _;
use sha2::{Digest as _, Sha256};

use crate::platform::config::Config;

/// The headers added to every response, built once.
#[derive(Clone)]
pub struct SecurityHeaders(Arc<HeaderMap>);

impl SecurityHeaders {
    pub fn new(config: &Config) -> Self {
        let index = std::fs::read_to_string(config.web_dist.join("index.html")).ok();
        let pages: Vec<&str> = index.as_deref().into_iter().collect();
        let csp = content_security_policy(&pages);
        let mut headers = HeaderMap::new();
        let mut set = |name: HeaderName, value: &str| {
            headers.insert(
                name,
                HeaderValue::from_str(value).expect("header values are ASCII"),
            );
        };
        set(header::CONTENT_SECURITY_POLICY, &csp);
        set(header::X_CONTENT_TYPE_OPTIONS, "nosniff");
        set(header::REFERRER_POLICY, "strict-origin-when-cross-origin");
        set(
            HeaderName::from_static("permissions-policy"),
            "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
        );
        // Only a TLS deployment (the same switch as the Secure cookie) may
        // promise browsers HTTPS for two years.
        if config.cookie_secure {
            set(
                header::STRICT_TRANSPORT_SECURITY,
                "max-age=63072000; includeSubDomains",
            );
        }
        SecurityHeaders(Arc::new(headers))
    }
}

/// Middleware: adds the security headers, replacing any a handler set —
/// except a Content-Security-Policy of its own, which is stricter than the
/// app's (uploaded images are served with `default-src 'none'; sandbox`).
pub async fn add_headers(
    State(headers): State<SecurityHeaders>,
    request: Request,
    next: Next,
) -> Response {
    let mut response = next.run(request).await;
    for (name, value) in headers.0.iter() {
        if name == header::CONTENT_SECURITY_POLICY && response.headers().contains_key(name) {
            continue;
        }
        response.headers_mut().insert(name, value.clone());
    }
    response
}

/// The policy for pages whose inline scripts are those of `pages`.
fn content_security_policy(pages: &[&str]) -> String {
    let mut script_src = String::from("'self'");
    for page in pages {
        for script in inline_scripts(page) {
            let digest = Sha256::digest(script.as_bytes());
            script_src.push_str(&format!(
                " 'sha256-{}'",
                base64::engine::general_purpose::STANDARD.encode(digest)
            ));
        }
    }
    [
        "default-src 'self'".to_owned(),
        format!("script-src {script_src}"),
        "style-src 'self'".to_owned(),
        "img-src 'self' data:".to_owned(),
        "font-src 'self' data:".to_owned(),
        "connect-src 'self'".to_owned(),
        "frame-src https://www.youtube-nocookie.com".to_owned(),
        "frame-ancestors 'none'".to_owned(),
        "base-uri 'self'".to_owned(),
        "form-action 'self'".to_owned(),
        "object-src 'none'".to_owned(),
    ]
    .join("; ")
}

/// The text of every `<script>` without a `src`, exactly as the browser
/// hashes it (everything between `>` and `</script`).
fn inline_scripts(html: &str) -> Vec<&str> {
    // ASCII lowercasing keeps byte offsets, so positions carry over.
    let lower = html.to_ascii_lowercase();
    let mut scripts = Vec::new();
    let mut from = 0;
    while let Some(start) = lower[from..].find("<script").map(|i| from + i) {
        let Some(open_end) = lower[start..].find('>').map(|i| start + i + 1) else {
            break;
        };
        let Some(close) = lower[open_end..].find("</script").map(|i| open_end + i) else {
            break;
        };
        let tag = &lower[start..open_end];
        if !tag.contains(" src=") {
            scripts.push(&html[open_end..close]);
        }
        from = close;
    }
    scripts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_inline_scripts_are_hashed() {
        let html = "<head><SCRIPT>\n  one()\n</script><script type=\"module\" src=\"/a.js\"></script>\
                    <script type=\"module\">two()</script></head>";
        assert_eq!(inline_scripts(html), vec!["\n  one()\n", "two()"]);
    }

    #[test]
    fn the_policy_names_each_inline_script_by_hash() {
        // sha256("alert(1)"), as browsers print it in their CSP errors.
        let policy = content_security_policy(&["<script>alert(1)</script>"]);
        assert!(
            policy.contains(
                "script-src 'self' 'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='"
            ),
            "{policy}"
        );
        let policy = content_security_policy(&["<script src=\"/x.js\"></script>"]);
        assert!(policy.contains("script-src 'self';"), "{policy}");
        assert!(policy.contains("object-src 'none'"), "{policy}");
    }
}
