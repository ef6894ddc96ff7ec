//! Saving the site setting `secondFactorRoles`: refused when it would stop
//! the saving admin ([`check_own_role`]); once saved, the sockets of every
//! member it leaves without a factor close ([`close_sockets_lacking_factor`]).

use contract::accounts::{Role, User};

use crate::accounts::store;
use crate::platform::error::ApiError;
use crate::state::AppState;

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
            message: "Set up your own second factor under Account security before requiring one of your role".to_owned().into(),
            field: "secondFactorRoles".to_owned(),
        });
    }
    Ok(())
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
