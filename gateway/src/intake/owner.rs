//! Intake's tables answer to one writer, [`super::store`]: the `intake`
//! worker, which consumes what the public sends in, asks here to store a
//! contact request or a subscription request and to take a subscription's
//! confirmation slot ([`contract::owners`]). Every gateway answers, in one
//! queue group; a worker that gets no answer retries the message later.

use contract::intake::ContactMessage;
use contract::owners::{ClaimConfirmation, OwnerReply};
use contract::subscriptions::SubscriptionRequested;
use serde::de::DeserializeOwned;
use sqlx::PgPool;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

use super::IntakeError;
use super::store;

/// Answers the intake owner's subjects of `namespace` until `shutdown`;
/// returns once every subscription is live on the server.
pub async fn serve(
    nats: &async_nats::Client,
    namespace: &contract::Namespace,
    pool: PgPool,
    tracker: &TaskTracker,
    shutdown: CancellationToken,
) -> anyhow::Result<()> {
    let contacts = pool.clone();
    crate::platform::bus::serve(
        nats,
        namespace.owners_store_contact_request(),
        tracker,
        shutdown.clone(),
        move |request| {
            let pool = contacts.clone();
            async move {
                let request: ContactMessage = match parse(&request.payload) {
                    Ok(request) => request,
                    Err(reply) => return reply,
                };
                let inserted = store::insert_request(&pool, &request).await;
                if matches!(inserted, Ok(true)) {
                    tracing::info!(contact_request.id = %request.id, "contact request stored");
                }
                answer(inserted, "store a contact request")
            }
        },
    )
    .await?;
    let subscriptions = pool.clone();
    crate::platform::bus::serve(
        nats,
        namespace.owners_store_subscription(),
        tracker,
        shutdown.clone(),
        move |request| {
            let pool = subscriptions.clone();
            async move {
                let request: SubscriptionRequested = match parse(&request.payload) {
                    Ok(request) => request,
                    Err(reply) => return reply,
                };
                let stored = store::store_subscription_request(&pool, &request).await;
                answer(stored, "store a subscription request")
            }
        },
    )
    .await?;
    crate::platform::bus::serve(
        nats,
        namespace.owners_claim_confirmation(),
        tracker,
        shutdown,
        move |request| {
            let pool = pool.clone();
            async move {
                let claim: ClaimConfirmation = match parse(&request.payload) {
                    Ok(claim) => claim,
                    Err(reply) => return reply,
                };
                answer(
                    store::claim_confirmation(&pool, &claim).await,
                    "claim a confirmation",
                )
            }
        },
    )
    .await?;
    Ok(())
}

/// A request's payload, or the answer to a malformed one (it can never
/// succeed).
fn parse<T: DeserializeOwned, R>(payload: &[u8]) -> Result<T, OwnerReply<R>> {
    serde_json::from_slice(payload).map_err(|error| {
        tracing::error!(%error, "malformed request to intake's owner");
        OwnerReply::Refused
    })
}

/// The answer to a request whose write ended with `result`; a failure is
/// logged here, once.
fn answer<R>(result: Result<R, IntakeError>, what: &str) -> OwnerReply<R> {
    match result {
        Ok(result) => OwnerReply::Done(result),
        Err(IntakeError::Database(error)) => {
            tracing::error!(%error, "failed to {what}");
            OwnerReply::failure(&error)
        }
        Err(error) => {
            tracing::error!(%error, "failed to {what}");
            OwnerReply::Failed
        }
    }
}
