//! The one error type of the HTTP API; every failure leaves as
//! `{ "message": ... }` with the right status, internals only in the logs.

use axum::Json;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use std::fmt;

use crate::platform::store_health::LogThrottle;
use crate::platform::words::Words;

/// The body of every error answer: what went wrong, in words for the user.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ErrorBody {
    pub message: String,
    /// The request field the message is about (its JSON path, e.g.
    /// `office.city`), when the refusal is about one field.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
}

/// A failed request. The words of each refusal are [`Words`]: catalogue
/// messages said in the reader's language (`platform::language`), or plain
/// English for refusals only admins see. `Display` is the English.
#[derive(Debug)]
pub enum ApiError {
    BadRequest(Words),
    /// A 400 about one field of the request body.
    InvalidField {
        message: Words,
        field: String,
    },
    Unauthorized(Words),
    Forbidden(Words),
    NotFound,
    /// A 404 that names what is missing ("Blog post not found").
    NoSuch(Words),
    MethodNotAllowed,
    /// The request body did not arrive in time.
    RequestTimeout,
    PayloadTooLarge,
    /// The request clashes with the current state (a taken shortcut, the
    /// last admin); the text says how.
    Conflict(Words),
    UnsupportedMediaType(Words),
    /// A rate limit refused the request; `retry_after_secs` is when one
    /// more would be admitted (the `Retry-After` header).
    TooManyRequests {
        message: Words,
        retry_after_secs: u64,
    },
    Unavailable(Words),
    Internal(anyhow::Error),
}

impl ApiError {
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::BadRequest(_) | ApiError::InvalidField { .. } => StatusCode::BAD_REQUEST,
            ApiError::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            ApiError::Forbidden(_) => StatusCode::FORBIDDEN,
            ApiError::NotFound | ApiError::NoSuch(_) => StatusCode::NOT_FOUND,
            ApiError::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            ApiError::RequestTimeout => StatusCode::REQUEST_TIMEOUT,
            ApiError::PayloadTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::Conflict(_) => StatusCode::CONFLICT,
            ApiError::UnsupportedMediaType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ApiError::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
            ApiError::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// What the person is told (never an internal error's details).
    pub fn words(&self) -> Words {
        match self {
            ApiError::BadRequest(words)
            | ApiError::InvalidField { message: words, .. }
            | ApiError::Unauthorized(words)
            | ApiError::Forbidden(words)
            | ApiError::NoSuch(words)
            | ApiError::Conflict(words)
            | ApiError::UnsupportedMediaType(words)
            | ApiError::TooManyRequests { message: words, .. }
            | ApiError::Unavailable(words) => words.clone(),
            ApiError::NotFound => Words::text("api-not-found"),
            ApiError::MethodNotAllowed => Words::text("api-method-not-allowed"),
            ApiError::RequestTimeout => Words::text("api-request-timeout"),
            ApiError::PayloadTooLarge => Words::text("api-payload-too-large"),
            ApiError::Internal(_) => Words::text("api-internal"),
        }
    }
}

/// The English words, as the response carries them to an English reader.
impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.words().fmt(f)
    }
}

impl std::error::Error for ApiError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ApiError::Internal(error) => Some(error.as_ref()),
            _ => None,
        }
    }
}

impl From<anyhow::Error> for ApiError {
    fn from(error: anyhow::Error) -> Self {
        ApiError::Internal(error)
    }
}

/// What a client is told when the database is away or too slow: it may
/// retry (after `Retry-After`).
pub const DATABASE_BUSY: Words = Words::text("api-busy");

/// Database failures, logged once per kind per interval.
static DATABASE_LOG: std::sync::LazyLock<LogThrottle> =
    std::sync::LazyLock::new(LogThrottle::default);

/// Seconds a client is asked to wait after a 503.
pub const UNAVAILABLE_RETRY_AFTER_SECS: u64 = 5;

impl From<sqlx::Error> for ApiError {
    fn from(error: sqlx::Error) -> Self {
        // Every request fails alike meanwhile: one line per 10 s.
        if database_unreachable(&error) {
            if let Some(suppressed) = DATABASE_LOG.admit("unreachable") {
                tracing::warn!(%error, suppressed, "the database is unreachable");
            }
            return ApiError::Unavailable(DATABASE_BUSY);
        }
        if over_time_budget(&error) {
            if let Some(suppressed) = DATABASE_LOG.admit("over budget") {
                tracing::warn!(%error, suppressed, "a query ran out of its time budget");
            }
            return ApiError::Unavailable(DATABASE_BUSY);
        }
        ApiError::Internal(anyhow::Error::new(error))
    }
}

