//! Events on the `INTAKE` stream.

use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use uuid::Uuid;

/// Published on `intake.registered` after a user is stored; the JetStream
/// message id is the user id, so a retried publish is deduplicated.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Registered {
    pub user_id: Uuid,
    pub email: String,
    pub name: String,
    pub phone: String,
    #[serde(with = "time::serde::rfc3339")]
    pub registered_at: OffsetDateTime,
}
