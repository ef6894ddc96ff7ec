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

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use async_nats::jetstream::kv;
use futures::StreamExt as _;

use crate::platform::error::ApiError;
use crate::platform::settings::RateLimits;

const MINUTE: Duration = Duration::from_secs(60);
const HOUR: Duration = Duration::from_secs(3600);

/// While a key keeps being admitted, how often its TAT goes to the bucket.
const SHARE_EVERY: Duration = Duration::from_millis(10);

/// `count` admissions per `period`, refilling evenly; `count` may all be
/// used at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Quota {
    pub count: u32,
    pub period: Duration,
}

impl Quota {
    fn period_ns(self) -> u64 {
        u64::try_from(self.period.as_nanos()).unwrap_or(u64::MAX)
    }

    /// Time for one admission to refill.
    fn interval_ns(self) -> u64 {
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

/// Charges one arrival whether or not it conforms, but never further than
/// a full quota ahead, so a key refills within one period of its last use.
pub fn gcra_charge(quota: Quota, tat: u64, now: u64) -> u64 {
    let next = tat.max(now).saturating_add(quota.interval_ns());
    next.min(now.saturating_add(quota.period_ns()))
}

/// Every rate limit, with the answer a refused request gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// Registrations per address.
    Register,
    /// Sign-in attempts per address, whatever the account.
    LoginPerIp,
    /// Wrong passwords per (account, address).
    LoginFailuresPerAccountPerIp,
    /// Wrong passwords per account from every address together.
    LoginFailuresPerAccount,
    /// Chats started per address.
    ChatStart,
    /// Chat messages per address (visitors only).
    ChatMessage,
    /// Analytics page views per address.
    PageView,
    /// Contact and demo requests per address.
    ContactMessage,
    /// Waitlist sign-ups per address.
    Waitlist,
    /// Subscribe requests per address.
    Subscribe,
    /// Password-reset requests per address, whatever the email.
    PasswordResetPerIp,
    /// Password-reset requests per email (normalised), from every address.
    PasswordResetPerEmail,
    /// New passwords set with a reset link, per address.
    PasswordResetConfirm,
    /// Transcript emails per chat.
    ChatTranscript,
}

/// Page views one address may report per minute: a person reading the site
/// opens far fewer pages than this.
const PAGE_VIEWS_PER_IP_PER_MINUTE: u32 = 60;

/// Transcript emails one chat may ask for per hour: enough to retry a lost
/// email, too few to flood the visitor's inbox.
const TRANSCRIPTS_PER_CHAT_PER_HOUR: u32 = 3;

impl Limit {
    const ALL: [Limit; 14] = [
        Limit::Register,
        Limit::LoginPerIp,
        Limit::LoginFailuresPerAccountPerIp,
        Limit::LoginFailuresPerAccount,
        Limit::ChatStart,
        Limit::ChatMessage,
        Limit::PageView,
        Limit::ContactMessage,
        Limit::Waitlist,
        Limit::Subscribe,
        Limit::PasswordResetPerIp,
        Limit::PasswordResetPerEmail,
        Limit::PasswordResetConfirm,
        Limit::ChatTranscript,
    ];

    /// The first token of this limit's keys in the bucket.
    fn name(self) -> &'static str {
        match self {
            Limit::Register => "register",
            Limit::LoginPerIp => "login_ip",
            Limit::LoginFailuresPerAccountPerIp => "login_fail_account_ip",
            Limit::LoginFailuresPerAccount => "login_fail_account",
            Limit::ChatStart => "chat_start",
            Limit::ChatMessage => "chat_message",
            Limit::PageView => "page_view",
            Limit::ContactMessage => "contact_message",
            Limit::Waitlist => "waitlist",
            Limit::Subscribe => "subscribe",
            Limit::PasswordResetPerIp => "password_reset_ip",
            Limit::PasswordResetPerEmail => "password_reset_email",
            Limit::PasswordResetConfirm => "password_reset_confirm",
            Limit::ChatTranscript => "chat_transcript",
        }
    }

