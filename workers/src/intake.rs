//! The `intake` role: contact and demo requests, and registrations.
//!
//! - `intake.message` (published by `POST /api/messages`): the request is
//!   stored in `contact_requests` under its id (`on conflict do nothing`, so a
//!   redelivery changes nothing), then the sales inbox gets it (reply-to the
//!   visitor) and the visitor an acknowledgement.
//! - `intake.registered` (published by the accounts role's outbox): a welcome
//!   email to the new user and a note to the sales inbox.
//!
//! The inboxes come from the site settings, read for each message, so an
//! admin's change applies to the next email. Every email is sent once
//! ([`Mailer::send_once`]); an SMTP failure is retried with backoff (1 s
//! doubling to 60 s, [`RETRY`]: about 25 minutes in all) and then
//! dead-lettered, visible in `dead_letters` and replayable; a replay sends
//! only the emails not sent yet.

use std::sync::Arc;
use std::time::Duration;

use async_nats::jetstream;
use contract::intake::{ContactMessage, Registered};
use contract::site_settings::SiteSettings;
use futures::FutureExt as _;
use serde::de::DeserializeOwned;
use sqlx::PgPool;
use tokio::task::JoinHandle;
use uuid::Uuid;

use crate::WorkerContext;
use crate::consumer::{self, ConsumerSpec, Outcome, RetryPolicy};
use crate::mail::templates::{
    ContactAcknowledgement, ContactToSales, RegistrationToSales, Site, Template, Welcome,
};
use crate::mail::{MailError, Mailer};

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

/// Starts consuming `intake.message` and `intake.registered` with `retry`
/// ([`RETRY`] in production; tests pass a faster one). Returns once both
/// consumers exist; the handle ends when both have stopped.
pub async fn spawn(
    ctx: WorkerContext,
    mailer: Arc<Mailer>,
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
    let messages = {
        let (pool, mailer) = (ctx.pool.clone(), Arc::clone(&mailer));
        consumer::spawn(
            &ctx,
            spec(MESSAGES_CONSUMER, ctx.namespace.intake_message()),
            shutdown.clone(),
            move |message| {
                let (pool, mailer) = (pool.clone(), Arc::clone(&mailer));
                async move { handle_contact_message(&pool, &mailer, &message).await }
            },
        )
        .await?
    };
    let registrations = {
        let (pool, mailer) = (ctx.pool.clone(), Arc::clone(&mailer));
        consumer::spawn(
            &ctx,
            spec(REGISTRATIONS_CONSUMER, ctx.namespace.intake_registered()),
            shutdown,
            move |message| {
                let (pool, mailer) = (pool.clone(), Arc::clone(&mailer));
                async move { handle_registered(&pool, &mailer, &message).await }
            },
        )
        .await?
    };
    Ok(tokio::spawn(async move {
        let _ = tokio::join!(messages, registrations);
    }))
}

fn parse<T: DeserializeOwned>(message: &jetstream::Message, what: &str) -> Result<T, Outcome> {
    serde_json::from_slice(&message.payload).map_err(|error| {
        Outcome::Reject(anyhow::Error::new(error).context(format!("malformed {what}")))
    })
}

async fn handle_contact_message(
    pool: &PgPool,
    mailer: &Mailer,
    message: &jetstream::Message,
) -> Outcome {
    let request: ContactMessage = match parse(message, "intake.message") {
        Ok(request) => request,
        Err(outcome) => return outcome,
    };
    if let Err(error) = store(pool, &request).await {
        return Outcome::from_sqlx(error);
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

/// Stores a request once: a redelivered one (same id) changes nothing.
/// `contact_requests` rows are inserted only here.
async fn store(pool: &PgPool, request: &ContactMessage) -> sqlx::Result<()> {
    let inserted = sqlx::query(
        "insert into contact_requests
             (id, name, email, subject, message, phone, company, source, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         on conflict (id) do nothing",
    )
    .bind(request.id)
    .bind(&request.name)
    .bind(&request.email)
    .bind(&request.subject)
    .bind(&request.message)
    .bind(&request.phone)
    .bind(&request.company)
    .bind(&request.source)
    .bind(request.received_at)
    .execute(pool)
    .await?;
    if inserted.rows_affected() > 0 {
        tracing::info!(contact_request.id = %request.id, "contact request stored");
    }
    Ok(())
}

/// Renders and sends each email about `key` that was not sent before, in
/// order; the first failure decides the message's outcome (the emails sent
/// before it stay sent and are skipped next time).
async fn send_all(
    pool: &PgPool,
    mailer: &Mailer,
    key: Uuid,
    emails: &[&(dyn Template + Sync)],
) -> Outcome {
    // Read for every message: an admin's change applies to the next email.
    let settings = match SiteSettings::load(pool).await {
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
