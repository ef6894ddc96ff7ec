//! Every email the platform sends, in one place: a typed struct per email,
//! rendered into a [`RenderedEmail`] (recipient, reply-to, subject, and a
//! plain-text and an HTML part). Bodies are written with [`Body`], which
//! writes both parts at once and escapes every piece of text in the HTML
//! part (it takes no markup at all), so user text can never become markup.
//! Every email ends with the company footer: name, office address and phone
//! from the site settings, read when the email is rendered. An email to a
//! subscriber also carries its unsubscribe link, in the body and as a
//! `List-Unsubscribe` header.

use contract::chat::{ChatMessage, ChatSession, SenderType, SessionStarted};
use contract::intake::{ContactMessage, Registered};
use contract::site_settings::SiteSettings;
use contract::subscriptions::{SubscriptionRequested, SubscriptionTopic};
use contract::waitlist::{WaitlistInterest, WaitlistJoined};
use lettre::Message;
use lettre::message::header::{Header, HeaderName, HeaderValue};
use lettre::message::{Mailbox, MultiPart};

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

/// Whether a request came from a demo form (the finance and hosted-email
/// pages) rather than the contact page.
fn is_demo_request(request: &ContactMessage) -> bool {
    matches!(
        request.source.as_deref(),
        Some("/finance" | "/solutions/nyota-finance")
    )
}

/// A contact or demo request, to the sales inbox; replying answers the visitor.
pub struct ContactToSales<'a>(pub &'a ContactMessage);

impl Template for ContactToSales<'_> {
    fn render(&self, site: Site<'_>) -> Result<RenderedEmail, MailError> {
        let request = self.0;
        let visitor = mailbox("The visitor's address", Some(&request.name), &request.email)?;
        let what = if is_demo_request(request) {
            "Demo request"
        } else {
            "Contact request"
        };
        let mut body = Body::default();
        body.paragraph(&format!(
            "{what} from {name} <{email}>. Reply to this email to answer them; \
             mark it handled in the admin inbox.",
            name = request.name,
            email = request.email,
        ))
        .fields(&[
            ("Name", Some(&request.name)),
            ("Email", Some(&request.email)),
            ("Phone", request.phone.as_deref()),
            ("Company", request.company.as_deref()),
            ("Subject", Some(&request.subject)),
            ("Sent from", request.source.as_deref()),
            ("Received", Some(&received(request))),
        ])
        .quote(&request.message)
        .link(
            "Open the admin inbox",
            &format!("{}/admin", site.public_url),
        );
        Ok(body.finish(
            "contact.sales",
            sales(site)?,
            Some(visitor),
            format!("{what} from {}: {}", request.name, request.subject),
            site,
        ))
    }
}

/// The visitor's acknowledgement of a contact or demo request; replying
/// reaches the sales inbox.
pub struct ContactAcknowledgement<'a>(pub &'a ContactMessage);

impl Template for ContactAcknowledgement<'_> {
    fn render(&self, site: Site<'_>) -> Result<RenderedEmail, MailError> {
        let request = self.0;
        let visitor = mailbox("The visitor's address", Some(&request.name), &request.email)?;
        let mut body = Body::default();
        body.paragraph(&format!("Hello {},", request.name))
            .paragraph(&format!(
                "Thank you for contacting {COMPANY}. We have received your message and \
                 we will reply within 24 hours."
            ))
            .paragraph("For your records, this is what you sent us:")
            .fields(&[("Subject", Some(&request.subject))])
            .quote(&request.message)
            .paragraph(&format!(
                "If you need to add anything, simply reply to this email.\n\nThe {COMPANY} team"
            ));
        Ok(body.finish(
            "contact.ack",
            visitor,
            Some(sales(site)?),
            format!("We received your message: {}", request.subject),
            site,
        ))
    }
}

/// Welcome to a newly registered user.
pub struct Welcome<'a>(pub &'a Registered);

