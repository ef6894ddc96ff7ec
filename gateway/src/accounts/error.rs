//! The accounts domain's error, mapped to HTTP in one place.

use crate::platform::error::ApiError;

/// What can go wrong with accounts and the team.
#[derive(Debug, thiserror::Error)]
pub enum AccountsError {
    #[error("no such team member")]
    NoSuchMember,
    /// An account (not a pending invitation) already has the address.
    #[error("email address taken")]
    EmailTaken,
    #[error("the last active admin would lose their rights")]
    LastAdmin,
    #[error("an admin would demote or deactivate themselves")]
    DemotesSelf,
    #[error("database error: {0}")]
    Database(#[from] sqlx::Error),
}

impl From<AccountsError> for ApiError {
    fn from(error: AccountsError) -> Self {
        match error {
            AccountsError::NoSuchMember => ApiError::NoSuch("Team member not found".into()),
            AccountsError::EmailTaken => {
                ApiError::Conflict("An account already uses this email address".into())
            }
            AccountsError::LastAdmin => ApiError::Conflict(
                "This is the last active admin. Make someone else an admin first."
                    .to_owned()
                    .into(),
            ),
            AccountsError::DemotesSelf => ApiError::Conflict(
                "You cannot demote or deactivate yourself. Ask another admin."
                    .to_owned()
                    .into(),
            ),
            AccountsError::Database(cause) => ApiError::from(cause),
        }
    }
}
