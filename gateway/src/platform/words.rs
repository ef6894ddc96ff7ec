//! Words for a person, said in the reader's language when they are said:
//! a message of the server's catalogue (`runtime/texts/<code>.ftl`) with its
//! values, or English words not moved into the catalogue yet.
//!
//! Every refusal the public and signed-in users see is a catalogue message
//! (`Words::text("login-invalid")`); refusals only admins see are still
//! plain English (`"Title is required".into()`), said the same in every
//! language. Moving one is local: add its id to the three catalogues and
//! build it with [`Words::text`] where it is made; nothing else changes.

use std::borrow::Cow;
use std::fmt;

use contract::language::Language;
use runtime::texts::{self, FluentValue};

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Words {
    /// Catalogue message `id` with its values.
    Text {
        id: &'static str,
        args: Vec<(&'static str, Value)>,
    },
    /// English words, the same in every language.
    English(Cow<'static, str>),
}

/// A value in a catalogue message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    Number(i64),
    /// Text said as it is (an email address, a name).
    Plain(String),
    /// Words said in the same language as the message (a field's name).
    Words(Words),
}

impl Words {
    /// Catalogue message `id`; add its values with [`Words::with`].
    pub const fn text(id: &'static str) -> Self {
        Words::Text {
            id,
            args: Vec::new(),
        }
    }

    /// These words with one more value.
    pub fn with(mut self, name: &'static str, value: impl Into<Value>) -> Self {
        if let Words::Text { args, .. } = &mut self {
            args.push((name, value.into()));
        }
        self
    }

    /// The words in `language`.
    pub fn say(&self, language: Language) -> String {
        match self {
            Words::English(words) => words.clone().into_owned(),
            Words::Text { id, args } => {
                let values: Vec<(&str, FluentValue<'_>)> = args
                    .iter()
                    .map(|(name, value)| {
                        let value = match value {
                            Value::Number(n) => FluentValue::from(*n),
                            Value::Plain(text) => FluentValue::from(text.as_str()),
                            Value::Words(words) => FluentValue::from(words.say(language)),
                        };
                        (*name, value)
                    })
                    .collect();
                texts::say(language, id, &values)
            }
        }
    }

    /// The words in the language of the request being answered.
    pub fn in_reader_language(&self) -> String {
        self.say(crate::platform::language::current())
    }
}

/// English: logs, tests, and everything said outside a request.
impl fmt::Display for Words {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.say(Language::En))
    }
}

impl From<&'static str> for Words {
    fn from(words: &'static str) -> Self {
        Words::English(Cow::Borrowed(words))
    }
}

impl From<String> for Words {
    fn from(words: String) -> Self {
        Words::English(Cow::Owned(words))
    }
}

impl PartialEq<str> for Words {
    fn eq(&self, other: &str) -> bool {
        self.say(Language::En) == other
    }
}

impl PartialEq<&str> for Words {
    fn eq(&self, other: &&str) -> bool {
        self.say(Language::En) == *other
    }
}

impl From<Words> for Value {
    fn from(words: Words) -> Self {
        Value::Words(words)
    }
}

impl From<String> for Value {
    fn from(text: String) -> Self {
        Value::Plain(text)
    }
}

impl From<usize> for Value {
    fn from(n: usize) -> Self {
        Value::Number(i64::try_from(n).unwrap_or(i64::MAX))
    }
}

impl From<u32> for Value {
    fn from(n: u32) -> Self {
        Value::Number(i64::from(n))
    }
}
