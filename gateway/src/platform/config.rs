//! Typed settings read from the environment once at start-up. Every problem
//! is reported at once, so a misconfigured deployment fails with one clear
//! message instead of one error per restart.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::str::FromStr;
use std::time::Duration;

use secrecy::SecretString;

/// Gateway configuration. See `.env.example` for every variable. Tracing is
/// configured apart from these, in both binaries alike, by
/// `runtime::tracing_setup::init_tracing` and the OpenTelemetry SDK:
/// `RUST_LOG`, `OTEL_EXPORTER_OTLP_ENDPOINT`, and the sampler
/// (`OTEL_TRACES_SAMPLER`, `OTEL_TRACES_SAMPLER_ARG`; default
/// `parentbased_always_on`).
#[derive(Clone, Debug)]
pub struct Config {
    /// `HOST` and `PORT` (default 0.0.0.0:8080).
    pub bind: SocketAddr,
    /// `DATABASE_URL` (required).
    pub database_url: SecretString,
    /// `NATS_URL` (default nats://127.0.0.1:4222).
    pub nats_url: String,
    /// `NATS_PREFIX`: prefix for subjects and streams (default empty).
    pub nats_prefix: String,
    /// `JETSTREAM_REPLICAS`: copies of each stream JetStream keeps (default
    /// 1; 3 on a 3-node cluster), 1 to 5.
    pub jetstream_replicas: usize,
    /// `JETSTREAM_STORE_LIMIT_BYTES`: the NATS servers' `max_file_store`
    /// (0, the default: unknown), for the storage gauge and readiness when
    /// the JetStream account has no limit of its own.
    pub jetstream_store_limit_bytes: u64,
    /// `WEB_DIST`: the built web app (default web/dist).
    pub web_dist: PathBuf,
    /// `COOKIE_SECURE`: mark the session cookie Secure; set `true` behind TLS.
    pub cookie_secure: bool,
    /// `SESSION_IDLE_MINUTES`: a session unused this long expires (default 7 days).
    pub session_idle: Duration,
    /// `SESSION_MAX_AGE_HOURS`: sign-in lifetime regardless of activity (default 30 days).
    pub session_max_age: Duration,
    /// `ACCOUNTS_TIMEOUT_MS`: how long to wait for the accounts worker (default 5000).
    pub accounts_timeout: Duration,
    /// `CHAT_CONFIRM_TIMEOUT_MS`: how long a chat send waits for the worker's
    /// commit before answering anyway (default 3000).
    pub chat_confirm_timeout: Duration,
    /// `AGENT_RETURN_AFTER_SECS`: an agent away, or without a console open,
    /// this long has their open chats returned to the queue (default 120).
    pub agent_return_after: Duration,
    /// `TRUST_FORWARDED_FOR`: take the client IP from the last `X-Forwarded-For`
    /// entry (only behind a proxy that sets it; default false).
    pub trust_forwarded_for: bool,
    /// `ALLOWED_ORIGINS`: comma-separated origins (besides the gateway's own
    /// host) whose pages may open `/ws`, e.g. `https://nyota.example`.
    pub allowed_origins: Vec<String>,
    pub limits: RateLimits,
    pub http: HttpHardening,
    /// `PUBLIC_URL`: the site's address as visitors see it, without a trailing
    /// slash (default http://localhost:8080); canonical URLs, Open Graph
    /// links, the sitemap and robots.txt are built on it.
    pub public_url: String,
    /// `SIGNING_KEY` (required, at least 32 characters): signs the links in
    /// emails that act without a login (subscription confirm and
    /// unsubscribe); the `requests` workers need the same key.
    pub signing_key: SecretString,
}

/// How long the server waits on a client and how many connections it keeps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HttpHardening {
    /// `METRICS_ADDR`: where `/metrics` is served, never the public port
    /// (default 127.0.0.1:9464).
    pub metrics_addr: SocketAddr,
    /// `HTTP_HEADER_READ_TIMEOUT_MS`: a request's headers must arrive within
    /// this long of its first byte (or of the connection opening) (default 10000).
    pub header_read_timeout: Duration,
    /// `HTTP_BODY_TIMEOUT_MS`: longest wait for the next piece of a request
    /// body before answering 408 (default 30000).
    pub body_timeout: Duration,
    /// `HTTP_IDLE_TIMEOUT_MS`: a keep-alive connection with no request in
    /// flight is closed after this long (default 75000).
    pub idle_timeout: Duration,
    /// `MAX_CONNECTIONS_PER_IP`: open connections (WebSockets included) per
    /// TCP peer address; behind a proxy that is the proxy (default 256).
    pub max_connections_per_ip: u32,
    /// `MAX_CONNECTIONS`: open connections in all (default 20000).
    pub max_connections: u32,
}

