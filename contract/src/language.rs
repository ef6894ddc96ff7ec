//! The languages the platform speaks to people in: English (the default,
//! at today's addresses), French (`/fr/…`) and Kiswahili (`/sw/…`). A chat
//! keeps the language its visitor started it in; agents list those they
//! speak.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// A language of the site, by its ISO 639-1 code (`en`, `fr`, `sw`), as in
/// JSON, in the database (a text column) and in the web app's addresses.
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    TS,
    utoipa::ToSchema,
    sqlx::Type,
)]
#[serde(rename_all = "lowercase")]
#[sqlx(type_name = "text", rename_all = "lowercase")]
#[ts(export)]
pub enum Language {
    #[default]
    En,
    Fr,
    Sw,
}

impl Language {
    pub const ALL: [Language; 3] = [Language::En, Language::Fr, Language::Sw];

    /// Its code in JSON, in the database and in addresses.
    pub fn code(self) -> &'static str {
        match self {
            Language::En => "en",
            Language::Fr => "fr",
            Language::Sw => "sw",
        }
    }

    /// `path` (a page of the site, possibly with a query) in this language:
    /// English at the path itself, the others under their prefix
    /// (`/fr/privacy`; a language's home is `/fr`).
    pub fn page(self, path: &str) -> String {
        match (self, path) {
            (Language::En, _) => path.to_owned(),
            (_, "/") => format!("/{}", self.code()),
            _ => format!("/{}{path}", self.code()),
        }
    }

    pub fn parse(code: &str) -> Option<Language> {
        Language::ALL
            .into_iter()
            .find(|language| language.code() == code)
    }

    /// Its codes as a list of text, for a database array.
    pub fn codes(languages: &[Language]) -> Vec<String> {
        languages
            .iter()
            .map(|language| language.code().to_owned())
            .collect()
    }

    /// The languages named in `codes` (a database array), unknown ones left
    /// out (the column's check admits only known codes).
    pub fn from_codes(codes: &[String]) -> Vec<Language> {
        codes
            .iter()
            .filter_map(|code| Language::parse(code))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::Language;

    #[test]
    fn a_page_in_a_language_is_under_its_prefix() {
        assert_eq!(Language::En.page("/login"), "/login");
        assert_eq!(Language::Fr.page("/login"), "/fr/login");
        assert_eq!(Language::Sw.page("/"), "/sw");
        assert_eq!(
            Language::Sw.page("/subscription?action=confirm"),
            "/sw/subscription?action=confirm"
        );
    }

    #[test]
    fn a_language_names_itself_as_json_does() {
        for language in Language::ALL {
            let json = serde_json::to_value(language).expect("serialises");
            assert_eq!(json, language.code());
            assert_eq!(Language::parse(language.code()), Some(language));
        }
        assert_eq!(Language::parse("de"), None);
    }
}
