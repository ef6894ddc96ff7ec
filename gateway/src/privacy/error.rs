//! The privacy domain's error, mapped to HTTP in one place.

use crate::platform::error::ApiError;

/// What can go wrong with a data subject request.
#[derive(Debug, thiserror::Error)]
pub enum PrivacyError {
    /// No confirmed request has this id.
    #[error("no such privacy request")]
    NoSuchRequest,
    /// The confirmation link's token does not verify, or has expired.
    #[error("the confirmation link is not valid or has expired")]
    InvalidConfirmation,
    /// The download link's token does not verify, or its archive expired.
    #[error("the download link is not valid or has expired")]
    ExportGone,
    /// A correction names no field to change.
    #[error("a correction names nothing to change")]
    NothingToCorrect,
    /// An erasure of a team member's address (the team page removes them).
    #[error("the address belongs to a team member")]
    TeamMember,
    #[error("database error: {0}")]
    Database(#[from] sqlx::Error),
}

impl From<PrivacyError> for ApiError {
    fn from(error: PrivacyError) -> Self {
        match error {
            PrivacyError::NoSuchRequest => ApiError::NoSuch("Privacy request not found".into()),
            PrivacyError::InvalidConfirmation => ApiError::BadRequest(
                "This confirmation link is not valid or has expired."
                    .to_owned()
                    .into(),
            ),
            PrivacyError::ExportGone => {
                ApiError::NoSuch("This download link is not valid or has expired".into())
            }
            PrivacyError::NothingToCorrect => {
                ApiError::BadRequest("Give the name, email or phone to correct".into())
            }
            PrivacyError::TeamMember => ApiError::Conflict(
                "This address belongs to a member of the team. Remove them from the team first."
                    .to_owned()
                    .into(),
            ),
            PrivacyError::Database(cause) => ApiError::from(cause),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_error_answers_as_before() {
        assert!(matches!(
            ApiError::from(PrivacyError::NoSuchRequest),
            ApiError::NoSuch(message) if message == "Privacy request not found"
        ));
        assert!(matches!(
            ApiError::from(PrivacyError::ExportGone),
            ApiError::NoSuch(message) if message == "This download link is not valid or has expired"
        ));
        assert!(matches!(
            ApiError::from(PrivacyError::InvalidConfirmation),
            ApiError::BadRequest(message) if message.to_string().starts_with("This confirmation link")
        ));
        assert!(matches!(
            ApiError::from(PrivacyError::TeamMember),
            ApiError::Conflict(_)
        ));
    }
}
