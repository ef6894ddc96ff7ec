//! What the public sends in and admins read: contact and demo requests
//! (rules in [`contact`]), newsletter subscriptions and the waitlist (rules
//! in [`waitlist`]); the routes are [`http`]. Each public call is queued on
//! the `INTAKE` stream for the `requests` worker, which stores what it
//! consumes by asking this domain ([`owner`]): [`store`] is the only writer
//! of `contact_requests` and `subscriptions`. The admin pages read them.

pub mod contact;
pub mod error;
pub mod http;
pub mod owner;
pub mod store;
pub mod waitlist;

use utoipa_axum::router::OpenApiRouter;

use crate::state::AppState;

pub use error::IntakeError;

/// Intake's `/api` routes.
pub fn router() -> OpenApiRouter<AppState> {
    http::router()
}
