//! The emails of a data subject request: the link that confirms the
//! address is the asker's, and the link to download an access request's
//! archive. Both links are signed and expire
//! ([`contract::signing::Signer::sign_until`]).

use contract::privacy::PrivacyRequestKind;
use time::OffsetDateTime;

use super::{Body, RenderedEmail, Site, Template};
use crate::mail::{COMPANY, MailError, mailbox};

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
        let until = format!(
            "{} {} {}",
            self.expires_at.day(),
            self.expires_at.month(),
            self.expires_at.year()
        );
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
}
