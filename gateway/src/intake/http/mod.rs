//! Intake's routes, one file per resource: contact and demo requests
//! ([`messages`]), newsletter subscriptions ([`subscriptions`]) and the
//! waitlist ([`waitlist`]), each with the admin's page of them.

mod messages;
mod subscriptions;
mod waitlist;

use utoipa_axum::router::OpenApiRouter;

use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(messages::router())
        .merge(subscriptions::router())
        .merge(waitlist::router())
}
