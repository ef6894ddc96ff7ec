use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use fluent_syntax::ast;

use super::*;

/// A message as the checks see it: its variables, the variables it selects
/// on, the keys of its variants, and its words.
#[derive(Default)]
struct Shape {
    variables: BTreeSet<String>,
    selectors: BTreeSet<String>,
    variant_keys: BTreeSet<String>,
    text: String,
}

fn walk_pattern(pattern: &ast::Pattern<&str>, shape: &mut Shape) {
    for element in &pattern.elements {
        match element {
            ast::PatternElement::TextElement { value } => shape.text.push_str(value),
            ast::PatternElement::Placeable { expression } => walk_expression(expression, shape),
        }
    }
}

fn walk_expression(expression: &ast::Expression<&str>, shape: &mut Shape) {
    match expression {
        ast::Expression::Inline(inline) => walk_inline(inline, shape),
        ast::Expression::Select { selector, variants } => {
            if let ast::InlineExpression::VariableReference { id } = selector {
                shape.selectors.insert(id.name.to_owned());
            }
            walk_inline(selector, shape);
            for variant in variants {
                let key = match &variant.key {
                    ast::VariantKey::Identifier { name } => (*name).to_owned(),
                    ast::VariantKey::NumberLiteral { value } => (*value).to_owned(),
                };
                shape.variant_keys.insert(key);
                walk_pattern(&variant.value, shape);
            }
        }
    }
}

fn walk_inline(inline: &ast::InlineExpression<&str>, shape: &mut Shape) {
    match inline {
        ast::InlineExpression::VariableReference { id } => {
            shape.variables.insert(id.name.to_owned());
        }
        ast::InlineExpression::Placeable { expression } => walk_expression(expression, shape),
        ast::InlineExpression::StringLiteral { value } => shape.text.push_str(value),
        _ => {}
    }
}

fn shapes(source: &str) -> BTreeMap<String, Shape> {
    let resource = fluent_syntax::parser::parse(source).expect("the catalogue parses");
    resource
        .body
        .iter()
        .filter_map(|entry| match entry {
            ast::Entry::Message(message) => {
                let mut shape = Shape::default();
                if let Some(value) = &message.value {
                    walk_pattern(value, &mut shape);
                }
                Some((message.id.name.to_owned(), shape))
            }
            _ => None,
        })
        .collect()
}

fn catalogue_shapes() -> Vec<(Language, BTreeMap<String, Shape>)> {
    SOURCES
        .iter()
        .map(|&(language, source)| (language, shapes(source)))
        .collect()
}

#[test]
fn every_catalogue_loads_and_has_every_message_of_english() {
    let all = catalogue_shapes();
    let english: BTreeSet<&String> = all[0].1.keys().collect();
    assert!(!english.is_empty());
    for (language, shapes) in &all {
        let ids: BTreeSet<&String> = shapes.keys().collect();
        let missing: Vec<_> = english.difference(&ids).collect();
        let extra: Vec<_> = ids.difference(&english).collect();
        assert!(
            missing.is_empty() && extra.is_empty(),
            "{}: missing {missing:?}, not in English {extra:?}",
            language.code()
        );
        // Loading builds the bundle (panics on a resource that does not).
        assert!(!say(*language, "chat-resolved", &[]).is_empty());
    }
}

#[test]
fn every_message_has_englishs_variables_and_selectors() {
    let all = catalogue_shapes();
    for (id, english) in &all[0].1 {
        for (language, shapes) in &all[1..] {
            let shape = &shapes[id];
            assert_eq!(
                (&shape.variables, &shape.selectors),
                (&english.variables, &english.selectors),
                "{}: {id}",
                language.code()
            );
        }
    }
}

#[test]
fn plural_variants_are_the_languages_own_categories() {
    // CLDR's cardinal categories of each language (besides exact numbers).
    let categories = |language: Language| -> &'static [&'static str] {
        match language {
            Language::En | Language::Sw => &["one", "other"],
            Language::Fr => &["one", "many", "other"],
        }
    };
    for (language, shapes) in catalogue_shapes() {
        for (id, shape) in shapes {
            for key in &shape.variant_keys {
                assert!(
                    categories(language).contains(&key.as_str()) || key.parse::<f64>().is_ok(),
                    "{}: {id} has variant [{key}]",
                    language.code()
                );
            }
        }
    }
}

