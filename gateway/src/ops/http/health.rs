//! Liveness and readiness probes: `/healthz` and `/readyz` (outside `/api`).

use axum::Json;
use axum::Router;
use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::get;
use serde_json::{Value, json};

use crate::ops::clock::{MAX_CLOCK_SKEW_SECS, PROBE_TIMEOUT, clock_skew};
use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
        .route(
            "/healthz",
            get(|| async { Json(json!({ "status": "ok" })) }),
        )
        .route("/readyz", get(readyz))
}

/// 200 when Postgres and NATS both answer within two seconds and JetStream
/// stores writes, else 503 with which one failed. JetStream is `"full"` when
/// it refused a write for lack of space lately (and stored none since) or
/// its storage is at its limit: every durable write (chat, contact, privacy
/// requests) would fail, so this gateway is not ready.
async fn readyz(State(state): State<AppState>) -> (StatusCode, Json<Value>) {
    // The core pool: a table locked elsewhere must not fail readiness.
    let postgres = tokio::time::timeout(
        PROBE_TIMEOUT,
        crate::ops::store::database_answers(&state.core_pool),
    )
    .await
    .is_ok_and(|result| result.is_ok());
    let nats = state.nats.connection_state() == async_nats::connection::State::Connected
        && tokio::time::timeout(
            PROBE_TIMEOUT,
            runtime::process::nats_round_trip(&state.nats),
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

/// Whether the account's storage is at its known limit (unknown: no).
async fn jetstream_full(state: &AppState) -> bool {
    let limit = state.config.jetstream_store_limit_bytes;
    tokio::time::timeout(
        PROBE_TIMEOUT,
        crate::ops::streams::storage(&state.jetstream, limit),
    )
    .await
    .is_ok_and(|storage| storage.is_ok_and(|storage| storage.full()))
}
