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

/// 200 when Postgres and NATS both answer within two seconds, else 503 with
/// which one failed.
async fn readyz(State(state): State<AppState>) -> (StatusCode, Json<Value>) {
    let postgres = tokio::time::timeout(PROBE_TIMEOUT, super::store::database_answers(&state.pool))
        .await
        .is_ok_and(|result| result.is_ok());
    let nats = state.nats.connection_state() == async_nats::connection::State::Connected
        && tokio::time::timeout(
            PROBE_TIMEOUT,
            contract::process::nats_round_trip(&state.nats),
        )
        .await
        .is_ok_and(|result| result.is_ok());
    let status = if postgres && nats {
        StatusCode::OK
    } else {
        StatusCode::SERVICE_UNAVAILABLE
    };
    let word = |ok: bool| if ok { "ok" } else { "unavailable" };
    (
        status,
        Json(json!({ "postgres": word(postgres), "nats": word(nats) })),
    )
}
