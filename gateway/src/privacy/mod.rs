//! Data subject requests (`docs/data-protection.md`): a person asks from
//! `/privacy` for a copy of their data, a correction or its erasure; an
//! emailed signed link confirms the address is theirs; staff (admins) see
//! the confirmed requests with their due dates ([`due`], [`summary`]) and
//! take each step ([`progress`]), every one audited. An access request's
//! archive ([`archive`]) is downloaded through a signed link valid 7 days;
//! an erasure asks every owner to erase its part ([`erasure`]). The routes
//! are [`http`] (the person's and the staff's), the fields' rules
//! [`input`], the errors [`error`].
//!
//! [`store`] is the one writer of `privacy_requests` and `privacy_exports`.

pub mod archive;
pub mod due;
pub mod erasure;
pub mod error;
pub mod http;
pub mod input;
pub mod progress;
pub mod request;
pub mod store;
pub mod summary;

use utoipa_axum::router::OpenApiRouter;

use crate::state::AppState;

pub use error::PrivacyError;
pub use http::requests::{ASKED, ASKED_EMAIL_OFF};
pub use store::overdue_count;

/// The privacy routes under `/api`.
pub fn router() -> OpenApiRouter<AppState> {
    http::router()
}
