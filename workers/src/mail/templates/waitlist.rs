//! The confirmation of a waitlist entry.

use contract::waitlist::{WaitlistInterest, WaitlistJoined};

use super::parts::{Body, RenderedEmail, Site, Template, sales};
use crate::mail::address::{COMPANY, mailbox};
use crate::mail::error::MailError;

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

#[cfg(test)]
mod tests {
    use time::OffsetDateTime;
    use uuid::Uuid;

    use super::*;
    use crate::mail::templates::test_support::*;

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
}
