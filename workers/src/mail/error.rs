//! Why an email was not sent, and what that means for the message that
//! asked for it (rejected for bad data, retried for a passing failure).

use crate::consumer::Outcome;

/// Why an email was not sent.
#[derive(Debug, thiserror::Error)]
pub enum MailError {
    /// An address in the email is not a mailbox (bad data: never retried).
    #[error("{what} is not a valid email address: {address:?}")]
    Address { what: &'static str, address: String },
    /// The message could not be built (bad data: never retried).
    #[error("failed to build the email: {0}")]
    Build(#[from] lettre::error::Error),
    /// The SMTP server refused it for good (5xx): retrying cannot help.
    #[error("the SMTP server refused the email: {0}")]
    Refused(lettre::transport::smtp::Error),
    /// The SMTP server is away, slow or refused it for now: retried.
    #[error("SMTP send failed: {0}")]
    Smtp(lettre::transport::smtp::Error),
    /// Another delivery is sending this email right now: try again later.
    #[error("another delivery is sending this email")]
    Busy,
    #[error("database error: {0}")]
    Database(#[from] sqlx::Error),
}

impl MailError {
    /// How a consumer should treat the message whose email failed.
    pub fn outcome(self) -> Outcome {
        match self {
            MailError::Address { .. } | MailError::Build(_) | MailError::Refused(_) => {
                Outcome::Reject(self.into())
            }
            MailError::Smtp(_) | MailError::Busy => Outcome::Retry(self.into()),
            MailError::Database(error) => Outcome::from_sqlx(error),
        }
    }
}

impl From<lettre::transport::smtp::Error> for MailError {
    fn from(error: lettre::transport::smtp::Error) -> Self {
        if error.is_permanent() {
            MailError::Refused(error)
        } else {
            MailError::Smtp(error)
        }
    }
}
