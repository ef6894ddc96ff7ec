//! A gateway whose clock is off (issue 34, item 9): the real `gateway`
//! binary under libfaketime, its clock hours ahead or minutes behind the
//! database's. Rate limits, session and token expiry and message order read
//! the local clock, so past the stated tolerance (1 s) it must say so and
//! leave the load balancer's rotation: `/readyz` 503 with `"clock":
//! "skewed"`, the skew on `/metrics` (`GatewayClockSkew` fires on it) and a
//! warning in its log.

use std::path::Path;
use std::process::Command;

use contract::Namespace;
use reqwest::StatusCode;
use serde_json::Value;
use sqlx::PgPool;

use crate::helpers::{SIGNING_KEY, database_url, delete_streams, fake_web_build, nats_url};
use crate::process::Process;

/// Debian's libfaketime (package `faketime`, installed by `infra/test`).
const LIBFAKETIME: &str = "/usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1";

/// One gateway with its clock moved by `offset` (libfaketime's syntax).
struct SkewedGateway {
    address: String,
    metrics: String,
    process: Process,
    namespace: Namespace,
    _web_dist: tempfile::TempDir,
}

impl SkewedGateway {
    async fn start(pool: &PgPool, offset: &str) -> SkewedGateway {
        assert!(
            Path::new(LIBFAKETIME).exists(),
            "{LIBFAKETIME} is missing: apt-get install faketime"
        );
        let prefix = format!("t{}", uuid::Uuid::new_v4().simple());
        let namespace = Namespace::new(prefix.clone()).expect("valid prefix");
        let web_dist = fake_web_build();
        let mut command = Command::new(system_tests::binary("gateway"));
        command
            .env("LD_PRELOAD", LIBFAKETIME)
            .env("FAKETIME", offset)
            // Only the wall clock moves: timers and timeouts run as usual.
            .env("FAKETIME_DONT_FAKE_MONOTONIC", "1")
            .env("DATABASE_URL", database_url(pool).await)
            .env("NATS_URL", nats_url())
            .env("NATS_PREFIX", &prefix)
            .env("RUST_LOG", "info")
            .env("HOST", "127.0.0.1")
            .env("PORT", "0")
            .env("METRICS_ADDR", "127.0.0.1:0")
            .env("WEB_DIST", web_dist.path())
            .env("SIGNING_KEY", SIGNING_KEY);
        let process = Process::start("gateway", &mut command);
        let address = process.logged("gateway listening").await["address"]
            .as_str()
            .expect("address logged")
            .to_owned();
        let metrics = process.logged("metrics listening").await["address"]
            .as_str()
            .expect("metrics address logged")
            .to_owned();
        SkewedGateway {
            address: format!("http://{address}"),
            metrics: format!("http://{metrics}/metrics"),
            process,
            namespace,
            _web_dist: web_dist,
        }
    }
}

impl Drop for SkewedGateway {
    fn drop(&mut self) {
        delete_streams(&self.namespace);
    }
}

/// The value of `gateway_clock_skew_seconds` in a Prometheus text page.
fn skew_metric(page: &str) -> f64 {
    page.lines()
        .find_map(|line| line.strip_prefix("gateway_clock_skew_seconds "))
        .unwrap_or_else(|| panic!("no gateway_clock_skew_seconds in:\n{page}"))
        .trim()
        .parse()
        .expect("a number")
}

#[sqlx::test(migrations = "../migrations")]
async fn a_gateway_whose_clock_is_off_reports_it_and_fails_readiness(pool: PgPool) {
    // Two of the offsets the attack ran with: two hours ahead, five minutes behind.
    for (offset, expected) in [("+2h", 7200.0), ("-5m", -300.0)] {
        let gateway = SkewedGateway::start(&pool, offset).await;
        let client = reqwest::Client::new();
        let response = client
            .get(format!("{}/readyz", gateway.address))
            .send()
            .await
            .expect("readyz");
        assert_eq!(
            response.status(),
            StatusCode::SERVICE_UNAVAILABLE,
            "{offset}"
        );
        let body: Value = response.json().await.expect("json");
        assert_eq!(body["clock"], "skewed", "{offset}: {body}");
        assert_eq!(body["postgres"], "ok", "{offset}: {body}");
        let skew = body["clockSkewSeconds"]
            .as_f64()
            .expect("the measured skew");
        assert!((skew - expected).abs() < 5.0, "{offset}: measured {skew}");

        let page = client
            .get(&gateway.metrics)
            .send()
            .await
            .expect("metrics")
            .text()
            .await
            .expect("text");
        let metric = skew_metric(&page);
        assert!((metric - expected).abs() < 5.0, "{offset}: metric {metric}");
        let warning = gateway
            .process
            .logged("this gateway's clock is off from the database's")
            .await;
        assert_eq!(warning["level"], "WARN", "{warning}");
    }
}
