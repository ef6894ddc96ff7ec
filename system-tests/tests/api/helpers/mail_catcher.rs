//! The tests' mail catcher: MailDev (`infra/mail-catcher`), the real SMTP
//! server with a web page that `./infra/run` gives a newcomer; the tests read
//! what it received through the JSON API that page uses.

use std::path::Path;
use std::time::Duration;

use serde_json::Value;

/// A running MailDev: the one `./infra/test` started (`MAIL_CATCHER_SMTP`,
/// `MAIL_CATCHER_URL`), else one of this test's own.
pub struct MailCatcher {
    /// What the workers' `SMTP_URL` points at.
    pub smtp_url: String,
    /// Its web page and API.
    pub web_url: String,
    child: Option<std::process::Child>,
    http: reqwest::Client,
}

pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .expect("a free port")
        .port()
}

impl MailCatcher {
    /// The catcher `./infra/test` runs, else one of our own; a test that
    /// needs email fails without one rather than passing without checking.
    pub async fn start() -> MailCatcher {
        if let (Ok(smtp_url), Ok(web_url)) = (
            std::env::var("MAIL_CATCHER_SMTP"),
            std::env::var("MAIL_CATCHER_URL"),
        ) {
            return MailCatcher {
                smtp_url,
                web_url,
                child: None,
                http: reqwest::Client::new(),
            };
        }
        MailCatcher::own(free_port()).await
    }

    /// A catcher of this test's own with its SMTP on `smtp_port` (a test
    /// whose workers meet no server until it starts one).
    pub async fn own(smtp_port: u16) -> MailCatcher {
        let bin = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../infra/mail-catcher/node_modules/.bin/maildev");
        assert!(
            bin.exists(),
            "no mail catcher at {}: `npm ci` in infra/mail-catcher (./infra/test does)",
            bin.display()
        );
        let web_port = free_port();
        let mut child = std::process::Command::new(bin)
            .args(["--ip", "127.0.0.1", "--web-ip", "127.0.0.1", "--smtp"])
            .arg(smtp_port.to_string())
            .arg("--web")
            .arg(web_port.to_string())
            .stdout(std::process::Stdio::null())
            .spawn()
            .expect("the mail catcher starts");
        let mut catcher = MailCatcher {
            smtp_url: format!("smtp://127.0.0.1:{smtp_port}"),
            web_url: format!("http://127.0.0.1:{web_port}"),
            child: None,
            http: reqwest::Client::new(),
        };
        for _ in 0..300 {
            let web_up = catcher
                .http
                .get(format!("{}/healthz", catcher.web_url))
                .send()
                .await
                .is_ok_and(|response| response.status().is_success());
            if web_up
                && tokio::net::TcpStream::connect(("127.0.0.1", smtp_port))
                    .await
                    .is_ok()
            {
                catcher.child = Some(child);
                return catcher;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let _ = child.kill();
        let _ = child.wait();
        panic!("the mail catcher did not start (SMTP port {smtp_port}, web port {web_port})");
    }

    /// The source (as sent, CRLF lines) of every email received whose
    /// headers or text mention `needle`, case-insensitively.
    pub async fn sources_mentioning(&self, needle: &str) -> Vec<String> {
        let needle = needle.to_lowercase();
        let mut sources = Vec::new();
        for mail in self.listed().await {
            let Some(id) = mail["id"].as_str() else {
                continue;
            };
            if mail.to_string().to_lowercase().contains(&needle) {
                sources.push(self.whole_source(id).await);
            }
        }
        sources
    }

    /// The SMTP envelope sender (`MAIL FROM`, where bounces go) of every
    /// email received whose headers or text mention `needle`.
    pub async fn envelope_senders_mentioning(&self, needle: &str) -> Vec<String> {
        let needle = needle.to_lowercase();
        self.listed()
            .await
            .iter()
            .filter(|mail| mail.to_string().to_lowercase().contains(&needle))
            .filter_map(|mail| mail["envelope"]["from"]["address"].as_str())
            .map(str::to_owned)
            .collect()
    }

    /// Every email received, as MailDev lists them (headers, envelope).
    async fn listed(&self) -> Vec<Value> {
        self.get("/email")
            .await
            .json()
            .await
            .expect("a JSON list of emails")
    }

    /// Email `id`'s source once MailDev has all of it: it lists an email
    /// while its source file may still be being written (a test once read
    /// half an email, its link cut short), so a multipart email is read
    /// again until its closing boundary is there (two seconds at most).
    async fn whole_source(&self, id: &str) -> String {
        let mut source = String::new();
        for _ in 0..40 {
            source = self
                .get(&format!("/email/{id}/source"))
                .await
                .text()
                .await
                .expect("the email's source");
            let closed = match boundary(&source) {
                Some(boundary) => source.contains(&format!("--{boundary}--")),
                None => !source.is_empty(),
            };
            if closed {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        source
    }

    async fn get(&self, path: &str) -> reqwest::Response {
        self.http
            .get(format!("{}{path}", self.web_url))
            .send()
            .await
            .and_then(reqwest::Response::error_for_status)
            .expect("the mail catcher answers")
    }
}

impl Drop for MailCatcher {
    fn drop(&mut self) {
        if let Some(child) = &mut self.child {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// The MIME boundary of a multipart email's top-level `Content-Type`.
fn boundary(source: &str) -> Option<String> {
    let head = source.split("\r\n\r\n").next()?;
    let at = head.to_ascii_lowercase().find("boundary=")?;
    let value = &head[at + "boundary=".len()..];
    let value = value.trim_start_matches('"');
    let end = value
        .find(|c: char| c == '"' || c == ';' || c.is_whitespace())
        .unwrap_or(value.len());
    Some(value[..end].to_owned()).filter(|boundary| !boundary.is_empty())
}
