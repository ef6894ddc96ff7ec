//! One path for request input. [`ValidatedJson<T>`] reads a JSON body,
//! answers shape errors in words (never Rust type names), then runs the
//! type's [`Input::check`], which cleans and checks each field with the rules
//! here and answers the first failing field, in form order.
//!
//! The text rules hold for every field: control characters are refused
//! (newline and tab only where multi-line text is allowed), and a value made
//! only of invisible characters (spaces, zero-width and bidi controls) counts
//! as empty. Postgres refuses NUL in text, so nothing with one may ever reach
//! the pipeline.

use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::{HeaderMap, StatusCode, header};
use serde::de::DeserializeOwned;

use crate::platform::error::ApiError;
use crate::platform::words::{Value, Words};

/// A field failed its rules: the message the user sees and, when known, the
/// field's JSON path (`office.city`), so that a form can show the message
/// beside that field.
#[derive(Debug, PartialEq, Eq)]
pub struct InputError {
    pub message: Words,
    pub field: Option<String>,
}

impl InputError {
    pub fn new(message: impl Into<Words>) -> Self {
        InputError {
            message: message.into(),
            field: None,
        }
    }
}

/// Names the field a rule failed on, unless a nested rule already did.
pub trait AtField<T> {
    fn at(self, field: &str) -> Result<T, InputError>;
}

impl<T> AtField<T> for Result<T, InputError> {
    fn at(self, field: &str) -> Result<T, InputError> {
        self.map_err(|mut error| {
            error.field.get_or_insert_with(|| field.to_owned());
            error
        })
    }
}

impl From<InputError> for ApiError {
    fn from(error: InputError) -> Self {
        match error.field {
            Some(field) => ApiError::InvalidField {
                message: error.message,
                field,
            },
            None => ApiError::BadRequest(error.message),
        }
    }
}

/// A request body type: how its fields are called, and its own rules.
pub trait Input: DeserializeOwned {
    /// Each JSON field name with the words a user knows it by.
    const LABELS: &'static [(&'static str, &'static str)];

    /// Cleans (trims) and checks every field, in form order.
    fn check(self) -> Result<Self, InputError>;
}

/// A JSON body that parsed and passed [`Input::check`].
pub struct ValidatedJson<T>(pub T);

impl<S: Send + Sync, T: Input> FromRequest<S> for ValidatedJson<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, ApiError> {
        if !is_json(request.headers()) {
            return Err(ApiError::UnsupportedMediaType(
                "Expected a JSON body (Content-Type: application/json)".into(),
            ));
        }
        let bytes =
            Bytes::from_request(request, state)
                .await
                .map_err(|rejection| match rejection.status() {
                    StatusCode::PAYLOAD_TOO_LARGE => ApiError::PayloadTooLarge,
                    _ => ApiError::BadRequest("The request body could not be read".into()),
                })?;
        Ok(ValidatedJson(from_json(&bytes)?))
    }
}

/// Parses `bytes` as `T` and runs its [`Input::check`]: all that
/// [`ValidatedJson`] does with a body once it has read it.
pub fn from_json<T: Input>(bytes: &[u8]) -> Result<T, InputError> {
    parse::<T>(bytes)?.check()
}

fn is_json(headers: &HeaderMap) -> bool {
    let Some(content_type) = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
    else {
        return false;
    };
    let essence = content_type
        .split(';')
        .next()
        .unwrap_or_default()
        .trim()
        .to_ascii_lowercase();
    essence == "application/json"
        || (essence.starts_with("application/") && essence.ends_with("+json"))
}

/// Parses `bytes` as `T`, naming the failing field by its label.
pub(crate) fn parse<T: Input>(bytes: &[u8]) -> Result<T, InputError> {
    let mut deserializer = serde_json::Deserializer::from_slice(bytes);
    let parsed = serde_path_to_error::deserialize::<_, T>(&mut deserializer).map_err(|error| {
        let field = error
            .path()
            .iter()
            .next()
            .map(|segment| segment.to_string());
        describe(error.inner(), field.as_deref(), T::LABELS)
    })?;
    deserializer
        .end()
        .map_err(|_| InputError::new("The request body is not valid JSON".to_owned()))?;
    Ok(parsed)
}

