//! Content's routes, one file per resource: the public posts ([`blog`]) and
//! events ([`events`]), the admin's writes of each ([`admin_blog`],
//! [`admin_events`]), and images ([`uploads`], with the objects they serve
//! outside `/api`).

mod admin_blog;
mod admin_events;
mod answers;
mod blog;
mod events;
pub mod uploads;

use utoipa_axum::router::OpenApiRouter;

use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(blog::router())
        .merge(events::router())
        .merge(admin_blog::router())
        .merge(admin_events::router())
        .merge(uploads::router())
}
