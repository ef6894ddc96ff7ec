//! A contact or demo request (`intake.message`): stored by its owner, then
//! the sales inbox gets it (reply-to the visitor) and the visitor an
//! acknowledgement.

use async_nats::jetstream;
use contract::intake::ContactMessage;

use super::{Requests, parse};
use crate::consumer::Outcome;
use crate::mail::send_all;
use crate::mail::templates::{ContactAcknowledgement, ContactToSales};

pub(super) async fn handle_contact_message(
    role: &Requests,
    message: &jetstream::Message,
) -> Outcome {
    let (pool, mailer) = (&role.pool, &*role.mailer);
    let request: ContactMessage = match parse(message, "intake.message") {
        Ok(request) => request,
        Err(outcome) => return outcome,
    };
    // The contact_requests table is the gateways' (intake's owner), which
    // stores a request once: a redelivered one (same id) changes nothing.
    let stored: Result<bool, _> = contract::owners::ask(
        &role.nats,
        role.namespace.owners_store_contact_request(),
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
