//! One writer per table: a process that must change a row of a table it
//! does not own asks the owning process over NATS request-reply, on an
//! `owners.<table>.<verb>` subject ([`crate::Namespace`]). Every replica of
//! the owner answers in [`OWNERS_QUEUE_GROUP`], so one of them does the
//! write; an owner that does not answer in time is an error the asker
//! handles as it handles its own database being away (a JetStream consumer
//! retries the message; a request-reply service answers that it failed, so
//! nothing is committed without the owner's write).
//!
//! | table | owner | asked on |
//! |---|---|---|
//! | `tower_sessions.session` | gateway `platform::sessions` | `owners.sessions.end_of_user` |
//! | `contact_requests` | gateway `intake::store` | `owners.contact_requests.store` |
//! | `subscriptions` | gateway `intake::store` | `owners.subscriptions.store`, `owners.subscriptions.claim_confirmation` |
//! | `chat_messages` | `chat` worker | `owners.chat_messages.erase` |
//! | `users` | `accounts` worker | `owners.users.erase` |
//! | `waitlist_entries`, `sent_emails`, `password_reset_tokens` | `requests` worker | `owners.intake_records.erase` |
//! | `waitlist_entries` | `requests` worker | `owners.waitlist_entries.correct` |

use std::time::Duration;

use serde::{Deserialize, Serialize, de::DeserializeOwned};
use uuid::Uuid;

/// Queue group shared by every replica of a table's owner.
pub const OWNERS_QUEUE_GROUP: &str = "owners";

/// How long an asker waits for the owner's answer.
pub const OWNER_TIMEOUT: Duration = Duration::from_secs(2);

/// The owner's answer: its result, or that it failed (its error is logged
/// where it happened, once).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OwnerReply<T> {
    Done(T),
    /// Failed for a cause that may go away (the database away, a lock
    /// conflict): asking again may succeed.
    Failed,
    /// The database refused the data (a data exception or an integrity
    /// violation): the same request will fail the same way every time.
    Refused,
}

impl<T> OwnerReply<T> {
    /// The answer to a request whose write failed with `error`.
    pub fn failure(error: &sqlx::Error) -> Self {
        let refused = match error {
            sqlx::Error::Database(error) => error.code().is_some_and(|code| is_data_error(&code)),
            _ => false,
        };
        if refused {
            OwnerReply::Refused
        } else {
            OwnerReply::Failed
        }
    }
}

/// Whether a SQLSTATE says the data itself is wrong: Postgres data
/// exceptions (class 22, e.g. 22021 for a NUL in text) and integrity
/// violations (class 23). Everything else, lost connections and
/// serialization failures (40001) included, may go away.
pub fn is_data_error(sqlstate: &str) -> bool {
    sqlstate.starts_with("22") || sqlstate.starts_with("23")
}

/// The error [`ask`] returns when the owner answered [`OwnerReply::Refused`]
/// (find it with `anyhow::Error::downcast_ref`).
#[derive(Debug)]
pub struct Refused {
    pub subject: String,
}

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the owner of {} refused the data", self.subject)
    }
}

impl std::error::Error for Refused {}

/// Payload of `owners.sessions.end_of_user`: end every stored cookie
/// session signed in as this user (a password reset).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct EndSessionsOfUser {
    pub user_id: Uuid,
}

/// Payload of `owners.contact_requests.store` is the
/// [`crate::intake::ContactMessage`] itself; the answer says whether it was
/// new (a redelivered one changes nothing).
///
/// Payload of `owners.subscriptions.store` is the
/// [`crate::subscriptions::SubscriptionRequested`] itself: store the address
/// pending, or record a new request for it; the answer is
/// [`SubscriptionStored`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SubscriptionStored {
    /// The subscription's id: the request's for a new address and topic.
    pub id: Uuid,
    /// Whether it is confirmed (and not unsubscribed since).
    pub confirmed: bool,
}

/// Payload of `owners.subscriptions.claim_confirmation`: take the slot for
/// one confirmation email of subscription `subscription_id` for request
/// `request_id`, unless another request took it less than `interval_secs`
/// ago; the request holding it keeps it through its own retries. The
/// answer says whether the slot is this request's.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct ClaimConfirmation {
    pub subscription_id: Uuid,
    pub request_id: Uuid,
    pub interval_secs: f64,
}

/// Sends `request` to the owner on `subject` and waits (at most
/// [`OWNER_TIMEOUT`]) for its [`OwnerReply`]; an error when the owner did
/// not answer in time or answered that it failed ([`Refused`] when it
/// refused the data).
pub async fn ask<R: DeserializeOwned>(
    nats: &async_nats::Client,
    subject: String,
    request: &impl Serialize,
) -> anyhow::Result<R> {
    use anyhow::Context as _;
    // Serialising our own plain types cannot fail.
    let payload = serde_json::to_vec(request).unwrap_or_default();
    let asked = nats.request_with_headers(
        subject.clone(),
        crate::telemetry::trace_headers(),
        payload.into(),
    );
    let reply = tokio::time::timeout(OWNER_TIMEOUT, asked)
        .await
        .with_context(|| format!("the owner of {subject} did not answer in time"))?
        .with_context(|| format!("the owner of {subject} could not be asked"))?;
    let reply: OwnerReply<R> = serde_json::from_slice(&reply.payload)
        .with_context(|| format!("malformed answer from the owner of {subject}"))?;
    match reply {
        OwnerReply::Done(result) => Ok(result),
        OwnerReply::Failed => anyhow::bail!("the owner of {subject} failed"),
        OwnerReply::Refused => Err(Refused { subject }.into()),
    }
}
