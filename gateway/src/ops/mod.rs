//! Operating the platform: the admin overview, the database page with its
//! dead letters, the audit screen, the analytics report (and the page-view beacon that feeds
//! it), the health probes and the Prometheus scrape ([`http`]); their
//! queries ([`store`]), the analytics rules ([`analytics`]), the audit
//! screen's filters, sentences and CSV rows ([`audit`]), the clock skew
//! ([`clock`]) and the JetStream streams ([`streams`]); how outgoing email
//! fares is read in `platform::email_health`.

pub mod analytics;
pub mod audit;
pub mod clock;
pub mod error;
pub mod http;
pub mod store;
pub mod streams;

use utoipa_axum::router::OpenApiRouter;

use crate::state::AppState;

pub use error::OpsError;
pub use http::{health, metrics};

/// The operator's `/api` routes (the probes are [`health::router`], the
/// scrape [`metrics::router`]).
pub fn router() -> OpenApiRouter<AppState> {
    http::router()
}
