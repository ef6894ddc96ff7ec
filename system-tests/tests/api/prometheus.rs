//! The Prometheus configuration and rules in `infra/prometheus/` pass
//! `promtool check`, and a real Prometheus (Debian's, which `./infra/test`
//! installs) scraping a running gateway with them evaluates the rules: a
//! dead letter shows in the `dead_letters:total` recording rule and raises
//! the `DeadLetters` alert.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::Value;
use sqlx::PgPool;

use crate::helpers::spawn;

fn infra() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../infra/prometheus")
}

fn promtool(args: &[&str]) {
    let output = Command::new("promtool")
        .args(args)
        .current_dir(infra())
        .output()
        .expect("promtool runs (Debian's prometheus package; ./infra/test installs it)");
    assert!(
        output.status.success(),
        "promtool {args:?} failed:\n{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

/// `text` with `from` replaced by `to`; fails when infra/prometheus no
/// longer holds `from`, so the test follows the real configuration.
fn replaced(text: &str, from: &str, to: &str) -> String {
    assert!(text.contains(from), "prometheus.yml lacks {from:?}");
    text.replace(from, to)
}

struct Prometheus(Child);

impl Drop for Prometheus {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// An instant query's first value, if the query has one.
async fn query(base: &str, expr: &str) -> Option<String> {
    let url =
        reqwest::Url::parse_with_params(&format!("{base}/api/v1/query"), [("query", expr)]).ok()?;
    let answer: Value = reqwest::get(url).await.ok()?.json().await.ok()?;
    answer["data"]["result"][0]["value"][1]
        .as_str()
        .map(str::to_owned)
}

#[test]
fn the_configuration_and_rules_pass_promtool() {
    promtool(&["check", "config", "prometheus.yml"]);
    promtool(&["check", "rules", "rules.yml"]);
}

#[sqlx::test(migrations = "../migrations")]
async fn prometheus_scrapes_a_gateway_and_evaluates_the_rules(pool: PgPool) {
    let app = spawn(pool).await;
    sqlx::query(
        "insert into dead_letters (id, role, stream, subject, payload, error, reason, deliveries)
         values ($1, 'chat', 'CHAT', 'chat.send.x', '\\x00'::bytea, 'bad data', 'data', 1)",
    )
    .bind(uuid::Uuid::now_v7())
    .execute(&app.pool)
    .await
    .expect("dead letter");

    let dir = tempfile::tempdir().expect("tempdir");
    let target = app
        .metrics_address
        .strip_prefix("http://")
        .expect("http address");
    let original = std::fs::read_to_string(infra().join("prometheus.yml")).expect("config");
    let mut config = replaced(
        &original,
        r#"targets: ["gateway-1:9464", "gateway-2:9464"]"#,
        &format!(r#"targets: ["{target}"]"#),
    );
    config = replaced(&config, "scrape_interval: 15s", "scrape_interval: 1s");
    config = replaced(
        &config,
        "evaluation_interval: 15s",
        "evaluation_interval: 1s",
    );
    std::fs::write(dir.path().join("prometheus.yml"), config).expect("write config");
    std::fs::copy(infra().join("rules.yml"), dir.path().join("rules.yml")).expect("copy rules");
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .expect("a free port")
        .port();
    let _prometheus = Prometheus(
        Command::new("prometheus")
            .arg(format!(
                "--config.file={}",
                dir.path().join("prometheus.yml").display()
            ))
            .arg(format!(
                "--storage.tsdb.path={}",
                dir.path().join("data").display()
            ))
            .arg(format!("--web.listen-address=127.0.0.1:{port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("prometheus starts (Debian's prometheus package; ./infra/test installs it)"),
    );
    let base = format!("http://127.0.0.1:{port}");

    // The alert group and the recording group are evaluated independently,
    // so wait for both to have seen the scraped dead letter.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
    let alert = loop {
        tokio::time::sleep(Duration::from_millis(500)).await;
        let alerts: Option<Value> = match reqwest::get(format!("{base}/api/v1/alerts")).await {
            Ok(response) => response.json().await.ok(),
            Err(_) => None,
        };
        let alert = alerts.and_then(|alerts| {
            alerts["data"]["alerts"]
                .as_array()?
                .iter()
                .find(|alert| alert["labels"]["alertname"] == "DeadLetters")
                .cloned()
        });
        let total = query(&base, "dead_letters:total").await;
        if let (Some(alert), Some("1")) = (&alert, total.as_deref()) {
            break alert.clone();
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "no DeadLetters alert and dead_letters:total = 1 within 60 s; \
             up = {:?}, dead_letters:total = {total:?}, alert = {alert:?}",
            query(&base, "up").await,
        );
    };
    assert_eq!(alert["labels"]["role"], "chat", "{alert}");
    assert!(
        ["pending", "firing"].contains(&alert["state"].as_str().unwrap_or_default()),
        "{alert}"
    );
    assert_eq!(
        query(&base, r#"up{job="gateway"}"#).await.as_deref(),
        Some("1")
    );
}
