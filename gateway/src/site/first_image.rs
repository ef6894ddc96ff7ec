//! The image a blog page paints largest, named in its served HTML so the
//! browser fetches it with the document rather than after the JavaScript
//! and the post list. The rule is the web app's `postImageSrc`
//! (`web/src/features/content/components/post-image.ts`); both are tested
//! against the same cases (`first-image-cases.json` beside it).
//!
//! The pages give their images no `srcset`/`sizes` (an image is served at
//! the one size it was stored in), so neither does the preload: a preload
//! whose `imagesrcset` the `<img>` lacks would fetch a second copy.

use super::pages::escape;

/// Where a post's image is fetched from, when the browser has to fetch it
/// from this site: its inline image data (`data:`) and the default
/// illustration (inlined in the app's script) need no fetch, and an image on
/// another site is not fetched before the page asks for it.
pub fn post_image(image: Option<&str>, image_data: Option<&str>) -> Option<String> {
    if image_data.is_some_and(is_inline_image) {
        return None;
    }
    let image = image?.trim();
    if image.is_empty() {
        return None;
    }
    if image.starts_with("/objects/") || image.starts_with("/images/") {
        return Some(image.to_owned());
    }
    let lower = image.to_ascii_lowercase();
    if lower.starts_with("http://") || lower.starts_with("https://") {
        return None;
    }
    // A bare file name or another path: one slash after /images, as the
    // app does; a scheme (`javascript:`, `data:`) is no image at all.
    let name = image.trim_start_matches('/');
    if has_scheme(name) {
        return None;
    }
    Some(format!("/images/{name}"))
}

/// `data:image/(png|jpeg|jpg|webp|gif);base64,…`, as `inlineImageSrc` accepts.
fn is_inline_image(data: &str) -> bool {
    let lower = data.trim().to_ascii_lowercase();
    ["png", "jpeg", "jpg", "webp", "gif"]
        .iter()
        .any(|kind| lower.starts_with(&format!("data:image/{kind};base64,")))
}

/// Whether `name` starts with a URL scheme (`[a-z][a-z0-9+.-]*:`).
fn has_scheme(name: &str) -> bool {
    let mut chars = name.chars();
    if !chars.next().is_some_and(|c| c.is_ascii_alphabetic()) {
        return false;
    }
    for c in chars {
        match c {
            ':' => return true,
            c if c.is_ascii_alphanumeric() || matches!(c, '+' | '.' | '-') => {}
            _ => return false,
        }
    }
    false
}

/// The `<link>` that starts fetching `href` with the document, at the
/// priority the page's `<img fetchpriority="high">` asks for.
pub fn preload_tag(href: &str) -> String {
    format!(
        "<link rel=\"preload\" as=\"image\" href=\"{}\" fetchpriority=\"high\">",
        escape(href)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    /// One case of `first-image-cases.json`.
    #[derive(Deserialize)]
    #[serde(rename_all = "camelCase")]
    struct Case {
        image: Option<String>,
        image_data: Option<String>,
        /// The address fetched from this site; `null` when nothing is.
        fetched: Option<String>,
    }

    #[test]
    fn the_rule_agrees_with_the_web_app_on_every_shared_case() {
        let cases: Vec<Case> = serde_json::from_str(include_str!(
            "../../../web/src/features/content/components/first-image-cases.json"
        ))
        .expect("the cases are valid JSON");
        assert!(cases.len() >= 10);
        for case in cases {
            assert_eq!(
                post_image(case.image.as_deref(), case.image_data.as_deref()),
                case.fetched,
                "image {:?}, data {:?}",
                case.image,
                case.image_data
            );
        }
    }

    #[test]
    fn the_tag_escapes_its_address() {
        assert_eq!(
            preload_tag("/images/a\"b<c>&d.png"),
            "<link rel=\"preload\" as=\"image\" href=\"/images/a&quot;b&lt;c&gt;&amp;d.png\" fetchpriority=\"high\">"
        );
    }
}
