//! The emails of a data subject request: the link that confirms the
//! address is the asker's, the acknowledgement and the initial response
//! (each with the date it will be fulfilled by), and the link to download
//! an access request's archive. The links are signed and expire
//! ([`runtime::signing::Signer::sign_until`]).

use contract::privacy::PrivacyRequestKind;
use time::OffsetDateTime;

use super::parts::{Body, RenderedEmail, Site, Template, support};
use crate::mail::address::{COMPANY, mailbox};
use crate::mail::error::MailError;

/// Asks the person to confirm their request.
pub struct PrivacyConfirmation<'a> {
    pub email: &'a str,
    pub kind: PrivacyRequestKind,
    pub token: &'a str,
}

impl Template for PrivacyConfirmation<'_> {
    fn render(&self, site: Site<'_>) -> Result<RenderedEmail, MailError> {
        let to = mailbox("The requester's address", None, self.email)?;
        let link = format!(
            "{}/api/privacy/requests/confirm?token={}",
            site.public_url, self.token
        );
        let mut body = Body::default();
        body.paragraph("Hello,")
            .paragraph(&format!(
                "We received a request for {} held by {COMPANY} under {}. Please confirm \
                 that this address is yours and that you made the request:",
                self.kind.label(),
                self.email
            ))
            .link("Confirm my request", &link)
            .paragraph(
                "The link works for 7 days. If you did not ask for this, ignore this email: \
                 nothing happens without your confirmation.",
            )
            .paragraph(&format!("The {COMPANY} team"));
        Ok(body.finish(
            "privacy.confirm",
            to,
            None,
            "Confirm your privacy request".to_owned(),
            site,
        ))
    }
}

/// The link to the archive of an access request.
pub struct PrivacyExportReady<'a> {
    pub email: &'a str,
    pub token: &'a str,
    pub expires_at: OffsetDateTime,
}

impl Template for PrivacyExportReady<'_> {
    fn render(&self, site: Site<'_>) -> Result<RenderedEmail, MailError> {
        let to = mailbox("The requester's address", None, self.email)?;
        let link = format!(
            "{}/api/privacy/exports?token={}",
            site.public_url, self.token
        );
        let until = day(self.expires_at);
        let mut body = Body::default();
        body.paragraph("Hello,")
            .paragraph(&format!(
                "The copy of your data you asked for is ready: one archive with every record \
                 we hold about {}, as data (data.json) and as a page you can read \
                 (summary.html), with your chat attachments.",
                self.email
            ))
            .link("Download my data", &link)
            .paragraph(&format!(
                "The link works until {until} (7 days). Anyone with it can download the \
                 archive, so keep this email to yourself."
            ))
            .paragraph(&format!("The {COMPANY} team"));
        Ok(body.finish(
            "privacy.export",
            to,
            None,
            "Your data from Nyota Cloud is ready".to_owned(),
            site,
        ))
    }
}

/// A date as the emails write it: "9 January 2027".
fn day(at: OffsetDateTime) -> String {
    format!("{} {} {}", at.day(), at.month(), at.year())
}

/// Which step of the request an email tells the person about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PrivacyStepTaken {
    /// Staff acknowledged the request.
    Acknowledged,
    /// Staff sent the initial response.
    Responded,
}

/// Tells the person that staff acknowledged their request, or sent the
/// initial response, and by when it will be fulfilled.
pub struct PrivacyProgress<'a> {
    pub email: &'a str,
    pub kind: PrivacyRequestKind,
    pub step: PrivacyStepTaken,
    pub received_at: OffsetDateTime,
    pub fulfil_by: OffsetDateTime,
}

