//! The rules of an agent's own profile (`agent_profiles`): the display
//! name's form and each alert event once, in one order.

use contract::agent_profile::{AgentProfileInput, AlertEvent, MAX_DISPLAY_NAME_CHARS};
use contract::language::Language;

use crate::platform::input::{self, Input, InputError};

/// Each event once, in one order.
fn event_set(mut events: Vec<AlertEvent>) -> Vec<AlertEvent> {
    events.sort();
    events.dedup();
    events
}

/// Each language once, in one order; at least one.
fn language_set(mut languages: Vec<Language>) -> Result<Vec<Language>, InputError> {
    languages.sort();
    languages.dedup();
    if languages.is_empty() {
        let mut error = InputError::new("Choose at least one language you answer chats in");
        error.field = Some("languages".to_owned());
        return Err(error);
    }
    Ok(languages)
}

impl Input for AgentProfileInput {
    const LABELS: &'static [(&'static str, &'static str)] = &[
        ("displayName", "Display name"),
        ("soundEnabled", "Sound"),
        ("soundEvents", "Events that sound"),
        ("notifyEvents", "Desktop notifications"),
        ("languages", "Languages"),
    ];

    fn check(self) -> Result<Self, InputError> {
        // Empty (or only invisible characters): shown under the account name.
        let display_name = match self.display_name {
            Some(raw) => input::text("Display name", raw)?
                .max_chars(MAX_DISPLAY_NAME_CHARS)?
                .own_name()?
                .optional_clipped(MAX_DISPLAY_NAME_CHARS),
            None => None,
        };
        Ok(AgentProfileInput {
            display_name,
            sound_enabled: self.sound_enabled,
            sound_events: event_set(self.sound_events),
            notify_events: event_set(self.notify_events),
            languages: match self.languages {
                Some(languages) => Some(language_set(languages)?),
                None => None,
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_event_is_kept_once_in_one_order() {
        let events = event_set(vec![
            AlertEvent::VisitorMessage,
            AlertEvent::NewChat,
            AlertEvent::VisitorMessage,
        ]);
        assert_eq!(
            events,
            vec![AlertEvent::NewChat, AlertEvent::VisitorMessage]
        );
    }

    #[test]
    fn languages_are_kept_once_and_none_is_refused() {
        use Language::{En, Fr, Sw};
        assert_eq!(language_set(vec![Sw, En, Sw]), Ok(vec![En, Sw]));
        let refused = language_set(Vec::new()).expect_err("refused");
        assert_eq!(refused.field.as_deref(), Some("languages"));
        assert_eq!(language_set(vec![Fr]), Ok(vec![Fr]));
    }
}
