//! The site itself: its settings (phone numbers, mailboxes, hours, links;
//! edited by admins, cached on every gateway: [`settings`], their rules
//! [`rules`]), the web app served with each page's title and link-preview
//! tags ([`http::web`], [`pages`]), and the cookie choices on record
//! ([`consent`]). Routes in [`http`], queries in [`store`].

pub mod consent;
pub mod error;
pub mod first_image;
pub mod http;
pub mod pages;
mod rules;
pub mod settings;
pub mod store;

pub use error::SiteError;
pub use http::web::route_table::RouteTable;
pub use settings::SiteSettingsCache;

use utoipa_axum::router::OpenApiRouter;

use crate::state::AppState;

/// The site's `/api` routes (the web app's are [`http::web::router`]).
pub fn router() -> OpenApiRouter<AppState> {
    http::router()
}
