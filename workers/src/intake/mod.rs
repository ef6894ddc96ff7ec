//! The `intake` role: contact and demo requests, registrations, the
//! waitlist, subscriptions and password-reset emails.
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

mod privacy;

use std::sync::Arc;
use std::time::Duration;

use async_nats::jetstream;
use contract::intake::{ContactMessage, Registered};
use contract::owners::{ClaimConfirmation, SubscriptionStored};
use contract::password_reset::{LinkPurpose, PasswordResetRequested};
use contract::privacy::CorrectPerson;
use contract::signing::{Purpose, Signer};
use contract::subscriptions::SubscriptionRequested;
use contract::waitlist::{WaitlistInterest, WaitlistJoined};
use futures::FutureExt as _;
use serde::de::DeserializeOwned;
use sqlx::PgPool;
use tokio::task::JoinHandle;

use crate::WorkerContext;
use crate::consumer::{self, ConsumerSpec, Outcome, RetryPolicy};
use crate::mail::templates::{
    AgentInvite, ContactAcknowledgement, ContactToSales, PasswordReset, RegistrationToSales,
    SubscriptionConfirmation, WaitlistConfirmation, Welcome,
};
use crate::mail::{Mailer, send_all};

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

/// At most one subscription confirmation per address and topic this often.
const CONFIRMATION_INTERVAL_SECS: f64 = 3600.0;

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
    let intake = Arc::new(Intake {
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
        let intake = Arc::clone(&intake);
        let handle = consumer::spawn(
            &ctx,
            spec(name, filter_subject),
            shutdown.clone(),
            move |message| {
                let intake = Arc::clone(&intake);
                async move { intake.handle(subject, &message).await }
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
struct Intake {
    pool: PgPool,
    mailer: Arc<Mailer>,
    signer: Signer,
    nats: async_nats::Client,
    namespace: contract::Namespace,
}

impl Intake {
    async fn handle(&self, subject: Subject, message: &jetstream::Message) -> Outcome {
        let (pool, mailer) = (&self.pool, &*self.mailer);
        match subject {
            Subject::Message => handle_contact_message(self, message).await,
            Subject::Registered => handle_registered(pool, mailer, message).await,
            Subject::Waitlist => handle_waitlist(pool, mailer, message).await,
            Subject::Subscription => handle_subscription(self, message).await,
            Subject::PasswordReset => handle_password_reset(pool, mailer, message).await,
            Subject::Privacy => privacy::handle_privacy(self, message).await,
        }
    }
}

fn parse<T: DeserializeOwned>(message: &jetstream::Message, what: &str) -> Result<T, Outcome> {
    serde_json::from_slice(&message.payload).map_err(|error| {
        Outcome::Reject(anyhow::Error::new(error).context(format!("malformed {what}")))
    })
}

async fn handle_contact_message(intake: &Intake, message: &jetstream::Message) -> Outcome {
    let (pool, mailer) = (&intake.pool, &*intake.mailer);
    let request: ContactMessage = match parse(message, "intake.message") {
        Ok(request) => request,
        Err(outcome) => return outcome,
    };
    // The contact_requests table is the gateways' (intake's owner), which
    // stores a request once: a redelivered one (same id) changes nothing.
    let stored: Result<bool, _> = contract::owners::ask(
        &intake.nats,
        intake.namespace.owners_store_contact_request(),
        &request,
    )
    .await;
    if let Err(error) = stored {
        return Outcome::from_owner(error);
    }
    send_all(
        pool,
        mailer,
        request.id,
        &[&ContactToSales(&request), &ContactAcknowledgement(&request)],
    )
    .await
}

async fn handle_registered(
    pool: &PgPool,
    mailer: &Mailer,
    message: &jetstream::Message,
) -> Outcome {
    let user: Registered = match parse(message, "intake.registered") {
        Ok(user) => user,
        Err(outcome) => return outcome,
    };
    send_all(
        pool,
        mailer,
        user.user_id,
        &[&Welcome(&user), &RegistrationToSales(&user)],
    )
    .await
}

async fn handle_waitlist(pool: &PgPool, mailer: &Mailer, message: &jetstream::Message) -> Outcome {
    let entry: WaitlistJoined = match parse(message, "intake.waitlist") {
        Ok(entry) => entry,
        Err(outcome) => return outcome,
    };
    // The entry's id: this request's for a new address and interest, else the
    // first request's, whose confirmation is then found sent already.
    let stored = match sqlx::query_scalar!(
        r#"with inserted as (
               insert into waitlist_entries (id, email, name, interest, created_at)
               values ($1, $2, $3, $4, $5)
               on conflict (email, interest) do nothing
               returning id)
           select id as "id!" from inserted
           union all
           select id from waitlist_entries where email = $2 and interest = $4
           limit 1"#,
        entry.id,
        entry.email,
        entry.name,
        entry.interest as WaitlistInterest,
        entry.received_at,
    )
    .fetch_optional(pool)
    .await
    {
        Ok(stored) => stored,
        Err(error) => return Outcome::from_sqlx(error),
    };
    // A concurrent insert of the same address committed after this
    // statement's snapshot: the next delivery sees it.
    let Some(entry_id) = stored else {
        return Outcome::Retry(anyhow::anyhow!("waitlist entry being stored concurrently"));
    };
    if entry_id == entry.id {
        tracing::info!(waitlist.id = %entry_id, waitlist.interest = entry.interest.code(), "waitlist entry stored");
    }
    send_all(pool, mailer, entry_id, &[&WaitlistConfirmation(&entry)]).await
}

async fn handle_subscription(intake: &Intake, message: &jetstream::Message) -> Outcome {
    let (pool, mailer, nats, namespace) = (
        &intake.pool,
        &*intake.mailer,
        &intake.nats,
        &intake.namespace,
    );
    let request: SubscriptionRequested = match parse(message, "intake.subscription") {
        Ok(request) => request,
        Err(outcome) => return outcome,
    };
    // The subscriptions table is the gateways' (intake's owner): ask it.
    let stored: SubscriptionStored =
        match contract::owners::ask(nats, namespace.owners_store_subscription(), &request).await {
            Ok(stored) => stored,
            Err(error) => return Outcome::from_owner(error),
        };
    let (subscription_id, confirmed) = (stored.id, stored.confirmed);
    if confirmed {
        tracing::info!(subscription.id = %subscription_id, "already confirmed; no email");
        return Outcome::Done;
    }
    // Take the hour's confirmation slot; the request holding it keeps it
    // through its own retries.
    let claim = ClaimConfirmation {
        subscription_id,
        request_id: request.id,
        interval_secs: CONFIRMATION_INTERVAL_SECS,
    };
    let claimed: bool =
        match contract::owners::ask(nats, namespace.owners_claim_confirmation(), &claim).await {
            Ok(claimed) => claimed,
            Err(error) => return Outcome::from_owner(error),
        };
    if !claimed {
        tracing::info!(subscription.id = %subscription_id, "confirmation sent within the hour; no email");
        return Outcome::Done;
    }
    let confirm_token = intake
        .signer
        .sign(Purpose::ConfirmSubscription, subscription_id);
    let unsubscribe_token = intake.signer.sign(Purpose::Unsubscribe, subscription_id);
    let email = SubscriptionConfirmation {
        request: &request,
        confirm_token: &confirm_token,
        unsubscribe_token: &unsubscribe_token,
    };
    send_all(pool, mailer, request.id, &[&email]).await
}

async fn handle_password_reset(
    pool: &PgPool,
    mailer: &Mailer,
    message: &jetstream::Message,
) -> Outcome {
    let request: PasswordResetRequested = match parse(message, "intake.password_reset") {
        Ok(request) => request,
        Err(outcome) => return outcome,
    };
    // The account a reset was asked for.
    let account = match sqlx::query!(
        "select id, name, email from users where email = $1",
        request.email
    )
    .fetch_optional(pool)
    .await
    {
        Ok(account) => account,
        Err(error) => return Outcome::from_sqlx(error),
    };
    let Some(account) = account else {
        tracing::info!(password_reset.id = %request.id, "no account has this address; no email");
        return Outcome::Done;
    };
    // A redelivery after the email went out makes no new token.
    let sent = match sqlx::query_scalar!(
        r#"select exists(select 1 from sent_emails
                         where key = $1 and kind = $2 and sent_at is not null) as "sent!""#,
        request.id,
        match request.purpose {
            LinkPurpose::Reset => PasswordReset::KIND,
            LinkPurpose::Invite => AgentInvite::KIND,
        },
    )
    .fetch_one(pool)
    .await
    {
        Ok(sent) => sent,
        Err(error) => return Outcome::from_sqlx(error),
    };
    if sent {
        return Outcome::Done;
    }
    // Each attempt stores a token of its own, so the one emailed always
    // works; a token whose email failed was never seen by anyone.
    let (token, token_hash) = crate::reset_tokens::generate();
    let stored = crate::reset_tokens::store(
        pool,
        &token_hash,
        request.id,
        account.id,
        request.purpose.lifetime(),
    )
    .await;
    if let Err(error) = stored {
        return Outcome::from_sqlx(error);
    }
    match request.purpose {
        LinkPurpose::Reset => {
            let email = PasswordReset {
                name: &account.name,
                email: &account.email,
                token: &token,
            };
            send_all(pool, mailer, request.id, &[&email]).await
        }
        LinkPurpose::Invite => {
            let email = AgentInvite {
                name: &account.name,
                email: &account.email,
                token: &token,
            };
            send_all(pool, mailer, request.id, &[&email]).await
        }
    }
}
