//! The entry points of the cargo-fuzz targets in `fuzz/` (built with the
//! `fuzzing` feature) and of their regression tests. Each takes the fuzzer's
//! bytes, runs them through the gateway's own parsing and checks, and panics
//! when a property breaks:
//!
//! - [`socket_frame`]: a client's `/ws` text frame. Never panics; a frame that
//!   parses serialises back to JSON that parses to the same frame.
//! - [`json_body`]: every JSON request body type, picked by the first byte.
//!   Never panics; a refusal is in words (no serde or Rust type text); an
//!   accepted body holds no control character but newline and tab in any
//!   string, and passes its own check again unchanged (so it is trimmed,
//!   within its limits, and not blank where required).

use std::fmt::Debug;

use contract::agents::{CannedResponseInput, TeamInvite, TeamMemberPatch};
use contract::analytics::PageViewInput;
use contract::chat::{
    AgentStatusBody, ChatRating, ClientFrame, LabelsBody, NoteBody, TransferBody,
};
use contract::content::{BlogPostInput, EventInput};
use contract::intake::{ContactMessageInput, ContactRequestPatch};
use contract::password_reset::{PasswordResetConfirmInput, PasswordResetInput};
use contract::site_settings::SiteSettings;
use contract::subscriptions::SubscriptionInput;
use contract::waitlist::WaitlistInput;
use serde::Serialize;

use crate::accounts::http::{LoginBody, RegisterBody};
use crate::chat::http::{MessageBody, StartBody};
use crate::platform::input::{self, Input};

/// One `/ws` text frame as the socket reads it.
pub fn socket_frame(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        // The socket only hands text frames (valid UTF-8) to the parser.
        return;
    };
    let Ok(frame) = crate::chat::socket::parse_frame(text) else {
        return;
    };
    let json = serde_json::to_string(&frame).expect("a client frame serialises");
    let again: ClientFrame = serde_json::from_str(&json).expect("a serialised frame parses");
    assert_eq!(
        again, frame,
        "the frame does not survive a round trip: {text:?}"
    );
}

/// The body types, in the order of the first byte's value (modulo their
/// count): the routes that take them are in docs/api.md.
pub const BODY_TYPES: &[&str] = &[
    "RegisterBody",
    "LoginBody",
    "StartBody",
    "MessageBody",
    "ChatRating",
    "NoteBody",
    "TransferBody",
    "AgentStatusBody",
    "LabelsBody",
    "ContactMessageInput",
    "ContactRequestPatch",
    "BlogPostInput",
    "EventInput",
    "PasswordResetInput",
    "PasswordResetConfirmInput",
    "CannedResponseInput",
    "SubscriptionInput",
    "SiteSettings",
    "WaitlistInput",
    "TeamInvite",
    "TeamMemberPatch",
    "PageViewInput",
];

/// A request body: the first byte picks the type (see [`BODY_TYPES`]), the
/// rest is the body.
pub fn json_body(data: &[u8]) {
    let Some((&selector, body)) = data.split_first() else {
        return;
    };
    match usize::from(selector) % BODY_TYPES.len() {
        0 => check_body::<RegisterBody>(body),
        1 => check_body::<LoginBody>(body),
        2 => check_body::<StartBody>(body),
        3 => check_body::<MessageBody>(body),
        4 => check_body::<ChatRating>(body),
        5 => check_body::<NoteBody>(body),
        6 => check_body::<TransferBody>(body),
        7 => check_body::<AgentStatusBody>(body),
        8 => check_body::<LabelsBody>(body),
        9 => check_body::<ContactMessageInput>(body),
        10 => check_body::<ContactRequestPatch>(body),
        11 => check_body::<BlogPostInput>(body),
        12 => check_body::<EventInput>(body),
        13 => check_body::<PasswordResetInput>(body),
        14 => check_body::<PasswordResetConfirmInput>(body),
        15 => check_body::<CannedResponseInput>(body),
        16 => check_body::<SubscriptionInput>(body),
        17 => check_body::<SiteSettings>(body),
        18 => check_body::<WaitlistInput>(body),
        19 => check_body::<TeamInvite>(body),
        20 => check_body::<TeamMemberPatch>(body),
        _ => check_body::<PageViewInput>(body),
    }
}

fn check_body<T: Input + Serialize + Debug>(body: &[u8]) {
    // As `input::from_json`, in its two steps: a shape error is answered in
    // words of our own; a rule's refusal may quote the user's text.
    let parsed = match input::parse::<T>(body) {
        Ok(parsed) => parsed,
        Err(error) => {
            let message = &error.message.to_string();
            assert!(!message.trim().is_empty(), "an empty refusal");
            // serde's own words ("invalid type: ...", "expected `,`", type
            // names) must never reach the user.
            for leak in [
                "`",
                "::",
                "invalid type",
                "invalid value",
                "expected ",
                " at line ",
            ] {
                assert!(
                    !message.contains(leak),
                    "the refusal {message:?} shows serde's text ({leak:?})"
                );
            }
            return;
        }
    };
    let value = match parsed.check() {
        Ok(value) => value,
        Err(error) => {
            assert!(
                !error.message.to_string().trim().is_empty(),
                "an empty refusal"
            );
            return;
        }
    };
    let json = serde_json::to_value(&value).expect("a checked body serialises");
    assert_clean_strings(&json, &value);
    let checked = format!("{value:?}");
    let again = value.check().unwrap_or_else(|error| {
        panic!("a checked body fails its check again ({error:?}): {checked}")
    });
    assert_eq!(
        format!("{again:?}"),
        checked,
        "checking a checked body changes it"
    );
}

