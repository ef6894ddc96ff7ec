//! The `requests` role: what people send in through the gateways, on the
//! `INTAKE` stream, each stored by its owner and answered by email: contact
//! and demo requests ([`contact`]), registrations ([`registration`]), the
//! waitlist ([`waitlist`]), subscriptions ([`subscriptions`]), password
//! resets and invitations ([`password_reset`]) and data subject requests
//! ([`privacy`]).
//!
//! - `intake.message` (published by `POST /api/messages`): the request is
//!   stored in `contact_requests` under its id by the table's owner (a
//!   redelivery changes nothing), then the sales inbox gets it (reply-to the
//!   visitor) and the visitor an acknowledgement.
//! - `intake.registered` (published by the accounts role's outbox): a welcome
//!   email to the new user and a note to the sales inbox.
//! - `intake.waitlist`: one `waitlist_entries` row per address and interest,
//!   confirmed by email once (a repeat finds the entry's email sent).
//! - `intake.subscription`: the address is stored pending (or its request
//!   recorded), and unless it is confirmed already, a confirmation with
//!   signed confirm and unsubscribe links goes out — at most one an hour per
//!   address and topic.
//! - `intake.password_reset`: for an address with an account, a fresh
//!   single-use token (only its hash stored, valid 30 minutes) emailed as a
//!   link; for any other address nothing happens, and nobody is told. An
//!   invitation to the support team (`purpose: invite`, published by
//!   `POST /api/admin/agents`) takes the same path with a 48-hour token and
//!   a "set your password" email.
//!
//! - `intake.privacy`: the emails of a data subject request — the signed
//!   link that confirms it (valid 7 days), the acknowledgement and the
//!   initial response (each with the due date for fulfilment; not sent
//!   once the request is fulfilled), and an access request's signed
//!   download link (valid as long as its archive, 7 days).
//!
//! It also answers `owners.intake_records.erase` (a data subject's
//! erasure, [`crate::erasure`]): their waitlist entries, the record of
//! emails sent to them and their reset tokens; and
//! `owners.waitlist_entries.correct` (a data subject's correction): the
//! corrected name and email on their waitlist entries.
//!
//! The inboxes come from the site settings, read for each message, so an
//! admin's change applies to the next email. Every email is sent once
//! ([`Mailer::send_once`]); an SMTP failure is retried with backoff (1 s
//! doubling to 60 s, [`RETRY`]: about 25 minutes in all) and then
//! dead-lettered, visible in `dead_letters` and replayable; a replay sends
//! only the emails not sent yet.
//!
//! Owns table waitlist_entries: its only writer. The contact requests and
//! subscriptions it consumes are stored by their owner, the gateways'
//! intake store, which it asks over NATS (`owners.contact_requests.store`,
//! `owners.subscriptions.*`, [`contract::owners`]); when no gateway answers,
//! the message is retried like one whose database was away.

mod contact;
mod password_reset;
mod privacy;
mod registration;
mod subscriptions;
mod waitlist;

use std::sync::Arc;
use std::time::Duration;

use async_nats::jetstream;
use contract::privacy::CorrectPerson;
use futures::FutureExt as _;
use runtime::signing::Signer;
use serde::de::DeserializeOwned;
use sqlx::PgPool;
use tokio::task::JoinHandle;

use crate::WorkerContext;
use crate::consumer::{self, ConsumerSpec, Outcome, RetryPolicy};
use crate::mail::Mailer;

/// Production retries: 1 s doubling to 60 s, then every minute, 30
/// deliveries in all (about 25 minutes of SMTP outage) before the message
/// is dead-lettered.
pub const RETRY: RetryPolicy = RetryPolicy {
    max_deliveries: 30,
    backoff_base: Duration::from_secs(1),
    backoff_cap: Duration::from_secs(60),
};

/// Consumer names: every replica of the role shares them.
const MESSAGES_CONSUMER: &str = "intake-messages";
const REGISTRATIONS_CONSUMER: &str = "intake-registrations";
const WAITLIST_CONSUMER: &str = "intake-waitlist";
const SUBSCRIPTIONS_CONSUMER: &str = "intake-subscriptions";
const PASSWORD_RESETS_CONSUMER: &str = "intake-password-resets";
const PRIVACY_CONSUMER: &str = "intake-privacy";

