//! What every email shares: the rendered email ([`RenderedEmail`]), the
//! site's details it is signed with ([`Site`]), the body writer that
//! escapes every piece of text ([`Body`]), and the sales and support
//! mailboxes.

use contract::language::Language;
use contract::site_settings::SiteSettings;
use lettre::Message;
use lettre::message::header::{Header, HeaderName, HeaderValue};
use lettre::message::{Mailbox, MultiPart};

use crate::mail::address::{COMPANY, mailbox};
use crate::mail::error::MailError;

/// An email ready to send.
#[derive(Clone, Debug)]
pub struct RenderedEmail {
    /// Which email this is (e.g. `contact.sales`): with what it is about, the
    /// key that makes it sent once.
    pub kind: &'static str,
    pub to: Mailbox,
    /// Where a reply goes, when not to the sender.
    pub reply_to: Option<Mailbox>,
    pub subject: String,
    pub text: String,
    pub html: String,
    /// The unsubscribe address (`List-Unsubscribe`) of an email sent
    /// because of a choice the recipient can undo.
    pub list_unsubscribe: Option<String>,
    /// Whether a POST to `list_unsubscribe` unsubscribes at once, as mail
    /// providers' unsubscribe buttons do (RFC 8058:
    /// `List-Unsubscribe-Post: List-Unsubscribe=One-Click`).
    pub one_click_unsubscribe: bool,
    /// Who it is from by name, at the sender's address (an agent "via
    /// Nyota Cloud"); the sender's own name when `None`.
    pub sender_name: Option<String>,
    /// The conversation it belongs to, so mail programs show one thread.
    pub thread: Option<Thread>,
    /// The envelope sender, where bounces go, when not the sender: a chat
    /// email's own reply address, so a bounce names its chat.
    pub return_path: Option<lettre::Address>,
}

/// An email's place in a conversation: its own `Message-ID`, and the id of
/// the conversation's first email, which it replies to (`In-Reply-To`,
/// `References`), the same for every email of that conversation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thread {
    pub message_id: String,
    pub root: String,
}

impl RenderedEmail {
    /// The message as sent: multipart/alternative, plain text first.
    pub fn message(&self, from: Mailbox) -> Result<Message, MailError> {
        let from = match &self.sender_name {
            Some(name) => Mailbox::new(Some(name.clone()), from.email),
            None => from,
        };
        let mut builder = Message::builder()
            .from(from)
            .to(self.to.clone())
            .subject(&self.subject);
        if let Some(thread) = &self.thread {
            builder = builder
                .message_id(Some(thread.message_id.clone()))
                .in_reply_to(thread.root.clone())
                .references(thread.root.clone());
        }
        if let Some(reply_to) = &self.reply_to {
            builder = builder.reply_to(reply_to.clone());
        }
        if let Some(url) = &self.list_unsubscribe {
            builder = builder.header(ListUnsubscribe(url.clone()));
            if self.one_click_unsubscribe {
                builder = builder.header(ListUnsubscribePost);
            }
        }
        if let Some(return_path) = &self.return_path {
            builder = builder.envelope(lettre::address::Envelope::new(
                Some(return_path.clone()),
                vec![self.to.email.clone()],
            )?);
        }
        Ok(builder.multipart(MultiPart::alternative_plain_html(
            self.text.clone(),
            self.html.clone(),
        ))?)
    }
}

/// `List-Unsubscribe: <https://…>` (RFC 2369), which mail programs show as
/// an unsubscribe button.
#[derive(Clone, Debug)]
struct ListUnsubscribe(String);

const LIST_UNSUBSCRIBE: HeaderName = HeaderName::new_from_ascii_str("List-Unsubscribe");

impl Header for ListUnsubscribe {
    fn name() -> HeaderName {
        LIST_UNSUBSCRIBE
    }

