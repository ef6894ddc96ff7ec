//! One raw email, read into what the platform acts on.

use mail_parser::{MessageParser, MimeHeaders as _};

use super::quotes;

/// An inbound email, parsed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InboundMail {
    /// `Message-ID` without its angle brackets; the key that stores one
    /// email once however often it is read.
    pub message_id: Option<String>,
    /// The sender's address, lower-cased.
    pub from: Option<String>,
    /// Every address it was delivered to (`To`, `Cc`, `Delivered-To`,
    /// `X-Original-To`), lower-cased, in that order.
    pub recipients: Vec<String>,
    pub kind: MailKind,
    /// What the receiving server's DMARC check said (`Authentication-Results`).
    pub dmarc: Dmarc,
    /// The text the sender added, without quoted history or signature.
    pub new_text: String,
    pub attachments: Vec<InboundAttachment>,
}

/// Who wrote an inbound email.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MailKind {
    /// A person.
    Reply,
    /// A program answering for them (out of office, RFC 3834): never
    /// posted, never answered.
    AutoReply,
    /// A mail server saying an email could not be delivered to `recipient`;
    /// `permanent` for a 5.x.x status (the address does not work).
    Bounce {
        recipient: Option<String>,
        permanent: bool,
        /// What the receiving server said (`Diagnostic-Code`), for people.
        diagnostic: Option<String>,
    },
}

/// The DMARC result the receiving mail server recorded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dmarc {
    Pass,
    Fail,
    /// No result recorded (a server that does not check).
    Unknown,
}

/// A file sent with the email.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InboundAttachment {
    pub filename: String,
    /// As the email declared it (`image/png`); the attachment pipeline
    /// sniffs the bytes itself.
    pub content_type: String,
    pub bytes: Vec<u8>,
}

/// Subjects that auto-replies use when they set no header saying so.
const AUTO_SUBJECTS: [&str; 8] = [
    "automatic reply",
    "auto-reply",
    "autoreply",
    "out of office",
    "réponse automatique",
    "absence du bureau",
    "jibu la kiotomatiki",
    "nje ya ofisi",
];

