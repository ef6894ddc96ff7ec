//! The content domain's error, mapped to HTTP in one place.

use crate::platform::error::ApiError;

/// The 404 text for a post (also in the cached answers of the read API).
pub const POST_NOT_FOUND: &str = "Blog post not found";
/// The 404 text for an event.
pub const EVENT_NOT_FOUND: &str = "Event not found";

/// What can go wrong with posts, events and uploads.
#[derive(Debug, thiserror::Error)]
pub enum ContentError {
    #[error("no such blog post")]
    NoSuchPost,
    #[error("no such event")]
    NoSuchEvent,
    #[error("database error: {0}")]
    Database(#[from] sqlx::Error),
}

impl From<ContentError> for ApiError {
    fn from(error: ContentError) -> Self {
        match error {
            ContentError::NoSuchPost => ApiError::NoSuch(POST_NOT_FOUND.into()),
            ContentError::NoSuchEvent => ApiError::NoSuch(EVENT_NOT_FOUND.into()),
            ContentError::Database(cause) => ApiError::from(cause),
        }
    }
}