/// Messages that read the same in a translation: words every language
/// shares.
const SAME_IN_TRANSLATION: &[(&str, &str)] = &[("fr", "address-code-label")];

/// English words that never belong in a French or Kiswahili text.
const ENGLISH_WORDS: &[&str] = &[
    "the", "and", "your", "you", "our", "with", "this", "chat", "email", "reply", "please",
];

#[test]
fn no_english_is_left_in_a_translation() {
    let all = catalogue_shapes();
    for (language, shapes) in &all[1..] {
        for (id, shape) in shapes {
            let english = &all[0].1[id].text;
            if !SAME_IN_TRANSLATION.contains(&(language.code(), id.as_str())) {
                assert_ne!(&shape.text, english, "{}: {id} is English", language.code());
            }
            let lower = shape.text.to_lowercase();
            for word in lower.split(|c: char| !c.is_alphabetic()) {
                assert!(
                    !ENGLISH_WORDS.contains(&word),
                    "{}: {id} has the English word {word:?}: {}",
                    language.code(),
                    shape.text
                );
            }
        }
    }
}

fn rust_sources(folder: &Path, into: &mut String) {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_sources(&path, into);
        } else if path.extension().is_some_and(|ext| ext == "rs")
            && !path.ends_with("texts/tests.rs")
        {
            into.push_str(&std::fs::read_to_string(&path).expect("a readable source"));
        }
    }
}

#[test]
fn every_message_is_used_by_the_gateway_or_the_workers() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut sources = String::new();
    for crate_name in ["runtime", "gateway", "workers"] {
        rust_sources(&root.join(crate_name).join("src"), &mut sources);
    }
    let unused: Vec<String> = catalogue_shapes()[0]
        .1
        .keys()
        .filter(|id| !sources.contains(&format!("\"{id}\"")))
        .cloned()
        .collect();
    assert!(unused.is_empty(), "unused texts: {unused:?}");
}

#[test]
fn a_message_takes_its_values_and_plural_in_each_language() {
    let count = |language, n: i64| {
        say(
            language,
            "replies-intro",
            &[("name", "Amina".into()), ("count", n.into())],
        )
    };
    assert_eq!(
        count(Language::En, 1),
        "Hello Amina, you left the chat before you saw this reply:"
    );
    assert_eq!(
        count(Language::En, 3),
        "Hello Amina, you left the chat before you saw these 3 replies:"
    );
    assert_eq!(
        count(Language::Fr, 3),
        "Bonjour Amina, vous avez quitté la conversation avant de voir ces 3 réponses :"
    );
    assert_eq!(
        count(Language::Sw, 1),
        "Habari Amina, uliondoka kwenye gumzo kabla ya kuona jibu hili:"
    );
}

#[test]
fn a_date_reads_in_east_africa_time_in_each_language() {
    // 2026-11-29 18:59:06 UTC is 21:59 in Nairobi.
    let at = time::OffsetDateTime::from_unix_timestamp(1_795_978_746).expect("a time");
    assert_eq!(date_time(Language::En, at), "29 November 2026, 21:59 EAT");
    assert_eq!(
        date_time(Language::Fr, at),
        "29 novembre 2026 à 21:59 (heure EAT)"
    );
    assert_eq!(
        date_time(Language::Sw, at),
        "29 Novemba 2026, saa 21:59 (EAT)"
    );
}

#[test]
fn a_day_reads_in_each_language() {
    // 2027-01-09 23:30 UTC: still the 9th, the day due dates are counted in.
    let at = time::OffsetDateTime::from_unix_timestamp(1_799_537_400).expect("a time");
    assert_eq!(day(Language::En, at), "9 January 2027");
    assert_eq!(day(Language::Fr, at), "9 janvier 2027");
    assert_eq!(day(Language::Sw, at), "9 Januari 2027");
}

#[test]
fn a_read_time_reads_in_each_language_with_its_plural() {
    assert_eq!(read_time(Language::En, 1), "1 min read");
    assert_eq!(read_time(Language::En, 12), "12 min read");
    assert_eq!(read_time(Language::Fr, 1), "1 min de lecture");
    assert_eq!(read_time(Language::Fr, 4), "4 min de lecture");
    assert_eq!(read_time(Language::Sw, 1), "Dakika 1 ya kusoma");
    assert_eq!(read_time(Language::Sw, 5), "Dakika 5 za kusoma");
}
