//! The scenario's logic, apart from the network: when each message is due
//! (the rate schedule), whether a due message is sent or dropped (the drop
//! rule), and the delivery-time report.

use std::time::Duration;

use hdrhistogram::Histogram;
use serde::Serialize;

/// An open model: message `n` is due `n / rate` seconds after the start,
/// whatever the server's answers, for `duration`.
#[derive(Clone, Copy, Debug)]
pub struct Schedule {
    rate: f64,
    total: u64,
}

impl Schedule {
    pub fn new(rate: f64, duration: Duration) -> Self {
        assert!(rate > 0.0, "the rate must be positive");
        Schedule {
            rate,
            total: (rate * duration.as_secs_f64()).round() as u64,
        }
    }

    /// How many messages the run offers.
    pub fn total(&self) -> u64 {
        self.total
    }

    /// When message `n` (from 0) is due, from the start.
    pub fn due(&self, n: u64) -> Duration {
        Duration::from_secs_f64(n as f64 / self.rate)
    }

    /// How many messages are due by `elapsed` (those with `due(n) <= elapsed`),
    /// never more than [`Schedule::total`].
    pub fn due_by(&self, elapsed: Duration) -> u64 {
        // An estimate, then corrected against `due` itself, so that the two
        // agree exactly whatever the floating-point rounding.
        let mut due = ((elapsed.as_secs_f64() * self.rate).floor() as u64).saturating_add(1);
        while due > 0 && self.due(due - 1) > elapsed {
            due -= 1;
        }
        while due < self.total && self.due(due) <= elapsed {
            due += 1;
        }
        due.min(self.total)
    }
}

/// What becomes of a due message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    Send,
    /// Dropped: `max_in_flight` POSTs were still unanswered (as k6 drops an
    /// arrival when every VU is busy).
    DropBusy,
    /// Dropped: the generator reached it more than `max_late` after it was
    /// due (its own thread was not run in time), so that falling behind shows
    /// as drops rather than as a burst of late sends.
    DropLate,
}

/// The drop rule. A message reached `lateness` after it was due, with
/// `in_flight` POSTs unanswered: it is sent unless it is too late or too
/// many are in flight.
pub fn decide(
    lateness: Duration,
    in_flight: u64,
    max_in_flight: u64,
    max_late: Duration,
) -> Decision {
    if lateness > max_late {
        Decision::DropLate
    } else if in_flight >= max_in_flight {
        Decision::DropBusy
    } else {
        Decision::Send
    }
}

/// Delivery times in microseconds, 1 µs to 10 minutes, 3 significant digits.
pub fn delivery_histogram() -> Histogram<u64> {
    Histogram::new_with_bounds(1, 600_000_000, 3).expect("valid histogram bounds")
}

/// Delivery percentiles in milliseconds; `None` when nothing was delivered.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Percentiles {
    pub p50: f64,
    pub p95: f64,
    pub p99: f64,
    pub max: f64,
}

impl Percentiles {
    pub fn of(histogram: &Histogram<u64>) -> Option<Self> {
        if histogram.is_empty() {
            return None;
        }
        let ms = |micros: u64| micros as f64 / 1000.0;
        Some(Percentiles {
            p50: ms(histogram.value_at_quantile(0.50)),
            p95: ms(histogram.value_at_quantile(0.95)),
            p99: ms(histogram.value_at_quantile(0.99)),
            max: ms(histogram.max()),
        })
    }
}

/// What a run prints and writes (the summary file has the fields
/// `loadtests/cpu_per_message.py` reads, as k6's `chat_rate.js` writes them).
#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    pub rate: f64,
    pub sockets: u64,
    pub idle_sockets: u64,
    pub duration_s: f64,
    pub offered: u64,
    pub accepted: u64,
    pub refused: u64,
    pub delivered: u64,
    pub dropped: u64,
    pub dropped_busy: u64,
    pub dropped_late: u64,
    pub sockets_joined: u64,
    pub delivery_ms: Option<Percentiles>,
    /// The generator's own CPU (getrusage, user + system, every thread)
    /// while it sent, per accepted message.
    pub generator_cpu_ms_per_message: Option<f64>,
    pub generator_cpu_s: f64,
}

