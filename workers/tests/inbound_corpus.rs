//! The corpus of real mail clients' replies (`tests/inbound/`): each
//! `NN-client-lang.eml` read by `workers::inbound::parse` gives what its
//! `.expected` says: the first line its kind (`reply`, `reply
//! attachments=N`, `auto-reply`, `bounce permanent|temporary <address>`),
//! then `---`, then the new text a reply adds.

use std::path::Path;

use workers::inbound::{MailKind, parse};

#[test]
fn every_sample_gives_its_expected_kind_and_new_text() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/inbound");
    let mut samples: Vec<_> = std::fs::read_dir(&dir)
        .expect("the corpus")
        .map(|entry| entry.expect("entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "eml"))
        .collect();
    samples.sort();
    let replies_in = |lang: &str| {
        samples
            .iter()
            .filter(|path| {
                let name = path.file_stem().unwrap_or_default().to_string_lossy();
                name.ends_with(&format!("-{lang}"))
                    && std::fs::read_to_string(path.with_extension("expected"))
                        .is_ok_and(|expected| expected.starts_with("reply"))
            })
            .count()
    };
    assert!(samples.len() >= 20, "{} samples", samples.len());
    for lang in ["en", "fr", "sw"] {
        assert!(
            replies_in(lang) >= 5,
            "{lang}: {} replies",
            replies_in(lang)
        );
    }
    let mut failures = Vec::new();
    for path in &samples {
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        let raw = std::fs::read(path).expect("sample");
        let expected = std::fs::read_to_string(path.with_extension("expected")).expect("expected");
        let (kind, text) = expected.split_once("\n---\n").expect("kind, ---, text");
        let text = text.strip_suffix('\n').unwrap_or(text);
        let Some(mail) = parse(&raw) else {
            failures.push(format!("{name}: not parsed"));
            continue;
        };
        let mut words = kind.split_whitespace();
        let found_kind = match (&mail.kind, words.next()) {
            (MailKind::Reply, Some("reply")) => {
                let attachments = words
                    .next()
                    .and_then(|word| word.strip_prefix("attachments="))
                    .map_or(0, |n| n.parse().expect("a count"));
                if mail.attachments.len() != attachments {
                    failures.push(format!(
                        "{name}: {} attachments, expected {attachments}",
                        mail.attachments.len()
                    ));
                }
                if mail.new_text != text {
                    failures.push(format!(
                        "{name}: new text\n{:?}\nexpected\n{text:?}",
                        mail.new_text
                    ));
                }
                true
            }
            (MailKind::AutoReply, Some("auto-reply")) => true,
            (
                MailKind::Bounce {
                    recipient,
                    permanent,
                    diagnostic,
                },
                Some("bounce"),
            ) => {
                let expected_permanent = words.next() == Some("permanent");
                let expected_recipient = words.next().map(str::to_owned);
                // What the server said is kept to show agents.
                *permanent == expected_permanent
                    && *recipient == expected_recipient
                    && diagnostic
                        .as_deref()
                        .is_some_and(|said| said.contains("5.") || said.contains("4."))
            }
            _ => false,
        };
        if !found_kind {
            failures.push(format!("{name}: {:?}, expected {kind}", mail.kind));
        }
        if mail.message_id.is_none() || mail.from.is_none() {
            failures.push(format!("{name}: no Message-ID or From"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn a_reply_names_its_sender_recipients_and_dmarc_result() {
    let raw = b"From: Wanjiru <Wanjiru.Kamau@Example.co.ke>\r\n\
To: \"Amina, Nyota\" <replies+abc@nyota.example>, other@example.com\r\n\
Delivered-To: replies+abc@nyota.example\r\n\
Authentication-Results: mx.google.com;\r\n dkim=pass header.i=@example.co.ke;\r\n dmarc=fail (p=REJECT) header.from=example.co.ke\r\n\
Message-ID: <one@example.co.ke>\r\n\
Subject: Re: hello\r\n\r\nYes please.\r\n";
    let mail = parse(raw).expect("parsed");
    assert_eq!(mail.from.as_deref(), Some("wanjiru.kamau@example.co.ke"));
    assert_eq!(
        mail.recipients,
        ["replies+abc@nyota.example", "other@example.com"]
    );
    assert_eq!(mail.message_id.as_deref(), Some("one@example.co.ke"));
    assert_eq!(mail.dmarc, workers::inbound::Dmarc::Fail);
    assert_eq!(mail.kind, MailKind::Reply);
    assert_eq!(mail.new_text, "Yes please.");
}
