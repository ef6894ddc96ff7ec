//! The site domain's error, mapped to HTTP in one place.

use crate::platform::error::ApiError;

/// What can go wrong with the site settings.
#[derive(Debug, thiserror::Error)]
pub enum SiteError {
    #[error("database error: {0}")]
    Database(#[from] sqlx::Error),
}

impl From<SiteError> for ApiError {
    fn from(error: SiteError) -> Self {
        match error {
            SiteError::Database(cause) => ApiError::from(cause),
        }
    }
}
