//! Rate limits for login, registration and chat (GCRA from `governor`), keyed by
//! client IP and, for login, by account, so neither one address nor a
//! botnet aimed at one account can guess passwords quickly.

use std::net::IpAddr;
use std::num::NonZeroU32;

use governor::{DefaultKeyedRateLimiter, Quota};

use crate::settings::RateLimits;

pub struct Limiters {
    pub login_per_ip: DefaultKeyedRateLimiter<IpAddr>,
    pub login_per_account: DefaultKeyedRateLimiter<String>,
    pub register_per_ip: DefaultKeyedRateLimiter<IpAddr>,
    pub chat_start_per_ip: DefaultKeyedRateLimiter<IpAddr>,
    pub chat_message_per_ip: DefaultKeyedRateLimiter<IpAddr>,
}

impl Limiters {
    pub fn new(limits: &RateLimits) -> Self {
        Limiters {
            login_per_ip: governor::RateLimiter::keyed(Quota::per_minute(nonzero(
                limits.login_per_ip_per_minute,
            ))),
            login_per_account: governor::RateLimiter::keyed(Quota::per_minute(nonzero(
                limits.login_per_account_per_minute,
            ))),
            register_per_ip: governor::RateLimiter::keyed(Quota::per_hour(nonzero(
                limits.register_per_ip_per_hour,
            ))),
            chat_start_per_ip: governor::RateLimiter::keyed(Quota::per_hour(nonzero(
                limits.chat_start_per_ip_per_hour,
            ))),
            chat_message_per_ip: governor::RateLimiter::keyed(Quota::per_minute(nonzero(
                limits.chat_message_per_ip_per_minute,
            ))),
        }
    }

    /// Forgets keys whose quota has fully refilled, bounding memory.
    pub fn forget_idle_keys(&self) {
        self.login_per_ip.retain_recent();
        self.login_per_account.retain_recent();
        self.register_per_ip.retain_recent();
        self.chat_start_per_ip.retain_recent();
        self.chat_message_per_ip.retain_recent();
    }
}

fn nonzero(n: u32) -> NonZeroU32 {
    NonZeroU32::new(n).unwrap_or(NonZeroU32::MIN)
}
