//! Rate limits for login, registration, chat, contact requests, the
//! waitlist, subscriptions and password resets, shared by every gateway.
//!
//! Each limit is a GCRA quota (`count` per `period`, refilling evenly). A
//! key's state is one number, its theoretical arrival time (TAT). Every
//! gateway keeps the TATs it knows in memory and decides there, so a check
//! costs no network round trip; it then publishes the new TAT to a JetStream
//! key-value bucket without waiting (at once after a quiet spell, at most
//! every 10 ms while the key stays busy), and follows the bucket to merge
//! the other gateways' TATs (by maximum, so updates arriving late or out of
//! order never loosen a limit).
//!
//! This is an approximation: admissions on two gateways within the
//! propagation delay (about a millisecond, up to 10 ms more for a busy key)
//! are both decided on the older TAT, so a burst split across gateways may
//! admit a few extra. TATs
//! are wall-clock times, so gateways need synchronised clocks (NTP). When
//! NATS is unavailable every gateway decides alone, never failing a request.
//!
//! A gateway that starts reads each key's latest TAT from the bucket before
//! following updates, so a restart does not hand out fresh quotas. Entries
//! live as long as the longest period, so idle keys vanish from the bucket.
//!
//! Sign-in guards against password guessing without handing anyone a way to
//! lock an account: see [`Limits::check_login`]. Wrong passwords are counted
//! after the answer, so parallel guesses from one address may each be
//! checked before the first is counted; the per-address limit on every
//! attempt bounds that.

mod catalogue;
mod gcra;
mod lockout;
mod shared;

use std::collections::HashMap;
use std::sync::Mutex;
use std::sync::atomic::AtomicBool;

use async_nats::jetstream::kv;

pub use catalogue::{Limit, LimitKey};
pub use gcra::{Quota, gcra, gcra_charge, gcra_wait, now_ns};

use crate::platform::config::RateLimits;
use crate::platform::error::ApiError;
use catalogue::bucket_key;

/// The gateway's rate limits: decided locally, shared through the bucket.
pub struct Limits {
    settings: RateLimits,
    /// Theoretical arrival times by bucket key, only those still in the future.
    tats: Mutex<HashMap<String, u64>>,
    /// `None` in unit tests: decide alone.
    bucket: Option<kv::Store>,
    /// Admitted TATs not yet sent to the bucket, by bucket key.
    unshared: Mutex<HashMap<String, u64>>,
    share_wanted: tokio::sync::Notify,
    /// Whether the last publish failed, so an outage is logged once.
    publish_failing: AtomicBool,
}

impl Limits {
    /// Limits that only this process knows about.
    pub fn local(settings: RateLimits) -> Self {
        Limits {
            settings,
            tats: Mutex::new(HashMap::new()),
            bucket: None,
            unshared: Mutex::new(HashMap::new()),
            share_wanted: tokio::sync::Notify::new(),
            publish_failing: AtomicBool::new(false),
        }
    }

    /// Admits and counts one request, or refuses it with the limit's message.
    pub fn check<K: LimitKey + ?Sized>(&self, limit: Limit, key: &K) -> Result<(), ApiError> {
        let key = bucket_key(limit, key);
        let quota = limit.quota(&self.settings);
        let now = now_ns();
        let (admitted, tat) = {
            let mut tats = self.tats.lock().unwrap_or_else(|e| e.into_inner());
            let tat = tats.get(&key).copied().unwrap_or(0);
            let admitted = gcra(quota, tat, now);
            if let Some(next) = admitted {
                tats.insert(key.clone(), next);
            }
            (admitted, tat)
        };
        match admitted {
            Some(tat) => {
                self.publish(key, tat);
                Ok(())
            }
            None => Err(limit.refused(gcra_wait(quota, tat, now))),
        }
    }

    /// Whether one more request would be admitted, without counting it.
    pub fn peek<K: LimitKey + ?Sized>(&self, limit: Limit, key: &K) -> Result<(), ApiError> {
        let tat = self.tat(&bucket_key(limit, key));
        let (quota, now) = (limit.quota(&self.settings), now_ns());
        match gcra(quota, tat, now) {
            Some(_) => Ok(()),
            None => Err(limit.refused(gcra_wait(quota, tat, now))),
        }
    }