impl Template for Welcome<'_> {
    fn render(&self, site: Site<'_>) -> Result<RenderedEmail, MailError> {
        let user = self.0;
        let to = mailbox("The new user's address", Some(&user.name), &user.email)?;
        let support = mailbox(
            "The support inbox (site settings)",
            Some(&format!("{COMPANY} Support")),
            &site.settings.support_email,
        )?;
        let mut body = Body::default();
        body.paragraph(&format!("Hello {},", user.name))
            .paragraph(&format!(
                "Welcome to {COMPANY}. Your account for {} is ready: sign in to see your \
                 dashboard and our services.",
                user.email
            ))
            .link("Sign in", &format!("{}/login", site.public_url))
            .paragraph(&format!(
                "Questions about a service or a quote? Reply to this email, or call us on {}.\n\n\
                 The {COMPANY} team",
                site.settings.phone
            ));
        Ok(body.finish(
            "registration.welcome",
            to,
            Some(support),
            format!("Welcome to {COMPANY}"),
            site,
        ))
    }
}

/// A note to the sales inbox about a new registration; replying reaches the
/// new user.
pub struct RegistrationToSales<'a>(pub &'a Registered);

impl Template for RegistrationToSales<'_> {
    fn render(&self, site: Site<'_>) -> Result<RenderedEmail, MailError> {
        let user = self.0;
        let reply_to = mailbox("The new user's address", Some(&user.name), &user.email)?;
        let registered = user
            .registered_at
            .format(&time::format_description::well_known::Rfc2822)
            .unwrap_or_else(|_| user.registered_at.to_string());
        let phone = (!user.phone.trim().is_empty()).then_some(user.phone.as_str());
        let mut body = Body::default();
        body.paragraph(&format!("{} registered an account.", user.name))
            .fields(&[
                ("Name", Some(&user.name)),
                ("Email", Some(&user.email)),
                ("Phone", phone),
                ("Registered", Some(&registered)),
            ])
            .paragraph("Reply to this email to reach them.");
        Ok(body.finish(
            "registration.sales",
            sales(site)?,
            Some(reply_to),
            format!("New registration: {}", user.name),
            site,
        ))
    }
}

/// A chat started while no agent was online, to the support inbox;
/// replying answers the visitor.
pub struct OfflineChat<'a>(pub &'a SessionStarted);

impl Template for OfflineChat<'_> {
    fn render(&self, site: Site<'_>) -> Result<RenderedEmail, MailError> {
        let chat = &self.0.session;
        let visitor = mailbox(
            "The visitor's address",
            Some(&chat.visitor_name),
            &chat.visitor_email,
        )?;
        let support = mailbox(
            "The support inbox (site settings)",
            Some(&format!("{COMPANY} Support")),
            &site.settings.support_email,
        )?;
        let started = chat
            .created_at
            .format(&time::format_description::well_known::Rfc2822)
            .unwrap_or_else(|_| chat.created_at.to_string());
        let mut body = Body::default();
        body.paragraph(&format!(
            "{} <{}> started a chat while no agent was online.",
            chat.visitor_name, chat.visitor_email
        ))
        .fields(&[
            ("Chat", Some(&chat.session_id.to_string())),
            ("Started", Some(&started)),
        ])
        .paragraph(
            "They were told we will reply by email. Open the agent console to read the \
             conversation, or reply to this email.",
        )
        .link(
            "Open the agent console",
            &format!("{}/admin/chat", site.public_url),
        );
        Ok(body.finish(
            "chat.offline",
            support,
            Some(visitor),
            format!("Offline chat from {}", chat.visitor_name),
            site,
        ))
    }
}

/// A chat's transcript, to its visitor: what both sides wrote and the
/// notices they saw, in order. Agents' private notes are not chat messages
/// and never reach this template.
pub struct ChatTranscript<'a> {
    pub chat: &'a ChatSession,
    pub messages: &'a [ChatMessage],
}