/// No string anywhere in `json` (keys included) holds a control character
/// other than newline and tab: Postgres refuses NUL, and the others have no
/// place in what the site stores and shows.
fn assert_clean_strings(json: &serde_json::Value, value: &impl Debug) {
    let check = |text: &str| {
        assert!(
            !text
                .chars()
                .any(|c| c.is_control() && c != '\n' && c != '\t'),
            "a control character in {text:?} of the checked body {value:?}"
        );
    };
    match json {
        serde_json::Value::String(text) => check(text),
        serde_json::Value::Array(items) => {
            items
                .iter()
                .for_each(|item| assert_clean_strings(item, value));
        }
        serde_json::Value::Object(fields) => {
            for (key, field) in fields {
                check(key);
                assert_clean_strings(field, value);
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each body type by name: its selector byte, then the body.
    fn body(kind: &str, json: &str) -> Vec<u8> {
        let index = BODY_TYPES
            .iter()
            .position(|name| *name == kind)
            .expect("a body type");
        let mut data = vec![u8::try_from(index).expect("fewer than 256 types")];
        data.extend_from_slice(json.as_bytes());
        data
    }

    #[test]
    fn every_body_type_has_a_selector() {
        assert_eq!(BODY_TYPES.len(), 22);
        // The last arm is the catch-all: it must be the last type.
        assert_eq!(BODY_TYPES.last(), Some(&"PageViewInput"));
    }

    #[test]
    fn real_bodies_pass_the_properties() {
        json_body(&body(
            "StartBody",
            r#"{"visitorName":" Amina ","visitorEmail":"amina@example.co.ke","pageUrl":"/pricing"}"#,
        ));
        json_body(&body("MessageBody", r#"{"message":"Hello\r\nthere"}"#));
        json_body(&body("MessageBody", r#"{"message":5}"#));
        json_body(&body("LoginBody", "{"));
        socket_frame(
            br#"{"type":"join_session","sessionId":"0190a000-0000-7000-8000-000000000001"}"#,
        );
        socket_frame(br#"{"type":"join_agents"}"#);
        socket_frame(b"\xff");
    }

    // Regressions: each input broke a property before its fix.

    /// A page address clipped at 2,000 characters kept the space it ended
    /// on, and one of invisible characters was kept though it shows nothing.
    #[test]
    fn a_clipped_page_address_is_trimmed_and_not_blank() {
        for page in [
            format!("/{} tail", "a".repeat(1998)),
            format!("{}x", "\u{200B}".repeat(2000)),
        ] {
            let json = serde_json::json!({
                "visitorName": "Amina", "visitorEmail": "amina@example.co.ke", "pageUrl": page,
            });
            json_body(&body("StartBody", &json.to_string()));
        }
        let field =
            input::text("Page address", format!("/{} tail", "a".repeat(1998))).expect("valid");
        assert_eq!(
            field.optional_clipped(2000),
            Some(format!("/{}", "a".repeat(1998)))
        );
    }

    /// `/pricing ?x` and `/a/ /` were counted as pages ending in a space.
    #[test]
    fn a_page_view_path_loses_spaces_before_its_query_and_among_trailing_slashes() {
        for path in ["/pricing ?utm=x", "/a/ /", "/ #top"] {
            json_body(&body(
                "PageViewInput",
                &serde_json::json!({ "path": path }).to_string(),
            ));
        }
        let checked: PageViewInput =
            input::from_json(br#"{"path": "/pricing ?utm=x"}"#).expect("valid");
        assert_eq!(checked.path, "/pricing");
    }

    /// The reset token and the contact form's honeypot skipped the text
    /// rules, so a NUL or an escape sequence passed the check.
    #[test]
    fn no_field_skips_the_control_character_rule() {
        json_body(&body(
            "PasswordResetConfirmInput",
            r#"{"token": "abc\u0000def", "password": "long enough"}"#,
        ));
        json_body(&body(
            "ContactMessageInput",
            r#"{"name": "Bot", "email": "bot@example.com", "subject": "Hi", "message": "Hi",
                "website": "\u001b[31mspam"}"#,
        ));
    }

    /// A label refusal quotes the label, which may hold anything.
    #[test]
    fn a_refusal_may_quote_the_users_text() {
        json_body(&body("LabelsBody", r#"{"labels": ["`expected ::"]}"#));
    }
}
