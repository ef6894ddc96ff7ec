//! Blog posts, events and uploaded images: the routes ([`http`]), the rules
//! of the public lists ([`listing`]) and of the admin's writes ([`rules`]),
//! the public answers' cache ([`cache`]), Markdown rendered and sanitised
//! ([`markdown`]), what an upload must be ([`uploads`]), blog views
//! ([`views`]), and every query behind them ([`store`]).

pub mod cache;
pub mod error;
pub mod http;
pub mod listing;
pub mod markdown;
pub mod rules;
pub mod store;
pub mod uploads;
pub mod views;

use utoipa_axum::router::OpenApiRouter;

use crate::state::AppState;

pub use error::ContentError;

/// Content's `/api` routes (the uploaded objects are
/// [`http::uploads::objects_router`]).
pub fn router() -> OpenApiRouter<AppState> {
    http::router()
}
