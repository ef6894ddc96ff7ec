//! One writer per table: a process that must change a row of a table it
//! does not own asks the owning process over NATS request-reply, on an
//! `owners.<table>.<verb>` subject ([`crate::Namespace`]). Every replica of
//! the owner answers in [`OWNERS_QUEUE_GROUP`], so one of them does the
//! write; an owner that does not answer in time is an error the asker
//! handles as it handles its own database being away (a JetStream consumer
//! retries the message; a request-reply service answers that it failed, so
//! nothing is committed without the owner's write).

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
    Failed,
}

/// Payload of `owners.sessions.end_of_user`: end every stored cookie
/// session signed in as this user (a password reset).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct EndSessionsOfUser {
    pub user_id: Uuid,
}

/// Sends `request` to the owner on `subject` and waits (at most
/// [`OWNER_TIMEOUT`]) for its [`OwnerReply`]; an error when the owner did
/// not answer in time or answered that it failed.
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
    }
}
