//! The support team's routes on `/admin/agents` (admins only): list the
//! admins and support agents, invite one by email, change a role or
//! deactivate.
//!
//! An invitation creates the account without a password and publishes an
//! `intake.password_reset` request with the `invite` purpose: the intake
//! worker emails a single-use set-password link valid 48 hours (the reset
//! token machinery). Inviting a pending address again sends a new link.
//!
//! Losing rights (a demotion or a deactivation) ends the member's stored
//! sessions and closes their sockets on every gateway; a deactivated account
//! cannot sign in again. The rules are `accounts::team`; each change is one
//! audited transaction in `store::users`.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use contract::agents::{TeamInvite, TeamMember, TeamMemberPatch};
use contract::password_reset::{LinkPurpose, PasswordResetRequested};
use time::OffsetDateTime;
use uuid::Uuid;

use crate::accounts::revocation;
use crate::accounts::store::{self, Invited};
use crate::platform::error::ApiError;
use crate::platform::error::ErrorBody;
use crate::platform::extract::{Admin, ApiPath};
use crate::platform::input::ValidatedJson;
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
    let (status, member) =
        match store::invite_member(&state.pool, admin.id, &body.email, &body.name, body.role)
            .await?
        {
            Invited::New(member) => (StatusCode::CREATED, member),
            Invited::Again(member) => (StatusCode::OK, member),
        };

    let id = Uuid::now_v7();
    let request = PasswordResetRequested {
        id,
        email: member.email.clone(),
        received_at: OffsetDateTime::now_utc(),
        purpose: LinkPurpose::Invite,
        // The team's tools are in English; so is the invitation.
        language: contract::language::Language::En,
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
    let change = store::change_member(&state.pool, admin.id, id, &body).await?;
    if change.after.capacity > change.before.capacity {
        crate::chat::assignment::assign_waiting_or_log(&state).await;
    }
    if let Some(ended) = change.ended {
        end_everywhere(&state, id, &ended).await;
        tracing::info!(agent.id = %id, sessions = ended.len(), "agent lost rights");
    }
    let member = change.member;
    Ok(Json(member))
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
