//! The process configuration (`Config`), typed from the environment once at
//! start-up, as the gateway's is: every problem
//! is reported at once, so a misconfigured deployment fails with one clear
//! message instead of one error per restart. A command is refused only for
//! the configuration it uses ([`Needs`]): `migrate` does not care about the mail
//! sender, nor `accounts` about the signing key.
//!
//! The command line reads the variables ([`Variables`], each also a flag, so
//! `workers --help` lists them); [`Config::from_lookup`] types and checks
//! them.

use contract::Namespace;
use runtime::signing::Signer;
use secrecy::{ExposeSecret as _, SecretString};

use crate::mail::{self, Mailer};

/// The variables every command reads, from the environment or as flags.
/// Unset, each takes the default its help names.
#[derive(clap::Args, Debug, Default)]
pub struct Variables {
    /// Postgres connection string.
    #[arg(long, env = "DATABASE_URL", hide_env_values = true)]
    database_url: Option<String>,
    /// NATS server URL (default nats://127.0.0.1:4222).
    #[arg(long, env = "NATS_URL")]
    nats_url: Option<String>,
    /// Prefix for every subject and stream (isolates test runs; empty in production).
    #[arg(long, env = "NATS_PREFIX")]
    nats_prefix: Option<String>,
    /// Copies of each JetStream stream (3 on a 3-node cluster), 1 to 5 (default 1).
    #[arg(long, env = "JETSTREAM_REPLICAS")]
    jetstream_replicas: Option<String>,
    /// SMTP server for every email, e.g. smtp://127.0.0.1:2525 (unset: no email).
    #[arg(long, env = "SMTP_URL", hide_env_values = true)]
    smtp_url: Option<String>,
    /// The sender of every email (named "Nyota Cloud" when it has no name;
    /// default "Nyota Cloud <no-reply@nyota.example>").
    #[arg(long, env = "MAIL_FROM")]
    mail_from: Option<String>,
    /// The site's address as visitors see it, for links in emails (default
    /// http://localhost:8080).
    #[arg(long, env = "PUBLIC_URL")]
    public_url: Option<String>,
    /// The key signing the subscription links in emails (the gateway's
    /// SIGNING_KEY, at least 32 characters); needed by the requests role.
    #[arg(long, env = "SIGNING_KEY", hide_env_values = true)]
    signing_key: Option<String>,
}

impl Variables {
    /// The value given for the variable `name`, if any.
    pub fn get(&self, name: &str) -> Option<String> {
        match name {
            "DATABASE_URL" => self.database_url.clone(),
            "NATS_URL" => self.nats_url.clone(),
            "NATS_PREFIX" => self.nats_prefix.clone(),
            "JETSTREAM_REPLICAS" => self.jetstream_replicas.clone(),
            "SMTP_URL" => self.smtp_url.clone(),
            "MAIL_FROM" => self.mail_from.clone(),
            "PUBLIC_URL" => self.public_url.clone(),
            "SIGNING_KEY" => self.signing_key.clone(),
            _ => None,
        }
    }
}

/// What a command uses besides the database; the configuration of what it does
/// not use are not checked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Needs {
    /// Connects to NATS (`NATS_URL`).
    pub nats: bool,
    /// Names subjects and streams (`NATS_PREFIX`).
    pub namespace: bool,
    /// Sends email (`SMTP_URL`, `MAIL_FROM`).
    pub mail: bool,
    /// Signs links (`SIGNING_KEY`).
    pub signing: bool,
}

/// The workers' configuration. See `.env.example` for every variable;
/// tracing is configured apart, as in the gateway (`RUST_LOG`, `OTEL_*`).
#[derive(Clone, Debug)]
pub struct Config {
    /// `DATABASE_URL` (required).
    pub database_url: SecretString,
    /// `NATS_URL`: one server or a cluster's, comma-separated (default
    /// nats://127.0.0.1:4222).
    pub nats_url: String,
    /// `NATS_PREFIX`: prefix for subjects and streams (default empty).
    pub nats_prefix: String,
    /// `JETSTREAM_REPLICAS`: copies of each stream JetStream keeps (default
    /// 1; 3 on a 3-node cluster), 1 to 5.
    pub jetstream_replicas: usize,
    pub mail: MailConfig,
    /// `SIGNING_KEY`: signs the links in subscription emails; the gateway's
    /// key (at least 32 characters), needed by the requests role.
    pub signing_key: SecretString,
}

/// How email is sent.
#[derive(Clone, Debug)]
pub struct MailConfig {
    /// `SMTP_URL` (`None` when unset or empty: no email is sent).
    pub smtp_url: Option<SecretString>,
    /// `MAIL_FROM` (default `Nyota Cloud <no-reply@nyota.example>`).
    pub from: String,
    /// `PUBLIC_URL`: the site's address for links (default
    /// http://localhost:8080).
    pub public_url: String,
}

