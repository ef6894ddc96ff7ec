//! The intake domain's error, mapped to HTTP in one place.

use crate::platform::error::ApiError;

/// What can go wrong in intake.
#[derive(Debug, thiserror::Error)]
pub enum IntakeError {
    /// No contact request has that id.
    #[error("no such contact request")]
    NoSuchRequest,
    #[error("database error: {0}")]
    Database(#[from] sqlx::Error),
}

impl From<IntakeError> for ApiError {
    fn from(error: IntakeError) -> Self {
        match error {
            IntakeError::NoSuchRequest => ApiError::NoSuch("Contact request not found".into()),
            IntakeError::Database(cause) => ApiError::from(cause),
        }
    }
}