fn describe(error: &serde_json::Error, field: Option<&str>, labels: &[(&str, &str)]) -> InputError {
    use serde_json::error::Category;
    let label = |name: &str| {
        labels
            .iter()
            .find(|(json, _)| *json == name)
            .map_or_else(|| name.to_owned(), |(_, words)| (*words).to_owned())
    };
    let text = error.to_string();
    let message = match (error.classify(), field) {
        (Category::Syntax | Category::Eof | Category::Io, _) => {
            "The request body is not valid JSON".to_owned()
        }
        (Category::Data, Some(field)) => {
            if text.contains("expected a string") {
                format!("{} must be text", label(field))
            } else if text.contains("expected a boolean") {
                format!("{} must be true or false", label(field))
            } else {
                format!("{} is not valid", label(field))
            }
        }
        (Category::Data, None) => match missing_field(&text) {
            Some(name) => format!("{} is required", label(name)),
            None => "The request body must be a JSON object".to_owned(),
        },
    };
    InputError {
        message: message.into(),
        field: field.map(str::to_owned),
    }
}

/// The field name in serde's "missing field `name`" message.
fn missing_field(text: &str) -> Option<&str> {
    let rest = text.strip_prefix("missing field `")?;
    rest.split('`').next()
}

/// What a field is called in its refusals: a catalogue message (the
/// public forms' fields, said in the reader's language: `field-name`), or
/// English words (admin forms' fields, whose refusals stay all English).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Label {
    Text(&'static str),
    English(&'static str),
}

impl From<&'static str> for Label {
    fn from(words: &'static str) -> Self {
        Label::English(words)
    }
}

/// One field on its way through the rules.
#[derive(Debug)]
pub struct Field {
    label: Label,
    value: String,
}

/// Single-line text: trimmed; every control character refused, and the
/// line and paragraph separators (U+2028, U+2029), which break a line as a
/// newline does.
pub fn text(label: impl Into<Label>, raw: String) -> Result<Field, InputError> {
    let field = Field {
        label: label.into(),
        value: raw.trim().to_owned(),
    };
    if field.value.contains(['\u{2028}', '\u{2029}']) {
        return Err(field.fail("input-one-line", &[]));
    }
    field.refuse_controls(|_| false)
}

/// Words that name the company or a role rather than a person: a name made
/// only of these ("Support", "Billing Team", "System") or naming the
/// company ("Nyota Cloud Billing") would let a visitor's message or an
/// email read as if it came from us.
const ROLE_WORDS: &[&str] = &[
    "account",
    "accounts",
    "admin",
    "administrator",
    "agent",
    "billing",
    "bot",
    "care",
    "cloud",
    "customer",
    "department",
    "dept",
    "desk",
    "do",
    "finance",
    "help",
    "helpdesk",
    "info",
    "it",
    "moderator",
    "no",
    "noreply",
    "not",
    "official",
    "operator",
    "payments",
    "reply",
    "sales",
    "security",
    "service",
    "services",
    "staff",
    "support",
    "system",
    "team",
    "the",
    "update",
];

/// The company's name as one word ("Nyota" alone is also a person's given
/// name, so it counts only beside a role word).
const COMPANY_WORDS: &[&str] = &["nyota", "nyotacloud"];

/// Multi-line text: trimmed, line endings made `\n`; newline and tab allowed.
pub fn multiline(label: impl Into<Label>, raw: String) -> Result<Field, InputError> {
    let field = Field {
        label: label.into(),
        value: raw.trim().replace("\r\n", "\n"),
    };
    field.refuse_controls(|c| c == '\n' || c == '\t')
}

/// A secret (password): kept exactly as typed, control characters refused.
pub fn secret(label: impl Into<Label>, raw: String) -> Result<Field, InputError> {
    Field {
        label: label.into(),
        value: raw,
    }
    .refuse_controls(|_| false)
}

/// A visitor's or user's email address, strictly checked (see [`is_valid_email`]).
pub fn email(label: impl Into<Label>, raw: String) -> Result<Field, InputError> {
    let field = text(label, raw)?.max_chars(254)?;
    if is_valid_email(&field.value) {
        Ok(field)
    } else {
        Err(InputError::new(Words::text("input-email-invalid")))
    }
}

impl Field {
    fn refuse_controls(self, allowed: impl Fn(char) -> bool) -> Result<Self, InputError> {
        if self.value.chars().any(|c| c.is_control() && !allowed(c)) {
            Err(self.fail("input-control-characters", &[]))
        } else {
            Ok(self)
        }
    }

