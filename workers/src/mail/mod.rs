//! The one way the workers send email. [`templates`] renders every email the
//! platform sends (a typed struct each, multipart text + HTML, user text
//! escaped, the company footer from the site settings); [`Mailer`] sends it
//! over SMTP (lettre), and [`Mailer::send_once`] makes sure a redelivered
//! message never sends the same email twice.
//!
//! Exactly once per email: before the SMTP exchange a delivery claims the
//! email's row in `sent_emails` (what it is about, which email), and marks
//! it sent once the SMTP server accepted it; a failed send gives the claim
//! back. Another delivery of the same message (a retry after a later email
//! failed, a redelivery after a crash or a time-out, a replica) skips an
//! email marked sent and retries later while a fresh claim is held, so no
//! database connection is held during the SMTP exchange. The one window
//! left: the SMTP server accepted the email and the process died (or the
//! database failed) before the row was marked; once the claim is stale
//! ([`CLAIM_STALE`]) the next delivery sends it again.
//!
//! Without `SMTP_URL` the mailer is disabled: it says so once at start and
//! every send answers [`Delivery::NotConfigured`] (logged), so a role whose
//! job is mail still stores what it must and acks, rather than retrying
//! messages that can never be emailed. Nothing is recorded as sent, but the
//! messages are acked: configuring SMTP later does not email old requests.
//!
//! Owns table sent_emails: the only module that writes it.

pub mod address;
pub mod error;
pub mod health;
pub mod templates;

use std::time::Duration;

use anyhow::Context as _;
use lettre::message::Mailbox;
use lettre::{AsyncSmtpTransport, AsyncTransport as _, Tokio1Executor};
use sqlx::PgPool;
use uuid::Uuid;

pub use templates::RenderedEmail;
use templates::{Site, Template};

pub use address::{COMPANY, mailbox};
pub use error::MailError;

use crate::consumer::Outcome;

/// How long one SMTP exchange may take before it counts as failed.
const SMTP_TIMEOUT: Duration = Duration::from_secs(10);

/// A claim older than this is taken to be a crashed sender's, far longer
/// than one SMTP exchange with its time-out.
pub const CLAIM_STALE: Duration = Duration::from_secs(120);

/// What [`Mailer::send_once`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Delivery {
    /// The SMTP server accepted it now.
    Sent,
    /// An earlier delivery sent it; nothing was sent now.
    AlreadySent,
    /// SMTP is not configured; nothing was sent.
    NotConfigured,
}

/// Sends the platform's email: the SMTP transport (none when `SMTP_URL` is
/// unset), the sender, and the site's public address for links.
#[derive(Clone)]
pub struct Mailer {
    transport: Option<AsyncSmtpTransport<Tokio1Executor>>,
    from: Mailbox,
    public_url: String,
}

impl Mailer {
    /// A mailer for `smtp_url` (e.g. `smtp://127.0.0.1:2525`,
    /// `smtps://user:pass@host`; `None`: disabled, with a warning), sending
    /// as `from` (`MAIL_FROM`; named [`COMPANY`] when it has no name).
    pub fn new(smtp_url: Option<&str>, from: &str, public_url: &str) -> anyhow::Result<Self> {
        let from = sender(from)?;
        let transport = match smtp_url {
            Some(url) => Some(smtp_transport(url)?.timeout(Some(SMTP_TIMEOUT)).build()),
            None => {
                tracing::warn!(
                    "SMTP_URL is not set: no email will be sent (contact requests and \
                     registrations are still stored; offline chats still reach the console)"
                );
                None
            }
        };
        Ok(Mailer {
            transport,
            from,
            public_url: public_url.trim_end_matches('/').to_owned(),
        })
    }

    /// Whether emails are sent at all.
    pub fn is_enabled(&self) -> bool {
        self.transport.is_some()
    }

    /// The site's address as visitors see it (no trailing slash), for links.
    pub fn public_url(&self) -> &str {
        &self.public_url
    }

    /// Sends `email` now, whatever was sent before. Prefer [`Self::send_once`]
    /// from a message handler.
    pub async fn send(&self, email: &RenderedEmail) -> Result<Delivery, MailError> {
        let Some(transport) = &self.transport else {
            tracing::info!(
                email.kind = email.kind,
                "email not sent: SMTP is not configured"
            );
            return Ok(Delivery::NotConfigured);
        };
        let message = email.message(self.from.clone())?;
        transport.send(message).await?;
        Ok(Delivery::Sent)
    }

