//! Every email the platform sends, in one place: a typed struct per email,
//! rendered into a [`RenderedEmail`] (recipient, reply-to, subject, and a
//! plain-text and an HTML part). Bodies are written with [`Body`], which
//! writes both parts at once and escapes every piece of text in the HTML
//! part (it takes no markup at all), so user text can never become markup.
//! Every email ends with the company footer: name, office address and phone
//! from the site settings, read when the email is rendered. An email to a
//! subscriber also carries its unsubscribe link, in the body and as a
//! `List-Unsubscribe` header.

mod chat;
mod contact;
mod password_reset;
mod privacy;
mod registration;
mod subscriptions;
mod waitlist;

use contract::site_settings::SiteSettings;
use lettre::Message;
use lettre::message::header::{Header, HeaderName, HeaderValue};
use lettre::message::{Mailbox, MultiPart};

pub use chat::{ChatAddressCode, ChatTranscript, OfflineChat};
pub use contact::{ContactAcknowledgement, ContactToSales};
pub use password_reset::{AgentInvite, PasswordReset};
pub use privacy::{PrivacyConfirmation, PrivacyExportReady, PrivacyProgress, PrivacyStepTaken};
pub use registration::{RegistrationToSales, Welcome};
pub use subscriptions::SubscriptionConfirmation;
pub use waitlist::WaitlistConfirmation;

use super::{COMPANY, MailError, mailbox};

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
    /// The one-click unsubscribe address of an email to a subscriber.
    pub list_unsubscribe: Option<String>,
}

impl RenderedEmail {
    /// The message as sent: multipart/alternative, plain text first.
    pub fn message(&self, from: Mailbox) -> Result<Message, MailError> {
        let mut builder = Message::builder()
            .from(from)
            .to(self.to.clone())
            .subject(&self.subject);
        if let Some(reply_to) = &self.reply_to {
            builder = builder.reply_to(reply_to.clone());
        }
        if let Some(url) = &self.list_unsubscribe {
            builder = builder.header(ListUnsubscribe(url.clone()));
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

/// What every template may use: the site settings (mailboxes, footer) and
/// the site's public address.
#[derive(Clone, Copy, Debug)]
pub struct Site<'a> {
    pub settings: &'a SiteSettings,
    /// Without a trailing slash, e.g. `https://nyota.example`.
    pub public_url: &'a str,
}

/// An email of the platform.
pub trait Template {
    fn render(&self, site: Site<'_>) -> Result<RenderedEmail, MailError>;
}

/// A body written as plain text and as HTML side by side. Every method takes
/// text, never markup, and escapes it for the HTML part.
#[derive(Default)]
struct Body {
    text: String,
    html: String,
}

const P_STYLE: &str = "margin:0 0 16px;line-height:1.5";

impl Body {
    fn paragraph(&mut self, text: &str) -> &mut Self {
        self.text.push_str(text);
        self.text.push_str("\n\n");
        self.html.push_str(&format!("<p style=\"{P_STYLE}\">"));
        push_lines(&mut self.html, text);
        self.html.push_str("</p>\n");
        self
    }

    /// Label–value rows; rows whose value is `None` are left out.
    fn fields(&mut self, rows: &[(&str, Option<&str>)]) -> &mut Self {
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
    fn quote(&mut self, text: &str) -> &mut Self {
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
    fn link(&mut self, label: &str, url: &str) -> &mut Self {
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
    fn finish(
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
        let mut html = String::from(
            "<!doctype html>\n<html lang=\"en\">\n<head><meta charset=\"utf-8\"><title>",
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
fn sales(site: Site<'_>) -> Result<Mailbox, MailError> {
    mailbox(
        "The sales inbox (site settings)",
        Some(&format!("{COMPANY} Sales")),
        &site.settings.sales_email,
    )
}

/// The support inbox from the settings.
fn support(site: Site<'_>) -> Result<Mailbox, MailError> {
    mailbox(
        "The support inbox (site settings)",
        Some(&format!("{COMPANY} Support")),
        &site.settings.support_email,
    )
}

/// What the tests of every email share: site settings, a request, a new
/// user, the message as sent, and the footer check.
#[cfg(test)]
mod test_support {
    use contract::intake::{ContactMessage, Registered};
    use time::OffsetDateTime;
    use uuid::Uuid;

    use super::*;

    pub(super) fn settings() -> SiteSettings {
        SiteSettings {
            sales_email: "deals@nyota.example".to_owned(),
            support_email: "help@nyota.example".to_owned(),
            phone: "+254 711 222 333".to_owned(),
            ..SiteSettings::default()
        }
    }

    pub(super) fn site(settings: &SiteSettings) -> Site<'_> {
        Site {
            settings,
            public_url: "https://nyota.example",
        }
    }

    pub(super) fn request(name: &str, message: &str) -> ContactMessage {
        ContactMessage {
            id: Uuid::now_v7(),
            name: name.to_owned(),
            email: "amina@example.com".to_owned(),
            subject: "Two racks in Nairobi".to_owned(),
            message: message.to_owned(),
            phone: Some("+254 700 000 001".to_owned()),
            company: None,
            source: Some("/contact".to_owned()),
            received_at: OffsetDateTime::now_utc(),
        }
    }

    pub(super) fn registered() -> Registered {
        Registered {
            user_id: Uuid::now_v7(),
            email: "new.user@example.com".to_owned(),
            name: "Baraka Mwangi".to_owned(),
            phone: "+254 700 111 222".to_owned(),
            registered_at: OffsetDateTime::now_utc(),
        }
    }

    /// The message as it goes over SMTP, as text.
    pub(super) fn wire(email: &RenderedEmail) -> String {
        let from: Mailbox = "Nyota Cloud <no-reply@nyota.example>"
            .parse()
            .expect("address");
        String::from_utf8(email.message(from).expect("builds").formatted()).expect("UTF-8")
    }

    pub(super) fn assert_footer(email: &RenderedEmail) {
        for part in [&email.text, &email.html] {
            assert!(part.contains("Nyota Cloud"), "{part}");
            assert!(part.contains("Nyota House, 4th Floor"), "{part}");
            assert!(part.contains("+254 711 222 333"), "{part}");
        }
    }
}
