//! JetStream's store as this gateway sees its writes: failures logged once
//! per kind per interval (a flood of refused writes must not become a flood
//! of log lines), and whether the store refuses writes for lack of space,
//! which readiness and the admin overview report.

use std::collections::HashMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// At most one WARN per kind of failure per this long; the next one says
/// how many were left out.
pub const LOG_INTERVAL: Duration = Duration::from_secs(10);

/// A refusal for lack of space counts as "the store is full" this long,
/// unless a write has been stored since.
const FULL_FOR: Duration = Duration::from_secs(30);

/// What JetStream answers when its store (or the account's share of it) has
/// no room: "insufficient resources" (the server's `max_file_store`), the
/// account's "resource limits exceeded", a stream's "maximum bytes/messages
/// exceeded".
const FULL_ERRORS: [&str; 4] = [
    "insufficient resources",
    "resource limits exceeded",
    "maximum bytes exceeded",
    "maximum messages exceeded",
];

/// Whether `error` (as JetStream words it) says the store has no room.
pub fn refused_for_space(error: &str) -> bool {
    let error = error.to_ascii_lowercase();
    FULL_ERRORS.iter().any(|words| error.contains(words))
}

/// At most one log line per kind per [`LOG_INTERVAL`].
#[derive(Default)]
pub struct LogThrottle {
    kinds: Mutex<HashMap<&'static str, Throttle>>,
}

impl LogThrottle {
    /// `Some(left out since the last line)` when a line of `kind` may be
    /// logged now, else `None` (and this one is counted).
    pub fn admit(&self, kind: &'static str) -> Option<u64> {
        let mut kinds = self.kinds.lock().unwrap_or_else(|e| e.into_inner());
        let now = Instant::now();
        match kinds.get_mut(kind) {
            Some(throttle) if now.duration_since(throttle.logged_at) < LOG_INTERVAL => {
                throttle.suppressed += 1;
                None
            }
            Some(throttle) => {
                let left_out = throttle.suppressed;
                *throttle = Throttle {
                    logged_at: now,
                    suppressed: 0,
                };
                Some(left_out)
            }
            None => {
                kinds.insert(
                    kind,
                    Throttle {
                        logged_at: now,
                        suppressed: 0,
                    },
                );
                Some(0)
            }
        }
    }

    /// How many lines of `kind` were left out since its last one.
    pub fn suppressed(&self, kind: &str) -> u64 {
        let kinds = self.kinds.lock().unwrap_or_else(|e| e.into_inner());
        kinds.get(kind).map_or(0, |throttle| throttle.suppressed)
    }
}

#[derive(Default)]
pub struct StoreHealth {
    log: LogThrottle,
    /// Milliseconds since `epoch` of the last refusal for space (0: none).
    last_full_ms: AtomicU64,
    /// Milliseconds since `epoch` of the last stored write (0: none).
    last_stored_ms: AtomicU64,
    epoch: Epoch,
}

struct Epoch(Instant);

impl Default for Epoch {
    fn default() -> Self {
        Epoch(Instant::now())
    }
}

struct Throttle {
    logged_at: Instant,
    suppressed: u64,
}

impl StoreHealth {
    fn now_ms(&self) -> u64 {
        // Never 0, which means "never".
        u64::try_from(self.epoch.0.elapsed().as_millis())
            .unwrap_or(u64::MAX)
            .max(1)
    }

    /// A write of `kind` (e.g. "blog views") JetStream did not store: logged
    /// if no failure of that kind was logged in the last [`LOG_INTERVAL`],
    /// else counted for the next line.
    pub fn failed(&self, kind: &'static str, error: &dyn std::fmt::Display) {
        let text = format!("{error:#}");
        if refused_for_space(&text) {
            self.last_full_ms.store(self.now_ms(), Ordering::Relaxed);
        }
        if let Some(suppressed) = self.log.admit(kind) {
            tracing::warn!(
                publish.kind = kind,
                error = text,
                suppressed,
                "not stored by JetStream (further failures of this kind within 10 s are only counted)"
            );
        }
    }

    /// A write JetStream stored: the store has room again.
    pub fn stored(&self) {
        self.last_stored_ms.store(self.now_ms(), Ordering::Relaxed);
    }

    /// Whether JetStream refused a write for lack of space recently and has
    /// stored none since.
    pub fn refusing_writes(&self) -> bool {
        let full = self.last_full_ms.load(Ordering::Relaxed);
        if full == 0 {
            return false;
        }
        let recent = self.now_ms().saturating_sub(full)
            < u64::try_from(FULL_FOR.as_millis()).unwrap_or(u64::MAX);
        recent && self.last_stored_ms.load(Ordering::Relaxed) <= full
    }

    /// How many failures of `kind` were left out of the log since its last
    /// line.
    pub fn suppressed(&self, kind: &str) -> u64 {
        self.log.suppressed(kind)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_line_per_kind_per_interval_and_the_rest_counted() {
        let health = StoreHealth::default();
        for _ in 0..1_000 {
            health.failed("blog views", &"timed out");
        }
        health.failed("page views", &"timed out");
        assert_eq!(health.suppressed("blog views"), 999);
        assert_eq!(health.suppressed("page views"), 0);
        assert!(!health.refusing_writes(), "a timeout is not a full store");
    }

    #[test]
    fn a_refusal_for_space_means_full_until_a_write_is_stored() {
        let health = StoreHealth::default();
        assert!(!health.refusing_writes());
        health.failed(
            "contact requests",
            &"nats: error: insufficient resources (code 503, error code 10023)",
        );
        assert!(health.refusing_writes());
        std::thread::sleep(Duration::from_millis(5));
        health.stored();
        assert!(!health.refusing_writes());
        assert!(refused_for_space("maximum bytes exceeded"));
        assert!(!refused_for_space("no responders"));
    }
}
