//! Operating the platform: the admin overview, the database page with its
//! dead letters, the analytics report (and the page-view beacon that feeds
//! it), the health probes and the Prometheus scrape.

pub mod analytics;
pub mod database;
pub mod email_health;
pub mod error;
pub mod health;
pub mod metrics;
pub mod overview;
pub mod store;
pub mod streams;

use utoipa_axum::router::OpenApiRouter;

use crate::state::AppState;

pub use error::OpsError;

/// The operator's `/api` routes (the probes are [`health::router`]).
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(overview::router())
        .merge(database::router())
        .merge(analytics::router())
        .merge(email_health::router())
}