/// A query stopped by the pool's `statement_timeout` (57014) or
/// `lock_timeout` (55P03), or no connection free in time: the database is
/// busy, not broken.
fn over_time_budget(error: &sqlx::Error) -> bool {
    match error {
        sqlx::Error::Database(error) => error
            .code()
            .is_some_and(|code| code == "57014" || code == "55P03"),
        _ => false,
    }
}

/// A lost or refused database connection (a restart, a failover): the
/// client may retry, so it is a 503, not a 500.
fn database_unreachable(error: &sqlx::Error) -> bool {
    match error {
        sqlx::Error::Io(_) | sqlx::Error::PoolTimedOut | sqlx::Error::PoolClosed => true,
        // Class 57P: the server is shutting down, crashed or not yet up.
        sqlx::Error::Database(error) => error.code().is_some_and(|code| code.starts_with("57P")),
        _ => false,
    }
}

impl From<tower_sessions::session::Error> for ApiError {
    fn from(error: tower_sessions::session::Error) -> Self {
        // The store reports its database's errors as text only.
        let text = error.to_string();
        let busy = ["pool timed out", "statement timeout", "lock timeout"];
        if busy.iter().any(|words| text.contains(words)) {
            if let Some(suppressed) = DATABASE_LOG.admit("session store") {
                tracing::warn!(error = text, suppressed, "the session store is busy");
            }
            return ApiError::Unavailable(DATABASE_BUSY);
        }
        ApiError::Internal(anyhow::Error::new(error).context("session store failed"))
    }
}

impl From<axum::extract::rejection::QueryRejection> for ApiError {
    fn from(rejection: axum::extract::rejection::QueryRejection) -> Self {
        ApiError::BadRequest(rejection.body_text().into())
    }
}

impl From<axum::extract::rejection::PathRejection> for ApiError {
    fn from(_: axum::extract::rejection::PathRejection) -> Self {
        ApiError::NotFound
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        if let ApiError::Internal(error) = &self {
            tracing::error!(error = format!("{error:#}"), "request failed");
        }
        let field = match &self {
            ApiError::InvalidField { field, .. } => Some(field.clone()),
            _ => None,
        };
        let retry_after = match &self {
            ApiError::TooManyRequests {
                retry_after_secs, ..
            } => Some(*retry_after_secs),
            ApiError::Unavailable(_) => Some(UNAVAILABLE_RETRY_AFTER_SECS),
            _ => None,
        };
        let body = ErrorBody {
            message: self.words().in_reader_language(),
            field,
        };
        let mut response = (self.status(), Json(body)).into_response();
        if let Some(seconds) = retry_after {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(seconds.max(1)));
        }
        response
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lost_database_connection_is_a_503_and_other_database_errors_a_500() {
        let lost = std::io::Error::from(std::io::ErrorKind::ConnectionReset);
        for unreachable in [
            sqlx::Error::Io(lost),
            sqlx::Error::PoolTimedOut,
            sqlx::Error::PoolClosed,
        ] {
            let error = ApiError::from(unreachable);
            assert_eq!(error.status(), StatusCode::SERVICE_UNAVAILABLE);
            assert_eq!(
                error.to_string(),
                "The service is briefly unavailable. Please try again."
            );
        }
        assert_eq!(
            ApiError::from(sqlx::Error::RowNotFound).status(),
            StatusCode::INTERNAL_SERVER_ERROR
        );
    }

    #[test]
    fn refusals_and_unavailability_say_when_to_retry() {
        let refused = ApiError::TooManyRequests {
            message: Words::text("limit-page-view"),
            retry_after_secs: 7,
        }
        .into_response();
        assert_eq!(refused.status(), StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(refused.headers()[header::RETRY_AFTER], "7");
        let busy = ApiError::from(sqlx::Error::PoolTimedOut).into_response();
        assert_eq!(busy.headers()[header::RETRY_AFTER], "5");
        assert!(
            ApiError::NotFound
                .into_response()
                .headers()
                .get(header::RETRY_AFTER)
                .is_none()
        );
    }
}
