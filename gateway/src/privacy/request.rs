//! A data subject's request as `privacy_requests` holds it: what the store
//! reads, and what the due dates ([`super::summary`]) and the next step's
//! email ([`super::progress`]) are computed from.

use contract::language::Language;
use serde_json::Value;
use time::OffsetDateTime;
use uuid::Uuid;

/// A request as stored.
#[derive(Debug, Clone)]
pub struct StoredRequest {
    pub id: Uuid,
    pub email: String,
    pub kind: String,
    pub details: String,
    pub received_at: OffsetDateTime,
    pub confirmed_at: Option<OffsetDateTime>,
    pub acknowledged_at: Option<OffsetDateTime>,
    pub responded_at: Option<OffsetDateTime>,
    pub completed_at: Option<OffsetDateTime>,
    pub complex: bool,
    pub outcome: Option<Value>,
    /// The language every email about the request is written in.
    pub language: Language,
}