impl Template for PrivacyProgress<'_> {
    fn render(&self, site: Site<'_>) -> Result<RenderedEmail, MailError> {
        let to = mailbox("The requester's address", None, self.email)?;
        let (noun, label) = (self.kind.noun(), self.kind.label());
        let (received, due) = (day(self.received_at), day(self.fulfil_by));
        let mut body = Body::default();
        body.paragraph("Hello,");
        let (kind, subject) = match self.step {
            PrivacyStepTaken::Acknowledged => {
                body.paragraph(&format!(
                    "We have received your {noun} request of {received}: your request for \
                     {label} held by {COMPANY} under {}. Our team is handling it.",
                    self.email
                ))
                .paragraph(&format!(
                    "We will complete it by {due} at the latest. If we need anything more from \
                     you to do so, we will write to you at this address."
                ));
                (
                    "privacy.acknowledge",
                    format!("We have received your {noun} request"),
                )
            }
            PrivacyStepTaken::Responded => {
                body.paragraph(&format!(
                    "An update on your {noun} request of {received} (your request for {label} \
                     held by {COMPANY} under {}): we have reviewed it and are now carrying it \
                     out.",
                    self.email
                ))
                .paragraph(&format!(
                    "It will be complete by {due} at the latest, and we will email you at this \
                     address when it is."
                ));
                (
                    "privacy.respond",
                    format!("An update on your {noun} request"),
                )
            }
        };
        body.paragraph(
            "If you did not make this request, or have a question about it, reply to this \
             email.",
        )
        .paragraph(&format!("The {COMPANY} team"));
        // Replies reach the support inbox, which handles the request.
        let reply_to = support(site)?;
        Ok(body.finish(kind, to, Some(reply_to), subject, site))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mail::templates::test_support::*;

    #[test]
    fn the_confirmation_carries_the_signed_link() {
        let settings = settings();
        let email = PrivacyConfirmation {
            email: "amina@example.com",
            kind: PrivacyRequestKind::Erasure,
            token: "abc.1.SIG",
        }
        .render(site(&settings))
        .expect("renders");
        assert_eq!(email.kind, "privacy.confirm");
        assert_eq!(email.subject, "Confirm your privacy request");
        let link = "https://nyota.example/api/privacy/requests/confirm?token=abc.1.SIG";
        assert!(email.text.contains(&format!("Confirm my request: {link}")));
        assert!(email.text.contains("the erasure of your data"));
        assert!(email.html.contains(&format!("href=\"{link}\"")));
        assert_footer(&email);
    }

    #[test]
    fn the_export_email_links_to_the_archive() {
        let settings = settings();
        let email = PrivacyExportReady {
            email: "amina@example.com",
            token: "abc.2.SIG",
            expires_at: OffsetDateTime::UNIX_EPOCH,
        }
        .render(site(&settings))
        .expect("renders");
        assert_eq!(email.kind, "privacy.export");
        let link = "https://nyota.example/api/privacy/exports?token=abc.2.SIG";
        assert!(email.text.contains(&format!("Download my data: {link}")));
        assert!(email.text.contains("until 1 January 1970"));
        assert_footer(&email);
    }

    #[test]
    fn the_acknowledgement_and_the_update_give_the_due_date() {
        let settings = settings();
        let received_at = OffsetDateTime::UNIX_EPOCH;
        let progress = |step| PrivacyProgress {
            email: "amina@example.com",
            kind: PrivacyRequestKind::Erasure,
            step,
            received_at,
            fulfil_by: received_at + time::Duration::days(30),
        };
        let acknowledged = progress(PrivacyStepTaken::Acknowledged)
            .render(site(&settings))
            .expect("renders");
        assert_eq!(acknowledged.kind, "privacy.acknowledge");
        assert_eq!(
            acknowledged.subject,
            "We have received your data erasure request"
        );
        assert!(acknowledged.text.contains("of 1 January 1970"));
        assert!(
            acknowledged
                .text
                .contains("by 31 January 1970 at the latest")
        );
        assert!(acknowledged.text.contains("the erasure of your data"));
        assert_eq!(
            acknowledged
                .reply_to
                .as_ref()
                .map(|to| to.email.to_string()),
            Some("help@nyota.example".to_owned())
        );
        assert_footer(&acknowledged);
        let responded = progress(PrivacyStepTaken::Responded)
            .render(site(&settings))
            .expect("renders");
        assert_eq!(responded.kind, "privacy.respond");
        assert_eq!(responded.subject, "An update on your data erasure request");
        assert!(responded.text.contains("complete by 31 January 1970"));
        assert_footer(&responded);
    }
}
