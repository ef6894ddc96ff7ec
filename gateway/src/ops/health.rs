//! Liveness and readiness probes.

use std::time::Duration;

use axum::Json;
use axum::Router;
use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::get;
use serde_json::{Value, json};

use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
        .route(
            "/healthz",
            get(|| async { Json(json!({ "status": "ok" })) }),
        )
        .route("/readyz", get(readyz))
}

const PROBE_TIMEOUT: Duration = Duration::from_secs(2);

/// 200 when Postgres and NATS both answer within two seconds and JetStream
/// stores writes, else 503 with which one failed. JetStream is `"full"` when
/// it refused a write for lack of space lately (and stored none since) or
/// its storage is at its limit: every durable write (chat, contact, privacy
/// requests) would fail, so this gateway is not ready.
async fn readyz(State(state): State<AppState>) -> (StatusCode, Json<Value>) {
    // The core pool: a table locked elsewhere must not fail readiness.
    let postgres = tokio::time::timeout(
        PROBE_TIMEOUT,
        super::store::database_answers(&state.core_pool),
    )
    .await
    .is_ok_and(|result| result.is_ok());
    let nats = state.nats.connection_state() == async_nats::connection::State::Connected
        && tokio::time::timeout(
            PROBE_TIMEOUT,
            contract::process::nats_round_trip(&state.nats),
        )
        .await
        .is_ok_and(|result| result.is_ok());
    let full = state.store_health.refusing_writes() || (nats && jetstream_full(&state).await);
    let skew = if postgres {
        clock_skew(&state).await
    } else {
        None
    };
    let clock_ok = skew.is_none_or(|skew| skew.abs() <= MAX_CLOCK_SKEW_SECS);
    let status = if postgres && nats && !full && clock_ok {
        StatusCode::OK
    } else {
        StatusCode::SERVICE_UNAVAILABLE
    };
    let word = |ok: bool| if ok { "ok" } else { "unavailable" };
    let jetstream = match (nats, full) {
        (_, true) => "full",
        (ok, false) => word(ok),
    };
    let clock = match skew {
        None => "unknown",
        Some(_) if clock_ok => "ok",
        Some(_) => "skewed",
    };
    (
        status,
        Json(json!({
            "postgres": word(postgres),
            "nats": word(nats),
            "jetstream": jetstream,
            "clock": clock,
            "clockSkewSeconds": skew,
        })),
    )
}

/// How far this gateway's clock may be from the database's. Rate limits,
/// session and token expiry and message order read this machine's clock;
/// within a second of each other gateways agree on all of them (the
/// shortest window they judge is a minute, and message order is the chat
/// worker's), so a gateway further off than this is not ready.
pub const MAX_CLOCK_SKEW_SECS: f64 = 1.0;

/// This gateway's clock minus the database's, in seconds, measured against
/// the middle of the round trip (`None` when the database does not answer
/// in time). Also read at scrape time: `gateway_clock_skew_seconds`.
pub(super) async fn clock_skew(state: &AppState) -> Option<f64> {
    let before = now_secs();
    let database = tokio::time::timeout(
        PROBE_TIMEOUT,
        super::store::database_clock(&state.core_pool),
    )
    .await
    .ok()?
    .ok()?;
    let skew = skew_from(before, database, now_secs());
    if skew.abs() > MAX_CLOCK_SKEW_SECS {
        tracing::warn!(
            skew_seconds = skew,
            "this gateway's clock is off from the database's"
        );
    }
    Some(skew)
}

fn now_secs() -> f64 {
    time::OffsetDateTime::now_utc().unix_timestamp_nanos() as f64 / 1e9
}

/// The skew of a local clock read `before` and `after` a database clock
/// read `database`.
fn skew_from(before: f64, database: f64, after: f64) -> f64 {
    (before + after) / 2.0 - database
}

/// Whether the account's storage is at its known limit (unknown: no).
async fn jetstream_full(state: &AppState) -> bool {
    let limit = state.settings.jetstream_store_limit_bytes;
    tokio::time::timeout(
        PROBE_TIMEOUT,
        super::streams::storage(&state.jetstream, limit),
    )
    .await
    .is_ok_and(|storage| storage.is_ok_and(|storage| storage.full()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_skew_is_measured_from_the_middle_of_the_round_trip() {
        // The database read at 100.0 while this clock went 101.9 → 102.1.
        assert!((skew_from(101.9, 100.0, 102.1) - 2.0).abs() < 1e-9);
        assert!((skew_from(99.99, 100.0, 100.01)).abs() < 1e-9);
        assert!(skew_from(7200.0, 0.0, 7200.0) > MAX_CLOCK_SKEW_SECS);
    }
}
