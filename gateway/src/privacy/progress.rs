//! The steps staff take that only mark a request, and the email each owes
//! the person.

use contract::privacy::{PrivacyEmail, PrivacyRequestKind};

use crate::privacy::due;
use crate::privacy::request::StoredRequest;

/// A step staff take that only marks the request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    Acknowledge,
    Respond,
    Complex(bool),
}

/// The email `step` owes the person of request `before` (as it stood
/// before the step): the acknowledgement and the initial response are
/// emailed when first taken, with the due date for fulfilment; nothing
/// once the request is fulfilled.
pub fn progress_email(before: &StoredRequest, step: Step) -> Option<PrivacyEmail> {
    if before.completed_at.is_some() || before.email.is_empty() {
        return None;
    }
    let kind = PrivacyRequestKind::from_code(&before.kind)?;
    let fulfil_by = due::due_dates(before.received_at, before.complex).fulfil_by;
    let (request_id, email, received_at) = (before.id, before.email.clone(), before.received_at);
    let language = before.language;
    match step {
        Step::Acknowledge if before.acknowledged_at.is_none() => Some(PrivacyEmail::Acknowledged {
            request_id,
            email,
            language,
            kind,
            received_at,
            fulfil_by,
        }),
        Step::Respond if before.responded_at.is_none() => Some(PrivacyEmail::Responded {
            request_id,
            email,
            language,
            kind,
            received_at,
            fulfil_by,
        }),
        _ => None,
    }
}
