//! The chat's REST routes: the visitor's (start, read, post) and the agent
//! console's (inbox, assign, resolve, reopen, mark read).

mod agent;
mod visitor;

#[cfg(any(test, feature = "fuzzing"))]
pub(crate) use visitor::{MessageBody, StartBody};

use axum::Router;

use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
        .merge(visitor::router())
        .merge(agent::router())
}