    /// Catalogue message `rule` about this field (its `$field`), with
    /// `values`. A field named in English has its whole refusal in English.
    fn fail(&self, rule: &'static str, values: &[(&'static str, usize)]) -> InputError {
        let label = match self.label {
            Label::Text(id) => Words::text(id),
            Label::English(words) => Words::from(words),
        };
        let mut refusal = Words::text(rule).with("field", label);
        for (name, value) in values {
            refusal = refusal.with(name, Value::from(*value));
        }
        match self.label {
            Label::Text(_) => InputError::new(refusal),
            Label::English(_) => InputError::new(refusal.to_string()),
        }
    }

    fn blank(&self) -> bool {
        self.value
            .chars()
            .all(|c| c.is_whitespace() || is_invisible(c))
    }

    /// "<Label> is required" when empty or only invisible characters.
    pub fn required(self) -> Result<Self, InputError> {
        if self.blank() {
            Err(self.fail("input-required", &[]))
        } else {
            Ok(self)
        }
    }

    /// "<Label> cannot be empty" when empty or only invisible characters.
    pub fn not_empty(self) -> Result<Self, InputError> {
        if self.blank() {
            Err(self.fail("input-empty", &[]))
        } else {
            Ok(self)
        }
    }

    pub fn max_chars(self, max: usize) -> Result<Self, InputError> {
        if self.value.chars().count() > max {
            Err(self.fail("input-too-long", &[("max", max)]))
        } else {
            Ok(self)
        }
    }

    /// Between `min` and `max` characters, with one message for both.
    pub fn chars_between(self, min: usize, max: usize) -> Result<Self, InputError> {
        let count = self.value.chars().count();
        if count < min || count > max {
            Err(self.fail("input-length", &[("min", min), ("max", max)]))
        } else {
            Ok(self)
        }
    }

    /// A person's own name: not made only of the company's name and words
    /// of a role ([`ROLE_WORDS`]), however it is cased, spaced or
    /// punctuated. "Nyota Wanjiru" and "Nyota" are names; "Nyota Support",
    /// "NYOTA-CLOUD" and "System" are not.
    pub fn own_name(self) -> Result<Self, InputError> {
        let words: Vec<String> = self
            .value
            .split(|c: char| !c.is_alphanumeric())
            .filter(|word| !word.is_empty())
            .map(str::to_lowercase)
            .collect();
        let of_role_or_company = |word: &String| {
            ROLE_WORDS.contains(&word.as_str()) || COMPANY_WORDS.contains(&word.as_str())
        };
        let impersonates =
            !words.is_empty() && words.iter().all(of_role_or_company) && words != ["nyota"];
        if impersonates {
            Err(self.fail("input-own-name", &[]))
        } else {
            Ok(self)
        }
    }

    pub fn value(self) -> String {
        self.value
    }

    /// `None` for an empty value, else at most `max` characters of it.
    pub fn optional_clipped(self, max: usize) -> Option<String> {
        // Clipping may end on a space, or keep only invisible characters:
        // trim again, and what is left must still show something.
        let clipped: String = self.value.chars().take(max).collect();
        let field = Field {
            label: self.label,
            value: clipped.trim_end().to_owned(),
        };
        (!field.blank()).then_some(field.value)
    }
}

/// Characters that draw nothing: format controls (zero-width, bidi marks,
/// embeddings, overrides and isolates), variation selectors, tag characters
/// and the Hangul fillers.
pub fn is_invisible(c: char) -> bool {
    matches!(c,
        '\u{00AD}' | '\u{034F}' | '\u{061C}' | '\u{115F}' | '\u{1160}' | '\u{17B4}' | '\u{17B5}'
        | '\u{180B}'..='\u{180F}'
        | '\u{200B}'..='\u{200F}'
        | '\u{202A}'..='\u{202E}'
        | '\u{2060}'..='\u{206F}'
        | '\u{3164}' | '\u{FEFF}' | '\u{FFA0}'
        | '\u{FE00}'..='\u{FE0F}'
        | '\u{1D173}'..='\u{1D17A}'
        | '\u{E0000}'..='\u{E007F}'
        | '\u{E0100}'..='\u{E01EF}')
}

/// A real, plain address: `local@domain.tld`. The local part is 1–64 of
/// `A–Z a–z 0–9 . _ % + ' -`, not starting or ending with a dot, without
/// `..`; the domain has at least two labels of letters, digits and inner
/// hyphens (1–63 each), the last one at least two letters; at most 254 in
/// all. Stricter than RFC 5322 on purpose: no `?`, `&`, quotes or spaces,
/// so an address is safe in a `mailto:` and in an email header.
pub fn is_valid_email(address: &str) -> bool {
    let Some((local, domain)) = address.split_once('@') else {
        return false;
    };
    let local_ok = (1..=64).contains(&local.len())
        && local
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "._%+'-".contains(c))
        && !local.starts_with('.')
        && !local.ends_with('.')
        && !local.contains("..");
    let labels: Vec<&str> = domain.split('.').collect();
    let domain_ok = labels.len() >= 2
        && labels.iter().all(|label| {
            (1..=63).contains(&label.len())
                && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
                && !label.starts_with('-')
                && !label.ends_with('-')
        })
        && labels
            .last()
            .is_some_and(|tld| tld.len() >= 2 && tld.chars().all(|c| c.is_ascii_alphabetic()));
    address.len() <= 254 && local_ok && domain_ok
}

#[cfg(test)]
mod tests;
