//! Teams of agents and the rules that route chats to them
//! (`/api/admin/teams`, `/api/admin/routing-rules`, `GET /api/agent/teams`).

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use uuid::Uuid;

/// What a routing rule looks at: the page the chat started on (a path
/// prefix), a label on the chat, or the chat's language.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS, sqlx::Type, utoipa::ToSchema,
)]
#[serde(rename_all = "lowercase")]
#[sqlx(type_name = "text", rename_all = "lowercase")]
#[ts(export)]
pub enum RoutingKind {
    Page,
    Label,
    Language,
}

/// A member of a team, under the name agents are shown by.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TeamMemberRef {
    #[ts(type = "string")]
    pub id: Uuid,
    pub name: String,
    /// Online with a console open: takes the team's chats now.
    pub available: bool,
}

/// A team as admins and agents see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct Team {
    #[ts(type = "string")]
    pub id: Uuid,
    pub name: String,
    pub description: Option<String>,
    /// With no member available, the team's chats go to every available
    /// agent instead of waiting for a member.
    pub fallback_to_everyone: bool,
    /// By name.
    pub members: Vec<TeamMemberRef>,
    /// Open chats of the team waiting for an agent.
    #[ts(type = "number")]
    pub queued: i64,
}

/// `POST /api/admin/teams` and `PUT /api/admin/teams/{id}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TeamBody {
    /// 1 to 60 characters, unique whatever the case.
    pub name: String,
    /// Up to 500 characters; empty means none.
    #[serde(default)]
    #[ts(optional)]
    pub description: Option<String>,
    /// `true` when absent.
    #[serde(default = "fallback_default")]
    pub fallback_to_everyone: bool,
}

fn fallback_default() -> bool {
    true
}

/// `PUT /api/admin/teams/{id}/members`: the team's members, all of them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TeamMembersBody {
    #[ts(type = "Array<string>")]
    pub agent_ids: Vec<Uuid>,
}

/// A routing rule: chats matching `kind`/`value` go to team `team_id`. The
/// first matching rule in the admin's order wins.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct RoutingRule {
    #[ts(type = "string")]
    pub id: Uuid,
    pub kind: RoutingKind,
    /// A path prefix (`/pricing`), a label (`billing`) or a language code.
    pub value: String,
    #[ts(type = "string")]
    pub team_id: Uuid,
    pub team_name: String,
}

/// `POST /api/admin/routing-rules` (added last) and `PUT .../{id}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct RoutingRuleBody {
    pub kind: RoutingKind,
    pub value: String,
    #[ts(type = "string")]
    pub team_id: Uuid,
}

/// `PUT /api/admin/routing-rules/order`: every rule's id, first rule first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct RoutingOrderBody {
    #[ts(type = "Array<string>")]
    pub ids: Vec<Uuid>,
}
