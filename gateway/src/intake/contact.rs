//! The rules of a contact or demo request as the public sends it: the
//! fields checked in words, the bot checks (a filled honeypot, a form
//! filled too fast), the page it came from, and the idempotency key that
//! makes a retried send one request. The routes are `intake::http::messages`.

use axum::http::HeaderMap;
use contract::intake::ContactMessageInput;
use sha2::{Digest as _, Sha256};
use uuid::Uuid;

use crate::platform::error::ApiError;
use crate::platform::input::{self, AtField, Field, Input, InputError, Label};

/// The public forms' fields, named in the reader's language in refusals.
pub(crate) const NAME: Label = Label::Text("field-name");
pub(crate) const EMAIL: Label = Label::Text("field-email");
const SUBJECT: Label = Label::Text("field-subject");
const MESSAGE: Label = Label::Text("field-message");
const PHONE: Label = Label::Text("field-phone");
const COMPANY: Label = Label::Text("field-company");

/// A form sent sooner than this after it was shown was not filled by a person.
pub(crate) const MIN_FILL_MS: i64 = 3_000;

/// An optional single-line field: `None` when absent or blank, refused when
/// longer than `max`.
pub(crate) fn optional(
    label: impl Into<Label>,
    raw: Option<String>,
    max: usize,
) -> Result<Option<String>, InputError> {
    match raw {
        Some(raw) => Ok(input::text(label, raw)?
            .max_chars(max)?
            .optional_clipped(max)),
        None => Ok(None),
    }
}

impl Input for ContactMessageInput {
    const LABELS: &'static [(&'static str, &'static str)] = &[
        ("name", "Name"),
        ("email", "Email"),
        ("subject", "Subject"),
        ("message", "Message"),
        ("phone", "Phone"),
        ("company", "Company"),
        ("source", "Source"),
        ("website", "Website"),
        ("fillMs", "Fill time"),
        ("language", "Language"),
    ];

    fn check(self) -> Result<Self, InputError> {
        let body = self;
        let source = optional("Source", body.source, 200)?;
        if source.as_deref().is_some_and(|path| !is_site_path(path)) {
            return Err(InputError::new(
                "Source must be a path on this site, such as /contact".to_owned(),
            ));
        }
        Ok(ContactMessageInput {
            name: input::text(NAME, body.name)
                .and_then(Field::required)
                .and_then(|name| name.max_chars(100))
                .at("name")?
                .value(),
            email: input::email(EMAIL, body.email).at("email")?.value(),
            subject: input::text(SUBJECT, body.subject)
                .and_then(Field::required)
                .and_then(|subject| subject.max_chars(200))
                .at("subject")?
                .value(),
            message: input::multiline(MESSAGE, body.message)
                .and_then(Field::required)
                .and_then(|message| message.max_chars(5_000))
                .at("message")?
                .value(),
            phone: optional(PHONE, body.phone, 40).at("phone")?,
            company: optional(COMPANY, body.company, 200).at("company")?,
            source,
            // The honeypot is only looked at (was it filled?), never stored:
            // what a bot put in it goes no further.
            website: body
                .website
                .filter(|v| !v.trim().is_empty())
                .map(|_| "filled".to_owned()),
            fill_ms: body.fill_ms,
            language: body.language,
        })
    }
}

/// `/contact`, `/solutions/nyota-finance`: one of our own paths.
pub(crate) fn is_site_path(path: &str) -> bool {
    path.starts_with('/')
        && !path.starts_with("//")
        && !path.chars().any(|c| c.is_whitespace() || c == '\\')
}

/// Why a request is dropped without a word to the sender.
pub(crate) fn bot_reason(body: &ContactMessageInput) -> Option<&'static str> {
    if body
        .website
        .as_deref()
        .is_some_and(|v| !v.trim().is_empty())
    {
        return Some("honeypot filled");
    }
    match body.fill_ms {
        Some(fill_ms) if fill_ms < MIN_FILL_MS => Some("filled too fast"),
        _ => None,
    }
}

