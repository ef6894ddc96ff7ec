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
mod parts;
mod password_reset;
mod privacy;
mod registration;
mod subscriptions;
mod waitlist;

pub use chat::{ChatAddressCode, ChatReplies, ChatTranscript, OfflineChat, chat_thread};
pub use contact::{ContactAcknowledgement, ContactToSales};
pub use parts::{RenderedEmail, Site, Template, Thread};
pub use password_reset::{AgentInvite, PasswordReset};
pub use privacy::{PrivacyConfirmation, PrivacyExportReady, PrivacyProgress, PrivacyStepTaken};
pub use registration::{RegistrationToSales, Welcome};
pub use subscriptions::SubscriptionConfirmation;
pub use waitlist::WaitlistConfirmation;

/// What the tests of every email share: site settings, a request, a new
/// user, the message as sent, and the footer check.
#[cfg(test)]
mod test_support {
    use contract::intake::{ContactMessage, Registered};
    use contract::language::Language;
    use contract::site_settings::SiteSettings;
    use lettre::message::Mailbox;
    use time::OffsetDateTime;
    use uuid::Uuid;

    use super::parts::*;

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
            language: Language::En,
        }
    }

    pub(super) fn registered() -> Registered {
        Registered {
            user_id: Uuid::now_v7(),
            email: "new.user@example.com".to_owned(),
            name: "Baraka Mwangi".to_owned(),
            phone: "+254 700 111 222".to_owned(),
            registered_at: OffsetDateTime::now_utc(),
            language: Language::En,
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
