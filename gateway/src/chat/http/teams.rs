//! Teams and routing rules: every agent lists the teams (`GET
//! /api/agent/teams`, for the inbox's filter and transfers); admins create,
//! rename and delete teams, set their members and fallback, and write the
//! routing rules in order (`/api/admin/teams`, `/api/admin/routing-rules`).
//! Each change is audited (`store::teams`); the inputs' rules and the
//! routing itself are `chat::teams`.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use contract::chat::{
    RoutingOrderBody, RoutingRule, RoutingRuleBody, Team, TeamBody, TeamMembersBody,
};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::chat::error::ChatError;
use crate::chat::{assignment, store};
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::{Admin, Agent, ApiPath};
use crate::platform::input::ValidatedJson;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(create))
        .routes(routes!(update, delete))
        .routes(routes!(set_members))
        .routes(routes!(rules, create_rule))
        .routes(routes!(update_rule, delete_rule))
        .routes(routes!(reorder_rules))
}

/// Team `id` as listed, or 404.
async fn one(state: &AppState, id: Uuid) -> Result<Team, ApiError> {
    store::teams(&state.pool, assignment::FRESH)
        .await?
        .into_iter()
        .find(|team| team.id == id)
        .ok_or_else(|| ChatError::NoSuchTeam.into())
}

/// Rule `id` as listed, or 404.
async fn one_rule(state: &AppState, id: Uuid) -> Result<RoutingRule, ApiError> {
    store::routing_rules(&state.pool)
        .await?
        .into_iter()
        .find(|rule| rule.id == id)
        .ok_or_else(|| ChatError::NoSuchRule.into())
}

/// Every team, by name, with its members and queue.
#[utoipa::path(get, path = "/agent/teams", tag = "agent",
    security(("session" = [])),
    responses(
        (status = 200, description = "The teams", body = Vec<Team>),
        (status = 403, description = "Only support agents can do this", body = ErrorBody),
    ))]
async fn list(State(state): State<AppState>, Agent(_): Agent) -> Result<Json<Vec<Team>>, ApiError> {
    Ok(Json(store::teams(&state.pool, assignment::FRESH).await?))
}

/// Creates a team (without members).
#[utoipa::path(post, path = "/admin/teams", tag = "admin",
    request_body = TeamBody,
    security(("session" = [], "csrf" = [])),
    responses(
        (status = 201, description = "The team", body = Team),
        (status = 400, description = "No name, or a name or description too long", body = ErrorBody),
        (status = 403, description = "Only admins can do this", body = ErrorBody),
        (status = 409, description = "Another team already has this name", body = ErrorBody),
    ))]
async fn create(
    State(state): State<AppState>,
    Admin(admin): Admin,
    ValidatedJson(body): ValidatedJson<TeamBody>,
) -> Result<(StatusCode, Json<Team>), ApiError> {
    let id = store::create_team(&state.pool, admin.id, &body).await?;
    Ok((StatusCode::CREATED, Json(one(&state, id).await?)))
}

/// Renames a team, changes its description or its fallback to everyone.
#[utoipa::path(put, path = "/admin/teams/{id}", tag = "admin",
    params(("id" = Uuid, Path, description = "The team id")),
    request_body = TeamBody,
    security(("session" = [], "csrf" = [])),
    responses(
        (status = 200, description = "The team", body = Team),
        (status = 400, description = "No name, or a name or description too long", body = ErrorBody),
        (status = 403, description = "Only admins can do this", body = ErrorBody),
        (status = 404, description = "Team not found", body = ErrorBody),
        (status = 409, description = "Another team already has this name", body = ErrorBody),
    ))]
async fn update(
    State(state): State<AppState>,
    Admin(admin): Admin,
    ApiPath(id): ApiPath<Uuid>,
    ValidatedJson(body): ValidatedJson<TeamBody>,
) -> Result<Json<Team>, ApiError> {
    if !store::update_team(&state.pool, admin.id, id, &body).await? {
        return Err(ChatError::NoSuchTeam.into());
    }
    // A team that now falls back to everyone may have chats for them.
    assignment::assign_waiting_or_log(&state).await;
    Ok(Json(one(&state, id).await?))
}

/// Deletes a team and its routing rules; its chats become everyone's.
#[utoipa::path(delete, path = "/admin/teams/{id}", tag = "admin",
    params(("id" = Uuid, Path, description = "The team id")),
    security(("session" = [], "csrf" = [])),
    responses(
        (status = 204, description = "Deleted"),
        (status = 403, description = "Only admins can do this", body = ErrorBody),
        (status = 404, description = "Team not found", body = ErrorBody),
    ))]
async fn delete(
    State(state): State<AppState>,
    Admin(admin): Admin,
    ApiPath(id): ApiPath<Uuid>,
) -> Result<StatusCode, ApiError> {
    if !store::delete_team(&state.pool, admin.id, id).await? {
        return Err(ChatError::NoSuchTeam.into());
    }
    assignment::assign_waiting_or_log(&state).await;
    Ok(StatusCode::NO_CONTENT)
}

