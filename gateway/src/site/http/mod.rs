//! The site's routes: its settings ([`settings`]), the cookie choice
//! ([`consent`]), and the web app itself ([`web`], outside `/api`: every
//! page with its title and link-preview tags, and the sitemap).

mod consent;
mod settings;
pub mod web;

use utoipa_axum::router::OpenApiRouter;

use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(settings::router())
        .merge(consent::router())
}
