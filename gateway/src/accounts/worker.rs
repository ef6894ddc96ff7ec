//! Asking the `accounts` worker role, which owns `users`, over NATS
//! request-reply (registration, sign-in, password resets).

use crate::platform::error::ApiError;
use crate::platform::words::Words;
use crate::state::AppState;

/// Sends a request to the `accounts` worker and reads its reply as `R`;
/// 503 when no worker answers within `ACCOUNTS_TIMEOUT_MS`.
pub async fn request_accounts<R: serde::de::DeserializeOwned>(
    state: &AppState,
    subject: String,
    request: &impl serde::Serialize,
) -> Result<R, ApiError> {
    const UNAVAILABLE: Words = Words::text("accounts-unavailable");
    let payload = serde_json::to_vec(request).map_err(anyhow::Error::from)?;
    let asked = state.nats.request_with_headers(
        subject,
        contract::telemetry::trace_headers(),
        payload.into(),
    );
    let reply = match tokio::time::timeout(state.config.accounts_timeout, asked).await {
        Ok(Ok(reply)) => reply,
        Ok(Err(error)) => {
            tracing::warn!(%error, "accounts request failed");
            return Err(ApiError::Unavailable(UNAVAILABLE));
        }
        Err(_) => {
            tracing::warn!("accounts request timed out");
            return Err(ApiError::Unavailable(UNAVAILABLE));
        }
    };
    Ok(serde_json::from_slice(&reply.payload)
        .map_err(|e| anyhow::Error::new(e).context("malformed accounts reply"))?)
}
