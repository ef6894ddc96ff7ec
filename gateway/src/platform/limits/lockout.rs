//! The sign-in policy: password guessing is limited per address and per
//! account without handing anyone a way to lock an account out.

use std::net::IpAddr;

use super::Limits;
use super::catalogue::{Limit, bucket_key};
use super::gcra::now_ns;
use crate::platform::error::ApiError;

impl Limits {
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
}

#[cfg(test)]
mod tests {
    use super::super::tests::settings;
    use super::*;

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
}
