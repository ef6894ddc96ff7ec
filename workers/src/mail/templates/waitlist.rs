//! The confirmation of a waitlist entry.

use contract::waitlist::{WaitlistInterest, WaitlistJoined};
use runtime::texts;

use super::parts::{Body, RenderedEmail, Site, Template, sales};
use crate::mail::address::{COMPANY, mailbox};
use crate::mail::error::MailError;

/// The confirmation of a waitlist entry, to the visitor, in the language of
/// the page the form is on.
pub struct WaitlistConfirmation<'a>(pub &'a WaitlistJoined);

impl Template for WaitlistConfirmation<'_> {
    fn render(&self, site: Site<'_>) -> Result<RenderedEmail, MailError> {
        let entry = self.0;
        let to = mailbox("The visitor's address", entry.name.as_deref(), &entry.email)?;
        let language = entry.language;
        let say = |id| texts::say(language, id, &[("company", COMPANY.into())]);
        let greeting = match entry.name.as_deref().map(str::trim) {
            Some(name) if !name.is_empty() => {
                texts::say(language, "email-greeting", &[("name", name.into())])
            }
            _ => say("email-hello"),
        };
        let (subject, what, next) = match entry.interest {
            WaitlistInterest::General => (
                "waitlist-general-subject",
                "waitlist-general-what",
                "waitlist-general-next",
            ),
            WaitlistInterest::GpuCluster => (
                "waitlist-gpu-subject",
                "waitlist-gpu-what",
                "waitlist-gpu-next",
            ),
        };
        let mut body = Body::in_language(language);
        body.paragraph(&greeting)
            .paragraph(&say(what))
            .paragraph(&say(next))
            .paragraph(&format!(
                "{}\n\n{}",
                say("waitlist-ignore"),
                say("email-signature")
            ));
        Ok(body.finish(
            "waitlist.confirm",
            to,
            Some(sales(site)?),
            say(subject),
            site,
        ))
    }
}

#[cfg(test)]
mod tests {
    use contract::language::Language;
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
            language: Language::En,
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
    fn the_waitlist_confirmation_is_written_in_the_language_of_the_form_s_page() {
        let settings = settings();
        let mut entry = WaitlistJoined {
            id: Uuid::now_v7(),
            email: "amina@example.com".to_owned(),
            name: Some("Amina".to_owned()),
            interest: WaitlistInterest::GpuCluster,
            received_at: OffsetDateTime::now_utc(),
            language: Language::Fr,
        };
        let french = WaitlistConfirmation(&entry)
            .render(site(&settings))
            .expect("renders");
        assert_eq!(
            french.subject,
            "Vous êtes sur la liste d’accès anticipé au cluster GPU Nyota Cloud"
        );
        assert!(french.html.contains("<html lang=\"fr\">"));
        assert!(
            french.text.starts_with("Bonjour Amina,\n\n"),
            "{}",
            french.text
        );
        assert!(french.text.contains("L’équipe Nyota Cloud"));
        assert_footer(&french);

        entry.name = None;
        entry.interest = WaitlistInterest::General;
        entry.language = Language::Sw;
        let kiswahili = WaitlistConfirmation(&entry)
            .render(site(&settings))
            .expect("renders");
        assert_eq!(
            kiswahili.subject,
            "Uko kwenye orodha ya kusubiri ya Nyota Cloud"
        );
        assert!(kiswahili.text.starts_with("Habari,\n\n"));
    }
}