impl Template for ChatTranscript<'_> {
    fn render(&self, site: Site<'_>) -> Result<RenderedEmail, MailError> {
        let chat = self.chat;
        let visitor = mailbox(
            "The chat's address",
            Some(&chat.visitor_name),
            &chat.visitor_email,
        )?;
        let support = mailbox(
            "The support inbox (site settings)",
            Some(&format!("{COMPANY} Support")),
            &site.settings.support_email,
        )?;
        let when = |at: &time::OffsetDateTime| {
            at.format(&time::format_description::well_known::Rfc2822)
                .unwrap_or_else(|_| at.to_string())
        };
        let mut body = Body::default();
        body.paragraph(&format!(
            "Hello {}, here is the transcript of your chat with {COMPANY}, started {}.",
            chat.visitor_name,
            when(&chat.created_at)
        ));
        if self.messages.is_empty() {
            body.paragraph("Nobody has written in this chat yet.");
        }
        for message in self.messages {
            let who = match message.sender_type {
                SenderType::User => chat.visitor_name.as_str(),
                SenderType::Agent => "Support",
                SenderType::System => "Notice",
            };
            body.fields(&[(who, Some(&when(&message.created_at)))])
                .quote(&message.message);
        }
        body.paragraph("To follow up, reply to this email or start a new chat on our site.")
            .link("Visit our site", site.public_url);
        Ok(body.finish(
            "chat.transcript",
            visitor,
            Some(support),
            format!("Your chat transcript from {COMPANY}"),
            site,
        ))
    }
}

/// The confirmation of a waitlist entry, to the visitor.
pub struct WaitlistConfirmation<'a>(pub &'a WaitlistJoined);

impl Template for WaitlistConfirmation<'_> {
    fn render(&self, site: Site<'_>) -> Result<RenderedEmail, MailError> {
        let entry = self.0;
        let to = mailbox("The visitor's address", entry.name.as_deref(), &entry.email)?;
        let greeting = match entry.name.as_deref().map(str::trim) {
            Some(name) if !name.is_empty() => format!("Hello {name},"),
            _ => "Hello,".to_owned(),
        };
        let (subject, what, next) = match entry.interest {
            WaitlistInterest::General => (
                format!("You're on the {COMPANY} waitlist"),
                format!("You're on the waitlist for a {COMPANY} account."),
                "We will email you as soon as registration is open to you.",
            ),
            WaitlistInterest::GpuCluster => (
                format!("You're on the {COMPANY} GPU cluster early-access list"),
                format!("You're on the early-access list for the {COMPANY} GPU cluster."),
                "We will email you when early access opens, with the capacity and terms on offer.",
            ),
        };
        let mut body = Body::default();
        body.paragraph(&greeting)
            .paragraph(&what)
            .paragraph(next)
            .paragraph(&format!(
                "If you did not ask for this, ignore this email: we will not write to you \
                 about it otherwise. Questions? Simply reply to this email.\n\nThe {COMPANY} team"
            ));
        Ok(body.finish("waitlist.confirm", to, Some(sales(site)?), subject, site))
    }
}

/// What a subscriber of `topic` gets email about.
fn topic_description(topic: SubscriptionTopic) -> &'static str {
    match topic {
        SubscriptionTopic::Blog => "new articles on the Nyota blog",
        SubscriptionTopic::Events => "upcoming Nyota events",
    }
}

/// The double opt-in email: a signed link that confirms the subscription,
/// and the unsubscribe link every email to a subscriber carries. The tokens
/// come from [`contract::signing::Signer`].
pub struct SubscriptionConfirmation<'a> {
    pub request: &'a SubscriptionRequested,
    pub confirm_token: &'a str,
    pub unsubscribe_token: &'a str,
}

