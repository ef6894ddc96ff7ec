//! GCRA, the rate-limit arithmetic: a quota, and whether an arrival
//! conforms given a key's theoretical arrival time.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// `count` admissions per `period`, refilling evenly; `count` may all be
/// used at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Quota {
    pub count: u32,
    pub period: Duration,
}

impl Quota {
    pub(super) fn period_ns(self) -> u64 {
        u64::try_from(self.period.as_nanos()).unwrap_or(u64::MAX)
    }

    /// Time for one admission to refill.
    pub(super) fn interval_ns(self) -> u64 {
        (self.period_ns() / u64::from(self.count.max(1))).max(1)
    }
}

/// GCRA: whether an arrival at `now` conforms to `quota` given the key's
/// theoretical arrival time `tat` (nanoseconds since the Unix epoch; 0 for a
/// key never seen). Returns the TAT after admitting it, or `None` when it
/// must be refused (and the TAT stays as it was).
pub fn gcra(quota: Quota, tat: u64, now: u64) -> Option<u64> {
    let next = tat.max(now).saturating_add(quota.interval_ns());
    (next - now <= quota.period_ns()).then_some(next)
}

/// How long until a refused arrival would conform.
pub fn gcra_wait(quota: Quota, tat: u64, now: u64) -> std::time::Duration {
    let next = tat.max(now).saturating_add(quota.interval_ns());
    std::time::Duration::from_nanos(next.saturating_sub(now).saturating_sub(quota.period_ns()))
}

/// Charges one arrival whether or not it conforms, but never further than
/// a full quota ahead, so a key refills within one period of its last use.
pub fn gcra_charge(quota: Quota, tat: u64, now: u64) -> u64 {
    let next = tat.max(now).saturating_add(quota.interval_ns());
    next.min(now.saturating_add(quota.period_ns()))
}

/// Now, in nanoseconds since the Unix epoch (the unit of every TAT).
pub fn now_ns() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_nanos()).unwrap_or(u64::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::platform::limits::catalogue::{HOUR, MINUTE};

    const S: u64 = 1_000_000_000;
    /// An arbitrary "now", far from 0 (the TAT of a key never seen).
    const T0: u64 = 1_700_000_000 * S;

    fn per_minute(count: u32) -> Quota {
        Quota {
            count,
            period: MINUTE,
        }
    }

    /// Admits arrivals at `now` until one is refused; returns how many.
    fn burst(quota: Quota, tat: &mut u64, now: u64) -> u32 {
        let mut admitted = 0;
        while let Some(next) = gcra(quota, *tat, now) {
            *tat = next;
            admitted += 1;
            assert!(admitted <= 1000, "no limit");
        }
        admitted
    }

    #[test]
    fn a_fresh_key_admits_the_whole_quota_at_once_then_refuses() {
        let mut tat = 0;
        assert_eq!(burst(per_minute(5), &mut tat, T0), 5);
        assert_eq!(tat, T0 + 60 * S);
        // A refusal leaves the TAT as it was.
        assert_eq!(gcra(per_minute(5), tat, T0), None);
    }

    #[test]
    fn the_quota_refills_evenly_over_the_period() {
        let quota = per_minute(5);
        let mut tat = 0;
        burst(quota, &mut tat, T0);
        // One admission refills every 12 s.
        assert_eq!(gcra(quota, tat, T0 + 12 * S - 1), None);
        assert_eq!(burst(quota, &mut tat, T0 + 12 * S), 1);
        assert_eq!(burst(quota, &mut tat, T0 + 36 * S), 2);
        // Idle for a whole period: the full quota again, no more.
        assert_eq!(burst(quota, &mut tat, T0 + 200 * S), 5);
    }

    #[test]
    fn hourly_quotas_work_the_same() {
        let quota = Quota {
            count: 4,
            period: HOUR,
        };
        let mut tat = 0;
        assert_eq!(burst(quota, &mut tat, T0), 4);
        assert_eq!(burst(quota, &mut tat, T0 + 15 * 60 * S - 1), 0);
        assert_eq!(burst(quota, &mut tat, T0 + 15 * 60 * S), 1);
    }

    #[test]
    fn charging_counts_past_the_quota_but_at_most_one_period_ahead() {
        let quota = per_minute(5);
        let mut tat = 0;
        for _ in 0..3 {
            tat = gcra_charge(quota, tat, T0);
        }
        assert_eq!(tat, T0 + 36 * S);
        for _ in 0..100 {
            tat = gcra_charge(quota, tat, T0);
        }
        assert_eq!(tat, T0 + 60 * S);
        assert_eq!(gcra(quota, tat, T0), None);
        assert_eq!(burst(quota, &mut tat, T0 + 120 * S), 5);
    }

    #[test]
    fn merging_by_maximum_joins_two_gateways_counts() {
        // Each gateway admitted two of a quota of four; once each has seen the
        // other's TAT, neither admits more than what is left of the shared quota.
        let quota = Quota {
            count: 4,
            period: HOUR,
        };
        let mut a = 0;
        for _ in 0..2 {
            a = gcra(quota, a, T0).expect("admitted");
        }
        // Gateway B has merged A's TAT.
        let mut b = a;
        for _ in 0..2 {
            b = gcra(quota, b, T0 + S).expect("admitted");
        }
        assert_eq!(gcra(quota, b, T0 + S), None);
        a = a.max(b);
        assert_eq!(gcra(quota, a, T0 + 2 * S), None);
    }
}
