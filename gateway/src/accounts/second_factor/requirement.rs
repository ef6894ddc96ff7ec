//! Which roles must have a second factor (the site setting
//! `secondFactorRoles`), and what a member of such a role without one may
//! still do: only enrol ([`enforce`]); saving the setting closes their
//! sockets ([`close_sockets_lacking_factor`]).

use contract::accounts::{Role, User};

use crate::accounts::store;
use crate::platform::error::ApiError;
use crate::platform::input::InputError;
use crate::state::AppState;

/// What a member whose role requires a second factor, and who has none, is
/// told by every route but the enrolment ones.
pub const ENROL_FIRST: &str = "Your role requires a second factor. Set one up under Account security (/account/security) to continue.";

/// The paths such a member may still use: who they are, signing out, and
/// enrolling.
pub const OPEN_WITHOUT_FACTOR: &[&str] =
    &["/api/user", "/api/logout", "/api/account/second-factor"];

/// Whether the site settings require a second factor of `role`.
pub fn required_for(state: &AppState, role: Role) -> bool {
    role.is_agent()
        && state
            .site_settings
            .current()
            .settings
            .second_factor_roles
            .contains(&role)
}

/// The site setting `secondFactorRoles` as saved: staff roles only, each
/// once, admin first.
pub fn roles_setting(roles: Vec<Role>) -> Result<Vec<Role>, InputError> {
    if roles.contains(&Role::User) {
        return Err(InputError::new(
            "A second factor can be required of admins and support agents only",
        ));
    }
    Ok([Role::Admin, Role::Support]
        .into_iter()
        .filter(|role| roles.contains(role))
        .collect())
}

/// Refuses a setting that requires a second factor of the saving admin's
/// own role while they have none: they would be stopped at their next
/// request, and so would every admin like them.
pub async fn check_own_role(
    state: &AppState,
    admin: &User,
    roles: &[Role],
) -> Result<(), ApiError> {
    if roles.contains(&admin.role) && !store::has_factor(&state.pool, admin.id).await? {
        return Err(ApiError::InvalidField {
            message: "Set up your own second factor under Account security before requiring one of your role".to_owned(),
            field: "secondFactorRoles".to_owned(),
        });
    }
    Ok(())
}

/// Whether `path` is one of [`OPEN_WITHOUT_FACTOR`] (or under one).
pub fn open_without_factor(path: &str) -> bool {
    OPEN_WITHOUT_FACTOR
        .iter()
        .any(|open| path == *open || path.starts_with(&format!("{open}/")))
}

/// 403 ([`ENROL_FIRST`]) when `user`'s role requires a second factor they
/// do not have, unless `path` is one of the few open to them.
pub async fn enforce(state: &AppState, user: &User, path: &str) -> Result<(), ApiError> {
    if !required_for(state, user.role) || open_without_factor(path) {
        return Ok(());
    }
    if store::has_factor(&state.pool, user.id).await? {
        Ok(())
    } else {
        Err(ApiError::Forbidden(ENROL_FIRST))
    }
}

/// After `secondFactorRoles` is saved: closes the sockets, on every gateway,
/// of each member of `roles` who has no second factor. Their REST sessions
/// stay and answer 403 but for enrolment ([`enforce`]); a socket checks
/// nothing once open, so it is closed instead.
pub async fn close_sockets_lacking_factor(
    state: &AppState,
    roles: &[Role],
) -> Result<(), ApiError> {
    if roles.is_empty() {
        return Ok(());
    }
    let roles: Vec<&str> = roles.iter().map(|role| role.as_str()).collect();
    let members = store::members_with_roles(&state.pool, &roles).await?;
    for member in members {
        if !store::has_factor(&state.pool, member).await? {
            crate::accounts::revocation::revoke(state, member).await;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_staff_roles_are_saved_admin_first_each_once() {
        assert_eq!(
            roles_setting(vec![Role::Support, Role::Admin, Role::Support]),
            Ok(vec![Role::Admin, Role::Support])
        );
        assert!(roles_setting(vec![Role::User]).is_err());
    }

    #[test]
    fn a_member_without_a_factor_may_only_enrol_see_themselves_and_sign_out() {
        assert!(open_without_factor("/api/user"));
        assert!(open_without_factor("/api/account/second-factor/totp"));
        assert!(!open_without_factor("/api/users"));
        assert!(!open_without_factor("/api/admin/agents"));
    }
}