impl Template for SubscriptionConfirmation<'_> {
    fn render(&self, site: Site<'_>) -> Result<RenderedEmail, MailError> {
        let request = self.request;
        let to = mailbox("The subscriber's address", None, &request.email)?;
        let confirm = format!(
            "{}/api/subscriptions/confirm?token={}",
            site.public_url, self.confirm_token
        );
        let unsubscribe = format!(
            "{}/api/subscriptions/unsubscribe?token={}",
            site.public_url, self.unsubscribe_token
        );
        let what = topic_description(request.topic);
        let mut body = Body::default();
        body.paragraph("Hello,")
            .paragraph(&format!(
                "Please confirm that {} should receive email about {what}.",
                request.email
            ))
            .link("Confirm my subscription", &confirm)
            .paragraph(
                "If you did not ask for this, ignore this email: without your confirmation \
                 you will not hear from us.",
            )
            .link("Unsubscribe", &unsubscribe)
            .paragraph(&format!("The {COMPANY} team"));
        let mut email = body.finish(
            "subscription.confirm",
            to,
            None,
            format!("Confirm your subscription to {what}"),
            site,
        );
        email.list_unsubscribe = Some(unsubscribe);
        Ok(email)
    }
}

/// A password-reset link for an existing account (the token is only ever in
/// this email; the database keeps its hash).
pub struct PasswordReset<'a> {
    pub name: &'a str,
    pub email: &'a str,
    pub token: &'a str,
}

impl PasswordReset<'_> {
    /// Which email this is, in `sent_emails`.
    pub const KIND: &'static str = "password.reset";
}

impl Template for PasswordReset<'_> {
    fn render(&self, site: Site<'_>) -> Result<RenderedEmail, MailError> {
        let to = mailbox("The account's address", Some(self.name), self.email)?;
        let minutes = contract::password_reset::TOKEN_LIFETIME.as_secs() / 60;
        let mut body = Body::default();
        body.paragraph(&format!("Hello {},", self.name))
            .paragraph(&format!(
                "We received a request to reset the password of your {COMPANY} account \
                 ({}). Choose a new password here:",
                self.email
            ))
            .link(
                "Reset my password",
                &format!("{}/reset-password?token={}", site.public_url, self.token),
            )
            .paragraph(&format!(
                "The link works once, within {minutes} minutes. Resetting your password \
                 signs you out everywhere."
            ))
            .paragraph(&format!(
                "If you did not ask for this, ignore this email: your password stays as it \
                 is.\n\nThe {COMPANY} team"
            ));
        Ok(body.finish(
            PasswordReset::KIND,
            to,
            None,
            format!("Reset your {COMPANY} password"),
            site,
        ))
    }
}

/// An admin invited someone to the support team: a link to choose a first
/// password (the reset token machinery, with the invitation's lifetime).
pub struct AgentInvite<'a> {
    pub name: &'a str,
    pub email: &'a str,
    pub token: &'a str,
}

impl AgentInvite<'_> {
    /// Which email this is, in `sent_emails`.
    pub const KIND: &'static str = "agent.invite";
}

impl Template for AgentInvite<'_> {
    fn render(&self, site: Site<'_>) -> Result<RenderedEmail, MailError> {
        let to = mailbox("The invited address", Some(self.name), self.email)?;
        let hours = contract::password_reset::INVITE_LIFETIME.as_secs() / 3600;
        let mut body = Body::default();
        body.paragraph(&format!("Hello {},", self.name))
            .paragraph(&format!(
                "You have been invited to answer chats for the {COMPANY} support team \
                 ({}). Choose your password here:",
                self.email
            ))
            .link(
                "Set my password",
                &format!(
                    "{}/reset-password?token={}&invite=1",
                    site.public_url, self.token
                ),
            )
            .paragraph(&format!(
                "The link works once, within {hours} hours. Then sign in with this email \
                 address and your new password.\n\nThe {COMPANY} team"
            ));
        Ok(body.finish(
            AgentInvite::KIND,
            to,
            None,
            format!("You're invited to the {COMPANY} support team"),
            site,
        ))
    }
}

/// When the gateway accepted a request, for people.
fn received(request: &ContactMessage) -> String {
    request
        .received_at
        .format(&time::format_description::well_known::Rfc2822)
        .unwrap_or_else(|_| request.received_at.to_string())
}

#[cfg(test)]
mod tests {
    use contract::chat::{ChatSession, ChatStatus};
    use time::OffsetDateTime;
    use uuid::Uuid;

    use super::*;