    fn parse(value: &str) -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
        Ok(ListUnsubscribe(
            value
                .trim()
                .trim_start_matches('<')
                .trim_end_matches('>')
                .to_owned(),
        ))
    }

    fn display(&self) -> HeaderValue {
        HeaderValue::new(Self::name(), format!("<{}>", self.0))
    }
}

/// `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058): the
/// `List-Unsubscribe` address unsubscribes on a POST, with no page between.
#[derive(Clone, Debug)]
struct ListUnsubscribePost;

const ONE_CLICK: &str = "List-Unsubscribe=One-Click";

impl Header for ListUnsubscribePost {
    fn name() -> HeaderName {
        HeaderName::new_from_ascii_str("List-Unsubscribe-Post")
    }

    fn parse(value: &str) -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
        if value.trim() == ONE_CLICK {
            Ok(ListUnsubscribePost)
        } else {
            Err(format!("not {ONE_CLICK}").into())
        }
    }

    fn display(&self) -> HeaderValue {
        HeaderValue::new(Self::name(), ONE_CLICK.to_owned())
    }
}

/// What every template may use: the site settings (mailboxes, footer) and
/// the site's public address.
#[derive(Clone, Copy, Debug)]
pub struct Site<'a> {
    pub settings: &'a SiteSettings,
    /// Without a trailing slash, e.g. `https://nyota.example`.
    pub public_url: &'a str,
}

/// The address of the site's page `path` (e.g. `/reset-password`) in
/// `language`: English at the page's own path, the others under `/fr` and
/// `/sw`, as the web app serves them.
pub(super) fn page_url(site: Site<'_>, language: Language, path: &str) -> String {
    match language {
        Language::En => format!("{}{path}", site.public_url),
        other => format!("{}/{}{path}", site.public_url, other.code()),
    }
}

/// An email of the platform.
pub trait Template {
    fn render(&self, site: Site<'_>) -> Result<RenderedEmail, MailError>;
}

/// A body written as plain text and as HTML side by side. Every method takes
/// text, never markup, and escapes it for the HTML part.
#[derive(Default)]
pub(super) struct Body {
    text: String,
    html: String,
    /// The language it is written in (the HTML part says so).
    language: Language,
}

const P_STYLE: &str = "margin:0 0 16px;line-height:1.5";

impl Body {
    /// An empty body to be written in `language`.
    pub(super) fn in_language(language: Language) -> Body {
        Body {
            language,
            ..Body::default()
        }
    }

    pub(super) fn paragraph(&mut self, text: &str) -> &mut Self {
        self.text.push_str(text);
        self.text.push_str("\n\n");
        self.html.push_str(&format!("<p style=\"{P_STYLE}\">"));
        push_lines(&mut self.html, text);
        self.html.push_str("</p>\n");
        self
    }

    /// Label–value rows; rows whose value is `None` are left out.
    pub(super) fn fields(&mut self, rows: &[(&str, Option<&str>)]) -> &mut Self {
        self.html.push_str(
            "<table role=\"presentation\" style=\"margin:0 0 16px;border-collapse:collapse\">\n",
        );
        for (label, value) in rows {
            let Some(value) = value else { continue };
            self.text.push_str(&format!("{label}: {value}\n"));
            self.html.push_str(
                "<tr><th align=\"left\" style=\"padding:2px 12px 2px 0;vertical-align:top\">",
            );
            html_escape::encode_text_to_string(label, &mut self.html);
            self.html
                .push_str("</th><td style=\"padding:2px 0;vertical-align:top\">");
            push_lines(&mut self.html, value);
            self.html.push_str("</td></tr>\n");
        }
        self.html.push_str("</table>\n");
        self.text.push('\n');
        self
    }

    /// A block of someone's own words, kept line for line.
    pub(super) fn quote(&mut self, text: &str) -> &mut Self {
        for line in text.lines() {
            self.text.push_str("> ");
            self.text.push_str(line);
            self.text.push('\n');
        }
        self.text.push('\n');
        self.html.push_str(
            "<blockquote style=\"margin:0 0 16px;padding:8px 12px;border-left:4px solid #E90076;\
             white-space:pre-wrap\">",
        );
        html_escape::encode_text_to_string(text, &mut self.html);
        self.html.push_str("</blockquote>\n");
        self
    }

