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

use crate::inbound::imap::ImapMailbox;
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
    /// The mailbox visitors' email replies to chats arrive in, e.g.
    /// imaps://user:password@imap.gmail.com/INBOX (unset: replies are not
    /// read; the inbound role refuses to start).
    #[arg(long, env = "INBOUND_IMAP_URL", hide_env_values = true)]
    inbound_imap_url: Option<String>,
    /// A PEM file of certificate authorities to trust for that mailbox
    /// besides the public ones (a self-hosted server's own).
    #[arg(long, env = "INBOUND_IMAP_CA_FILE")]
    inbound_imap_ca_file: Option<String>,
    /// Seconds between reads of the mailbox when IDLE reports nothing, 5 to
    /// 3600 (default 60).
    #[arg(long, env = "INBOUND_IMAP_POLL_SECS")]
    inbound_imap_poll_secs: Option<String>,
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
            "INBOUND_IMAP_URL" => self.inbound_imap_url.clone(),
            "INBOUND_IMAP_CA_FILE" => self.inbound_imap_ca_file.clone(),
            "INBOUND_IMAP_POLL_SECS" => self.inbound_imap_poll_secs.clone(),
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
    /// Reads the inbound mailbox (`INBOUND_IMAP_*`).
    pub inbound: Inbound,
}

/// Whether a command reads the inbound mailbox.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Inbound {
    /// Not at all: the variables are not checked.
    #[default]
    Unused,
    /// When `INBOUND_IMAP_URL` is set (`all`).
    IfSet,
    /// Always: `INBOUND_IMAP_URL` is required (`inbound`).
    Required,
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
    /// `INBOUND_IMAP_URL`, `INBOUND_IMAP_CA_FILE`, `INBOUND_IMAP_POLL_SECS`:
    /// the mailbox of visitors' email replies (`None` when unset or unused).
    pub inbound: Option<ImapMailbox>,
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
        let inbound = match needs.inbound {
            Inbound::Unused => None,
            Inbound::IfSet | Inbound::Required => {
                inbound_mailbox(&lookup, needs.inbound == Inbound::Required).unwrap_or_else(
                    |problem| {
                        problems.push(problem);
                        None
                    },
                )
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
            inbound,
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
        let every = Needs {
            inbound: Inbound::Required,
            ..Needs::default()
        };
        let _ = Self::from_lookup(every, |name| {
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

/// The inbound mailbox, when `INBOUND_IMAP_URL` is set (required when
/// `needed`).
fn inbound_mailbox(
    lookup: &impl Fn(&str) -> Option<String>,
    needed: bool,
) -> Result<Option<ImapMailbox>, String> {
    let url = lookup("INBOUND_IMAP_URL").filter(|url| !url.trim().is_empty());
    let ca_file = lookup("INBOUND_IMAP_CA_FILE").filter(|path| !path.trim().is_empty());
    let poll = lookup("INBOUND_IMAP_POLL_SECS").unwrap_or_else(|| "60".to_owned());
    let poll = match poll.parse::<u64>() {
        Ok(secs @ 5..=3600) => std::time::Duration::from_secs(secs),
        _ => {
            return Err(format!(
                "INBOUND_IMAP_POLL_SECS must be a number of seconds from 5 to 3600, not {poll:?}"
            ));
        }
    };
    let Some(url) = url else {
        return if needed {
            Err("INBOUND_IMAP_URL is required by the inbound role (e.g. imaps://user:password@imap.example.com/INBOX)".to_owned())
        } else {
            Ok(None)
        };
    };
    let ca_file = ca_file.map(std::path::PathBuf::from);
    if let Some(path) = &ca_file
        && !path.is_file()
    {
        return Err(format!(
            "INBOUND_IMAP_CA_FILE {} is not a readable file",
            path.display()
        ));
    }
    ImapMailbox::from_url(&url, ca_file, poll)
        .map(Some)
        .map_err(|error| format!("{error:#}"))
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
mod tests;