/// Attempts allowed per key; each refills evenly over its period.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RateLimits {
    /// `LOGIN_LIMIT_PER_IP_PER_MINUTE`: sign-in attempts from one address,
    /// whatever the account (default 20).
    pub login_per_ip_per_minute: u32,
    /// `LOGIN_FAILURES_PER_ACCOUNT_PER_IP_PER_MINUTE`: wrong passwords for one
    /// account from one address (default 5; the deprecated
    /// `LOGIN_LIMIT_PER_ACCOUNT_PER_MINUTE` is read when it is unset).
    pub login_failures_per_account_per_ip_per_minute: u32,
    /// `LOGIN_FAILURES_PER_ACCOUNT_PER_MINUTE`: wrong passwords for one account
    /// from every address together (default 30); it only ever refuses
    /// addresses that have themselves failed for that account recently.
    pub login_failures_per_account_per_minute: u32,
    /// `REGISTER_LIMIT_PER_IP_PER_HOUR` (default 10).
    pub register_per_ip_per_hour: u32,
    /// `CHAT_START_LIMIT_PER_IP_PER_HOUR` (default 20).
    pub chat_start_per_ip_per_hour: u32,
    /// `CHAT_MESSAGE_LIMIT_PER_IP_PER_MINUTE` (default 60).
    pub chat_message_per_ip_per_minute: u32,
    /// `CONTACT_LIMIT_PER_IP_PER_10_MINUTES`: contact and demo requests from
    /// one address (default 5).
    pub contact_per_ip_per_10_minutes: u32,
    /// `WAITLIST_LIMIT_PER_IP_PER_HOUR`: waitlist sign-ups from one address
    /// (default 10).
    pub waitlist_per_ip_per_hour: u32,
    /// `SUBSCRIBE_LIMIT_PER_IP_PER_HOUR`: subscribe requests from one
    /// address (default 10).
    pub subscribe_per_ip_per_hour: u32,
    /// `PASSWORD_RESET_LIMIT_PER_IP_PER_HOUR`: reset requests from one
    /// address, whatever the email (default 10).
    pub password_reset_per_ip_per_hour: u32,
    /// `PASSWORD_RESET_LIMIT_PER_EMAIL_PER_HOUR`: reset requests for one
    /// email, from every address (default 3).
    pub password_reset_per_email_per_hour: u32,
    /// `PASSWORD_RESET_CONFIRM_LIMIT_PER_IP_PER_HOUR`: new passwords set
    /// with a reset link from one address (default 20).
    pub password_reset_confirm_per_ip_per_hour: u32,
}

impl Config {
    /// The signer of the links the workers email (`SIGNING_KEY`). The key
    /// was checked at start-up, so failing here would be a bug: a 500.
    pub fn signer(&self) -> Result<runtime::signing::Signer, crate::platform::error::ApiError> {
        use secrecy::ExposeSecret as _;
        runtime::signing::Signer::new(self.signing_key.expose_secret())
            .map_err(|problem| crate::platform::error::ApiError::Internal(anyhow::anyhow!(problem)))
    }

    /// Reads the process environment.
    pub fn from_env() -> Result<Self, String> {
        Self::from_lookup(|name| std::env::var(name).ok())
    }

    /// Every variable the settings read, in the order they are read (what
    /// `gateway --check-settings` lists, so a deployment's environment can be
    /// checked for names the gateway would ignore).
    pub fn variable_names() -> Vec<String> {
        let names = std::cell::RefCell::new(Vec::new());
        let _ = Self::from_lookup(|name| {
            names.borrow_mut().push(name.to_owned());
            None
        });
        let mut names = names.into_inner();
        let mut seen = std::collections::HashSet::new();
        names.retain(|name| seen.insert(name.clone()));
        names
    }