    /// What a refused request is told.
    pub fn message(self) -> &'static str {
        match self {
            Limit::Register => "Too many registration attempts. Please try again later.",
            Limit::LoginPerIp
            | Limit::LoginFailuresPerAccountPerIp
            | Limit::LoginFailuresPerAccount => "Too many login attempts. Please try again later.",
            Limit::ChatStart => "Too many chats started. Please try again later.",
            Limit::ChatMessage => "Too many messages. Please slow down and try again.",
            Limit::PageView => "Too many page views. Please slow down.",
            Limit::ContactMessage => "Too many messages sent. Please try again later.",
            Limit::Waitlist => "Too many waitlist requests. Please try again later.",
            Limit::Subscribe => "Too many subscription requests. Please try again later.",
            Limit::PasswordResetPerIp | Limit::PasswordResetPerEmail => {
                "Too many password reset requests. Please try again later."
            }
            Limit::PasswordResetConfirm => {
                "Too many password reset attempts. Please try again later."
            }
            Limit::ChatTranscript => {
                "This transcript was sent several times already. Please try again in an hour."
            }
        }
    }

    pub fn quota(self, limits: &RateLimits) -> Quota {
        let (count, period) = match self {
            Limit::Register => (limits.register_per_ip_per_hour, HOUR),
            Limit::LoginPerIp => (limits.login_per_ip_per_minute, MINUTE),
            Limit::LoginFailuresPerAccountPerIp => {
                (limits.login_failures_per_account_per_ip_per_minute, MINUTE)
            }
            Limit::LoginFailuresPerAccount => {
                (limits.login_failures_per_account_per_minute, MINUTE)
            }
            Limit::ChatStart => (limits.chat_start_per_ip_per_hour, HOUR),
            Limit::ChatMessage => (limits.chat_message_per_ip_per_minute, MINUTE),
            Limit::PageView => (PAGE_VIEWS_PER_IP_PER_MINUTE, MINUTE),
            Limit::ContactMessage => (limits.contact_per_ip_per_10_minutes, 10 * MINUTE),
            Limit::Waitlist => (limits.waitlist_per_ip_per_hour, HOUR),
            Limit::Subscribe => (limits.subscribe_per_ip_per_hour, HOUR),
            Limit::PasswordResetPerIp => (limits.password_reset_per_ip_per_hour, HOUR),
            Limit::PasswordResetPerEmail => (limits.password_reset_per_email_per_hour, HOUR),
            Limit::PasswordResetConfirm => (limits.password_reset_confirm_per_ip_per_hour, HOUR),
            Limit::ChatTranscript => (TRANSCRIPTS_PER_CHAT_PER_HOUR, HOUR),
        };
        Quota { count, period }
    }

    fn refused(self) -> ApiError {
        ApiError::TooManyRequests(self.message())
    }
}

/// What a limit is keyed by.
pub trait LimitKey {
    fn append_bytes(&self, out: &mut Vec<u8>);
}

impl LimitKey for IpAddr {
    fn append_bytes(&self, out: &mut Vec<u8>) {
        // 4 or 16 bytes: the two families cannot collide.
        match self {
            IpAddr::V4(ip) => out.extend_from_slice(&ip.octets()),
            IpAddr::V6(ip) => out.extend_from_slice(&ip.octets()),
        }
    }
}

impl LimitKey for str {
    fn append_bytes(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(self.as_bytes());
    }
}

/// An account (its normalised email) at an address.
impl LimitKey for (&str, IpAddr) {
    fn append_bytes(&self, out: &mut Vec<u8>) {
        self.0.append_bytes(out);
        // No email contains NUL, so the split point is unambiguous.
        out.push(0);
        self.1.append_bytes(out);
    }
}

/// The bucket key: the limit's name and the hex-encoded key bytes, which is
/// valid whatever the key contains.
fn bucket_key<K: LimitKey + ?Sized>(limit: Limit, key: &K) -> String {
    use std::fmt::Write as _;
    let mut bytes = Vec::new();
    key.append_bytes(&mut bytes);
    let mut name = String::with_capacity(limit.name().len() + 1 + 2 * bytes.len().max(1));
    name.push_str(limit.name());
    name.push('.');
    if bytes.is_empty() {
        name.push('_');
    }
    for byte in bytes {
        let _ = write!(name, "{byte:02x}");
    }
    name
}

