//! This gateway's clock against the database's: the skew the readiness
//! probe and the scrape report, and the rule that measures it.

use std::time::Duration;

use crate::state::AppState;

/// How long a probe waits for the database (or NATS) to answer.
pub const PROBE_TIMEOUT: Duration = Duration::from_secs(2);

/// How far this gateway's clock may be from the database's. Rate limits,
/// session and token expiry and message order read this machine's clock;
/// within a second of each other gateways agree on all of them (the
/// shortest window they judge is a minute, and message order is the chat
/// worker's), so a gateway further off than this is not ready.
pub const MAX_CLOCK_SKEW_SECS: f64 = 1.0;

/// This gateway's clock minus the database's, in seconds, measured against
/// the middle of the round trip (`None` when the database does not answer
/// in time). Also read at scrape time: `gateway_clock_skew_seconds`.
pub async fn clock_skew(state: &AppState) -> Option<f64> {
    let before = now_secs();
    let database = tokio::time::timeout(
        PROBE_TIMEOUT,
        crate::ops::store::database_clock(&state.core_pool),
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
