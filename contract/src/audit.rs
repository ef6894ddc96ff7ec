//! The audit log as the admin's audit screen reads it (`GET
//! /api/admin/audit`): one entry per recorded action, with who did it and
//! a sentence saying what; the table and its writers are
//! `gateway::platform::audit`.

use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use ts_rs::TS;
use uuid::Uuid;

/// Who did it, as the screen names them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", tag = "kind")]
#[ts(export)]
pub enum AuditActor {
    /// A signed-in user, named as their account is now.
    User {
        #[ts(type = "string")]
        id: Uuid,
        name: String,
        email: String,
    },
    /// A signed-in user whose account was deleted since.
    DeletedUser,
    /// No one signed in: a person following an emailed link.
    NoOne,
}

/// One recorded action.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AuditEntry {
    #[ts(type = "string")]
    pub id: Uuid,
    #[serde(with = "time::serde::rfc3339")]
    #[ts(type = "string")]
    pub at: OffsetDateTime,
    pub actor: AuditActor,
    /// What was done: `create`, `update`, `sign_in`, `export`…
    pub action: String,
    /// To what kind of thing: `site_settings`, `agent`, `blog_post`…; new
    /// kinds appear as code records them.
    pub entity: String,
    #[ts(type = "string")]
    pub entity_id: Uuid,
    /// The action in a sentence, from the entry's details.
    pub summary: String,
    /// What the writer recorded (never a secret).
    #[schema(value_type = Object)]
    #[ts(type = "Record<string, unknown>")]
    pub details: serde_json::Value,
}

/// `GET /api/admin/audit`: a page, newest first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AuditPage {
    pub items: Vec<AuditEntry>,
    /// Send as `cursor` for the next (older) page; absent on the last.
    pub next_cursor: Option<String>,
}

/// A staff member the actor filter offers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AuditActorChoice {
    #[ts(type = "string")]
    pub id: Uuid,
    pub name: String,
    pub email: String,
}

/// `GET /api/admin/audit/filters`: what the filters can take.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AuditFilters {
    /// Every staff member (admins and support agents), by name.
    pub actors: Vec<AuditActorChoice>,
    /// Every entity the log holds, alphabetical.
    pub entities: Vec<String>,
    /// Every action the log holds, alphabetical.
    pub actions: Vec<String>,
}