pub fn now_ns() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_nanos()).unwrap_or(u64::MAX))
}

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

    /// Limits shared through the bucket `bucket` (kept in `replicas`
    /// copies), created if missing. Its entries live as long as the longest
    /// period: no TAT lies further ahead.
    pub async fn shared(
        settings: RateLimits,
        jetstream: &async_nats::jetstream::Context,
        bucket: String,
        replicas: usize,
    ) -> anyhow::Result<Self> {
        use anyhow::Context as _;
        let max_age = Limit::ALL
            .iter()
            .map(|limit| limit.quota(&settings).period)
            .max()
            .unwrap_or(HOUR);
        let store = jetstream
            .create_or_update_key_value(kv::Config {
                bucket,
                description: "Rate-limit theoretical arrival times (ns since the epoch)".into(),
                history: 1,
                max_age,
                // Losing them in a server restart only resets the limits.
                storage: async_nats::jetstream::stream::StorageType::Memory,
                num_replicas: replicas,
                ..Default::default()
            })
            .await
            .context("failed to create the rate-limit bucket")?;
        Ok(Limits {
            bucket: Some(store),
            ..Limits::local(settings)
        })
    }

    /// Admits and counts one request, or refuses it with the limit's message.
    pub fn check<K: LimitKey + ?Sized>(&self, limit: Limit, key: &K) -> Result<(), ApiError> {
        let key = bucket_key(limit, key);
        let quota = limit.quota(&self.settings);
        let now = now_ns();
        let admitted = {
            let mut tats = self.tats.lock().unwrap_or_else(|e| e.into_inner());
            let tat = tats.get(&key).copied().unwrap_or(0);
            let admitted = gcra(quota, tat, now);
            if let Some(next) = admitted {
                tats.insert(key.clone(), next);
            }
            admitted
        };
        match admitted {
            Some(tat) => {
                self.publish(key, tat);
                Ok(())
            }
            None => Err(limit.refused()),
        }
    }

    /// Whether one more request would be admitted, without counting it.
    pub fn peek<K: LimitKey + ?Sized>(&self, limit: Limit, key: &K) -> Result<(), ApiError> {
        let tat = self.tat(&bucket_key(limit, key));
        match gcra(limit.quota(&self.settings), tat, now_ns()) {
            Some(_) => Ok(()),
            None => Err(limit.refused()),
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

    /// Before a password is checked. Every attempt counts against the
    /// address. Wrong passwords count against the (account, address) pair,
    /// strictly, and against the account from everywhere, more loosely; the
    /// looser limit only refuses addresses that have themselves failed for
    /// the account within its period, so a correct password from an address
    /// that has not been failing is never refused, however hard others guess.
    pub fn check_login(&self, email: &str, ip: IpAddr) -> Result<(), ApiError> {
        self.check(Limit::LoginPerIp, &ip)?;
        self.peek(Limit::LoginFailuresPerAccountPerIp, &(email, ip))?;
        if self.failed_recently(email, ip) {
            self.peek(Limit::LoginFailuresPerAccount, email)?;
        }
        Ok(())
    }

    /// After a wrong password (or unknown account) for `email` from `ip`.
    pub fn login_failed(&self, email: &str, ip: IpAddr) {
        self.charge(Limit::LoginFailuresPerAccountPerIp, &(email, ip));
        self.charge(Limit::LoginFailuresPerAccount, email);
    }

    /// Whether `ip` failed for `email` within the per-account period: its
    /// pair TAT, one interval past its last failure at least, is that recent.
    fn failed_recently(&self, email: &str, ip: IpAddr) -> bool {
        let tat = self.tat(&bucket_key(
            Limit::LoginFailuresPerAccountPerIp,
            &(email, ip),
        ));
        let window = Limit::LoginFailuresPerAccount
            .quota(&self.settings)
            .period_ns();
        tat != 0 && tat.saturating_add(window) > now_ns()
    }

    fn tat(&self, key: &str) -> u64 {
        let tats = self.tats.lock().unwrap_or_else(|e| e.into_inner());
        tats.get(key).copied().unwrap_or(0)
    }

    /// Takes a TAT seen in the bucket; the later one wins.
    fn merge(&self, key: String, tat: u64) {
        let mut tats = self.tats.lock().unwrap_or_else(|e| e.into_inner());
        let known = tats.entry(key).or_insert(0);
        *known = (*known).max(tat);
    }

    /// Queues the new TAT for [`Limits::share_tats`] to send to the bucket.
    fn publish(&self, key: String, tat: u64) {
        if self.bucket.is_none() {
            return;
        }
        {
            let mut unshared = self.unshared.lock().unwrap_or_else(|e| e.into_inner());
            let queued = unshared.entry(key).or_insert(0);
            *queued = (*queued).max(tat);
        }
        self.share_wanted.notify_one();
    }

    /// Sends admitted TATs to the bucket until the task is aborted: at once
    /// after a quiet spell, then, while admissions keep coming, what gathered
    /// each [`SHARE_EVERY`] — a key's latest TAT only. A busy key (a load
    /// test, an office behind one address) so costs a put per interval
    /// instead of one per request (each put is stored by JetStream and
    /// echoed to every gateway); other gateways see it that much later.
    pub async fn share_tats(&self) {
        let Some(bucket) = &self.bucket else {
            return;
        };
        loop {
            self.share_wanted.notified().await;
            loop {
                let batch =
                    std::mem::take(&mut *self.unshared.lock().unwrap_or_else(|e| e.into_inner()));
                if batch.is_empty() {
                    break;
                }
                let puts = batch
                    .into_iter()
                    .map(|(key, tat)| bucket.put(key, tat.to_string().into()));
                let failed = futures::future::join_all(puts)
                    .await
                    .into_iter()
                    .find_map(Result::err);
                match failed {
                    // Logged once per outage, not once per request.
                    Some(error) if !self.publish_failing.swap(true, Ordering::Relaxed) => {
                        tracing::warn!(%error, "rate limits are not being shared: deciding locally");
                    }
                    None if self.publish_failing.swap(false, Ordering::Relaxed) => {
                        tracing::info!("rate limits are shared again");
                    }
                    _ => {}
                }
                tokio::time::sleep(SHARE_EVERY).await;
            }
        }
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

    /// Follows the bucket, merging every gateway's TATs (its own included),
    /// from the current values on. Runs until the task is aborted, and
    /// resumes after NATS comes back.
    pub async fn follow_bucket(&self) {
        let Some(bucket) = &self.bucket else {
            return;
        };
        loop {
            match bucket.watch_with_history(">").await {
                Ok(mut entries) => {
                    while let Some(entry) = entries.next().await {
                        match entry {
                            Ok(entry) if entry.operation == kv::Operation::Put => {
                                let tat = std::str::from_utf8(&entry.value)
                                    .ok()
                                    .and_then(|v| v.parse::<u64>().ok());
                                if let Some(tat) = tat.filter(|tat| *tat > now_ns()) {
                                    self.merge(entry.key, tat);
                                }
                            }
                            Ok(_) => {}
                            Err(error) => {
                                tracing::warn!(%error, "rate-limit bucket watch failed");
                                break;
                            }
                        }
                    }
                }
                Err(error) => tracing::warn!(%error, "cannot watch the rate-limit bucket"),
            }
            tokio::time::sleep(Duration::from_secs(1)).await;
        }
    }
}

/// Whether a nats-server `version` ("2.10.4", "v2.11.0-beta") is 2.10 or
/// newer, as shared rate limits need.
pub fn nats_version_supported(version: &str) -> bool {
    let mut parts = version
        .trim_start_matches('v')
        .split(|c: char| !c.is_ascii_digit())
        .map(|part| part.parse::<u32>().unwrap_or(0));
    let major = parts.next().unwrap_or(0);
    let minor = parts.next().unwrap_or(0);
    (major, minor) >= (2, 10)
}

#[cfg(test)]
mod tests {
    use super::*;

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

    fn settings() -> RateLimits {
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
    fn failures_from_one_address_never_refuse_another() {
        let limits = Limits::local(settings());
        let attacker: IpAddr = "10.0.0.1".parse().expect("ip");
        let owner: IpAddr = "10.0.0.2".parse().expect("ip");
        for _ in 0..3 {
            limits
                .check_login("a@example.com", attacker)
                .expect("allowed");
            limits.login_failed("a@example.com", attacker);
        }
        assert!(limits.check_login("a@example.com", attacker).is_err());
        // The per-account quota (5) is not yet used up by three failures, but
        // even when it is, the owner's address has not been failing.
        for n in 0..10 {
            limits.login_failed("a@example.com", format!("10.1.0.{n}").parse().expect("ip"));
        }
        assert!(limits.check_login("a@example.com", owner).is_ok());
        assert!(limits.check_login("b@example.com", attacker).is_ok());
    }

    #[test]
    fn the_account_limit_refuses_addresses_that_have_failed_for_it() {
        let limits = Limits::local(settings());
        let ips: Vec<IpAddr> = (1..=5)
            .map(|n| format!("10.0.0.{n}").parse().expect("ip"))
            .collect();
        for ip in &ips {
            limits.check_login("a@example.com", *ip).expect("allowed");
            limits.login_failed("a@example.com", *ip);
        }
        for ip in &ips {
            assert!(limits.check_login("a@example.com", *ip).is_err());
        }
        let fresh: IpAddr = "10.0.0.9".parse().expect("ip");
        assert!(limits.check_login("a@example.com", fresh).is_ok());
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

    #[test]
    fn bucket_keys_are_valid_and_distinct() {
        let ip: IpAddr = "192.0.2.7".parse().expect("ip");
        assert_eq!(bucket_key(Limit::ChatStart, &ip), "chat_start.c0000207");
        let pair = bucket_key(Limit::LoginFailuresPerAccountPerIp, &("a.b@x.io", ip));
        assert_eq!(pair, "login_fail_account_ip.612e6240782e696f00c0000207");
        assert_eq!(
            bucket_key(Limit::LoginFailuresPerAccount, ""),
            "login_fail_account._"
        );
    }

    #[test]
    fn nats_versions_from_2_10_are_supported() {
        assert!(!nats_version_supported("2.9.10"));
        assert!(!nats_version_supported(""));
        assert!(nats_version_supported("2.10.0"));
        assert!(nats_version_supported("v2.11.3-beta.1"));
        assert!(nats_version_supported("3.0.0"));
    }
}
