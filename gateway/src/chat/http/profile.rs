//! `GET`/`PUT /api/agent/profile`: the signed-in agent's own display name
//! and alert preferences. Only the agent themselves reads or changes it;
//! a change is rate limited and audited (the display name is what visitors
//! see). The fields' rules are `chat::profile`.

use axum::Json;
use axum::extract::State;
use contract::agent_profile::{AgentProfile, AgentProfileInput};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::chat::store;
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::Agent;
use crate::platform::input::ValidatedJson;
use crate::platform::limits::Limit;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(profile, save_profile))
}

/// The signed-in agent's display name and alert preferences.
#[utoipa::path(get, path = "/agent/profile", tag = "agent",
    security(("session" = [])),
    responses(
        (status = 200, description = "The agent's profile", body = AgentProfile),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Only support agents can do this", body = ErrorBody),
    ))]
async fn profile(
    State(state): State<AppState>,
    Agent(agent): Agent,
) -> Result<Json<AgentProfile>, ApiError> {
    Ok(Json(store::agent_profile(&state.pool, agent.id).await?))
}

/// Saves the signed-in agent's display name and alert preferences.
#[utoipa::path(put, path = "/agent/profile", tag = "agent",
    request_body = AgentProfileInput,
    security(("session" = [], "csrf" = [])),
    responses(
        (status = 200, description = "The profile as saved", body = AgentProfile),
        (status = 400, description = "The display name is longer than 60 characters or has control characters, or an event is unknown", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Only support agents can do this", body = ErrorBody),
        (status = 429, description = "Too many changes in a minute", body = ErrorBody),
    ))]
async fn save_profile(
    State(state): State<AppState>,
    Agent(agent): Agent,
    ValidatedJson(body): ValidatedJson<AgentProfileInput>,
) -> Result<Json<AgentProfile>, ApiError> {
    state
        .limits
        .check(Limit::AgentProfile, agent.id.to_string().as_str())?;
    store::save_agent_profile(&state.pool, agent.id, &body).await?;
    Ok(Json(store::agent_profile(&state.pool, agent.id).await?))
}