impl Summary {
    pub fn lines(&self) -> Vec<String> {
        let fixed = |v: Option<f64>| v.map_or_else(|| "n/a".to_owned(), |v| format!("{v:.1}"));
        let d = self.delivery_ms;
        vec![
            format!(
                "offered rate: {} messages/s for {} s over {} chats ({} idle sockets)",
                self.rate, self.duration_s, self.sockets, self.idle_sockets
            ),
            format!(
                "messages offered: {}, accepted: {}, refused: {}, delivered on sockets: {}, \
                 dropped arrivals: {} ({} with {} in flight, {} too late)",
                self.offered,
                self.accepted,
                self.refused,
                self.delivered,
                self.dropped,
                self.dropped_busy,
                "the cap",
                self.dropped_late
            ),
            format!(
                "sockets joined: {} of {}",
                self.sockets_joined, self.sockets
            ),
            format!(
                "delivery ms: p50 {}  p95 {}  p99 {}  max {}",
                fixed(d.map(|d| d.p50)),
                fixed(d.map(|d| d.p95)),
                fixed(d.map(|d| d.p99)),
                fixed(d.map(|d| d.max)),
            ),
            format!(
                "load generator (chatload) CPU while sending: {:.2} s, {} ms/message",
                self.generator_cpu_s,
                self.generator_cpu_ms_per_message
                    .map_or_else(|| "n/a".to_owned(), |v| format!("{v:.3}"))
            ),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_schedule_spreads_the_rate_evenly_over_the_duration() {
        let schedule = Schedule::new(1000.0, Duration::from_secs(30));
        assert_eq!(schedule.total(), 30_000);
        assert_eq!(schedule.due(0), Duration::ZERO);
        assert_eq!(schedule.due(1), Duration::from_millis(1));
        assert_eq!(schedule.due(1500), Duration::from_millis(1500));
        // Message 0 is due at once; one more every millisecond.
        assert_eq!(schedule.due_by(Duration::ZERO), 1);
        assert_eq!(schedule.due_by(Duration::from_micros(999)), 1);
        assert_eq!(schedule.due_by(Duration::from_millis(1)), 2);
        assert_eq!(schedule.due_by(Duration::from_millis(10)), 11);
        // Never more than the run offers.
        assert_eq!(schedule.due_by(Duration::from_secs(31)), 30_000);
        assert_eq!(schedule.due_by(Duration::from_secs(3600)), 30_000);
    }

    #[test]
    fn a_fractional_rate_rounds_the_total_and_never_counts_a_message_early() {
        let schedule = Schedule::new(3.0, Duration::from_secs(10));
        assert_eq!(schedule.total(), 30);
        for n in 0..30 {
            let due = schedule.due(n);
            assert_eq!(schedule.due_by(due), n + 1, "message {n} is due at {due:?}");
            if let Some(before) = due.checked_sub(Duration::from_nanos(1)) {
                assert_eq!(
                    schedule.due_by(before),
                    n,
                    "message {n} not yet at {before:?}"
                );
            }
        }
        assert_eq!(Schedule::new(2.5, Duration::from_secs(3)).total(), 8);
    }

    #[test]
    fn a_due_message_is_sent_unless_too_late_or_too_many_are_in_flight() {
        let late = Duration::from_millis(20);
        assert_eq!(decide(Duration::ZERO, 0, 10, late), Decision::Send);
        assert_eq!(
            decide(Duration::from_millis(20), 9, 10, late),
            Decision::Send
        );
        assert_eq!(decide(Duration::ZERO, 10, 10, late), Decision::DropBusy);
        assert_eq!(
            decide(Duration::from_millis(21), 0, 10, late),
            Decision::DropLate
        );
        // Too late wins over busy: it would not have been sent on time anyway.
        assert_eq!(
            decide(Duration::from_secs(1), 10, 10, late),
            Decision::DropLate
        );
    }

    #[test]
    fn the_report_gives_percentiles_in_milliseconds() {
        let mut histogram = delivery_histogram();
        assert_eq!(Percentiles::of(&histogram), None);
        // 1..=100 ms, one each.
        for ms in 1..=100u64 {
            histogram.record(ms * 1000).expect("in range");
        }
        let p = Percentiles::of(&histogram).expect("recorded");
        let near = |a: f64, b: f64| (a - b).abs() <= b * 0.001 + 0.001;
        assert!(near(p.p50, 50.0), "{p:?}");
        assert!(near(p.p95, 95.0), "{p:?}");
        assert!(near(p.p99, 99.0), "{p:?}");
        assert!(near(p.max, 100.0), "{p:?}");

        let summary = Summary {
            rate: 1000.0,
            sockets: 200,
            idle_sockets: 0,
            duration_s: 30.0,
            offered: 30_000,
            accepted: 29_990,
            refused: 0,
            delivered: 29_990,
            dropped: 10,
            dropped_busy: 4,
            dropped_late: 6,
            sockets_joined: 200,
            delivery_ms: Some(p),
            generator_cpu_ms_per_message: Some(0.0456),
            generator_cpu_s: 1.37,
        };
        let lines = summary.lines();
        assert_eq!(
            lines[3],
            "delivery ms: p50 50.0  p95 95.0  p99 99.0  max 100.0"
        );
        assert!(lines[1].contains("dropped arrivals: 10 (4 with the cap in flight, 6 too late)"));
        assert!(
            lines[4].ends_with("1.37 s, 0.046 ms/message"),
            "{}",
            lines[4]
        );
        let json: serde_json::Value = serde_json::to_value(&summary).expect("serialisable");
        assert_eq!(json["accepted"], 29_990);
        assert!(near(
            json["delivery_ms"]["p99"].as_f64().expect("a number"),
            99.0
        ));
    }
}
