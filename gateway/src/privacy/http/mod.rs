//! The routes of data subject requests: the person's ([`requests`]: ask,
//! confirm, download) and the staff's ([`admin_requests`]: list and each
//! step).

mod admin_requests;
pub mod requests;

use utoipa_axum::router::OpenApiRouter;

use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(requests::router())
        .merge(admin_requests::router())
}
