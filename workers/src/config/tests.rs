use std::collections::HashMap;

use super::*;

const KEY: &str = "test-signing-key-0123456789abcdef";

const EVERYTHING: Needs = Needs {
    nats: true,
    namespace: true,
    mail: true,
    signing: true,
    inbound: Inbound::IfSet,
};

/// Config for a command that uses everything (the `all` role), from
/// `pairs`.
fn config(pairs: &[(&str, &str)]) -> Result<Config, String> {
    config_for(EVERYTHING, pairs)
}

fn config_for(needs: Needs, pairs: &[(&str, &str)]) -> Result<Config, String> {
    let env: HashMap<String, String> = pairs
        .iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect();
    Config::from_lookup(needs, |name| env.get(name).cloned())
}

#[test]
fn defaults_apply_when_only_the_database_and_key_are_given() {
    let s = config(&[
        ("DATABASE_URL", "postgres://db/nyota"),
        ("SIGNING_KEY", KEY),
    ])
    .expect("valid");
    assert_eq!(s.database_url.expose_secret(), "postgres://db/nyota");
    assert_eq!(s.nats_url, "nats://127.0.0.1:4222");
    assert_eq!(s.nats_prefix, "");
    assert_eq!(s.jetstream_replicas, 1);
    assert!(s.mail.smtp_url.is_none());
    assert_eq!(s.mail.from, "Nyota Cloud <no-reply@nyota.example>");
    assert_eq!(s.mail.public_url, "http://localhost:8080");
    assert_eq!(s.namespace().expect("valid").replicas(), 1);
}

#[test]
fn values_are_read() {
    let s = config(&[
        ("DATABASE_URL", "postgres://db/x"),
        ("SIGNING_KEY", KEY),
        ("NATS_URL", "nats://a:4222,nats://b:4222"),
        ("NATS_PREFIX", "t-1"),
        ("JETSTREAM_REPLICAS", "3"),
        ("SMTP_URL", "smtp://127.0.0.1:2525"),
        ("MAIL_FROM", "Sales <sales@nyota.example>"),
        ("PUBLIC_URL", "https://nyota.example"),
    ])
    .expect("valid");
    assert_eq!(s.nats_url, "nats://a:4222,nats://b:4222");
    assert_eq!(s.nats_prefix, "t-1");
    assert_eq!(s.jetstream_replicas, 3);
    assert_eq!(s.namespace().expect("valid").replicas(), 3);
    assert_eq!(
        s.mail.smtp_url.as_ref().map(|url| url.expose_secret()),
        Some("smtp://127.0.0.1:2525")
    );
    assert_eq!(s.mail.from, "Sales <sales@nyota.example>");
    assert_eq!(s.mail.public_url, "https://nyota.example");
    assert!(s.mail.mailer().expect("valid").is_enabled());
}

#[test]
fn an_empty_smtp_url_means_no_email() {
    let s = config(&[
        ("DATABASE_URL", "postgres://db/x"),
        ("SIGNING_KEY", KEY),
        ("SMTP_URL", "  "),
    ])
    .expect("valid");
    assert!(s.mail.smtp_url.is_none());
    assert!(!s.mail.mailer().expect("valid").is_enabled());
}

#[test]
fn each_bad_value_gives_its_message() {
    let cases = [
        ("DATABASE_URL", "", "DATABASE_URL is required"),
        ("NATS_URL", "nats://a b", "NATS_URL: "),
        ("NATS_PREFIX", "a.b", "NATS prefix \"a.b\" may contain only"),
        (
            "JETSTREAM_REPLICAS",
            "7",
            "JETSTREAM_REPLICAS must be between 1 and 5",
        ),
        (
            "JETSTREAM_REPLICAS",
            "0",
            "JETSTREAM_REPLICAS must be between 1 and 5",
        ),
        (
            "JETSTREAM_REPLICAS",
            "three",
            "JETSTREAM_REPLICAS has an invalid value \"three\"",
        ),
        (
            "SMTP_URL",
            "http://example.com",
            "SMTP_URL is not a valid SMTP URL",
        ),
        (
            "MAIL_FROM",
            "not an address",
            "MAIL_FROM \"not an address\" is not an email address",
        ),
        (
            "SIGNING_KEY",
            "too short",
            "SIGNING_KEY must be at least 32 characters",
        ),
    ];
    for (name, value, message) in cases {
        let mut pairs = vec![("DATABASE_URL", "postgres://db/x"), ("SIGNING_KEY", KEY)];
        pairs.retain(|(n, _)| *n != name);
        pairs.push((name, value));
        let error = config(&pairs).expect_err(name);
        assert!(error.starts_with("invalid settings: "), "{error}");
        assert!(error.contains(message), "{name}={value:?}: {error}");
    }
}

#[test]
fn every_problem_is_reported_at_once() {
    let error = config(&[
        ("JETSTREAM_REPLICAS", "7"),
        ("NATS_PREFIX", "a.b"),
        ("MAIL_FROM", "nobody"),
    ])
    .expect_err("invalid");
    for message in [
        "DATABASE_URL is required",
        "JETSTREAM_REPLICAS must be between 1 and 5",
        "NATS prefix",
        "MAIL_FROM \"nobody\" is not an email address",
        "SIGNING_KEY must be at least 32 characters",
    ] {
        assert!(error.contains(message), "{message} in {error}");
    }
}

