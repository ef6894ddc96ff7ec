//! The app's pages in French and Kiswahili: the same pages under `/fr` and
//! `/sw`, their `<html lang>` saying the language. The app reads the
//! language off the address and loads that catalogue. A page whose texts
//! are translated has its own tags in each language (`Spa`); until then its
//! canonical URL stays the English one (issue 39).

use axum::Router;
use axum::body::{Body, to_bytes};
use axum::extract::Request;
use axum::http::{Uri, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Redirect, Response};

use crate::state::AppState;

/// The page as the app's `index.html` begins it.
const ENGLISH: &[u8] = b"<html lang=\"en\"";
/// More than any page of the app (about 10 KB).
const PAGE_LIMIT: usize = 4 * 1024 * 1024;

/// `/fr/` and `/sw/`: a language's home is `/fr` and `/sw` (a nested
/// router does not see the trailing slash), the query kept.
pub(super) async fn to_home(uri: Uri) -> Response {
    let home = uri.path().trim_end_matches('/');
    match uri.query() {
        Some(query) => Redirect::permanent(&format!("{home}?{query}")).into_response(),
        None => Redirect::permanent(home).into_response(),
    }
}

/// `pages` with every HTML answer in `lang`.
pub(super) fn in_language(pages: Router<AppState>, lang: &'static str) -> Router<AppState> {
    pages.layer(middleware::from_fn(move |request: Request, next: Next| {
        with_lang(request, next, lang)
    }))
}

/// The language of a page's address, for the handlers that write its tags.
#[derive(Clone, Copy)]
pub(super) struct PageLanguage(pub(super) &'static str);

async fn with_lang(mut request: Request, next: Next, lang: &'static str) -> Response {
    request.extensions_mut().insert(PageLanguage(lang));
    let response = next.run(request).await;
    let html = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|value| value.as_bytes().starts_with(b"text/html"));
    if !html || response.headers().contains_key(header::CONTENT_ENCODING) {
        return response;
    }
    let (mut parts, body) = response.into_parts();
    let Ok(page) = to_bytes(body, PAGE_LIMIT).await else {
        return Response::from_parts(parts, Body::empty());
    };
    parts.headers.remove(header::CONTENT_LENGTH);
    Response::from_parts(parts, Body::from(set_lang(&page, lang)))
}

/// `page` with its `<html lang="en"` made `lang`; unchanged without one.
fn set_lang(page: &[u8], lang: &str) -> Vec<u8> {
    match page
        .windows(ENGLISH.len())
        .position(|window| window == ENGLISH)
    {
        Some(at) => {
            let mut out = Vec::with_capacity(page.len());
            out.extend_from_slice(&page[..at]);
            out.extend_from_slice(format!("<html lang=\"{lang}\"").as_bytes());
            out.extend_from_slice(&page[at + ENGLISH.len()..]);
            out
        }
        None => page.to_vec(),
    }
}

#[cfg(test)]
mod tests {
    use super::set_lang;

    #[test]
    fn the_page_language_is_set_once_and_nothing_else_changes() {
        let page = b"<!doctype html>\n<html lang=\"en\">\n<p lang=\"en\">x</p>";
        assert_eq!(
            set_lang(page, "fr"),
            b"<!doctype html>\n<html lang=\"fr\">\n<p lang=\"en\">x</p>".to_vec()
        );
        assert_eq!(
            set_lang(b"<p>no html</p>", "sw"),
            b"<p>no html</p>".to_vec()
        );
    }
}
