//! Sockets that may have missed events are told to catch up. Core NATS
//! carries `new_message` to the hub at most once: what a gateway misses
//! while its NATS connection is down, or while its NATS server is cut off
//! from the rest of the cluster, is never sent again, and a socket that
//! stayed open across such a gap would silently lack those messages. So once
//! NATS is whole again the hub closes its chat sockets (code 1012); clients
//! reconnect, join and refetch, as after any reconnect.
//!
//! A gap is seen in two ways, checked every second: the client's count of
//! connections grew (it reconnected), or a JetStream request failed (a
//! server cut off from the cluster's majority cannot answer one, though the
//! connection to it stays up).

use std::sync::atomic::Ordering;
use std::time::Duration;

use crate::state::AppState;

/// How often NATS is checked.
const CHECK_EVERY: Duration = Duration::from_secs(1);
/// A JetStream request unanswered this long counts as a gap.
const PROBE_TIMEOUT: Duration = Duration::from_secs(3);

/// Tells from successive observations when a gap in NATS has just ended.
#[derive(Debug, Default)]
pub struct GapTracker {
    /// The client's connection count at the last observation (0: none yet).
    connects: u64,
    /// A probe failed and none has succeeded since.
    in_gap: bool,
}

impl GapTracker {
    /// Feeds one observation: the client's connection count and whether
    /// JetStream answered. True when a gap has just ended: resync now.
    pub fn observe(&mut self, connects: u64, answered: bool) -> bool {
        let reconnected = self.connects != 0 && connects != self.connects;
        self.connects = connects;
        if !answered {
            self.in_gap = true;
            return false;
        }
        let ended = self.in_gap || reconnected;
        self.in_gap = false;
        ended
    }
}

/// Watches NATS for gaps until shutdown, and resyncs the hub's sockets
/// after each.
pub async fn watch(state: AppState) {
    let statistics = state.nats.statistics();
    let mut tracker = GapTracker::default();
    let mut ticks = tokio::time::interval(CHECK_EVERY);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = ticks.tick() => {}
            () = state.shutdown.cancelled() => return,
        }
        let answered = matches!(
            tokio::time::timeout(PROBE_TIMEOUT, state.jetstream.query_account()).await,
            Ok(Ok(_))
        );
        let connects = statistics.connects.load(Ordering::Relaxed);
        if tracker.observe(connects, answered) {
            // Announced chat changes may have been missed too.
            state.chat_owners.forget_all();
            let sockets = state.hub.resync();
            state
                .metrics
                .counter("websocket_resyncs_total", &[])
                .increment(1);
            tracing::warn!(
                sockets,
                "NATS was interrupted: closed the chat sockets so that their clients refetch"
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::GapTracker;

    #[test]
    fn a_gap_ends_when_jetstream_answers_again() {
        let mut tracker = GapTracker::default();
        assert!(!tracker.observe(1, true), "the first connection is no gap");
        assert!(!tracker.observe(1, true));
        assert!(!tracker.observe(1, false), "no resync while cut off");
        assert!(!tracker.observe(1, false));
        assert!(tracker.observe(1, true), "resync once whole again");
        assert!(!tracker.observe(1, true), "and only once");
    }

    #[test]
    fn a_reconnect_is_a_gap_even_when_no_probe_failed() {
        let mut tracker = GapTracker::default();
        assert!(!tracker.observe(1, true));
        assert!(tracker.observe(2, true));
        assert!(!tracker.observe(2, true));
        // Reconnected but JetStream not answering yet: wait for it.
        assert!(!tracker.observe(3, false));
        assert!(tracker.observe(3, true));
    }
}