    /// A link on its own line (our own addresses only).
    pub(super) fn link(&mut self, label: &str, url: &str) -> &mut Self {
        self.text.push_str(&format!("{label}: {url}\n\n"));
        self.html
            .push_str(&format!("<p style=\"{P_STYLE}\"><a href=\""));
        html_escape::encode_double_quoted_attribute_to_string(url, &mut self.html);
        self.html.push_str("\" style=\"color:#b8005d\">");
        html_escape::encode_text_to_string(label, &mut self.html);
        self.html.push_str("</a></p>\n");
        self
    }

    /// The finished email: the body in the common layout, then the footer.
    pub(super) fn finish(
        &self,
        kind: &'static str,
        to: Mailbox,
        reply_to: Option<Mailbox>,
        subject: String,
        site: Site<'_>,
    ) -> RenderedEmail {
        let settings = site.settings;
        let office = &settings.office;
        let address = [&office.building, &office.street, &office.city]
            .into_iter()
            .map(|line| line.trim())
            .filter(|line| !line.is_empty())
            .collect::<Vec<_>>()
            .join(", ");
        let footer = [COMPANY, &address, &settings.phone]
            .into_iter()
            .filter(|part| !part.trim().is_empty())
            .collect::<Vec<_>>()
            .join(" · ");

        let text = format!("{}-- \n{footer}\n{}\n", self.text, site.public_url);
        let mut html = format!(
            "<!doctype html>\n<html lang=\"{}\">\n<head><meta charset=\"utf-8\"><title>",
            self.language.code()
        );
        html_escape::encode_text_to_string(&subject, &mut html);
        html.push_str(
            "</title></head>\n<body style=\"margin:0;padding:24px;background:#f4f4f5;\
             font-family:Arial,Helvetica,sans-serif;color:#18181b\">\n\
             <div style=\"max-width:600px;margin:0 auto;background:#ffffff;padding:24px;\
             border-radius:8px\">\n",
        );
        html.push_str(&self.html);
        html.push_str(
            "<hr style=\"border:none;border-top:1px solid #e4e4e7;margin:24px 0 12px\">\n\
             <p style=\"margin:0;font-size:12px;color:#52525b\">",
        );
        html_escape::encode_text_to_string(&footer, &mut html);
        html.push_str("<br><a href=\"");
        html_escape::encode_double_quoted_attribute_to_string(site.public_url, &mut html);
        html.push_str("\" style=\"color:#52525b\">");
        html_escape::encode_text_to_string(site.public_url, &mut html);
        html.push_str("</a></p>\n</div>\n</body>\n</html>\n");
        RenderedEmail {
            kind,
            to,
            reply_to,
            subject,
            text,
            html,
            list_unsubscribe: None,
            one_click_unsubscribe: false,
            sender_name: None,
            thread: None,
            return_path: None,
        }
    }
}

/// Escaped text with each line break as `<br>`.
fn push_lines(html: &mut String, text: &str) {
    for (index, line) in text.lines().enumerate() {
        if index > 0 {
            html.push_str("<br>");
        }
        html_escape::encode_text_to_string(line, html);
    }
}

/// The sales inbox from the settings.
pub(super) fn sales(site: Site<'_>) -> Result<Mailbox, MailError> {
    mailbox(
        "The sales inbox (site settings)",
        Some(&format!("{COMPANY} Sales")),
        &site.settings.sales_email,
    )
}

/// The support inbox from the settings.
pub(super) fn support(site: Site<'_>) -> Result<Mailbox, MailError> {
    mailbox(
        "The support inbox (site settings)",
        Some(&format!("{COMPANY} Support")),
        &site.settings.support_email,
    )
}
