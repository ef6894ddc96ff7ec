//! What the gateway and the workers say to people, in their language: the
//! notices written into chats and the chat emails. One Fluent catalogue per
//! language (`runtime/texts/<code>.ftl`), built into the binary; [`say`]
//! formats a message, [`date_time`] a moment in East Africa Time.
//!
//! The tests below keep the catalogues whole: every message in every
//! language with English's variables, none left in English, none unused.

use std::sync::LazyLock;

use contract::language::Language;
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource};

pub use fluent_bundle::FluentValue;

/// Each language's catalogue source, in [`Language::ALL`]'s order.
const SOURCES: [(Language, &str); 3] = [
    (Language::En, include_str!("../texts/en.ftl")),
    (Language::Fr, include_str!("../texts/fr.ftl")),
    (Language::Sw, include_str!("../texts/sw.ftl")),
];

/// East Africa Time (Africa/Nairobi: UTC+3 all year), the zone the site
/// states its hours in.
const EAT_SECONDS: i32 = 3 * 3600;

struct Catalogue {
    language: Language,
    bundle: FluentBundle<FluentResource>,
}

static CATALOGUES: LazyLock<Vec<Catalogue>> = LazyLock::new(|| {
    SOURCES
        .iter()
        .map(|&(language, source)| Catalogue {
            language,
            bundle: bundle(language, source),
        })
        .collect()
});

/// The catalogue of `language` as a bundle. A catalogue that does not parse
/// is a build mistake the tests catch, so it panics here rather than
/// speaking half a language.
fn bundle(language: Language, source: &str) -> FluentBundle<FluentResource> {
    let resource = FluentResource::try_new(source.to_owned())
        .unwrap_or_else(|(_, errors)| panic!("texts/{}.ftl: {errors:?}", language.code()));
    let id = language
        .code()
        .parse()
        .unwrap_or_else(|_| panic!("{} is a language identifier", language.code()));
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    // Plain text for emails and chats: no bidi isolation marks around values.
    bundle.set_use_isolating(false);
    bundle
        .add_resource(resource)
        .unwrap_or_else(|errors| panic!("texts/{}.ftl: {errors:?}", language.code()));
    bundle
}

fn catalogue(language: Language) -> &'static Catalogue {
    CATALOGUES
        .iter()
        .find(|catalogue| catalogue.language == language)
        .unwrap_or(&CATALOGUES[0])
}

/// Message `id` in `language` with `args` (`("email", address.into())`).
/// A message missing there (which the tests rule out) falls back to
/// English, then to its id; each miss is logged.
pub fn say(language: Language, id: &str, args: &[(&str, FluentValue<'_>)]) -> String {
    let mut fluent_args = FluentArgs::with_capacity(args.len());
    for (name, value) in args {
        fluent_args.set(*name, value.clone());
    }
    for language in [language, Language::En] {
        let bundle = &catalogue(language).bundle;
        let Some(pattern) = bundle.get_message(id).and_then(|message| message.value()) else {
            tracing::warn!(
                text.id = id,
                text.language = language.code(),
                "text missing"
            );
            continue;
        };
        let mut errors = Vec::new();
        let text = bundle.format_pattern(pattern, Some(&fluent_args), &mut errors);
        if !errors.is_empty() {
            tracing::warn!(
                text.id = id,
                text.language = language.code(),
                ?errors,
                "text formatted with errors"
            );
        }
        return text.into_owned();
    }
    id.to_owned()
}

/// A blog post's read time in the post's `language`: "3 min read",
/// "3 min de lecture", "Dakika 3 za kusoma". The gateway's computed read
/// time and the sample posts' both say it here.
pub fn read_time(language: Language, minutes: usize) -> String {
    let minutes = i64::try_from(minutes).unwrap_or(i64::MAX);
    say(language, "post-read-time", &[("minutes", minutes.into())])
}

/// `at` as a person reads it in `language`, in East Africa Time:
/// "29 November 2026, 21:59 EAT", "29 novembre 2026 à 21:59 (heure EAT)".
pub fn date_time(language: Language, at: time::OffsetDateTime) -> String {
    let locale = match language {
        Language::En => chrono::Locale::en_GB,
        Language::Fr => chrono::Locale::fr_FR,
        Language::Sw => chrono::Locale::sw_KE,
    };
    let eat = chrono::FixedOffset::east_opt(EAT_SECONDS).expect("UTC+3 is a valid offset");
    let Some(moment) = chrono::DateTime::from_timestamp(at.unix_timestamp(), 0) else {
        return at.to_string();
    };
    moment
        .with_timezone(&eat)
        .format_localized(&say(language, "email-date-time", &[]), locale)
        .to_string()
}

/// The calendar day of `at` (UTC, the day the due dates are counted in)
/// as a person reads it in `language`: "9 January 2027", "9 janvier 2027",
/// "9 Januari 2027".
pub fn day(language: Language, at: time::OffsetDateTime) -> String {
    let locale = match language {
        Language::En => chrono::Locale::en_GB,
        Language::Fr => chrono::Locale::fr_FR,
        Language::Sw => chrono::Locale::sw_KE,
    };
    let Some(moment) = chrono::DateTime::from_timestamp(at.unix_timestamp(), 0) else {
        return at.to_string();
    };
    moment
        .date_naive()
        .format_localized("%-d %B %Y", locale)
        .to_string()
}

#[cfg(test)]
mod tests;
