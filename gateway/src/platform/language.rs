//! The language a request is answered in: its `Accept-Language` header,
//! read once per request by [`in_reader_language`] and kept in scope for
//! the request's task, so that an error (`ApiError::into_response`) or a
//! handler can say its words in the reader's language without the language
//! being passed through every function.

use axum::extract::Request;
use axum::http::header;
use axum::middleware::Next;
use axum::response::Response;
use contract::language::Language;

tokio::task_local! {
    static LANGUAGE: Language;
}

/// The language of the request being answered; English outside a request
/// (a background task, a unit test).
pub fn current() -> Language {
    LANGUAGE
        .try_with(|language| *language)
        .unwrap_or(Language::En)
}

/// The language an `Accept-Language` value asks for: the first tag, in the
/// order sent, whose primary language is one the site speaks (`fr-CA` is
/// French); a tag with `q=0` is refused, not asked for. Weights are
/// otherwise not compared: browsers send their tags best first. Anything
/// else is English.
pub fn from_accept_language(value: &str) -> Language {
    value
        .split(',')
        .filter_map(|item| {
            let mut parts = item.split(';');
            let tag = parts.next()?.trim();
            let refused = parts.any(|parameter| {
                parameter
                    .trim()
                    .strip_prefix("q=")
                    .and_then(|weight| weight.trim().parse::<f32>().ok())
                    .is_some_and(|weight| weight <= 0.0)
            });
            if refused {
                return None;
            }
            let primary = tag.split(['-', '_']).next()?.to_ascii_lowercase();
            Language::parse(&primary)
        })
        .next()
        .unwrap_or(Language::En)
}

/// Middleware: answers the request in the language its `Accept-Language`
/// asks for (see [`current`]).
pub async fn in_reader_language(request: Request, next: Next) -> Response {
    let language = request
        .headers()
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|value| value.to_str().ok())
        .map_or(Language::En, from_accept_language);
    LANGUAGE.scope(language, next.run(request)).await
}

/// Runs `work` as if answering a request in `language` (tests).
#[cfg(test)]
pub async fn scoped<F: std::future::Future>(language: Language, work: F) -> F::Output {
    LANGUAGE.scope(language, work).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_supported_tag_wins_else_english() {
        for (header, language) in [
            ("fr", Language::Fr),
            ("sw", Language::Sw),
            ("en", Language::En),
            ("fr-CA,fr;q=0.9,en;q=0.8", Language::Fr),
            ("sw-KE", Language::Sw),
            ("SW_tz", Language::Sw),
            ("de, fr;q=0.5", Language::Fr),
            ("de, sw;q=0.4, fr;q=0.9", Language::Sw),
            ("en-GB, fr", Language::En),
            ("fr;q=0, sw", Language::Sw),
            ("fr;q=0.0", Language::En),
            ("de", Language::En),
            ("*", Language::En),
            ("", Language::En),
            (" , ;q=1,", Language::En),
            ("français", Language::En),
        ] {
            assert_eq!(from_accept_language(header), language, "{header:?}");
        }
    }

    #[tokio::test]
    async fn outside_a_request_the_language_is_english_and_inside_the_requests() {
        assert_eq!(current(), Language::En);
        assert_eq!(
            scoped(Language::Sw, async { current() }).await,
            Language::Sw
        );
    }
}
