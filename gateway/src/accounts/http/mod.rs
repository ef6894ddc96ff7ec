//! Accounts' routes: registration, sign-in and sign-out ([`auth`]), the
//! user's language (`language`),
//! password resets (`password_reset`), the team (`team`), and second
//! factors: the account's (`second_factor`, `second_factor_passkeys`) and
//! the sign-in step after the password (`second_factor_login`).

pub mod auth;
mod language;
mod password_reset;
mod second_factor;
mod second_factor_login;
mod second_factor_passkeys;
mod team;

#[cfg(any(test, feature = "fuzzing"))]
pub(crate) use auth::{LoginBody, RegisterBody};

use utoipa_axum::router::OpenApiRouter;

use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(auth::router())
        .merge(language::router())
        .merge(password_reset::router())
        .merge(team::router())
        .merge(second_factor::router())
        .merge(second_factor_passkeys::router())
        .merge(second_factor_login::router())
}
