//! Blog posts, events and uploaded images: the public read API with its
//! cache ([`read`], [`cache`]), the admin's writes and their rules
//! ([`mod@write`], [`rules`]), Markdown rendered and sanitised ([`markdown`]), uploads and the objects they serve ([`uploads`]),
//! blog views ([`views`]), and every query behind them ([`store`]).

pub mod cache;
pub mod error;
pub mod markdown;
pub mod read;
pub mod rules;
pub mod store;
pub mod uploads;
pub mod views;
pub mod write;

use utoipa_axum::router::OpenApiRouter;

use crate::state::AppState;

pub use error::ContentError;

/// Content's `/api` routes (the uploaded objects are
/// [`uploads::objects_router`]).
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(read::router())
        .merge(write::router())
        .merge(uploads::router())
}
