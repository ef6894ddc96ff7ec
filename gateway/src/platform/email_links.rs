//! Links in emails confirm nothing by themselves. A mail program's link
//! scanner opens every link it sees, so the GET of a confirm or unsubscribe
//! link only sends the browser to the page that says what the link does;
//! that page's button posts the same token ([`LinkToken`]), and the POST
//! acts, once.

use axum::response::{IntoResponse, Redirect, Response};
use contract::language::Language;
use contract::links::LinkToken;

use super::input::{self, Input, InputError};

/// The longest token a link carries (an id, an expiry and a MAC are ~90).
const MAX_TOKEN_CHARS: usize = 200;

/// Whether `token` is made only of the characters a signed token uses, so
/// it can be put in a page's address as it is.
fn plain(token: &str) -> bool {
    !token.is_empty()
        && token.len() <= MAX_TOKEN_CHARS
        && token
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b'_'))
}

/// A 303 to `page` (which has a query already) in the language the link
/// names (`lang=fr` leads to `/fr/…`: the email was written in it, so the
/// page answers in it too; none or an unknown one is English), with the
/// link's token appended, then `#fragment` when given (the part of a long
/// page that asks); a missing or malformed token is left off, and the page
/// then says the link is not valid. Changes nothing.
pub fn to_page(
    page: &str,
    lang: Option<&str>,
    token: Option<&str>,
    fragment: Option<&str>,
) -> Response {
    let language = lang.and_then(Language::parse).unwrap_or_default();
    let token = token
        .filter(|token| plain(token))
        .map(|token| format!("&token={token}"))
        .unwrap_or_default();
    let fragment = fragment.map(|id| format!("#{id}")).unwrap_or_default();
    Redirect::to(&format!("{}{token}{fragment}", language.page(page))).into_response()
}

impl Input for LinkToken {
    const LABELS: &'static [(&'static str, &'static str)] = &[("token", "Link")];

    fn check(self) -> Result<Self, InputError> {
        let token = input::text("Link", self.token)?
            .required()?
            .max_chars(MAX_TOKEN_CHARS)?
            .value();
        Ok(LinkToken { token })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_goes_to_the_page_only_when_it_is_plain() {
        let location = |response: Response| {
            response.headers()["location"]
                .to_str()
                .expect("ASCII")
                .to_owned()
        };
        assert_eq!(
            location(to_page(
                "/subscription?action=confirm",
                None,
                Some("ab12.3_-x"),
                None
            )),
            "/subscription?action=confirm&token=ab12.3_-x"
        );
        assert_eq!(
            location(to_page(
                "/subscription?action=confirm",
                None,
                Some("a&status=confirmed"),
                None
            )),
            "/subscription?action=confirm"
        );
        assert_eq!(
            location(to_page(
                "/privacy?request=confirm",
                None,
                Some("ab.1.x"),
                Some("privacy-request")
            )),
            "/privacy?request=confirm&token=ab.1.x#privacy-request"
        );
        assert_eq!(
            location(to_page("/privacy?request=confirm", None, None, None)),
            "/privacy?request=confirm"
        );
    }

    #[test]
    fn a_link_leads_to_the_page_in_its_language() {
        let location = |lang| {
            to_page("/subscription?action=confirm", lang, Some("t.1"), None).headers()["location"]
                .to_str()
                .expect("ASCII")
                .to_owned()
        };
        assert_eq!(
            location(Some("fr")),
            "/fr/subscription?action=confirm&token=t.1"
        );
        assert_eq!(
            location(Some("sw")),
            "/sw/subscription?action=confirm&token=t.1"
        );
        assert_eq!(
            location(Some("en")),
            "/subscription?action=confirm&token=t.1"
        );
        // A hand-edited language still leads somewhere: the English page.
        assert_eq!(
            location(Some("/evil")),
            "/subscription?action=confirm&token=t.1"
        );
    }
}
