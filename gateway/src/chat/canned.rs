//! The rules of a canned reply (table `canned_responses`, written only by
//! `store::canned`): a shortcut's form and the fields' lengths.

use contract::agents::CannedResponseInput;
use contract::limits::CHAT;

use crate::platform::input::{self, Input, InputError};

/// A shortcut is what follows the `/`: 1–32 lowercase letters, digits and
/// dashes.
fn is_valid_shortcut(shortcut: &str) -> bool {
    (1..=CHAT.canned_shortcut_chars).contains(&shortcut.len())
        && shortcut
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

impl Input for CannedResponseInput {
    const LABELS: &'static [(&'static str, &'static str)] = &[
        ("shortcut", "Shortcut"),
        ("title", "Title"),
        ("body", "Reply text"),
        ("language", "Language"),
    ];

    fn check(self) -> Result<Self, InputError> {
        let shortcut = input::text("Shortcut", self.shortcut)?.required()?.value();
        if !is_valid_shortcut(&shortcut) {
            return Err(InputError::new(format!(
                "Shortcut must be 1 to {} lowercase letters, digits or dashes",
                CHAT.canned_shortcut_chars
            )));
        }
        Ok(CannedResponseInput {
            shortcut,
            title: input::text("Title", self.title)?
                .required()?
                .max_chars(CHAT.canned_title_chars)?
                .value(),
            body: input::multiline("Reply text", self.body)?
                .required()?
                .max_chars(CHAT.message_chars)?
                .value(),
            language: self.language,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shortcuts_are_short_lowercase_words_with_dashes() {
        for good in ["hi", "refund-policy", "a", "sla-24h", &"x".repeat(32)] {
            assert!(is_valid_shortcut(good), "{good}");
        }
        for bad in [
            "",
            "Hi",
            "two words",
            "ümlaut",
            "under_score",
            "/hi",
            &"x".repeat(33),
        ] {
            assert!(!is_valid_shortcut(bad), "{bad}");
        }
    }
}