impl Config {
    /// Reads the configuration through `lookup` (the command line's [`Variables`], or
    /// a map in tests), checking what `needs` says the command uses.
    pub fn from_lookup(
        needs: Needs,
        lookup: impl Fn(&str) -> Option<String>,
    ) -> Result<Self, String> {
        let text = |name: &str, default: &str| lookup(name).unwrap_or_else(|| default.to_owned());
        let mut problems = Vec::new();
        let database_url = lookup("DATABASE_URL").unwrap_or_default();
        if database_url.is_empty() {
            problems.push(
                "DATABASE_URL is required (e.g. postgres://postgres@127.0.0.1:5432/nyota)"
                    .to_owned(),
            );
        }
        let replicas = text("JETSTREAM_REPLICAS", "1");
        let jetstream_replicas = match replicas.parse::<usize>() {
            Ok(n @ 1..=5) => n,
            Ok(_) => {
                problems.push("JETSTREAM_REPLICAS must be between 1 and 5".to_owned());
                1
            }
            Err(_) => {
                problems.push(format!(
                    "JETSTREAM_REPLICAS has an invalid value {replicas:?}"
                ));
                1
            }
        };
        let config = Config {
            database_url: SecretString::from(database_url),
            nats_url: text("NATS_URL", "nats://127.0.0.1:4222"),
            nats_prefix: text("NATS_PREFIX", ""),
            jetstream_replicas,
            mail: MailConfig {
                // An empty value (as in .env.example) means unset.
                smtp_url: lookup("SMTP_URL")
                    .filter(|url| !url.trim().is_empty())
                    .map(SecretString::from),
                from: text("MAIL_FROM", "Nyota Cloud <no-reply@nyota.example>"),
                public_url: text("PUBLIC_URL", "http://localhost:8080"),
            },
            signing_key: SecretString::from(lookup("SIGNING_KEY").unwrap_or_default()),
        };
        if needs.nats
            && let Err(problem) = runtime::process::nats_servers(&config.nats_url)
        {
            problems.push(format!("NATS_URL: {problem}"));
        }
        if needs.namespace
            && let Err(problem) = config.namespace()
        {
            problems.push(problem);
        }
        if needs.mail {
            problems.extend(mail::setting_problems(
                config.mail.smtp_url.as_ref().map(|url| url.expose_secret()),
                &config.mail.from,
            ));
        }
        if needs.signing
            && let Err(problem) = config.signer()
        {
            problems.push(problem);
        }
        if problems.is_empty() {
            Ok(config)
        } else {
            Err(format!("invalid settings: {}", problems.join("; ")))
        }
    }

    /// Every variable the configuration read, in the order they are read.
    pub fn variable_names() -> Vec<String> {
        let names = std::cell::RefCell::new(Vec::new());
        let _ = Self::from_lookup(Needs::default(), |name| {
            names.borrow_mut().push(name.to_owned());
            None
        });
        let mut names = names.into_inner();
        let mut seen = std::collections::HashSet::new();
        names.retain(|name| seen.insert(name.clone()));
        names
    }

    /// The subjects and streams of this deployment.
    pub fn namespace(&self) -> Result<Namespace, String> {
        Ok(Namespace::new(self.nats_prefix.clone())?.with_replicas(self.jetstream_replicas))
    }

    /// Signs the links in emails with `SIGNING_KEY`.
    pub fn signer(&self) -> Result<Signer, String> {
        Signer::new(self.signing_key.expose_secret())
    }
}

impl MailConfig {
    /// The mailer of a role that sends email.
    pub fn mailer(&self) -> anyhow::Result<Mailer> {
        Mailer::new(
            self.smtp_url.as_ref().map(|url| url.expose_secret()),
            &self.from,
            &self.public_url,
        )
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;

    const KEY: &str = "test-signing-key-0123456789abcdef";

    const EVERYTHING: Needs = Needs {
        nats: true,
        namespace: true,
        mail: true,
        signing: true,
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
        let error =
            config_for(Needs::default(), &[("JETSTREAM_REPLICAS", "9")]).expect_err("refused");
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
    fn debug_output_hides_the_secrets() {
        let s = config(&[
            ("DATABASE_URL", "postgres://user:hunter2@db/x"),
            ("SMTP_URL", "smtps://mailer:swordfish@smtp.example"),
            ("SIGNING_KEY", KEY),
        ])
        .expect("valid");
        let debug = format!("{s:?}");
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
        assert_eq!(names.len(), 8, "{names:?}");
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
}
