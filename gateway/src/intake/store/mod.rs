//! Every query of intake, one file per table: contact requests
//! ([`contact_requests`]), subscriptions ([`subscriptions`]), the waitlist
//! ([`waitlist`]), and one person's data across them ([`person`]). This
//! module is the only writer of `contact_requests` and `subscriptions`: the
//! `requests` worker stores what it consumes by asking `intake::owner`, which
//! calls the functions here.

mod contact_requests;
mod person;
mod subscriptions;
mod waitlist;

pub use contact_requests::{count_requests, insert_request, requests_page, update_request};
pub use person::{correct_person, erase_person};
pub use subscriptions::{
    claim_confirmation, confirm_subscription, store_subscription_request, subscription_exists,
    topic_subscribers, unsubscribe,
};
pub use waitlist::{count_waitlist, export_waitlist, waitlist_page};
