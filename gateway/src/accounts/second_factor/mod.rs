//! A second factor at sign-in: TOTP ([`totp`]) and passkeys ([`passkey`]),
//! with one-time recovery codes. A password that is right for an account
//! with a factor leaves the session half-signed-in (`http/second_factor_login.rs`) until a code
//! or a passkey is given; the site settings may
//! require a factor of the admin and support roles, and a member of such a
//! role without one may only enrol ([`requirement`]). Enrolling or removing a
//! factor ends the account's other sessions and sockets.
//!
//! The routes are `accounts/http/second_factor*.rs`, the queries
//! `accounts/store/` (`user_totp`, `user_recovery_codes`, `user_passkeys`).

pub mod changes;
pub mod claim;
pub mod codes;
pub mod passkey;
pub mod requirement;
pub mod requirement_saved;
pub mod totp;

pub use claim::Proof;
pub use codes::WRONG_CODE;
pub use requirement::{ENROL_FIRST, enforce, required_for, roles_setting};
pub use requirement_saved::{check_own_role, close_sockets_lacking_factor};