/// Starts consuming the role's subjects with `retry` ([`RETRY`] in
/// production; tests pass a faster one); `signer` signs the subscription
/// links (the gateway's `SIGNING_KEY`). Returns once every consumer exists;
/// the handle ends when all have stopped.
pub async fn spawn(
    ctx: WorkerContext,
    mailer: Arc<Mailer>,
    signer: Signer,
    retry: RetryPolicy,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<JoinHandle<()>> {
    let shutdown = shutdown.shared();
    let spec = |name, filter_subject| ConsumerSpec {
        name,
        stream: ctx.namespace.intake_stream(),
        filter_subject,
        // Longer than one SMTP exchange with its time-out, for two emails.
        ack_wait: Duration::from_secs(60),
        retry,
        concurrency: 4,
    };
    let ns = &ctx.namespace;
    let consumers = [
        (MESSAGES_CONSUMER, ns.intake_message(), Subject::Message),
        (
            REGISTRATIONS_CONSUMER,
            ns.intake_registered(),
            Subject::Registered,
        ),
        (WAITLIST_CONSUMER, ns.intake_waitlist(), Subject::Waitlist),
        (
            SUBSCRIPTIONS_CONSUMER,
            ns.intake_subscription(),
            Subject::Subscription,
        ),
        (
            PASSWORD_RESETS_CONSUMER,
            ns.intake_password_reset(),
            Subject::PasswordReset,
        ),
        (PRIVACY_CONSUMER, ns.intake_privacy(), Subject::Privacy),
    ];
    let requests = Arc::new(Requests {
        pool: ctx.pool.clone(),
        mailer,
        signer,
        nats: ctx.nats.clone(),
        namespace: ctx.namespace.clone(),
    });
    let (erase_pool, correct_pool) = (ctx.pool.clone(), ctx.pool.clone());
    let mut handles = vec![
        crate::erasure::serve(
            &ctx,
            ctx.namespace.owners_erase_intake_records(),
            shutdown.clone(),
            move |person| {
                let pool = erase_pool.clone();
                async move { privacy::erase_person(&pool, &person).await }
            },
        )
        .await?,
        crate::erasure::serve_requests(
            &ctx,
            ctx.namespace.owners_correct_waitlist_entries(),
            shutdown.clone(),
            move |person: CorrectPerson| {
                let pool = correct_pool.clone();
                async move { privacy::correct_person(&pool, &person).await }
            },
        )
        .await?,
    ];
    for (name, filter_subject, subject) in consumers {
        let requests = Arc::clone(&requests);
        let handle = consumer::spawn(
            &ctx,
            spec(name, filter_subject),
            shutdown.clone(),
            move |message| {
                let requests = Arc::clone(&requests);
                async move { requests.handle(subject, &message).await }
            },
        )
        .await?;
        handles.push(handle);
    }
    Ok(tokio::spawn(async move {
        futures::future::join_all(handles).await;
    }))
}

/// The subjects the role consumes, one consumer each.
#[derive(Clone, Copy, Debug)]
enum Subject {
    Message,
    Registered,
    Waitlist,
    Subscription,
    PasswordReset,
    Privacy,
}

/// What the handlers use: the database, the mailer, the link signer, and
/// NATS to ask the owner of the tables the gateways own.
pub(super) struct Requests {
    pub(super) pool: PgPool,
    pub(super) mailer: Arc<Mailer>,
    pub(super) signer: Signer,
    pub(super) nats: async_nats::Client,
    pub(super) namespace: contract::Namespace,
}

impl Requests {
    async fn handle(&self, subject: Subject, message: &jetstream::Message) -> Outcome {
        let (pool, mailer) = (&self.pool, &*self.mailer);
        match subject {
            Subject::Message => contact::handle_contact_message(self, message).await,
            Subject::Registered => registration::handle_registered(pool, mailer, message).await,
            Subject::Waitlist => waitlist::handle_waitlist(pool, mailer, message).await,
            Subject::Subscription => subscriptions::handle_subscription(self, message).await,
            Subject::PasswordReset => {
                password_reset::handle_password_reset(pool, mailer, message).await
            }
            Subject::Privacy => privacy::handle_privacy(self, message).await,
        }
    }
}

pub(super) fn parse<T: DeserializeOwned>(
    message: &jetstream::Message,
    what: &str,
) -> Result<T, Outcome> {
    serde_json::from_slice(&message.payload).map_err(|error| {
        Outcome::Reject(anyhow::Error::new(error).context(format!("malformed {what}")))
    })
}
