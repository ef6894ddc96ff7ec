//! The operator's routes: the admin overview, the database page with its
//! dead letters, the audit screen, the analytics report and its page-view beacon, the state
//! of outgoing email; and, outside `/api`, the probes ([`health`]) and the
//! Prometheus scrape ([`metrics`], on its own listener).

mod analytics;
mod audit;
mod database;
mod email_health;
pub mod health;
pub mod metrics;
mod overview;

use utoipa_axum::router::OpenApiRouter;

use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(overview::router())
        .merge(database::router())
        .merge(analytics::router())
        .merge(audit::router())
        .merge(email_health::router())
}
