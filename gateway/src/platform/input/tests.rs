//! The input rules, case by case.

#[test]
fn a_name_of_the_company_or_a_role_is_refused_and_a_persons_is_not() {
    for name in [
        "Administrator",
        "Nyota Support",
        "System",
        "Nyota Cloud Billing",
        "NYOTA-CLOUD",
        "nyota.cloud",
        "The Support Team",
        "no-reply",
    ] {
        let refused = super::text("Name", name.to_owned())
            .and_then(super::Field::own_name)
            .expect_err(name);
        assert_eq!(
            refused.message,
            "Name must be a person's own name, not the company's or a role's"
        );
    }
    for name in ["Nyota", "Nyota Wanjiru", "Amani Otieno", "Zawadi", "李雷"] {
        assert!(
            super::text("Name", name.to_owned())
                .and_then(super::Field::own_name)
                .is_ok(),
            "{name}"
        );
    }
}

#[test]
fn line_and_paragraph_separators_are_refused_in_single_line_text() {
    for raw in ["Amani\u{2028}System", "Amani\u{2029}Otieno"] {
        let refused = super::text("Display name", raw.to_owned()).expect_err(raw);
        assert_eq!(refused.message, "Display name must be on one line");
    }
}

use serde::Deserialize;

use super::*;

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Sample {
    visitor_name: String,
    #[serde(default)]
    subscribed: bool,
}

impl Input for Sample {
    const LABELS: &'static [(&'static str, &'static str)] =
        &[("visitorName", "Name"), ("subscribed", "Subscription")];

    fn check(self) -> Result<Self, InputError> {
        Ok(Sample {
            visitor_name: text("Name", self.visitor_name)?.required()?.value(),
            ..self
        })
    }
}

fn parse_sample(json: &str) -> Result<Sample, String> {
    parse::<Sample>(json.as_bytes())
        .and_then(Input::check)
        .map_err(|e| e.message.to_string())
}

#[test]
fn shape_errors_name_the_field_in_words_never_a_type() {
    assert_eq!(parse_sample("{}").expect_err("refused"), "Name is required");
    assert_eq!(
        parse_sample(r#"{"visitorName": 5}"#).expect_err("refused"),
        "Name must be text"
    );
    assert_eq!(
        parse_sample(r#"{"visitorName": "A", "subscribed": "yes"}"#).expect_err("refused"),
        "Subscription must be true or false"
    );
    for body in ["5", "[]", "\"text\"", "null"] {
        let message = parse_sample(body).expect_err("refused");
        assert_eq!(message, "The request body must be a JSON object", "{body}");
    }
    for body in ["{", "{\"visitorName\": ", r#"{"visitorName": "A"} {}"#, ""] {
        assert_eq!(
            parse_sample(body).expect_err("refused"),
            "The request body is not valid JSON",
            "{body}"
        );
    }
}

#[test]
fn fields_are_trimmed() {
    let sample = parse_sample(r#"{"visitorName": "  Amina \n"}"#).expect("valid");
    assert_eq!(sample.visitor_name, "Amina");
    assert!(!sample.subscribed);
}

#[test]
fn control_characters_are_refused_except_newline_and_tab_in_multiline_text() {
    for bad in [
        "poison\u{0}byte",
        "a\u{7}b",
        "a\u{1b}[31mb",
        "a\u{85}b",
        "a\rb",
        "a\nb",
    ] {
        assert_eq!(
            text("Name", bad.to_owned()).expect_err("refused").message,
            "Name must not contain control characters",
            "{bad:?}"
        );
    }
    for bad in ["poison\u{0}byte", "a\u{7f}b", "a\rb"] {
        assert!(multiline("Message", bad.to_owned()).is_err(), "{bad:?}");
    }
    let lines = multiline("Message", "line one\r\n\tline two".to_owned()).expect("valid");
    assert_eq!(lines.value(), "line one\n\tline two");
    assert!(secret("Password", "pass\u{0}word".to_owned()).is_err());
    assert_eq!(
        secret("Password", " spaced ".to_owned())
            .expect("ok")
            .value(),
        " spaced "
    );
}

#[test]
fn invisible_only_values_are_empty_but_bidi_in_real_text_is_kept() {
    for invisible in [
        "\u{200B}\u{200B}",
        "\u{202E}",
        " \u{2066}\u{2069} ",
        "\u{FEFF}",
        "\u{2060}",
    ] {
        assert_eq!(
            text("Name", invisible.to_owned())
                .and_then(Field::required)
                .expect_err("refused")
                .message,
            "Name is required"
        );
        assert_eq!(
            multiline("Message", invisible.to_owned())
                .and_then(Field::not_empty)
                .expect_err("refused")
                .message,
            "Message cannot be empty"
        );
    }
    let kept = text("Name", "\u{202E}olleh".to_owned())
        .and_then(Field::required)
        .expect("visible text with an override is accepted");
    assert_eq!(kept.value(), "\u{202E}olleh");
}

#[test]
fn emails_are_strict() {
    for good in [
        "a@b.co",
        "Ann@Example.COM",
        "ann.o'brien+chat@mail.example.co.ke",
        "x_y%z@sub-domain.example.org",
    ] {
        assert!(is_valid_email(good), "{good}");
    }
    for bad in [
        "a@b",
        "a b@c.co",
        "x?y@c.co",
        "x&y@c.co",
        "a@b.c",
        "a@-b.co",
        "a@b-.co",
        "a..b@c.co",
        ".a@c.co",
        "a.@c.co",
        "@c.co",
        "a@",
        "a@@b.co",
        "a@b..co",
        "a@b.c0",
        "\"a\"@b.co",
        "a@b.co\u{0}",
        "a\u{200B}@b.co",
    ] {
        assert!(!is_valid_email(bad), "{bad:?}");
    }
    assert!(!is_valid_email(&format!("{}@b.co", "a".repeat(65))));
    assert!(!is_valid_email(&format!("a@{}.co", "b".repeat(64))));
}
