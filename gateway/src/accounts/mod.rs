//! Accounts: registration, sign-in and sign-out, password resets and the
//! team of admins and support agents ([`http`], their rules in [`team`],
//! their queries in [`store`]), what signing in does to a session
//! ([`signing_in`]), requests to the `accounts` worker ([`worker`]), ending a
//! user's sessions and sockets on every gateway ([`revocation`]), and second
//! factors at sign-in ([`second_factor`]). The session store itself is `platform::sessions`.

pub mod error;
pub mod http;
pub mod revocation;
pub mod second_factor;
pub mod signing_in;
pub mod store;
pub mod team;
pub mod worker;

use utoipa_axum::router::OpenApiRouter;

use crate::state::AppState;

pub use error::AccountsError;

/// Accounts' `/api` routes, the second factors' included.
pub fn router() -> OpenApiRouter<AppState> {
    http::router()
}
