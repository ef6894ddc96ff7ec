//! The one error type of the HTTP API; every failure leaves as
//! `{ "message": ... }` with the right status, internals only in the logs.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;

/// The body of every error answer: what went wrong, in words for the user.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ErrorBody {
    pub message: String,
    /// The request field the message is about (its JSON path, e.g.
    /// `office.city`), when the refusal is about one field.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("{0}")]
    BadRequest(String),
    /// A 400 about one field of the request body.
    #[error("{message}")]
    InvalidField { message: String, field: String },
    #[error("{0}")]
    Unauthorized(&'static str),
    #[error("{0}")]
    Forbidden(&'static str),
    #[error("Not found")]
    NotFound,
    /// A 404 that names what is missing ("Blog post not found").
    #[error("{0}")]
    NoSuch(&'static str),
    #[error("This method is not allowed here")]
    MethodNotAllowed,
    #[error("The request body did not arrive in time")]
    RequestTimeout,
    #[error("Request body is too large")]
    PayloadTooLarge,
    /// The request clashes with the current state (a taken shortcut, the
    /// last admin); the text says how.
    #[error("{0}")]
    Conflict(String),
    #[error("{0}")]
    UnsupportedMediaType(&'static str),
    #[error("{0}")]
    TooManyRequests(&'static str),
    #[error("{0}")]
    Unavailable(&'static str),
    #[error("Something went wrong on our side. Please try again.")]
    Internal(#[from] anyhow::Error),
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
            ApiError::TooManyRequests(_) => StatusCode::TOO_MANY_REQUESTS,
            ApiError::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

impl From<sqlx::Error> for ApiError {
    fn from(error: sqlx::Error) -> Self {
        if database_unreachable(&error) {
            tracing::warn!(%error, "the database is unreachable");
            return ApiError::Unavailable("The service is briefly unavailable. Please try again.");
        }
        ApiError::Internal(anyhow::Error::new(error))
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
        ApiError::Internal(anyhow::Error::new(error).context("session store failed"))
    }
}

impl From<axum::extract::rejection::QueryRejection> for ApiError {
    fn from(rejection: axum::extract::rejection::QueryRejection) -> Self {
        ApiError::BadRequest(rejection.body_text())
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
        let body = ErrorBody {
            message: self.to_string(),
            field,
        };
        (self.status(), Json(body)).into_response()
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
}
