//! The chat domain's error, mapped to HTTP in one place.

use crate::platform::bus::BusError;
use crate::platform::error::ApiError;

/// What can go wrong in chat; mapped to HTTP in one place (`From<ChatError>
/// for ApiError`) and logged with its cause where it is handled.
#[derive(Debug, thiserror::Error)]
pub enum ChatError {
    /// No such chat, or not the requester's: the same answer for both.
    #[error("chat not found")]
    NotFound,
    /// NATS/JetStream did not take the message.
    #[error("chat pipeline unavailable: {0:#}")]
    Unavailable(anyhow::Error),
    /// JetStream did not store a durable publish: already logged, once per
    /// interval, by `StoreHealth` (a full store refuses every send).
    #[error(transparent)]
    NotStored(#[from] BusError),
    #[error("database error: {0}")]
    Database(#[from] sqlx::Error),
    #[error("session store error: {0}")]
    Session(#[from] tower_sessions::session::Error),
    /// Another canned reply already has the shortcut.
    #[error("canned reply shortcut taken")]
    ShortcutTaken,
    #[error("no such canned reply")]
    NoSuchCannedReply,
    /// Another team has the name (whatever its case).
    #[error("team name taken")]
    TeamNameTaken,
    #[error("no such team")]
    NoSuchTeam,
    /// A rule on the same page, label or language exists.
    #[error("routing rule exists")]
    RuleExists,
    #[error("no such routing rule")]
    NoSuchRule,
    /// The id named is not an active admin or support agent.
    #[error("no such agent: {0}")]
    NoSuchAgent(uuid::Uuid),
    /// A new order did not name exactly the rules there are.
    #[error("routing rules changed")]
    RulesChanged,
}

impl From<ChatError> for ApiError {
    fn from(error: ChatError) -> Self {
        match error {
            ChatError::NotFound => ApiError::NotFound,
            ChatError::Unavailable(cause) => {
                tracing::warn!(error = format!("{cause:#}"), "chat pipeline unavailable");
                ApiError::Unavailable(UNAVAILABLE.into())
            }
            ChatError::NotStored(_) => ApiError::Unavailable(UNAVAILABLE.into()),
            ChatError::Database(cause) => ApiError::from(cause),
            ChatError::Session(cause) => ApiError::from(cause),
            ChatError::ShortcutTaken => ApiError::Conflict(SHORTCUT_TAKEN.to_owned().into()),
            ChatError::NoSuchCannedReply => ApiError::NoSuch("Canned reply not found".into()),
            ChatError::TeamNameTaken => {
                ApiError::Conflict("Another team already has this name".to_owned().into())
            }
            ChatError::NoSuchTeam => ApiError::NoSuch("Team not found".into()),
            ChatError::RuleExists => ApiError::Conflict(
                "Another routing rule already matches this page, label or language"
                    .to_owned()
                    .into(),
            ),
            ChatError::NoSuchRule => ApiError::NoSuch("Routing rule not found".into()),
            ChatError::NoSuchAgent(id) => {
                ApiError::NoSuch(format!("No active agent with the id {id}").into())
            }
            ChatError::RulesChanged => ApiError::Conflict(
                "The routing rules changed since they were loaded: \
                 reload them and set the order again"
                    .to_owned()
                    .into(),
            ),
        }
    }
}

const UNAVAILABLE: &str = "Chat is temporarily unavailable. Please try again.";

const SHORTCUT_TAKEN: &str = "Another canned reply in this language already uses this shortcut";
