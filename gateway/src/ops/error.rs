//! The operator domain's error, mapped to HTTP in one place.

use crate::platform::error::ApiError;

/// What can go wrong on the operator's pages.
#[derive(Debug, thiserror::Error)]
pub enum OpsError {
    /// The dead letter was replayed or discarded already, or never was.
    #[error("no such dead letter is waiting")]
    NoSuchDeadLetter,
    #[error("database error: {0}")]
    Database(#[from] sqlx::Error),
    #[error(transparent)]
    Other(#[from] anyhow::Error),
}

impl From<OpsError> for ApiError {
    fn from(error: OpsError) -> Self {
        match error {
            OpsError::NoSuchDeadLetter => ApiError::NoSuch(NOT_WAITING.into()),
            OpsError::Database(cause) => ApiError::from(cause),
            OpsError::Other(cause) => ApiError::Internal(cause),
        }
    }
}

const NOT_WAITING: &str = "No such dead letter is waiting: it may have been replayed or discarded";