/// Reads `raw`; `None` when it is not an email at all.
pub fn parse(raw: &[u8]) -> Option<InboundMail> {
    let message = MessageParser::default().parse(raw)?;
    let headers: Vec<(String, String)> = message
        .headers_raw()
        .map(|(name, value)| (name.to_ascii_lowercase(), unfold(value)))
        .collect();
    let header = |name: &str| {
        headers
            .iter()
            .find(|(found, _)| found == name)
            .map(|(_, value)| value.as_str())
    };
    let from = message
        .from()
        .and_then(|from| from.first())
        .and_then(|from| from.address())
        .map(str::to_ascii_lowercase);
    let mut recipients = Vec::new();
    for name in ["to", "cc", "delivered-to", "x-original-to"] {
        for (_, value) in headers.iter().filter(|(found, _)| found == name) {
            for address in addresses(value) {
                if !recipients.contains(&address) {
                    recipients.push(address);
                }
            }
        }
    }
    let subject = message.subject().unwrap_or_default().to_lowercase();
    let content_type = header("content-type")
        .unwrap_or_default()
        .to_ascii_lowercase();
    let sender = from.as_deref().unwrap_or_default();
    let kind = if content_type.contains("multipart/report")
        || sender.starts_with("mailer-daemon@")
        || sender.starts_with("postmaster@")
    {
        bounce(&String::from_utf8_lossy(raw))
    } else if header("auto-submitted").is_some_and(|value| !value.eq_ignore_ascii_case("no"))
        || header("x-autoreply").is_some()
        || header("x-autorespond").is_some()
        || header("precedence").is_some_and(|value| {
            matches!(
                value.to_ascii_lowercase().as_str(),
                "bulk" | "junk" | "list" | "auto_reply"
            )
        })
        || AUTO_SUBJECTS.iter().any(|auto| subject.starts_with(auto))
    {
        MailKind::AutoReply
    } else {
        MailKind::Reply
    };
    let dmarc = headers
        .iter()
        .filter(|(name, _)| name == "authentication-results")
        .map(|(_, value)| value.to_ascii_lowercase())
        .find_map(|value| {
            if value.contains("dmarc=pass") {
                Some(Dmarc::Pass)
            } else if value.contains("dmarc=fail") {
                Some(Dmarc::Fail)
            } else {
                None
            }
        })
        .unwrap_or(Dmarc::Unknown);
    // An email with HTML only: its quoted history is cut where the HTML
    // marks it, before the HTML becomes text (which loses the marks).
    let html_only = message.text_part(0).is_some_and(|part| part.is_text_html());
    let new_text = if html_only {
        message.body_html(0).map(|html| {
            quotes::new_text(&mail_parser::decoders::html::html_to_text(
                quotes::before_html_quote(&html),
            ))
        })
    } else {
        message.body_text(0).map(|text| quotes::new_text(&text))
    }
    .unwrap_or_default();
    let attachments = message
        .attachments()
        // Pictures inside an HTML signature are not files the sender sent.
        .filter(|part| part.content_id().is_none() || part.attachment_name().is_some())
        .filter(|part| {
            part.content_type()
                .is_some_and(|ctype| ctype.ctype() != "message")
        })
        .map(|part| InboundAttachment {
            filename: part.attachment_name().unwrap_or("attachment").to_owned(),
            content_type: part
                .content_type()
                .map(|ctype| match ctype.subtype() {
                    Some(sub) => format!("{}/{sub}", ctype.ctype()),
                    None => ctype.ctype().to_owned(),
                })
                .unwrap_or_default()
                .to_ascii_lowercase(),
            bytes: part.contents().to_vec(),
        })
        .collect();
    Some(InboundMail {
        message_id: message.message_id().map(str::to_owned),
        from,
        recipients,
        kind,
        dmarc,
        new_text,
        attachments,
    })
}

/// A header's value on one line.
fn unfold(value: &str) -> String {
    value
        .split(['\r', '\n'])
        .map(str::trim)
        .filter(|piece| !piece.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The addresses in a header value, lower-cased: each `<…>`, else each
/// comma-separated word with an `@`.
fn addresses(value: &str) -> Vec<String> {
    value
        .split(',')
        .filter_map(|piece| {
            let address = match (piece.find('<'), piece.rfind('>')) {
                (Some(open), Some(close)) if open < close => &piece[open + 1..close],
                _ => piece,
            };
            let address = address.trim().trim_matches('"');
            (address.contains('@') && !address.contains(' ')).then(|| address.to_ascii_lowercase())
        })
        .collect()
}

/// A delivery status notification (RFC 3464): whom it is about and
/// whether the failure is for good.
fn bounce(raw: &str) -> MailKind {
    let field = |name: &str| {
        raw.lines().find_map(|line| {
            let (found, value) = line.split_once(':')?;
            found
                .trim()
                .eq_ignore_ascii_case(name)
                .then(|| value.trim().to_owned())
        })
    };
    let recipient = field("Final-Recipient")
        .or_else(|| field("Original-Recipient"))
        .map(|value| {
            // "rfc822; amina@example.com"
            value
                .rsplit(';')
                .next()
                .unwrap_or_default()
                .trim()
                .trim_matches(['<', '>'])
                .to_ascii_lowercase()
        })
        .filter(|address| address.contains('@'));
    let permanent = field("Status").is_some_and(|status| status.starts_with('5'))
        || (field("Status").is_none()
            && field("Action").is_some_and(|a| a.eq_ignore_ascii_case("failed")));
    let diagnostic = field("Diagnostic-Code").map(|code| {
        // "smtp; 550 5.1.1 …": the server's words, without the type.
        let words = code
            .split_once(';')
            .map_or(code.as_str(), |(_, words)| words);
        words.trim().chars().take(300).collect()
    });
    MailKind::Bounce {
        recipient,
        permanent,
        diagnostic,
    }
}