    /// Reads settings through `lookup` (the environment, or a map in tests).
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Self, String> {
        let mut env = Reader {
            lookup,
            problems: Vec::new(),
        };
        let database_url = env.text("DATABASE_URL", "");
        if database_url.is_empty() {
            env.problems.push(
                "DATABASE_URL is required (e.g. postgres://postgres@127.0.0.1:5432/nyota)"
                    .to_owned(),
            );
        }
        let host: Option<IpAddr> = env.parse("HOST", "0.0.0.0");
        let port: Option<u16> = env.parse("PORT", "8080");
        let config = Config {
            bind: SocketAddr::new(
                host.unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED)),
                port.unwrap_or(8080),
            ),
            database_url: SecretString::from(database_url),
            nats_url: env.text("NATS_URL", "nats://127.0.0.1:4222"),
            nats_prefix: env.text("NATS_PREFIX", ""),
            jetstream_replicas: env.replicas("JETSTREAM_REPLICAS"),
            jetstream_store_limit_bytes: env.parse("JETSTREAM_STORE_LIMIT_BYTES", "0").unwrap_or(0),
            web_dist: PathBuf::from(env.text("WEB_DIST", "web/dist")),
            cookie_secure: env.boolean("COOKIE_SECURE", false),
            session_idle: minutes(env.positive("SESSION_IDLE_MINUTES", 10080)),
            session_max_age: minutes(60 * env.positive("SESSION_MAX_AGE_HOURS", 720)),
            accounts_timeout: Duration::from_millis(u64::from(
                env.positive("ACCOUNTS_TIMEOUT_MS", 5000),
            )),
            chat_confirm_timeout: Duration::from_millis(u64::from(
                env.positive("CHAT_CONFIRM_TIMEOUT_MS", 3000),
            )),
            agent_return_after: Duration::from_secs(u64::from(
                env.positive("AGENT_RETURN_AFTER_SECS", 120),
            )),
            trust_forwarded_for: env.boolean("TRUST_FORWARDED_FOR", false),
            allowed_origins: env
                .text("ALLOWED_ORIGINS", "")
                .split(',')
                .map(|origin| origin.trim().trim_end_matches('/').to_owned())
                .filter(|origin| !origin.is_empty())
                .collect(),
            limits: RateLimits {
                login_per_ip_per_minute: env.positive("LOGIN_LIMIT_PER_IP_PER_MINUTE", 20),
                login_failures_per_account_per_ip_per_minute: {
                    // The old name meant the same strict limit, before it was per address.
                    let deprecated = env.positive("LOGIN_LIMIT_PER_ACCOUNT_PER_MINUTE", 5);
                    env.positive("LOGIN_FAILURES_PER_ACCOUNT_PER_IP_PER_MINUTE", deprecated)
                },
                login_failures_per_account_per_minute: env
                    .positive("LOGIN_FAILURES_PER_ACCOUNT_PER_MINUTE", 30),
                register_per_ip_per_hour: env.positive("REGISTER_LIMIT_PER_IP_PER_HOUR", 10),
                chat_start_per_ip_per_hour: env.positive("CHAT_START_LIMIT_PER_IP_PER_HOUR", 20),
                chat_message_per_ip_per_minute: env
                    .positive("CHAT_MESSAGE_LIMIT_PER_IP_PER_MINUTE", 60),
                contact_per_ip_per_10_minutes: env
                    .positive("CONTACT_LIMIT_PER_IP_PER_10_MINUTES", 5),
                waitlist_per_ip_per_hour: env.positive("WAITLIST_LIMIT_PER_IP_PER_HOUR", 10),
                subscribe_per_ip_per_hour: env.positive("SUBSCRIBE_LIMIT_PER_IP_PER_HOUR", 10),
                password_reset_per_ip_per_hour: env
                    .positive("PASSWORD_RESET_LIMIT_PER_IP_PER_HOUR", 10),
                password_reset_per_email_per_hour: env
                    .positive("PASSWORD_RESET_LIMIT_PER_EMAIL_PER_HOUR", 3),
                password_reset_confirm_per_ip_per_hour: env
                    .positive("PASSWORD_RESET_CONFIRM_LIMIT_PER_IP_PER_HOUR", 20),
            },
            http: HttpHardening {
                metrics_addr: env
                    .parse("METRICS_ADDR", "127.0.0.1:9464")
                    .unwrap_or(SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), 9464)),
                header_read_timeout: millis(env.positive("HTTP_HEADER_READ_TIMEOUT_MS", 10_000)),
                body_timeout: millis(env.positive("HTTP_BODY_TIMEOUT_MS", 30_000)),
                idle_timeout: millis(env.positive("HTTP_IDLE_TIMEOUT_MS", 75_000)),
                max_connections_per_ip: env.positive("MAX_CONNECTIONS_PER_IP", 256),
                max_connections: env.positive("MAX_CONNECTIONS", 20_000),
            },
            public_url: env.public_url("PUBLIC_URL", "http://localhost:8080"),
            signing_key: SecretString::from(env.text("SIGNING_KEY", "").trim().to_owned()),
        };
        let mut problems = env.problems;
        {
            use secrecy::ExposeSecret as _;
            if let Err(problem) = runtime::signing::Signer::new(config.signing_key.expose_secret())
            {
                problems.push(problem);
            }
        }
        if let Err(problem) = runtime::process::nats_servers(&config.nats_url) {
            problems.push(format!("NATS_URL: {problem}"));
        }
        if let Err(problem) = contract::Namespace::new(config.nats_prefix.clone()) {
            problems.push(problem);
        }
        if problems.is_empty() {
            Ok(config)
        } else {
            Err(format!("invalid settings: {}", problems.join("; ")))
        }
    }
}

