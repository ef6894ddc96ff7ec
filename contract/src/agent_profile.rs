//! Each agent's own profile (`GET`/`PUT /api/agent/profile`): the name
//! visitors and agents see, and which console alerts sound or show a
//! desktop notification.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::language::Language;

/// Longest display name, in characters.
pub const MAX_DISPLAY_NAME_CHARS: usize = 60;

/// Something the console alerts an agent about.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    TS,
    utoipa::ToSchema,
)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum AlertEvent {
    /// A chat started (whether or not the visitor wrote yet).
    NewChat,
    /// A chat was assigned or transferred to this agent.
    Assigned,
    /// A visitor wrote in one of this agent's chats.
    VisitorMessage,
    /// A chat waits longer than the site's first-reply threshold.
    WaitingTooLong,
}

impl AlertEvent {
    pub const ALL: [AlertEvent; 4] = [
        AlertEvent::NewChat,
        AlertEvent::Assigned,
        AlertEvent::VisitorMessage,
        AlertEvent::WaitingTooLong,
    ];

    /// Its name in JSON and in the database.
    pub fn as_str(self) -> &'static str {
        match self {
            AlertEvent::NewChat => "new_chat",
            AlertEvent::Assigned => "assigned",
            AlertEvent::VisitorMessage => "visitor_message",
            AlertEvent::WaitingTooLong => "waiting_too_long",
        }
    }

    pub fn parse(name: &str) -> Option<AlertEvent> {
        AlertEvent::ALL
            .into_iter()
            .find(|event| event.as_str() == name)
    }
}

/// `PUT /api/agent/profile`: the agent's choices.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AgentProfileInput {
    /// 1 to 60 characters; empty or absent: the account name.
    #[serde(default)]
    #[ts(optional)]
    #[schema(max_length = 60)]
    pub display_name: Option<String>,
    /// Whether any alert sounds.
    pub sound_enabled: bool,
    /// Events that sound (while sound is on and the console is in front).
    pub sound_events: Vec<AlertEvent>,
    /// Events that show a desktop notification (while the console is hidden).
    pub notify_events: Vec<AlertEvent>,
    /// The languages the agent answers chats in (at least one); absent:
    /// unchanged. Chats in these languages come to them first.
    #[serde(default)]
    #[ts(optional)]
    pub languages: Option<Vec<Language>>,
}

/// `GET /api/agent/profile`: the agent's choices and the name they are
/// shown under.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AgentProfile {
    /// The account's name (set by an admin).
    pub account_name: String,
    /// The name the agent chose, if any.
    pub display_name: Option<String>,
    /// What visitors and agents see: the display name, else the account name.
    pub shown_name: String,
    pub sound_enabled: bool,
    pub sound_events: Vec<AlertEvent>,
    pub notify_events: Vec<AlertEvent>,
    /// The languages the agent answers chats in (English until they say).
    pub languages: Vec<Language>,
}

#[cfg(test)]
mod tests {
    use super::AlertEvent;

    #[test]
    fn an_alert_event_names_itself_as_json_does() {
        for event in AlertEvent::ALL {
            assert_eq!(
                serde_json::to_value(event).expect("serialises"),
                event.as_str()
            );
            assert_eq!(AlertEvent::parse(event.as_str()), Some(event));
        }
    }
}
