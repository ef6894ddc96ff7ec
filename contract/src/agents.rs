//! The support team (`/api/admin/agents`) and its canned replies
//! (`/api/agent/canned-responses`).

use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use ts_rs::TS;

use crate::language::Language;
use uuid::Uuid;

use crate::accounts::Role;

/// The chats an agent takes at once unless an admin says otherwise.
pub const DEFAULT_CAPACITY: i32 = 8;

/// One member of the team as `GET /api/admin/agents` lists them.
#[derive(
    Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, sqlx::FromRow, utoipa::ToSchema,
)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TeamMember {
    #[ts(type = "string")]
    pub id: Uuid,
    pub name: String,
    pub email: String,
    #[sqlx(try_from = "String")]
    pub role: Role,
    /// `false` once an admin deactivated the account: it cannot sign in.
    pub active: bool,
    /// Invited and has not chosen a password yet.
    pub pending: bool,
    #[serde(with = "time::serde::rfc3339::option")]
    #[ts(type = "string | null")]
    pub invited_at: Option<OffsetDateTime>,
    /// Chats the agent takes at once.
    pub capacity: i32,
}

/// `POST /api/admin/agents`: invites someone by email.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TeamInvite {
    pub email: String,
    pub name: String,
    /// `admin` or `support`.
    pub role: Role,
}

/// `PATCH /api/admin/agents/{id}`: the fields to change.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TeamMemberPatch {
    #[serde(default)]
    #[ts(optional)]
    pub role: Option<Role>,
    #[serde(default)]
    #[ts(optional)]
    pub active: Option<bool>,
    /// Chats the agent takes at once (1 to 100).
    #[serde(default)]
    #[ts(optional)]
    pub capacity: Option<i32>,
}

/// A prepared answer agents insert by typing `/` and its shortcut.
#[derive(
    Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, sqlx::FromRow, utoipa::ToSchema,
)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct CannedResponse {
    #[ts(type = "string")]
    pub id: Uuid,
    pub shortcut: String,
    pub title: String,
    /// May hold `{{visitor.name}}` and `{{agent.name}}`, filled in on insert.
    pub body: String,
    /// The language it is written in: the picker offers a chat the version
    /// in its language.
    pub language: Language,
    #[serde(with = "time::serde::rfc3339")]
    #[ts(type = "string")]
    pub created_at: OffsetDateTime,
    #[serde(with = "time::serde::rfc3339")]
    #[ts(type = "string")]
    pub updated_at: OffsetDateTime,
}

/// `POST`/`PUT /api/agent/canned-responses`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct CannedResponseInput {
    pub shortcut: String,
    pub title: String,
    pub body: String,
    /// English when absent.
    #[serde(default)]
    #[ts(optional)]
    pub language: Option<Language>,
}
