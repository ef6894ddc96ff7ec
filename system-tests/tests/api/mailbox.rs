//! Reading what the mail catcher received: the emails to one address, their
//! headers and their decoded plain-text part (quoted-printable or base64,
//! as lettre chose), and waiting for a worker to finish its messages.

use std::time::{Duration, Instant};

use base64::Engine as _;

use crate::helpers::{MailCatcher, TestApp};

/// One received email.
#[derive(Debug, Clone)]
pub struct Mail {
    pub raw: String,
    /// The plain-text part, decoded.
    pub text: String,
}

impl Mail {
    fn parse(raw: String) -> Mail {
        let text = plain_text(&raw).unwrap_or_default();
        Mail { raw, text }
    }

    /// The value of header `name` of the message (first occurrence).
    pub fn header(&self, name: &str) -> Option<String> {
        let head = self.raw.split("\r\n\r\n").next().unwrap_or_default();
        let prefix = format!("{}:", name.to_ascii_lowercase());
        head.split("\r\n")
            .find(|line| line.to_ascii_lowercase().starts_with(&prefix))
            .map(|line| line[prefix.len()..].trim().to_owned())
    }

    /// The subject, unfolded, its RFC 2047 encoded words decoded (lettre
    /// encodes a subject that is not ASCII, as in French or Kiswahili).
    pub fn subject(&self) -> String {
        let head = self.raw.split("\r\n\r\n").next().unwrap_or_default();
        let unfolded = head.replace("\r\n ", " ").replace("\r\n\t", " ");
        let line = unfolded
            .split("\r\n")
            .find(|line| line.to_ascii_lowercase().starts_with("subject:"))
            .map(|line| line["subject:".len()..].trim().to_owned())
            .unwrap_or_default();
        // Plain words as they are; encoded words decoded, and the space
        // between two encoded words dropped.
        let mut subject = String::new();
        let mut last_encoded = false;
        for word in line.split(' ') {
            let encoded = word
                .get(..10)
                .is_some_and(|start| start.eq_ignore_ascii_case("=?utf-8?b?"))
                && word.ends_with("?=");
            if !subject.is_empty() && (!encoded || !last_encoded) {
                subject.push(' ');
            }
            if encoded {
                let bytes = base64::engine::general_purpose::STANDARD
                    .decode(&word[10..word.len() - 2])
                    .expect("base64");
                subject.push_str(&String::from_utf8(bytes).expect("UTF-8"));
            } else {
                subject.push_str(word);
            }
            last_encoded = encoded;
        }
        subject
    }

    /// The first `https?://…` link in the text part that contains `path`.
    pub fn link(&self, path: &str) -> Option<String> {
        self.text
            .split_whitespace()
            .find(|word| word.starts_with("http") && word.contains(path))
            .map(str::to_owned)
    }
}

/// The value of an emailed link's `token` parameter (the links also name
/// the email's language, `&lang=`).
pub fn token_of(link: &str) -> &str {
    let (_, query) = link.split_once('?').unwrap_or_default();
    query
        .split('&')
        .find_map(|pair| pair.strip_prefix("token="))
        .unwrap_or_default()
}

/// The decoded `text/plain` part of a multipart message.
fn plain_text(raw: &str) -> Option<String> {
    let start = raw.find("Content-Type: text/plain")?;
    let part = &raw[start..];
    let (head, body) = part.split_once("\r\n\r\n")?;
    // The part ends at the next boundary line.
    let body = body.split("\r\n--").next().unwrap_or(body);
    let encoding = head
        .lines()
        .find_map(|line| line.strip_prefix("Content-Transfer-Encoding:"))
        .map(|value| value.trim().to_ascii_lowercase())
        .unwrap_or_default();
    Some(match encoding.as_str() {
        "base64" => {
            let compact: String = body.split_whitespace().collect();
            String::from_utf8(
                base64::engine::general_purpose::STANDARD
                    .decode(compact)
                    .expect("base64 body"),
            )
            .expect("UTF-8 body")
        }
        "quoted-printable" => quoted_printable(body),
        _ => body.to_owned(),
    })
}

fn quoted_printable(body: &str) -> String {
    let joined = body.replace("=\r\n", "");
    let bytes = joined.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'=' && i + 2 < bytes.len() {
            let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).unwrap_or("");
            if let Ok(byte) = u8::from_str_radix(hex, 16) {
                out.push(byte);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8(out).expect("UTF-8 body")
}

/// The emails the catcher received for `address`.
pub async fn mails_to(catcher: &MailCatcher, address: &str) -> Vec<Mail> {
    let to = address.to_ascii_lowercase();
    catcher
        .sources_mentioning(address)
        .await
        .into_iter()
        .map(Mail::parse)
        .filter(|mail| {
            mail.header("To")
                .is_some_and(|header| header.to_ascii_lowercase().contains(&to))
        })
        .collect()
}

/// Waits (up to ten seconds) until the catcher holds at least `at_least`
/// emails to `address`, and returns them.
pub async fn wait_for_mails(catcher: &MailCatcher, address: &str, at_least: usize) -> Vec<Mail> {
    let started = Instant::now();
    loop {
        let found = mails_to(catcher, address).await;
        if found.len() >= at_least || started.elapsed() > Duration::from_secs(10) {
            return found;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Waits (up to ten seconds) until the catcher holds at least `at_least`
/// emails to `address` with subject `subject`, and returns those.
pub async fn wait_for_subject(
    catcher: &MailCatcher,
    address: &str,
    subject: &str,
    at_least: usize,
) -> Vec<Mail> {
    let started = Instant::now();
    loop {
        let found: Vec<Mail> = mails_to(catcher, address)
            .await
            .into_iter()
            .filter(|mail| mail.subject() == subject)
            .collect();
        if found.len() >= at_least || started.elapsed() > Duration::from_secs(10) {
            return found;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Waits (up to ten seconds) until the `intake` consumer `name` has no
/// message waiting or in flight, so whatever a test published was handled.
pub async fn wait_until_consumed(app: &TestApp, name: &str) {
    let jetstream = async_nats::jetstream::new(app.nats.clone());
    let started = Instant::now();
    loop {
        let stream = jetstream
            .get_stream(app.namespace.intake_stream().name)
            .await
            .expect("the INTAKE stream");
        let mut consumer = stream
            .get_consumer::<async_nats::jetstream::consumer::pull::Config>(name)
            .await
            .expect("the consumer");
        let info = consumer.info().await.expect("consumer info");
        if info.num_pending == 0 && info.num_ack_pending == 0 {
            return;
        }
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "{name} still has work after 10 s: {info:?}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}
