//! The support team on `/admin/agents` (admins only): list the admins and
//! support agents, invite one by email, change a role or deactivate.
//!
//! An invitation creates the account without a password and publishes an
//! `intake.password_reset` request with the `invite` purpose: the intake
//! worker emails a single-use set-password link valid 48 hours (the reset
//! token machinery). Inviting a pending address again sends a new link.
//!
//! Losing rights (a demotion or a deactivation) ends the member's stored
//! sessions and closes their sockets on every gateway; a deactivated account
//! cannot sign in again. The last active admin, and the acting admin
//! themselves, cannot be demoted or deactivated. Every change is audited.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use contract::accounts::{Role, normalize_email};
use contract::agents::{TeamInvite, TeamMember, TeamMemberPatch};
use contract::password_reset::{LinkPurpose, PasswordResetRequested};
use serde_json::json;
use time::OffsetDateTime;
use uuid::Uuid;

use super::error::AccountsError;
use super::store;
use crate::accounts::revocation;
use crate::platform::error::ApiError;
use crate::platform::error::ErrorBody;
use crate::platform::extract::{Admin, ApiPath};
use crate::platform::input::{self, Input, InputError, ValidatedJson};
use crate::state::AppState;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list, invite))
        .routes(routes!(update))
}

const NOT_SENT: &str = "The invitation could not be sent right now. \
                        Invite the same address again to send it.";

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

/// The admins and support agents.
#[utoipa::path(get, path = "/admin/agents", tag = "admin",
    security(("session" = [])),
    responses(
        (status = 200, description = "The team", body = Vec<TeamMember>),
        (status = 403, description = "Only admins can do this", body = ErrorBody),
    ))]
async fn list(
    State(state): State<AppState>,
    Admin(_): Admin,
) -> Result<Json<Vec<TeamMember>>, ApiError> {
    let members = store::team(&state.pool).await?;
    Ok(Json(members))
}

/// Invites an admin or support agent by email (again for a pending invitation).
#[utoipa::path(post, path = "/admin/agents", tag = "admin",
    request_body = TeamInvite,
    security(("session" = [], "csrf" = [])),
    responses(
        (status = 201, description = "Invited", body = TeamMember),
        (status = 200, description = "Invited again (the invitation was still pending)", body = TeamMember),
        (status = 403, description = "Only admins can do this", body = ErrorBody),
        (status = 409, description = "An account already uses this email address", body = ErrorBody),
        (status = 503, description = "The invitation could not be sent", body = ErrorBody),
    ))]
async fn invite(
    State(state): State<AppState>,
    Admin(admin): Admin,
    ValidatedJson(body): ValidatedJson<TeamInvite>,
) -> Result<(StatusCode, Json<TeamMember>), ApiError> {
    let mut tx = state.pool.begin().await?;
    let created = store::invite(&mut tx, &body.email, &body.name, body.role).await?;
    let (status, member, action) = match created {
        Some(member) => (StatusCode::CREATED, member, "invite"),
        None => {
            let existing = store::member_by_email_for_update(&mut tx, &body.email).await?;
            // Only an invitation nobody has accepted yet is sent again.
            if !(existing.pending && existing.role.is_agent() && existing.active) {
                return Err(AccountsError::EmailTaken.into());
            }
            let member = store::invite_again(&mut tx, existing.id).await?;
            (StatusCode::OK, member, "reinvite")
        }
    };
    crate::platform::audit::record(
        &mut tx,
        admin.id,
        action,
        "agent",
        member.id,
        json!({ "email": member.email, "role": member.role }),
    )
    .await?;
    tx.commit().await?;

    let id = Uuid::now_v7();
    let request = PasswordResetRequested {
        id,
        email: member.email.clone(),
        received_at: OffsetDateTime::now_utc(),
        purpose: LinkPurpose::Invite,
    };
    crate::platform::bus::enqueue(
        &state,
        state.namespace.intake_password_reset(),
        id,
        &request,
        NOT_SENT,
    )
    .await?;
    tracing::info!(agent.id = %member.id, "agent invited");
    Ok((status, Json(member)))
}

/// Changes a member's role, whether the account is active, or their chat capacity.
#[utoipa::path(patch, path = "/admin/agents/{id}", tag = "admin",
    params(("id" = Uuid, Path, description = "The member's user id")),
    request_body = TeamMemberPatch,
    security(("session" = [], "csrf" = [])),
    responses(
        (status = 200, description = "The member as changed", body = TeamMember),
        (status = 403, description = "Only admins can do this", body = ErrorBody),
        (status = 404, description = "Team member not found", body = ErrorBody),
        (status = 409, description = "The last active admin, or the acting admin, cannot lose their rights", body = ErrorBody),
    ))]
async fn update(
    State(state): State<AppState>,
    Admin(admin): Admin,
    ApiPath(id): ApiPath<Uuid>,
    ValidatedJson(body): ValidatedJson<TeamMemberPatch>,
) -> Result<Json<TeamMember>, ApiError> {
    let mut tx = state.pool.begin().await?;
    // Every active admin row is locked first, so two admins demoting each
    // other at once cannot both pass the last-admin check.
    let admins = store::active_admins_for_update(&mut tx).await?;
    let before = store::standing_for_update(&mut tx, id)
        .await?
        .ok_or(AccountsError::NoSuchMember)?;
    let after = store::Standing {
        role: body.role.unwrap_or(before.role),
        active: body.active.unwrap_or(before.active),
        capacity: body.capacity.unwrap_or(before.capacity),
    };
    let was_admin = before.role == Role::Admin && before.active;
    let stays_admin = after.role == Role::Admin && after.active;
    if was_admin && !stays_admin {
        if admins.len() <= 1 {
            return Err(AccountsError::LastAdmin.into());
        }
        if id == admin.id {
            return Err(AccountsError::DemotesSelf.into());
        }
    }
    let member = store::update_member(&mut tx, id, &after).await?;
    crate::platform::audit::record(
        &mut tx,
        admin.id,
        "update",
        "agent",
        id,
        json!({
            "before": { "role": before.role, "active": before.active, "capacity": before.capacity },
            "after": { "role": after.role, "active": after.active, "capacity": after.capacity },
        }),
    )
    .await?;
    let loses_rights = (before.active && !after.active) || rank(after.role) < rank(before.role);
    let ended = if loses_rights {
        crate::platform::sessions::delete_of_user(&mut tx, id).await?
    } else {
        Vec::new()
    };
    tx.commit().await?;
    if after.capacity > before.capacity {
        crate::chat::assignment::assign_waiting_or_log(&state).await;
    }
    if loses_rights {
        end_everywhere(&state, id, &ended).await;
        tracing::info!(agent.id = %id, sessions = ended.len(), "agent lost rights");
    }
    Ok(Json(member))
}

/// Orders roles by what they may do.
fn rank(role: Role) -> u8 {
    match role {
        Role::User => 0,
        Role::Support => 1,
        Role::Admin => 2,
    }
}

/// Drops the ended sessions from every gateway's cache and closes the
/// user's sockets everywhere.
async fn end_everywhere(state: &AppState, user_id: Uuid, sessions: &[String]) {
    crate::platform::sessions::announce_ended(
        &state.nats,
        &state.namespace.sessions_changed(),
        sessions,
    )
    .await;
    revocation::revoke(state, user_id).await;
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
