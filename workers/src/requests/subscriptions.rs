//! A newsletter subscription (`intake.subscription`): stored pending by its
//! owner and, unless confirmed already, a confirmation with signed links at
//! most once an hour per address and topic.

use async_nats::jetstream;
use contract::owners::{ClaimConfirmation, SubscriptionStored};
use contract::subscriptions::SubscriptionRequested;
use runtime::signing::Purpose;

use super::{Requests, parse};
use crate::consumer::Outcome;
use crate::mail::send_all;
use crate::mail::templates::SubscriptionConfirmation;

/// At most one subscription confirmation per address and topic this often.
const CONFIRMATION_INTERVAL_SECS: f64 = 3600.0;

pub(super) async fn handle_subscription(role: &Requests, message: &jetstream::Message) -> Outcome {
    let (pool, mailer, nats, namespace) = (&role.pool, &*role.mailer, &role.nats, &role.namespace);
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
    let confirm_token = role
        .signer
        .sign(Purpose::ConfirmSubscription, subscription_id);
    let unsubscribe_token = role.signer.sign(Purpose::Unsubscribe, subscription_id);
    let email = SubscriptionConfirmation {
        request: &request,
        confirm_token: &confirm_token,
        unsubscribe_token: &unsubscribe_token,
    };
    send_all(pool, mailer, request.id, &[&email]).await
}
