//! A dead letter as the admin's database page shows it, and why it was
//! given up on; the table and its queries are `runtime::dead_letters`.

use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use ts_rs::TS;
use uuid::Uuid;

/// Why a message was given up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// It can never succeed (bad data): terminated on its first failure.
    Data,
    /// A transient failure outlasted the role's retries.
    Exhausted,
}

impl Reason {
    pub fn as_str(self) -> &'static str {
        match self {
            Reason::Data => "data",
            Reason::Exhausted => "exhausted",
        }
    }
}

/// A dead letter still waiting for an operator, as the admin page lists it
/// (the payload stays in the database).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct DeadLetter {
    #[ts(type = "string")]
    pub id: Uuid,
    /// The worker role that gave up, e.g. `chat`.
    pub role: String,
    pub subject: String,
    /// `data` (can never succeed) or `exhausted` (retries ran out).
    pub reason: String,
    pub error: String,
    pub deliveries: i32,
    #[serde(with = "time::serde::rfc3339")]
    #[ts(type = "string")]
    pub created_at: OffsetDateTime,
}