    /// Counts one request that has already happened (see [`gcra_charge`]).
    pub fn charge<K: LimitKey + ?Sized>(&self, limit: Limit, key: &K) {
        let key = bucket_key(limit, key);
        let quota = limit.quota(&self.settings);
        let now = now_ns();
        let tat = {
            let mut tats = self.tats.lock().unwrap_or_else(|e| e.into_inner());
            let tat = tats.entry(key.clone()).or_insert(0);
            *tat = gcra_charge(quota, *tat, now);
            *tat
        };
        self.publish(key, tat);
    }

    fn tat(&self, key: &str) -> u64 {
        let tats = self.tats.lock().unwrap_or_else(|e| e.into_inner());
        tats.get(key).copied().unwrap_or(0)
    }

    /// Forgets keys whose quota has fully refilled, bounding memory. The
    /// pair keys of sign-in failures are kept one per-account period longer,
    /// as [`Limits::check_login`] still reads them.
    pub fn forget_idle_keys(&self) {
        let now = now_ns();
        let grace = Limit::LoginFailuresPerAccount
            .quota(&self.settings)
            .period_ns();
        let pair_prefix = format!("{}.", Limit::LoginFailuresPerAccountPerIp.name());
        let mut tats = self.tats.lock().unwrap_or_else(|e| e.into_inner());
        tats.retain(|key, tat| {
            if key.starts_with(&pair_prefix) {
                tat.saturating_add(grace) > now
            } else {
                *tat > now
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use std::net::IpAddr;

    use super::*;

    pub(super) fn settings() -> RateLimits {
        RateLimits {
            login_per_ip_per_minute: 100,
            login_failures_per_account_per_ip_per_minute: 3,
            login_failures_per_account_per_minute: 5,
            register_per_ip_per_hour: 2,
            chat_start_per_ip_per_hour: 2,
            chat_message_per_ip_per_minute: 2,
            contact_per_ip_per_10_minutes: 2,
            waitlist_per_ip_per_hour: 2,
            subscribe_per_ip_per_hour: 2,
            password_reset_per_ip_per_hour: 2,
            password_reset_per_email_per_hour: 2,
            password_reset_confirm_per_ip_per_hour: 2,
        }
    }

    #[test]
    fn password_resets_are_counted_per_email_apart_from_the_address() {
        let limits = Limits::local(settings());
        let ip: IpAddr = "10.0.0.1".parse().expect("ip");
        for _ in 0..2 {
            assert!(
                limits
                    .check(Limit::PasswordResetPerEmail, "a@example.com")
                    .is_ok()
            );
        }
        let refused = limits
            .check(Limit::PasswordResetPerEmail, "a@example.com")
            .expect_err("refused");
        assert_eq!(
            refused.to_string(),
            "Too many password reset requests. Please try again later."
        );
        assert!(
            limits
                .check(Limit::PasswordResetPerEmail, "b@example.com")
                .is_ok()
        );
        assert!(limits.check(Limit::PasswordResetPerIp, &ip).is_ok());
    }

    #[test]
    fn check_counts_per_limit_and_key_with_the_limits_message() {
        let limits = Limits::local(settings());
        let a: IpAddr = "10.0.0.1".parse().expect("ip");
        let b: IpAddr = "10.0.0.2".parse().expect("ip");
        for _ in 0..2 {
            assert!(limits.check(Limit::ChatStart, &a).is_ok());
        }
        let refused = limits.check(Limit::ChatStart, &a).expect_err("refused");
        assert_eq!(
            refused.to_string(),
            "Too many chats started. Please try again later."
        );
        assert!(limits.check(Limit::ChatStart, &b).is_ok());
        assert!(limits.check(Limit::Register, &a).is_ok());
    }

    #[test]
    fn idle_keys_are_forgotten() {
        let limits = Limits::local(settings());
        let ip: IpAddr = "10.0.0.1".parse().expect("ip");
        limits.check(Limit::ChatMessage, &ip).expect("allowed");
        limits.merge("chat_start.00".into(), 1);
        limits.forget_idle_keys();
        let tats = limits.tats.lock().expect("lock");
        assert_eq!(tats.len(), 1);
        assert!(tats.contains_key(&bucket_key(Limit::ChatMessage, &ip)));
    }
}