#[test]
fn a_command_is_refused_only_for_what_it_uses() {
    let bad = [
        ("DATABASE_URL", "postgres://db/x"),
        ("NATS_URL", "nats://a b"),
        ("NATS_PREFIX", "a.b"),
        ("MAIL_FROM", "nobody"),
        ("SMTP_URL", "http://example.com"),
    ];
    // `migrate`: only the database (and the replica count, as ever).
    config_for(Needs::default(), &bad).expect("migrate ignores the rest");
    let error = config_for(Needs::default(), &[("JETSTREAM_REPLICAS", "9")]).expect_err("refused");
    assert!(error.contains("DATABASE_URL is required"), "{error}");
    assert!(error.contains("JETSTREAM_REPLICAS"), "{error}");
    // `accounts`: NATS and the namespace, not the mail nor the key.
    let roles = Needs {
        nats: true,
        namespace: true,
        ..Needs::default()
    };
    let error = config_for(roles, &bad).expect_err("refused");
    assert!(error.contains("NATS_URL"), "{error}");
    assert!(error.contains("NATS prefix"), "{error}");
    assert!(!error.contains("MAIL_FROM"), "{error}");
    assert!(!error.contains("SMTP_URL"), "{error}");
    assert!(!error.contains("SIGNING_KEY"), "{error}");
    // `notify`: the mail too, still not the key.
    let notify = Needs {
        mail: true,
        ..roles
    };
    let error = config_for(notify, &bad).expect_err("refused");
    assert!(error.contains("MAIL_FROM"), "{error}");
    assert!(error.contains("SMTP_URL"), "{error}");
    assert!(!error.contains("SIGNING_KEY"), "{error}");
}

#[test]
fn the_inbound_mailbox_is_read_when_set_and_required_by_its_role() {
    let base = [("DATABASE_URL", "postgres://db/x"), ("SIGNING_KEY", KEY)];
    assert!(config(&base).expect("valid").inbound.is_none());
    let mut pairs = base.to_vec();
    pairs.push((
        "INBOUND_IMAP_URL",
        "imaps://replies%40nyota.example:p%2Bss@imap.example.com/Chat%20replies",
    ));
    pairs.push(("INBOUND_IMAP_POLL_SECS", "30"));
    let mailbox = config(&pairs).expect("valid").inbound.expect("set");
    assert_eq!(mailbox.host, "imap.example.com");
    assert_eq!(mailbox.port, 993);
    assert_eq!(mailbox.user, "replies@nyota.example");
    assert_eq!(mailbox.password.expose_secret(), "p+ss");
    assert_eq!(mailbox.mailbox, "Chat replies");
    assert_eq!(mailbox.poll, std::time::Duration::from_secs(30));
    let role = Needs {
        nats: true,
        namespace: true,
        signing: true,
        inbound: Inbound::Required,
        ..Needs::default()
    };
    let error = config_for(role, &base).expect_err("required");
    assert!(
        error.contains("INBOUND_IMAP_URL is required by the inbound role"),
        "{error}"
    );
    // Another command does not look at the variables.
    let mut bad = base.to_vec();
    bad.push(("INBOUND_IMAP_URL", "imap://plain.example.com"));
    config_for(Needs::default(), &bad).expect("migrate ignores the mailbox");
    for (name, value, message) in [
        (
            "INBOUND_IMAP_URL",
            "imap://u:p@plain.example.com",
            "must start with imaps://",
        ),
        (
            "INBOUND_IMAP_URL",
            "imaps://imap.example.com",
            "must name the user and password",
        ),
        (
            "INBOUND_IMAP_URL",
            "not a url",
            "INBOUND_IMAP_URL is not a URL",
        ),
        (
            "INBOUND_IMAP_POLL_SECS",
            "1",
            "INBOUND_IMAP_POLL_SECS must be a number of seconds from 5 to 3600",
        ),
        (
            "INBOUND_IMAP_CA_FILE",
            "/nowhere/ca.pem",
            "INBOUND_IMAP_CA_FILE /nowhere/ca.pem is not a readable file",
        ),
    ] {
        let mut pairs = base.to_vec();
        if name != "INBOUND_IMAP_URL" {
            pairs.push(("INBOUND_IMAP_URL", "imaps://u:p@imap.example.com"));
        }
        pairs.push((name, value));
        let error = config_for(role, &pairs).expect_err(name);
        assert!(error.contains(message), "{name}={value:?}: {error}");
    }
}

#[test]
fn debug_output_hides_the_secrets() {
    let s = config(&[
        ("DATABASE_URL", "postgres://user:hunter2@db/x"),
        ("SMTP_URL", "smtps://mailer:swordfish@smtp.example"),
        ("SIGNING_KEY", KEY),
        (
            "INBOUND_IMAP_URL",
            "imaps://replies:letmein@imap.example.com",
        ),
    ])
    .expect("valid");
    let debug = format!("{s:?}");
    assert!(!debug.contains("letmein"), "{debug}");
    assert!(!debug.contains("hunter2"), "{debug}");
    assert!(!debug.contains("swordfish"), "{debug}");
    assert!(!debug.contains(KEY), "{debug}");
    assert_eq!(s.signing_key.expose_secret(), KEY);
}

#[test]
fn every_variable_read_is_one_the_command_line_takes() {
    use clap::Parser as _;

    #[derive(clap::Parser)]
    struct Cli {
        #[command(flatten)]
        variables: Variables,
    }
    let names = Config::variable_names();
    assert_eq!(names.len(), 11, "{names:?}");
    let mut args = vec!["workers".to_owned()];
    for name in &names {
        args.push(format!("--{}", name.to_ascii_lowercase().replace('_', "-")));
        args.push(format!("value of {name}"));
    }
    let cli = Cli::try_parse_from(args).expect("every variable is a flag");
    for name in &names {
        assert_eq!(
            cli.variables.get(name).as_deref(),
            Some(format!("value of {name}").as_str()),
            "{name}"
        );
    }
}
