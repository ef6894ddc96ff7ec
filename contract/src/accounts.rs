//! `accounts.register` / `accounts.login`: request-reply with the `accounts`
//! worker. The gateway validates input first; the worker owns hashing and the
//! `users` table.

use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use ts_rs::TS;
use uuid::Uuid;

use crate::language::Language;

/// A user as every API answer shows it. Never carries the password hash.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct User {
    #[ts(type = "string")]
    pub id: Uuid,
    pub email: String,
    pub username: String,
    pub name: String,
    /// The name to greet the user with; today the same as `name`, kept
    /// separate because the web client falls back fullName → name → username.
    pub full_name: String,
    pub phone: String,
    /// What the user may do; `isAdmin` is `role == admin`, kept for clients
    /// that only know admins.
    pub role: Role,
    pub is_admin: bool,
    #[serde(with = "time::serde::rfc3339")]
    #[ts(type = "string")]
    pub created_at: OffsetDateTime,
    /// The language the user chose (a switcher, or the page they registered
    /// on); absent until they choose one. The site opens in it when they
    /// sign in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub language: Option<Language>,
}

impl User {
    /// Whether the user may answer chats (the console and `/api/agent/*`).
    pub fn is_agent(&self) -> bool {
        self.role.is_agent()
    }
}

/// A user's role: `admin` may do everything, `support` only answers chats,
/// `user` is a customer account. Stored as text in `users.role`.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    TS,
    sqlx::Type,
    utoipa::ToSchema,
)]
#[serde(rename_all = "lowercase")]
#[sqlx(type_name = "text", rename_all = "lowercase")]
#[ts(export)]
pub enum Role {
    Admin,
    Support,
    User,
}

impl Role {
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Admin => "admin",
            Role::Support => "support",
            Role::User => "user",
        }
    }

    /// Admins and support agents answer chats.
    pub fn is_agent(self) -> bool {
        matches!(self, Role::Admin | Role::Support)
    }
}

impl TryFrom<String> for Role {
    type Error = String;

    fn try_from(value: String) -> Result<Self, Self::Error> {
        match value.as_str() {
            "admin" => Ok(Role::Admin),
            "support" => Ok(Role::Support),
            "user" => Ok(Role::User),
            _ => Err(format!("unknown role {value:?}")),
        }
    }
}

/// Payload of `accounts.register`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RegisterRequest {
    pub username: String,
    pub email: String,
    pub password: String,
    pub name: String,
    pub phone: String,
    /// The language of the page the user registered on, for the welcome.
    #[serde(default)]
    pub language: Language,
}

/// Payload of `accounts.login`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct LoginRequest {
    pub email: String,
    pub password: String,
}

/// Domain errors the worker answers with; anything else is `Internal`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AccountsError {
    EmailExists,
    InvalidCredentials,
    /// The password was right but an admin deactivated the account.
    Deactivated,
    Internal,
}

/// The reply to both account requests.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AccountsReply {
    User(User),
    Error(AccountsError),
}

/// Normalises an email for storage and lookup: trimmed and lower-cased, so
/// `Ann@Example.com` and `ann@example.com` are one account.
pub fn normalize_email(email: &str) -> String {
    email.trim().to_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn user_serializes_in_camel_case_without_secrets() {
        let user = User {
            id: Uuid::nil(),
            email: "a@b.co".into(),
            username: "a@b.co".into(),
            name: "Ann Bee".into(),
            full_name: "Ann Bee".into(),
            phone: "+254".into(),
            role: Role::Support,
            is_admin: false,
            created_at: OffsetDateTime::UNIX_EPOCH,
            language: Some(Language::Fr),
        };
        let json = serde_json::to_value(&user).expect("serializes");
        assert_eq!(json["fullName"], "Ann Bee");
        assert_eq!(json["language"], "fr");
        assert_eq!(json["isAdmin"], false);
        assert_eq!(json["role"], "support");
        assert_eq!(json["createdAt"], "1970-01-01T00:00:00Z");
        assert!(json.get("passwordHash").is_none());
    }

    #[test]
    fn reply_round_trips() {
        let reply = AccountsReply::Error(AccountsError::EmailExists);
        let bytes = serde_json::to_vec(&reply).expect("serializes");
        assert_eq!(bytes, br#"{"error":"email_exists"}"#);
        let back: AccountsReply = serde_json::from_slice(&bytes).expect("deserializes");
        assert_eq!(back, reply);
    }

    #[test]
    fn roles_round_trip_as_text() {
        for role in [Role::Admin, Role::Support, Role::User] {
            assert_eq!(Role::try_from(role.as_str().to_owned()), Ok(role));
        }
        assert!(Role::try_from("root".to_owned()).is_err());
        assert!(Role::Admin.is_agent() && Role::Support.is_agent() && !Role::User.is_agent());
    }

    #[test]
    fn emails_are_normalised() {
        assert_eq!(normalize_email("  Ann@Example.COM "), "ann@example.com");
    }
}