fn millis(n: u32) -> Duration {
    Duration::from_millis(u64::from(n))
}

fn minutes(n: u32) -> Duration {
    Duration::from_secs(u64::from(n) * 60)
}

/// Reads variables, collecting every problem instead of stopping at the first.
struct Reader<F> {
    lookup: F,
    problems: Vec<String>,
}

impl<F: Fn(&str) -> Option<String>> Reader<F> {
    fn text(&self, name: &str, default: &str) -> String {
        (self.lookup)(name)
            .filter(|v| !v.trim().is_empty())
            .unwrap_or_else(|| default.to_owned())
    }

    fn parse<T: FromStr>(&mut self, name: &str, default: &str) -> Option<T> {
        let value = self.text(name, default);
        let parsed = value.trim().parse().ok();
        if parsed.is_none() {
            self.problems
                .push(format!("{name} has an invalid value {value:?}"));
        }
        parsed
    }

    /// A JetStream replica count: 1 to 5 (JetStream's own bounds), default 1.
    fn replicas(&mut self, name: &str) -> usize {
        match self.parse::<usize>(name, "1") {
            Some(n @ 1..=5) => n,
            Some(_) => {
                self.problems
                    .push(format!("{name} must be between 1 and 5"));
                1
            }
            None => 1,
        }
    }

    fn positive(&mut self, name: &str, default: u32) -> u32 {
        match self.parse::<u32>(name, &default.to_string()) {
            Some(0) => {
                self.problems.push(format!("{name} must be greater than 0"));
                default
            }
            Some(n) => n,
            None => default,
        }
    }

    /// An absolute http(s) URL without a trailing slash, path or query.
    fn public_url(&mut self, name: &str, default: &str) -> String {
        let value = self.text(name, default);
        let url = value.trim().trim_end_matches('/').to_owned();
        let rest = url
            .strip_prefix("https://")
            .or_else(|| url.strip_prefix("http://"));
        match rest {
            Some(host)
                if !host.is_empty() && !host.contains(['/', '?', '#', ' ', '"', '<', '>']) =>
            {
                url
            }
            _ => {
                self.problems.push(format!(
                    "{name} must be an http(s) origin such as https://nyota.example, not {value:?}"
                ));
                default.to_owned()
            }
        }
    }

