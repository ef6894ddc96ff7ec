//! The team's rules (`/admin/agents`): what an invitation and a change
//! may hold, which standing a change gives, when it is refused (the last
//! active admin, or the acting admin themselves, cannot lose their rights)
//! and when it ends the member's sessions (a demotion or a deactivation).
//! The routes are `http/team.rs`; the unit of work `store::users`.

use contract::accounts::{Role, normalize_email};
use contract::agents::{TeamInvite, TeamMember, TeamMemberPatch};

use crate::accounts::error::AccountsError;
use crate::platform::input::{self, Input, InputError};

/// What a member may do: their role, whether the account is active, how
/// many chats they take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Standing {
    pub role: Role,
    pub active: bool,
    pub capacity: i32,
}

impl Input for TeamInvite {
    const LABELS: &'static [(&'static str, &'static str)] =
        &[("email", "Email"), ("name", "Name"), ("role", "Role")];

    fn check(self) -> Result<Self, InputError> {
        let email = normalize_email(&input::email("Email", self.email)?.value());
        let name = input::text("Name", self.name)?
            .required()?
            .max_chars(100)?
            .value();
        if !self.role.is_agent() {
            return Err(InputError::new("Role must be admin or support".to_owned()));
        }
        Ok(TeamInvite {
            email,
            name,
            role: self.role,
        })
    }
}

impl Input for TeamMemberPatch {
    const LABELS: &'static [(&'static str, &'static str)] = &[
        ("role", "Role"),
        ("active", "Active"),
        ("capacity", "Capacity"),
    ];

    fn check(self) -> Result<Self, InputError> {
        if self.role.is_none() && self.active.is_none() && self.capacity.is_none() {
            return Err(InputError::new(
                "Nothing to change: give a role, whether the account is active, or a capacity"
                    .to_owned(),
            ));
        }
        if self
            .capacity
            .is_some_and(|capacity| !(1..=100).contains(&capacity))
        {
            return Err(InputError::new(
                "Capacity must be a whole number of chats from 1 to 100".to_owned(),
            ));
        }
        Ok(self)
    }
}

/// The standing `patch` gives a member whose standing is `before`.
pub fn changed(before: Standing, patch: &TeamMemberPatch) -> Standing {
    Standing {
        role: patch.role.unwrap_or(before.role),
        active: patch.active.unwrap_or(before.active),
        capacity: patch.capacity.unwrap_or(before.capacity),
    }
}

/// Refuses a change that takes the rights of the last active admin (of
/// `active_admins`), or of the acting admin themselves (`own`).
pub fn check_change(
    before: Standing,
    after: Standing,
    active_admins: usize,
    own: bool,
) -> Result<(), AccountsError> {
    let was_admin = before.role == Role::Admin && before.active;
    let stays_admin = after.role == Role::Admin && after.active;
    if was_admin && !stays_admin {
        if active_admins <= 1 {
            return Err(AccountsError::LastAdmin);
        }
        if own {
            return Err(AccountsError::DemotesSelf);
        }
    }
    Ok(())
}

/// Whether the change from `before` to `after` takes rights away: a
/// deactivation or a lower role (the member's sessions then end).
pub fn loses_rights(before: Standing, after: Standing) -> bool {
    (before.active && !after.active) || rank(after.role) < rank(before.role)
}

/// Whether the account `existing`, found under an invited address, is an
/// invitation nobody has accepted yet (only such is sent again).
pub fn invitable_again(existing: &TeamMember) -> bool {
    existing.pending && existing.role.is_agent() && existing.active
}

/// Orders roles by what they may do.
fn rank(role: Role) -> u8 {
    match role {
        Role::User => 0,
        Role::Support => 1,
        Role::Admin => 2,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roles_rank_by_their_rights() {
        assert!(rank(Role::User) < rank(Role::Support));
        assert!(rank(Role::Support) < rank(Role::Admin));
    }

    #[test]
    fn an_invite_is_for_an_agent_role_only() {
        let invite = |role| TeamInvite {
            email: " Ann@Example.com ".to_owned(),
            name: " Ann ".to_owned(),
            role,
        };
        let checked = invite(Role::Support).check().expect("valid");
        assert_eq!(
            (checked.email.as_str(), checked.name.as_str()),
            ("ann@example.com", "Ann")
        );
        assert_eq!(
            invite(Role::User).check(),
            Err(InputError::new("Role must be admin or support".to_owned()))
        );
    }
}