    fn settings() -> SiteSettings {
        SiteSettings {
            sales_email: "deals@nyota.example".to_owned(),
            support_email: "help@nyota.example".to_owned(),
            phone: "+254 711 222 333".to_owned(),
            ..SiteSettings::default()
        }
    }

    fn site(settings: &SiteSettings) -> Site<'_> {
        Site {
            settings,
            public_url: "https://nyota.example",
        }
    }

    fn request(name: &str, message: &str) -> ContactMessage {
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

    fn registered() -> Registered {
        Registered {
            user_id: Uuid::now_v7(),
            email: "new.user@example.com".to_owned(),
            name: "Baraka Mwangi".to_owned(),
            phone: "+254 700 111 222".to_owned(),
            registered_at: OffsetDateTime::now_utc(),
        }
    }

    /// The message as it goes over SMTP, as text.
    fn wire(email: &RenderedEmail) -> String {
        let from: Mailbox = "Nyota Cloud <no-reply@nyota.example>"
            .parse()
            .expect("address");
        String::from_utf8(email.message(from).expect("builds").formatted()).expect("UTF-8")
    }

    fn assert_footer(email: &RenderedEmail) {
        for part in [&email.text, &email.html] {
            assert!(part.contains("Nyota Cloud"), "{part}");
            assert!(part.contains("Nyota House, 4th Floor"), "{part}");
            assert!(part.contains("+254 711 222 333"), "{part}");
        }
    }

    #[test]
    fn the_sales_email_names_the_request_and_replies_to_the_visitor() {
        let settings = settings();
        let request = request("Amina Otieno", "Line one\nLine two");
        let email = ContactToSales(&request)
            .render(site(&settings))
            .expect("renders");
        assert_eq!(email.kind, "contact.sales");
        assert_eq!(
            email.to.to_string(),
            "Nyota Cloud Sales <deals@nyota.example>"
        );
        assert_eq!(
            email.reply_to.as_ref().map(ToString::to_string).as_deref(),
            Some("Amina Otieno <amina@example.com>")
        );
        assert_eq!(
            email.subject,
            "Contact request from Amina Otieno: Two racks in Nairobi"
        );
        assert!(email.text.contains("Phone: +254 700 000 001"));
        assert!(
            !email.text.contains("Company:"),
            "absent fields are left out"
        );
        assert!(email.text.contains("> Line one\n> Line two\n"));
        assert!(email.html.contains("Line one\nLine two</blockquote>"));
        assert!(email.text.contains("https://nyota.example/admin"));
        assert_footer(&email);

        let wire = wire(&email);
        assert!(
            wire.contains("Content-Type: multipart/alternative"),
            "{wire}"
        );
        assert!(
            wire.contains("Content-Type: text/plain; charset=utf-8"),
            "{wire}"
        );
        assert!(
            wire.contains("Content-Type: text/html; charset=utf-8"),
            "{wire}"
        );
        assert!(
            wire.contains("Reply-To: \"Amina Otieno\" <amina@example.com>")
                || wire.contains("Reply-To: Amina Otieno <amina@example.com>")
        );
        assert!(
            wire.contains("To: \"Nyota Cloud Sales\" <deals@nyota.example>")
                || wire.contains("To: Nyota Cloud Sales <deals@nyota.example>")
        );
    }

    #[test]
    fn demo_forms_make_demo_requests() {
        let settings = settings();
        let mut request = request("Amina", "Show us");
        request.source = Some("/finance".to_owned());
        let email = ContactToSales(&request)
            .render(site(&settings))
            .expect("renders");
        assert!(email.subject.starts_with("Demo request from Amina"));
    }

    #[test]
    fn user_text_is_escaped_in_html_and_kept_in_text() {
        let settings = settings();
        let request = request(
            "<script>alert(1)</script>",
            "<img src=x onerror=alert(2)> & \"quotes\"",
        );
        for email in [
            ContactToSales(&request)
                .render(site(&settings))
                .expect("renders"),
            ContactAcknowledgement(&request)
                .render(site(&settings))
                .expect("renders"),
        ] {
            assert!(!email.html.contains("<script>"), "{}", email.html);
            assert!(!email.html.contains("<img"), "{}", email.html);
            assert!(email.html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
            assert!(
                email
                    .html
                    .contains("&lt;img src=x onerror=alert(2)&gt; &amp;")
            );
            assert!(email.text.contains("<script>alert(1)</script>"));
        }
    }

    #[test]
    fn the_acknowledgement_promises_a_reply_within_24_hours_and_replies_to_sales() {
        let settings = settings();
        let request = request("Amina Otieno", "Hello");
        let email = ContactAcknowledgement(&request)
            .render(site(&settings))
            .expect("renders");
        assert_eq!(email.kind, "contact.ack");
        assert_eq!(email.to.to_string(), "Amina Otieno <amina@example.com>");
        assert_eq!(
            email
                .reply_to
                .as_ref()
                .map(|m| m.email.to_string())
                .as_deref(),
            Some("deals@nyota.example")
        );
        assert_eq!(
            email.subject,
            "We received your message: Two racks in Nairobi"
        );
        for part in [&email.text, &email.html] {
            assert!(part.contains("we will reply within 24 hours"), "{part}");
            assert!(part.contains("Hello Amina Otieno,"), "{part}");
        }
        assert_footer(&email);
    }

    #[test]
    fn registration_emails_welcome_the_user_and_tell_sales() {
        let settings = settings();
        let user = registered();
        let welcome = Welcome(&user).render(site(&settings)).expect("renders");
        assert_eq!(welcome.kind, "registration.welcome");
        assert_eq!(
            welcome.to.to_string(),
            "Baraka Mwangi <new.user@example.com>"
        );
        assert_eq!(welcome.subject, "Welcome to Nyota Cloud");
        assert!(
            welcome
                .text
                .contains("Sign in: https://nyota.example/login")
        );
        assert!(
            welcome
                .html
                .contains("href=\"https://nyota.example/login\"")
        );
        assert_footer(&welcome);

        let note = RegistrationToSales(&user)
            .render(site(&settings))
            .expect("renders");
        assert_eq!(note.kind, "registration.sales");
        assert_eq!(note.to.email.to_string(), "deals@nyota.example");
        assert_eq!(
            note.reply_to
                .as_ref()
                .map(|m| m.email.to_string())
                .as_deref(),
            Some("new.user@example.com")
        );
        assert_eq!(note.subject, "New registration: Baraka Mwangi");
        assert!(note.text.contains("Phone: +254 700 111 222"));
        assert_footer(&note);
    }

    #[test]
    fn the_offline_chat_goes_to_the_support_inbox_of_the_settings() {
        let settings = settings();
        let started = SessionStarted {
            session: ChatSession {
                session_id: Uuid::now_v7(),
                visitor_name: "Offline <b>Visitor</b>".to_owned(),
                visitor_email: "visitor@example.com".to_owned(),
                status: ChatStatus::Open,
                created_at: OffsetDateTime::now_utc(),
                queue_position: None,
            },
            agents_online: false,
        };
        let email = OfflineChat(&started)
            .render(site(&settings))
            .expect("renders");
        assert_eq!(email.to.email.to_string(), "help@nyota.example");
        assert_eq!(email.subject, "Offline chat from Offline <b>Visitor</b>");
        assert!(email.html.contains("Offline &lt;b&gt;Visitor&lt;/b&gt;"));
        assert!(email.text.contains("https://nyota.example/admin/chat"));
        assert_footer(&email);
    }

    #[test]
    fn the_waitlist_confirmation_names_the_interest_and_escapes_the_name() {
        let settings = settings();
        let mut entry = WaitlistJoined {
            id: Uuid::now_v7(),
            email: "amina@example.com".to_owned(),
            name: Some("<b>Amina</b>".to_owned()),
            interest: WaitlistInterest::GpuCluster,
            received_at: OffsetDateTime::now_utc(),
        };
        let email = WaitlistConfirmation(&entry)
            .render(site(&settings))
            .expect("renders");
        assert_eq!(email.kind, "waitlist.confirm");
        assert_eq!(email.to.email.to_string(), "amina@example.com");
        assert_eq!(
            email.subject,
            "You're on the Nyota Cloud GPU cluster early-access list"
        );
        assert!(email.text.contains("Hello <b>Amina</b>,"));
        assert!(email.html.contains("Hello &lt;b&gt;Amina&lt;/b&gt;,"));
        assert!(!email.html.contains("<b>Amina"));
        assert!(email.list_unsubscribe.is_none());
        assert_footer(&email);

        entry.name = None;
        entry.interest = WaitlistInterest::General;
        let email = WaitlistConfirmation(&entry)
            .render(site(&settings))
            .expect("renders");
        assert_eq!(email.subject, "You're on the Nyota Cloud waitlist");
        assert!(email.text.starts_with("Hello,\n\n"));
        assert!(email.text.contains("as soon as registration is open"));
    }

    #[test]
    fn the_subscription_confirmation_carries_both_signed_links_and_the_header() {
        let settings = settings();
        let request = SubscriptionRequested {
            id: Uuid::now_v7(),
            email: "reader@example.com".to_owned(),
            topic: SubscriptionTopic::Blog,
            received_at: OffsetDateTime::now_utc(),
        };
        let email = SubscriptionConfirmation {
            request: &request,
            confirm_token: "abc.CONFIRM",
            unsubscribe_token: "abc.LEAVE",
        }
        .render(site(&settings))
        .expect("renders");
        assert_eq!(email.kind, "subscription.confirm");
        assert_eq!(
            email.subject,
            "Confirm your subscription to new articles on the Nyota blog"
        );
        let confirm = "https://nyota.example/api/subscriptions/confirm?token=abc.CONFIRM";
        let leave = "https://nyota.example/api/subscriptions/unsubscribe?token=abc.LEAVE";
        assert!(
            email
                .text
                .contains(&format!("Confirm my subscription: {confirm}"))
        );
        assert!(email.text.contains(&format!("Unsubscribe: {leave}")));
        assert!(email.html.contains(&format!("href=\"{confirm}\"")));
        assert!(email.html.contains(&format!("href=\"{leave}\"")));
        assert_eq!(email.list_unsubscribe.as_deref(), Some(leave));
        assert_footer(&email);
        let wire = wire(&email);
        assert!(
            wire.contains(&format!("List-Unsubscribe: <{leave}>")),
            "{wire}"
        );
    }

    #[test]
    fn the_password_reset_links_to_the_reset_page_and_says_how_long_it_works() {
        let settings = settings();
        let email = PasswordReset {
            name: "Baraka Mwangi",
            email: "baraka@example.com",
            token: "TOKEN_abc-123",
        }
        .render(site(&settings))
        .expect("renders");
        assert_eq!(email.kind, PasswordReset::KIND);
        assert_eq!(email.to.to_string(), "Baraka Mwangi <baraka@example.com>");
        assert_eq!(email.subject, "Reset your Nyota Cloud password");
        let link = "https://nyota.example/reset-password?token=TOKEN_abc-123";
        assert!(email.text.contains(&format!("Reset my password: {link}")));
        assert!(email.html.contains(&format!("href=\"{link}\"")));
        for part in [&email.text, &email.html] {
            assert!(part.contains("within 30 minutes"), "{part}");
            assert!(part.contains("baraka@example.com"), "{part}");
        }
        assert!(email.list_unsubscribe.is_none());
        assert_footer(&email);
        assert!(wire(&email).contains("Content-Type: multipart/alternative"));
    }

    #[test]
    fn a_bad_inbox_in_the_settings_is_a_data_error() {
        let settings = SiteSettings {
            sales_email: "not-an-address".to_owned(),
            ..SiteSettings::default()
        };
        let request = request("Amina", "Hello");
        let error = ContactToSales(&request)
            .render(site(&settings))
            .expect_err("refused");
        assert!(error.to_string().contains("sales inbox"), "{error}");
    }
}