/// Sets a team's members (all of them; an empty list empties it).
#[utoipa::path(put, path = "/admin/teams/{id}/members", tag = "admin",
    params(("id" = Uuid, Path, description = "The team id")),
    request_body = TeamMembersBody,
    security(("session" = [], "csrf" = [])),
    responses(
        (status = 200, description = "The team", body = Team),
        (status = 403, description = "Only admins can do this", body = ErrorBody),
        (status = 404, description = "Team not found, or an id is not an active agent", body = ErrorBody),
    ))]
async fn set_members(
    State(state): State<AppState>,
    Admin(admin): Admin,
    ApiPath(id): ApiPath<Uuid>,
    ValidatedJson(body): ValidatedJson<TeamMembersBody>,
) -> Result<Json<Team>, ApiError> {
    store::set_team_members(&state.pool, admin.id, id, &body.agent_ids).await?;
    // A new member may take the team's queued chats.
    assignment::assign_waiting_or_log(&state).await;
    Ok(Json(one(&state, id).await?))
}

/// The routing rules, the first tried first.
#[utoipa::path(get, path = "/admin/routing-rules", tag = "admin",
    security(("session" = [])),
    responses(
        (status = 200, description = "The rules in order", body = Vec<RoutingRule>),
        (status = 403, description = "Only admins can do this", body = ErrorBody),
    ))]
async fn rules(
    State(state): State<AppState>,
    Admin(_): Admin,
) -> Result<Json<Vec<RoutingRule>>, ApiError> {
    Ok(Json(store::routing_rules(&state.pool).await?))
}

/// Adds a routing rule after the others.
#[utoipa::path(post, path = "/admin/routing-rules", tag = "admin",
    request_body = RoutingRuleBody,
    security(("session" = [], "csrf" = [])),
    responses(
        (status = 201, description = "The rule", body = RoutingRule),
        (status = 400, description = "Not a path, a label or a language", body = ErrorBody),
        (status = 403, description = "Only admins can do this", body = ErrorBody),
        (status = 404, description = "Team not found", body = ErrorBody),
        (status = 409, description = "Another rule already matches this page, label or language", body = ErrorBody),
    ))]
async fn create_rule(
    State(state): State<AppState>,
    Admin(admin): Admin,
    ValidatedJson(body): ValidatedJson<RoutingRuleBody>,
) -> Result<(StatusCode, Json<RoutingRule>), ApiError> {
    let id = store::create_rule(&state.pool, admin.id, &body).await?;
    Ok((StatusCode::CREATED, Json(one_rule(&state, id).await?)))
}

/// Changes a routing rule; it keeps its place.
#[utoipa::path(put, path = "/admin/routing-rules/{id}", tag = "admin",
    params(("id" = Uuid, Path, description = "The rule id")),
    request_body = RoutingRuleBody,
    security(("session" = [], "csrf" = [])),
    responses(
        (status = 200, description = "The rule", body = RoutingRule),
        (status = 400, description = "Not a path, a label or a language", body = ErrorBody),
        (status = 403, description = "Only admins can do this", body = ErrorBody),
        (status = 404, description = "Rule or team not found", body = ErrorBody),
        (status = 409, description = "Another rule already matches this page, label or language", body = ErrorBody),
    ))]
async fn update_rule(
    State(state): State<AppState>,
    Admin(admin): Admin,
    ApiPath(id): ApiPath<Uuid>,
    ValidatedJson(body): ValidatedJson<RoutingRuleBody>,
) -> Result<Json<RoutingRule>, ApiError> {
    if !store::update_rule(&state.pool, admin.id, id, &body).await? {
        return Err(ChatError::NoSuchRule.into());
    }
    Ok(Json(one_rule(&state, id).await?))
}

/// Deletes a routing rule.
#[utoipa::path(delete, path = "/admin/routing-rules/{id}", tag = "admin",
    params(("id" = Uuid, Path, description = "The rule id")),
    security(("session" = [], "csrf" = [])),
    responses(
        (status = 204, description = "Deleted"),
        (status = 403, description = "Only admins can do this", body = ErrorBody),
        (status = 404, description = "Routing rule not found", body = ErrorBody),
    ))]
async fn delete_rule(
    State(state): State<AppState>,
    Admin(admin): Admin,
    ApiPath(id): ApiPath<Uuid>,
) -> Result<StatusCode, ApiError> {
    if !store::delete_rule(&state.pool, admin.id, id).await? {
        return Err(ChatError::NoSuchRule.into());
    }
    Ok(StatusCode::NO_CONTENT)
}

/// Puts the routing rules in a new order: every rule's id, once.
#[utoipa::path(put, path = "/admin/routing-rules/order", tag = "admin",
    request_body = RoutingOrderBody,
    security(("session" = [], "csrf" = [])),
    responses(
        (status = 200, description = "The rules in their new order", body = Vec<RoutingRule>),
        (status = 400, description = "A rule named twice", body = ErrorBody),
        (status = 403, description = "Only admins can do this", body = ErrorBody),
        (status = 409, description = "The order does not name exactly the rules there are", body = ErrorBody),
    ))]
async fn reorder_rules(
    State(state): State<AppState>,
    Admin(admin): Admin,
    ValidatedJson(body): ValidatedJson<RoutingOrderBody>,
) -> Result<Json<Vec<RoutingRule>>, ApiError> {
    store::reorder_rules(&state.pool, admin.id, &body.ids).await?;
    Ok(Json(store::routing_rules(&state.pool).await?))
}