    fn boolean(&mut self, name: &str, default: bool) -> bool {
        let value = self.text(name, &default.to_string());
        match value.trim().to_ascii_lowercase().as_str() {
            "true" | "1" | "yes" => true,
            "false" | "0" | "no" => false,
            _ => {
                self.problems
                    .push(format!("{name} must be true or false, not {value:?}"));
                default
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use secrecy::ExposeSecret as _;

    use super::*;

    const KEY: &str = "test-signing-key-0123456789abcdef";

    /// Config from `pairs`, with a valid `SIGNING_KEY` unless one is given.
    fn config(pairs: &[(&str, &str)]) -> Result<Config, String> {
        let mut env: HashMap<String, String> =
            HashMap::from([("SIGNING_KEY".to_owned(), KEY.to_owned())]);
        env.extend(
            pairs
                .iter()
                .map(|(k, v)| ((*k).to_owned(), (*v).to_owned())),
        );
        Config::from_lookup(|name| env.get(name).cloned())
    }

    #[test]
    fn defaults_apply_when_only_the_database_is_given() {
        let s = config(&[("DATABASE_URL", "postgres://db/nyota")]).expect("valid");
        assert_eq!(s.bind, "0.0.0.0:8080".parse().expect("addr"));
        assert_eq!(s.database_url.expose_secret(), "postgres://db/nyota");
        assert_eq!(s.nats_url, "nats://127.0.0.1:4222");
        assert_eq!(s.web_dist, PathBuf::from("web/dist"));
        assert!(!s.cookie_secure);
        assert_eq!(s.session_idle, Duration::from_secs(7 * 24 * 3600));
        assert_eq!(s.session_max_age, Duration::from_secs(30 * 24 * 3600));
        assert_eq!(s.accounts_timeout, Duration::from_secs(5));
        assert_eq!(s.limits.login_failures_per_account_per_ip_per_minute, 5);
        assert_eq!(s.limits.login_failures_per_account_per_minute, 30);
        assert_eq!(
            s.http,
            HttpHardening {
                metrics_addr: "127.0.0.1:9464".parse().expect("addr"),
                header_read_timeout: Duration::from_secs(10),
                body_timeout: Duration::from_secs(30),
                idle_timeout: Duration::from_secs(75),
                max_connections_per_ip: 256,
                max_connections: 20_000,
            }
        );
    }

    #[test]
    fn the_deprecated_per_account_login_limit_is_still_read() {
        let old = config(&[
            ("DATABASE_URL", "postgres://db/x"),
            ("LOGIN_LIMIT_PER_ACCOUNT_PER_MINUTE", "3"),
        ])
        .expect("valid");
        assert_eq!(old.limits.login_failures_per_account_per_ip_per_minute, 3);
        let both = config(&[
            ("DATABASE_URL", "postgres://db/x"),
            ("LOGIN_LIMIT_PER_ACCOUNT_PER_MINUTE", "3"),
            ("LOGIN_FAILURES_PER_ACCOUNT_PER_IP_PER_MINUTE", "7"),
        ])
        .expect("valid");
        assert_eq!(both.limits.login_failures_per_account_per_ip_per_minute, 7);
    }

    #[test]
    fn http_hardening_is_read() {
        let s = config(&[
            ("DATABASE_URL", "postgres://db/x"),
            ("METRICS_ADDR", "0.0.0.0:9100"),
            ("HTTP_HEADER_READ_TIMEOUT_MS", "250"),
            ("MAX_CONNECTIONS_PER_IP", "3"),
        ])
        .expect("valid");
        assert_eq!(s.http.metrics_addr, "0.0.0.0:9100".parse().expect("addr"));
        assert_eq!(s.http.header_read_timeout, Duration::from_millis(250));
        assert_eq!(s.http.max_connections_per_ip, 3);
        let error = config(&[
            ("DATABASE_URL", "postgres://db/x"),
            ("METRICS_ADDR", "localhost"),
            ("MAX_CONNECTIONS", "0"),
        ])
        .expect_err("invalid");
        assert!(
            error.contains("METRICS_ADDR has an invalid value"),
            "{error}"
        );
        assert!(
            error.contains("MAX_CONNECTIONS must be greater than 0"),
            "{error}"
        );
    }

    #[test]
    fn every_variable_read_is_listed_once() {
        let names = Config::variable_names();
        for name in [
            "DATABASE_URL",
            "NATS_URL",
            "JETSTREAM_REPLICAS",
            "PORT",
            "METRICS_ADDR",
        ] {
            assert_eq!(
                names.iter().filter(|n| *n == name).count(),
                1,
                "{name} in {names:?}"
            );
        }
    }

    #[test]
    fn values_are_read_and_trimmed() {
        let s = config(&[
            ("DATABASE_URL", "postgres://db/x"),
            ("PORT", " 9000 "),
            ("HOST", "127.0.0.1"),
            ("COOKIE_SECURE", "TRUE"),
            ("SESSION_IDLE_MINUTES", "30"),
            ("NATS_PREFIX", "t-1"),
            ("JETSTREAM_REPLICAS", "3"),
            (
                "ALLOWED_ORIGINS",
                "https://nyota.example/, https://www.nyota.example",
            ),
        ])
        .expect("valid");
        assert_eq!(s.bind, "127.0.0.1:9000".parse().expect("addr"));
        assert!(s.cookie_secure);
        assert_eq!(s.session_idle, Duration::from_secs(1800));
        assert_eq!(s.nats_prefix, "t-1");
        assert_eq!(s.jetstream_replicas, 3);
        assert_eq!(
            s.allowed_origins,
            vec!["https://nyota.example", "https://www.nyota.example"]
        );
    }

    #[test]
    fn every_problem_is_reported_at_once() {
        let error = config(&[
            ("PORT", "eighty"),
            ("COOKIE_SECURE", "maybe"),
            ("SESSION_IDLE_MINUTES", "0"),
            ("NATS_PREFIX", "a.b"),
            ("JETSTREAM_REPLICAS", "7"),
        ])
        .expect_err("invalid");
        assert!(
            error.contains("JETSTREAM_REPLICAS must be between 1 and 5"),
            "{error}"
        );
        assert!(error.contains("DATABASE_URL is required"), "{error}");
        assert!(
            error.contains("PORT has an invalid value \"eighty\""),
            "{error}"
        );
        assert!(
            error.contains("COOKIE_SECURE must be true or false"),
            "{error}"
        );
        assert!(
            error.contains("SESSION_IDLE_MINUTES must be greater than 0"),
            "{error}"
        );
        assert!(error.contains("NATS prefix"), "{error}");
    }

    #[test]
    fn the_public_url_is_an_origin_without_a_trailing_slash() {
        let default = config(&[("DATABASE_URL", "postgres://db/x")]).expect("valid");
        assert_eq!(default.public_url, "http://localhost:8080");
        let set = config(&[
            ("DATABASE_URL", "postgres://db/x"),
            ("PUBLIC_URL", " https://nyota.example/ "),
        ])
        .expect("valid");
        assert_eq!(set.public_url, "https://nyota.example");
        for bad in [
            "nyota.example",
            "https://",
            "https://nyota.example/shop",
            "ftp://x",
        ] {
            let error =
                config(&[("DATABASE_URL", "postgres://db/x"), ("PUBLIC_URL", bad)]).expect_err(bad);
            assert!(
                error.contains("PUBLIC_URL must be an http(s) origin"),
                "{error}"
            );
        }
    }

    #[test]
    fn debug_output_hides_the_database_url_and_the_signing_key() {
        let s = config(&[("DATABASE_URL", "postgres://user:hunter2@db/x")]).expect("valid");
        let debug = format!("{s:?}");
        assert!(!debug.contains("hunter2"));
        assert!(!debug.contains(KEY));
        assert_eq!(s.signing_key.expose_secret(), KEY);
    }

    #[test]
    fn the_signing_key_is_required_and_long_enough() {
        for missing in ["", "   ", "too short"] {
            let error = config(&[
                ("DATABASE_URL", "postgres://db/x"),
                ("SIGNING_KEY", missing),
            ])
            .expect_err("refused");
            assert!(
                error.contains("SIGNING_KEY must be at least 32 characters"),
                "{error}"
            );
        }
    }

    #[test]
    fn the_new_limits_have_defaults() {
        let s = config(&[("DATABASE_URL", "postgres://db/x")]).expect("valid");
        assert_eq!(s.limits.password_reset_per_email_per_hour, 3);
        assert_eq!(s.limits.password_reset_per_ip_per_hour, 10);
        assert_eq!(s.limits.waitlist_per_ip_per_hour, 10);
        assert_eq!(s.limits.subscribe_per_ip_per_hour, 10);
    }
}
