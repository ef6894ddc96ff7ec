//! Which roles must have a second factor (the site setting
//! `secondFactorRoles`), and what a member of such a role without one may
//! still do: only enrol ([`enforce`]). Saving the setting is
//! [`super::requirement_saved`].

use contract::accounts::{Role, User};
use contract::site_settings::SiteSettings;
use sqlx::PgPool;

use crate::accounts::store;
use crate::platform::error::ApiError;
use crate::platform::input::InputError;

/// What a member whose role requires a second factor, and who has none, is
/// told by every route but the enrolment ones.
pub const ENROL_FIRST: &str = "Your role requires a second factor. Set one up under Account security (/account/security) to continue.";

/// The paths such a member may still use: who they are, signing out, and
/// enrolling.
pub const OPEN_WITHOUT_FACTOR: &[&str] =
    &["/api/user", "/api/logout", "/api/account/second-factor"];

/// Whether the site settings require a second factor of `role`.
pub fn required_for(settings: &SiteSettings, role: Role) -> bool {
    role.is_agent() && settings.second_factor_roles.contains(&role)
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

/// Whether `path` is one of [`OPEN_WITHOUT_FACTOR`] (or under one).
pub fn open_without_factor(path: &str) -> bool {
    OPEN_WITHOUT_FACTOR
        .iter()
        .any(|open| path == *open || path.starts_with(&format!("{open}/")))
}

/// 403 ([`ENROL_FIRST`]) when `user`'s role requires a second factor they
/// do not have, unless `path` is one of the few open to them.
pub async fn enforce(
    pool: &PgPool,
    settings: &SiteSettings,
    user: &User,
    path: &str,
) -> Result<(), ApiError> {
    if !required_for(settings, user.role) || open_without_factor(path) {
        return Ok(());
    }
    if store::has_factor(pool, user.id).await? {
        Ok(())
    } else {
        Err(ApiError::Forbidden(ENROL_FIRST.into()))
    }
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
