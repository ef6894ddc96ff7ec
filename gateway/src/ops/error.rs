//! The operator domain's error, mapped to HTTP in one place.

use crate::platform::error::ApiError;

/// What can go wrong on the operator's pages.
#[derive(Debug, thiserror::Error)]
pub enum OpsError {
    /// The dead letter was replayed or discarded already, or never was.
    #[error("no such dead letter is waiting")]
    NoSuchDeadLetter,
    /// A filter, cursor or page size of the audit screen is not valid: the
    /// words say which and why.
    #[error("{0}")]
    BadAuditQuery(String),
    /// The audit export would hold more rows than one export may.
    #[error("the audit export is too large")]
    AuditExportTooLarge,
    #[error("database error: {0}")]
    Database(#[from] sqlx::Error),
    #[error(transparent)]
    Other(#[from] anyhow::Error),
}

impl From<OpsError> for ApiError {
    fn from(error: OpsError) -> Self {
        match error {
            OpsError::NoSuchDeadLetter => ApiError::NoSuch(NOT_WAITING.into()),
            OpsError::BadAuditQuery(message) => ApiError::BadRequest(message.into()),
            OpsError::AuditExportTooLarge => ApiError::BadRequest(TOO_LARGE.into()),
            OpsError::Database(cause) => ApiError::from(cause),
            OpsError::Other(cause) => ApiError::Internal(cause),
        }
    }
}

const NOT_WAITING: &str = "No such dead letter is waiting: it may have been replayed or discarded";

const TOO_LARGE: &str = "The export would hold more than 100,000 rows: narrow the dates or the filters, and export each part";
