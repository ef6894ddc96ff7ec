//! A chat's state from the console: `POST /api/agent/chats/{id}/state`
//! (open, pending, snoozed with its end, resolved) and the inbox's counts
//! per state.

use axum::Json;
use axum::extract::State;
use contract::chat::{ChatSummary, StateBody, StateCounts};
use serde::Deserialize;
use utoipa::IntoParams;
use uuid::Uuid;

use super::agent::{ensure_exists, show};
use crate::chat::states::{self, Wanted};
use crate::chat::store::{self, AssignedFilter};
use crate::platform::error::{ApiError, ErrorBody};
use crate::platform::extract::{Agent, ApiPath, ApiQuery};
use crate::platform::input::{Input, InputError, ValidatedJson};
use crate::state::AppState;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(set_state))
        .routes(routes!(counts))
}

impl Input for StateBody {
    const LABELS: &'static [(&'static str, &'static str)] = &[
        ("state", "State"),
        ("snoozeUntil", "Snooze until"),
        ("snoozePreset", "Snooze preset"),
    ];

    fn check(self) -> Result<Self, InputError> {
        Ok(self)
    }
}

/// Puts the chat in a state: `open`, `pending` (waiting on the visitor),
/// `snoozed` (until `snoozeUntil`, or a `snoozePreset` worked out from the
/// business hours in EAT, or until the visitor writes) or `resolved`.
/// Visitors see pending and snoozed chats as open.
#[utoipa::path(post, path = "/agent/chats/{id}/state", tag = "agent",
    params(("id" = Uuid, Path, description = "The chat session id")),
    request_body = StateBody,
    security(("session" = [], "csrf" = [])),
    responses(
        (status = 200, description = "The chat as the inbox shows it", body = ChatSummary),
        (status = 400, description = "An unknown state, a snooze without an end or with two, an end in the past or more than 90 days ahead, an end for another state", body = ErrorBody),
        (status = 403, description = "Only support agents can do this", body = ErrorBody),
        (status = 404, description = "No such chat", body = ErrorBody),
        (status = 409, description = "A resolved chat marked pending or snoozed: reopen it first", body = ErrorBody),
        (status = 503, description = "The change could not be stored; try again", body = ErrorBody),
    ))]
async fn set_state(
    State(state): State<AppState>,
    Agent(agent): Agent,
    ApiPath(id): ApiPath<Uuid>,
    ValidatedJson(body): ValidatedJson<StateBody>,
) -> Result<Json<ChatSummary>, ApiError> {
    ensure_exists(&state, id).await?;
    let wanted = Wanted {
        state: body.state,
        snooze_until: body.snooze_until,
        snooze_preset: body.snooze_preset,
    };
    states::change(&state, id, agent.id, wanted).await?;
    show(State(state), Agent(agent), ApiPath(id)).await
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct CountsQuery {
    #[serde(default)]
    #[param(inline)]
    assigned: AssignedFilter,
    /// Only chats with this label.
    label: Option<String>,
}

/// How many chats are open, pending, snoozed, resolved, and in all, with
/// the inbox's assignment and label filters.
#[utoipa::path(get, path = "/agent/chats/counts", tag = "agent",
    params(CountsQuery),
    security(("session" = [])),
    responses(
        (status = 200, description = "The counts per state", body = StateCounts),
        (status = 403, description = "Only support agents can do this", body = ErrorBody),
    ))]
async fn counts(
    State(state): State<AppState>,
    Agent(agent): Agent,
    ApiQuery(query): ApiQuery<CountsQuery>,
) -> Result<Json<StateCounts>, ApiError> {
    let label = crate::platform::params::text("label", query.label.as_ref())?;
    Ok(Json(
        store::state_counts(&state.pool, agent.id, query.assigned, label).await?,
    ))
}