    /// Sends `email` unless an earlier delivery already sent it: `key` is
    /// what the email is about (a request id, a user id...) and the email's
    /// kind says which of its emails this is (see the module docs).
    pub async fn send_once(
        &self,
        pool: &PgPool,
        key: Uuid,
        email: &RenderedEmail,
    ) -> Result<Delivery, MailError> {
        if !self.is_enabled() {
            return self.send(email).await;
        }
        let kind = email.kind;
        let stale_secs = CLAIM_STALE.as_secs_f64();
        // Claim it: a new row, or a stale claim of a sender that never finished.
        let claimed = sqlx::query_scalar!(
            r#"insert into sent_emails (key, kind, recipient) values ($1, $2, $3)
               on conflict (key, kind) do update
                   set claimed_at = now(), recipient = excluded.recipient
                   where sent_emails.sent_at is null
                     and sent_emails.claimed_at < now() - make_interval(secs => $4)
               returning true as "claimed!""#,
            key,
            kind,
            email.to.email.to_string(),
            stale_secs,
        )
        .fetch_optional(pool)
        .await?;
        if claimed.is_none() {
            let sent = sqlx::query_scalar!(
                r#"select sent_at is not null as "sent!" from sent_emails
                   where key = $1 and kind = $2"#,
                key,
                kind,
            )
            .fetch_one(pool)
            .await?;
            if sent {
                tracing::info!(email.kind = kind, email.key = %key, "email already sent; skipped");
                return Ok(Delivery::AlreadySent);
            }
            return Err(MailError::Busy);
        }
        let sent = self.send(email).await;
        // A failure to record the health is logged, never the send's outcome.
        let recorded = match &sent {
            Ok(Delivery::Sent) => health::record_success(pool).await,
            Err(error @ (MailError::Smtp(_) | MailError::Refused(_))) => {
                health::record_failure(pool, &error.to_string()).await
            }
            _ => Ok(()),
        };
        if let Err(error) = recorded {
            tracing::warn!(%error, "failed to record the email health");
        }
        match sent {
            Ok(delivery) => {
                sqlx::query!(
                    "update sent_emails set sent_at = now() where key = $1 and kind = $2",
                    key,
                    kind,
                )
                .execute(pool)
                .await?;
                tracing::info!(email.kind = kind, email.key = %key, "email sent");
                Ok(delivery)
            }
            Err(error) => {
                // Give the claim back so the next delivery may try at once;
                // if this fails too, the claim goes stale.
                let released = sqlx::query!(
                    "delete from sent_emails where key = $1 and kind = $2 and sent_at is null",
                    key,
                    kind,
                )
                .execute(pool)
                .await;
                if let Err(release) = released {
                    tracing::warn!(%release, email.kind = kind, "failed to release an email claim");
                }
                Err(error)
            }
        }
    }
}

/// What [`Mailer::new`] would refuse in these settings, each problem in
/// words (none: an empty list), without building a mailer.
pub fn setting_problems(smtp_url: Option<&str>, from: &str) -> Vec<String> {
    let mut problems = Vec::new();
    if let Err(error) = sender(from) {
        problems.push(format!("{error:#}"));
    }
    if let Some(Err(error)) = smtp_url.map(smtp_transport) {
        problems.push(format!("{error:#}"));
    }
    problems
}

/// The sender of every email: `MAIL_FROM`, named [`COMPANY`] when it has no name.
fn sender(from: &str) -> anyhow::Result<Mailbox> {
    let mut from: Mailbox = from
        .parse()
        .with_context(|| format!("MAIL_FROM {from:?} is not an email address"))?;
    if from.name.is_none() {
        from.name = Some(COMPANY.to_owned());
    }
    Ok(from)
}

fn smtp_transport(url: &str) -> anyhow::Result<lettre::transport::smtp::AsyncSmtpTransportBuilder> {
    AsyncSmtpTransport::<Tokio1Executor>::from_url(url).context("SMTP_URL is not a valid SMTP URL")
}

/// Renders and sends each email about `key` that was not sent before, in
/// order; the first failure decides the message's outcome (the emails sent
/// before it stay sent and are skipped next time).
/// A data subject's erasure: forgets the emails sent to `email` (their
/// claim rows, which name the recipient); returns how many.
pub async fn forget_recipient(pool: &PgPool, email: &str) -> sqlx::Result<u64> {
    Ok(
        sqlx::query!("delete from sent_emails where lower(recipient) = $1", email)
            .execute(pool)
            .await?
            .rows_affected(),
    )
}

pub async fn send_all(
    pool: &PgPool,
    mailer: &Mailer,
    key: Uuid,
    emails: &[&(dyn Template + Sync)],
) -> Outcome {
    // Read for every message: an admin's change applies to the next email.
    let settings = match runtime::site_settings::load(pool).await {
        Ok(settings) => settings,
        Err(error) => return Outcome::from_sqlx(error),
    };
    let site = Site {
        settings: &settings,
        public_url: mailer.public_url(),
    };
    for template in emails {
        let sent: Result<_, MailError> = match template.render(site) {
            Ok(email) => mailer.send_once(pool, key, &email).await,
            Err(error) => Err(error),
        };
        if let Err(error) = sent {
            return error.outcome();
        }
    }
    Outcome::Done
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sender_is_named_after_the_company_when_mail_from_has_no_name() {
        let mailer =
            Mailer::new(None, "no-reply@nyota.example", "https://nyota.example/").expect("valid");
        assert_eq!(
            mailer.from.to_string(),
            "Nyota Cloud <no-reply@nyota.example>"
        );
        assert_eq!(mailer.public_url(), "https://nyota.example");
        assert!(!mailer.is_enabled());

        let named = Mailer::new(
            Some("smtp://127.0.0.1:2525"),
            "Sales Desk <sales@nyota.example>",
            "http://localhost:8080",
        )
        .expect("valid");
        assert_eq!(named.from.to_string(), "Sales Desk <sales@nyota.example>");
        assert!(named.is_enabled());
    }

    #[test]
    fn bad_settings_fail_at_start() {
        assert!(Mailer::new(None, "not an address", "http://localhost").is_err());
        assert!(Mailer::new(Some("http://example.com"), "a@b.co", "http://localhost").is_err());
    }

    #[test]
    fn address_errors_are_data_errors() {
        let error = mailbox("The sales inbox", None, "nobody").expect_err("refused");
        assert_eq!(
            error.to_string(),
            "The sales inbox is not a valid email address: \"nobody\""
        );
        assert!(matches!(error.outcome(), Outcome::Reject(_)));
        let named = mailbox("The visitor", Some(" Amina "), "amina@example.com").expect("valid");
        assert_eq!(named.to_string(), "Amina <amina@example.com>");
    }
}
