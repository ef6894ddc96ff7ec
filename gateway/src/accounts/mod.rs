//! Accounts: registration, sign-in and sign-out ([`auth`]), password resets
//! ([`password_reset`]), the team of admins and support agents ([`team`]),
//! and ending a user's sessions and sockets on every gateway
//! ([`revocation`]), and second factors at sign-in ([`second_factor`]). The session store itself is `platform::sessions`.

pub mod auth;
pub mod error;
pub mod password_reset;
pub mod revocation;
pub mod second_factor;
pub mod store;
pub mod team;

use utoipa_axum::router::OpenApiRouter;

use crate::state::AppState;

pub use error::AccountsError;

/// Accounts' `/api` routes.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(auth::router())
        .merge(password_reset::router())
        .merge(team::router())
        .merge(second_factor::router())
}