/// The request id for an `Idempotency-Key`: the same key always names the
/// same request, so a retried submission (even after JetStream's
/// deduplication window) is stored and emailed once.
pub(crate) fn request_id_for_key(key: &str) -> Uuid {
    let digest = Sha256::digest(format!("intake.message\0{key}").as_bytes());
    let mut bytes = [0u8; 16];
    bytes.copy_from_slice(&digest[..16]);
    uuid::Builder::from_custom_bytes(bytes).into_uuid()
}

/// The `Idempotency-Key` header, if sent: 8 to 200 visible ASCII characters.
pub(crate) fn idempotency_key(headers: &HeaderMap) -> Result<Option<String>, ApiError> {
    let Some(value) = headers.get("idempotency-key") else {
        return Ok(None);
    };
    let key = value.to_str().unwrap_or_default().trim();
    if (8..=200).contains(&key.len()) && key.chars().all(|c| c.is_ascii_graphic()) {
        Ok(Some(key.to_owned()))
    } else {
        Err(ApiError::BadRequest(
            "Idempotency-Key must be 8 to 200 visible characters"
                .to_owned()
                .into(),
        ))
    }
}

#[cfg(test)]
mod tests {
    use contract::language::Language;

    use super::*;

    fn body() -> ContactMessageInput {
        ContactMessageInput {
            name: "Amina".to_owned(),
            email: "amina@example.com".to_owned(),
            subject: "Racks".to_owned(),
            message: "Two racks".to_owned(),
            phone: None,
            company: None,
            source: None,
            website: None,
            fill_ms: None,
            language: Language::En,
        }
    }

    #[test]
    fn a_filled_honeypot_or_a_fast_fill_is_a_bot() {
        assert_eq!(bot_reason(&body()), None);
        let honeypot = ContactMessageInput {
            website: Some("https://spam.example".to_owned()),
            ..body()
        };
        assert_eq!(bot_reason(&honeypot), Some("honeypot filled"));
        let blank = ContactMessageInput {
            website: Some("  ".to_owned()),
            ..body()
        };
        assert_eq!(bot_reason(&blank), None);
        let filled_in = |fill_ms| ContactMessageInput {
            fill_ms: Some(fill_ms),
            ..body()
        };
        assert_eq!(bot_reason(&filled_in(500)), Some("filled too fast"));
        assert_eq!(bot_reason(&filled_in(2_999)), Some("filled too fast"));
        assert_eq!(bot_reason(&filled_in(-1)), Some("filled too fast"));
        assert_eq!(bot_reason(&filled_in(3_000)), None);
        assert_eq!(bot_reason(&filled_in(3_600_000)), None);
    }

    #[test]
    fn one_key_names_one_request() {
        let a = request_id_for_key("0f6b6a1e-5f7e-4a53-9a53-1c1a8c0b6a10");
        assert_eq!(
            a,
            request_id_for_key("0f6b6a1e-5f7e-4a53-9a53-1c1a8c0b6a10")
        );
        assert_ne!(
            a,
            request_id_for_key("0f6b6a1e-5f7e-4a53-9a53-1c1a8c0b6a11")
        );
        assert_eq!(a.get_version_num(), 8);
    }

    #[test]
    fn only_site_paths_are_sources() {
        for good in [
            "/contact",
            "/solutions/nyota-finance",
            "/finance#request-demo",
        ] {
            assert!(is_site_path(good), "{good}");
        }
        for bad in [
            "contact",
            "//evil.example",
            "https://evil.example",
            "/a b",
            "/\\evil",
        ] {
            assert!(!is_site_path(bad), "{bad}");
        }
    }

    #[test]
    fn idempotency_keys_are_checked() {
        let mut headers = HeaderMap::new();
        assert_eq!(idempotency_key(&headers).ok(), Some(None));
        headers.insert("idempotency-key", "short".parse().expect("header"));
        assert!(idempotency_key(&headers).is_err());
        headers.insert(
            "idempotency-key",
            "0f6b6a1e-5f7e-4a53-9a53-1c1a8c0b6a10"
                .parse()
                .expect("header"),
        );
        assert_eq!(
            idempotency_key(&headers).ok().flatten().as_deref(),
            Some("0f6b6a1e-5f7e-4a53-9a53-1c1a8c0b6a10")
        );
    }
}
