//! Core NATS announcements that other gateways act on (cache clears,
//! revocations, session changes): published, then flushed, so the caller
//! knows the server has them before it answers.

use bytes::Bytes;

/// Publishes `payload` on `subject` and waits until the server has it.
pub async fn announce(
    nats: &async_nats::Client,
    subject: String,
    payload: Bytes,
) -> anyhow::Result<()> {
    nats.publish(subject, payload).await?;
    nats.flush().await?;
    Ok(())
}
