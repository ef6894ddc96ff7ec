//! The cached answers of the public read routes as responses: JSON,
//! gzipped for clients that accept it, with an ETag and 304s, fresh for
//! five minutes.

use axum::body::Body;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use bytes::Bytes;
use serde::Serialize;

use crate::content::cache::{Answer, Key};
use crate::platform::error::ApiError;
use crate::state::AppState;

/// Lists and details stay fresh for five minutes (spec §9).
const FRESH_FOR: HeaderValue = HeaderValue::from_static("public, max-age=300");
const JSON: HeaderValue = HeaderValue::from_static("application/json");

/// The body of an answer, serialised once.
pub(super) fn json_answer(value: &impl Serialize) -> Result<Answer, ApiError> {
    let body = serde_json::to_vec(value).map_err(anyhow::Error::from)?;
    Ok(Answer::new(StatusCode::OK, Bytes::from(body)).with_gzip())
}

pub(super) fn not_found_answer(message: &str) -> Answer {
    let body = serde_json::json!({ "message": message }).to_string();
    Answer::new(StatusCode::NOT_FOUND, Bytes::from(body))
}

/// The answer as a response, gzipped when the client accepts it and the
/// answer has a gzipped body: 304 when the client holds it already.
pub(super) fn respond(answer: Answer, headers: &HeaderMap) -> Response {
    let ok = answer.status == StatusCode::OK;
    let fresh = ok
        && headers
            .get(header::IF_NONE_MATCH)
            .is_some_and(|tags| answer.matches(tags));
    let (body, etag, gzipped) = match answer.gzip {
        Some(gzip) if accepts_gzip(headers) => (gzip.body, gzip.etag, true),
        _ => (answer.body, answer.etag, false),
    };
    let mut response = if fresh {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        let mut response = Response::new(Body::from(body));
        *response.status_mut() = answer.status;
        response.headers_mut().insert(header::CONTENT_TYPE, JSON);
        if gzipped {
            response
                .headers_mut()
                .insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
        }
        response
    };
    if ok {
        let headers = response.headers_mut();
        headers.insert(header::ETAG, etag);
        headers.insert(header::CACHE_CONTROL, FRESH_FOR);
        headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    }
    response
}

/// Whether `Accept-Encoding` lists gzip (or `*`) without `q=0`.
fn accepts_gzip(headers: &HeaderMap) -> bool {
    headers
        .get_all(header::ACCEPT_ENCODING)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .any(|coding| {
            let mut parts = coding.split(';').map(str::trim);
            let name = parts.next().unwrap_or_default();
            let refused = parts.any(|param| {
                param
                    .strip_prefix("q=")
                    .is_some_and(|q| q.parse::<f32>().is_ok_and(|q| q == 0.0))
            });
            (name.eq_ignore_ascii_case("gzip") || name == "*") && !refused
        })
}

/// The cached answer for one item: `find` gives it, or a 404 naming
/// `missing` (a malformed id names nothing either).
pub(super) async fn one_item<T, F>(
    state: &AppState,
    key: Key,
    missing: &'static str,
    find: F,
) -> Result<Answer, ApiError>
where
    T: Serialize,
    F: Future<Output = sqlx::Result<Option<T>>>,
{
    state
        .content
        .get_or_compute(key, async {
            match find.await? {
                Some(item) => json_answer(&item),
                None => Ok(not_found_answer(missing)),
            }
        })
        .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gzip_is_sent_only_to_clients_that_accept_it() {
        let with = |value: &'static str| {
            let mut headers = HeaderMap::new();
            headers.insert(header::ACCEPT_ENCODING, HeaderValue::from_static(value));
            accepts_gzip(&headers)
        };
        assert!(with("gzip, deflate"));
        assert!(with("br;q=1.0, GZIP;q=0.5"));
        assert!(with("*"));
        assert!(!with("br, deflate"));
        assert!(!with("gzip;q=0"));
        assert!(!accepts_gzip(&HeaderMap::new()));
    }
}
