//! A chat's state from the console: `POST /api/agent/chats/{id}/state`
//! (open, pending, snoozed with its end, resolved) and the inbox's counts
//! per state.

use axum::Json;
use axum::extract::State;
use contract::chat::{BulkStateBody, BulkStateResult, ChatSummary, StateBody, StateCounts};
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
        .routes(routes!(set_states))
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

/// The most chats one bulk change takes.
const BULK_CHATS: usize = 100;

impl Input for BulkStateBody {
    const LABELS: &'static [(&'static str, &'static str)] = &[
        ("chatIds", "Chats"),
        ("change", "Change"),
        ("state", "State"),
        ("snoozeUntil", "Snooze until"),
        ("snoozePreset", "Snooze preset"),
    ];

    fn check(mut self) -> Result<Self, InputError> {
        self.chat_ids.sort();
        self.chat_ids.dedup();
        if self.chat_ids.is_empty() {
            return Err(InputError::new("Choose at least one chat"));
        }
        if self.chat_ids.len() > BULK_CHATS {
            return Err(InputError::new(format!(
                "Change at most {BULK_CHATS} chats at once"
            )));
        }
        Ok(self)
    }
}

/// Puts several chats in one state (a bulk action), chat by chat: each
/// is changed wholly (state and trail event, through the `chat` worker for
/// pending and snoozed) or not at all, with the refusal in words.
#[utoipa::path(post, path = "/agent/chats/state", tag = "agent",
    request_body = BulkStateBody,
    security(("session" = [], "csrf" = [])),
    responses(
        (status = 200, description = "What became of each chat", body = Vec<BulkStateResult>),
        (status = 400, description = "No chats, more than 100, or a change that is not valid for any chat (a snooze without an end…)", body = ErrorBody),
        (status = 403, description = "Only support agents can do this", body = ErrorBody),
    ))]
async fn set_states(
    State(state): State<AppState>,
    Agent(agent): Agent,
    ValidatedJson(body): ValidatedJson<BulkStateBody>,
) -> Result<Json<Vec<BulkStateResult>>, ApiError> {
    let wanted = Wanted {
        state: body.change.state,
        snooze_until: body.change.snooze_until,
        snooze_preset: body.change.snooze_preset,
    };
    Ok(Json(
        states::change_many(&state, &body.chat_ids, agent.id, &wanted).await?,
    ))
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
