//! A request as staff see it: its due dates ([`super::due`]), the next
//! step and whether it is overdue, computed from the stored request at an
//! instant.

use contract::privacy::{PrivacyRequestKind, PrivacyRequestSummary};
use time::OffsetDateTime;

use crate::privacy::due;
use crate::privacy::request::StoredRequest;

/// Request `request` as it stands at `now`.
pub fn summary(request: StoredRequest, now: OffsetDateTime) -> PrivacyRequestSummary {
    let dates = due::due_dates(request.received_at, request.complex);
    let (next_step, overdue) = due::standing(
        dates,
        request.acknowledged_at.is_some(),
        request.responded_at.is_some(),
        request.completed_at.is_some(),
        now,
    );
    PrivacyRequestSummary {
        id: request.id,
        email: request.email,
        kind: PrivacyRequestKind::from_code(&request.kind).unwrap_or(PrivacyRequestKind::Access),
        details: request.details,
        received_at: request.received_at,
        confirmed_at: request.confirmed_at,
        acknowledged_at: request.acknowledged_at,
        responded_at: request.responded_at,
        completed_at: request.completed_at,
        complex: request.complex,
        acknowledge_by: dates.acknowledge_by,
        respond_by: dates.respond_by,
        fulfil_by: dates.fulfil_by,
        next_step,
        overdue,
        outcome: request.outcome,
    }
}
