//! The emails of a data subject request: the link that confirms the
//! address is the asker's, the acknowledgement and the initial response
//! (each with the date it will be fulfilled by), and the link to download
//! an access request's archive. The links are signed and expire
//! ([`runtime::signing::Signer::sign_until`]).

use contract::language::Language;
use contract::privacy::{CONFIRM_LINK_DAYS, EXPORT_LINK_DAYS, PrivacyRequestKind};
use runtime::texts::{self, FluentValue};
use time::OffsetDateTime;

use super::parts::{Body, RenderedEmail, Site, Template, support};
use crate::mail::address::{COMPANY, mailbox};
use crate::mail::error::MailError;

/// The texts naming a request of `kind`: "your data erasure request" and
/// what it asks for, "the erasure of your data".
fn kind_texts(kind: PrivacyRequestKind) -> (&'static str, &'static str) {
    match kind {
        PrivacyRequestKind::Access => ("privacy-request-access", "privacy-label-access"),
        PrivacyRequestKind::Correction => {
            ("privacy-request-correction", "privacy-label-correction")
        }
        PrivacyRequestKind::Erasure => ("privacy-request-erasure", "privacy-label-erasure"),
    }
}

/// A body in `language` that greets the person; the emails below all
/// start so.
fn greeted(language: Language) -> Body {
    let mut body = Body::in_language(language);
    body.paragraph(&texts::say(language, "email-hello", &[]));
    body
}

fn signature(language: Language) -> String {
    texts::say(language, "email-signature", &[("company", COMPANY.into())])
}

/// Asks the person to confirm their request, in the language of the form's
/// page (as every email of the request is).
pub struct PrivacyConfirmation<'a> {
    pub email: &'a str,
    pub kind: PrivacyRequestKind,
    pub token: &'a str,
    pub language: Language,
}

impl Template for PrivacyConfirmation<'_> {
    fn render(&self, site: Site<'_>) -> Result<RenderedEmail, MailError> {
        let to = mailbox("The requester's address", None, self.email)?;
        // The link names the email's language, so it leads to the page in it.
        let link = format!(
            "{}/api/privacy/requests/confirm?token={}&lang={}",
            site.public_url,
            self.token,
            self.language.code()
        );
        let language = self.language;
        let (_, label) = kind_texts(self.kind);
        let mut body = greeted(language);
        body.paragraph(&texts::say(
            language,
            "privacy-confirm-intro",
            &[
                ("label", texts::say(language, label, &[]).into()),
                ("company", COMPANY.into()),
                ("email", self.email.into()),
            ],
        ))
        .link(&texts::say(language, "privacy-confirm-link", &[]), &link)
        .paragraph(&texts::say(
            language,
            "privacy-confirm-expiry",
            &[("days", CONFIRM_LINK_DAYS.into())],
        ))
        .paragraph(&signature(language));
        Ok(body.finish(
            "privacy.confirm",
            to,
            None,
            texts::say(language, "privacy-confirm-subject", &[]),
            site,
        ))
    }
}

/// The link to the archive of an access request.
pub struct PrivacyExportReady<'a> {
    pub email: &'a str,
    pub token: &'a str,
    pub expires_at: OffsetDateTime,
    pub language: Language,
}

impl Template for PrivacyExportReady<'_> {
    fn render(&self, site: Site<'_>) -> Result<RenderedEmail, MailError> {
        let to = mailbox("The requester's address", None, self.email)?;
        let link = format!(
            "{}/api/privacy/exports?token={}",
            site.public_url, self.token
        );
        let language = self.language;
        let company = || ("company", FluentValue::from(COMPANY));
        let mut body = greeted(language);
        body.paragraph(&texts::say(
            language,
            "privacy-export-ready",
            &[("email", self.email.into())],
        ))
        .link(&texts::say(language, "privacy-export-link", &[]), &link)
        .paragraph(&texts::say(
            language,
            "privacy-export-expiry",
            &[
                ("until", texts::day(language, self.expires_at).into()),
                ("days", EXPORT_LINK_DAYS.into()),
            ],
        ))
        .paragraph(&signature(language));
        Ok(body.finish(
            "privacy.export",
            to,
            None,
            texts::say(language, "privacy-export-subject", &[company()]),
            site,
        ))
    }
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
    pub language: Language,
}

impl Template for PrivacyProgress<'_> {
    fn render(&self, site: Site<'_>) -> Result<RenderedEmail, MailError> {
        let to = mailbox("The requester's address", None, self.email)?;
        let language = self.language;
        let (request, label) = kind_texts(self.kind);
        let request = texts::say(language, request, &[]);
        let details: [(&str, FluentValue<'_>); 5] = [
            ("request", request.as_str().into()),
            ("label", texts::say(language, label, &[]).into()),
            ("company", COMPANY.into()),
            ("email", self.email.into()),
            ("received", texts::day(language, self.received_at).into()),
        ];
        let due = [("due", texts::day(language, self.fulfil_by).into())];
        let subject = [("request", request.as_str().into())];
        let (kind, what, when, subject_id) = match self.step {
            PrivacyStepTaken::Acknowledged => (
                "privacy.acknowledge",
                "privacy-ack-received",
                "privacy-ack-due",
                "privacy-ack-subject",
            ),
            PrivacyStepTaken::Responded => (
                "privacy.respond",
                "privacy-update-progress",
                "privacy-update-due",
                "privacy-update-subject",
            ),
        };
        let mut body = greeted(language);
        body.paragraph(&texts::say(language, what, &details))
            .paragraph(&texts::say(language, when, &due))
            .paragraph(&texts::say(language, "privacy-question", &[]))
            .paragraph(&signature(language));
        // Replies reach the support inbox, which handles the request.
        let reply_to = support(site)?;
        Ok(body.finish(
            kind,
            to,
            Some(reply_to),
            texts::say(language, subject_id, &subject),
            site,
        ))
    }
}

#[cfg(test)]
mod tests {
    use contract::language::Language;

    use super::*;
    use crate::mail::templates::test_support::*;

    #[test]
    fn the_confirmation_carries_the_signed_link() {
        let settings = settings();
        let email = PrivacyConfirmation {
            email: "amina@example.com",
            kind: PrivacyRequestKind::Erasure,
            token: "abc.1.SIG",
            language: Language::En,
        }
        .render(site(&settings))
        .expect("renders");
        assert_eq!(email.kind, "privacy.confirm");
        assert_eq!(email.subject, "Confirm your privacy request");
        let link = "https://nyota.example/api/privacy/requests/confirm?token=abc.1.SIG&lang=en";
        assert!(email.text.contains(&format!("Confirm my request: {link}")));
        assert!(email.text.contains("the erasure of your data"));
        assert!(
            email
                .html
                .contains(&format!("href=\"{}\"", link.replace('&', "&amp;"))),
            "{}",
            email.html
        );
        assert_footer(&email);
    }

    #[test]
    fn the_export_email_links_to_the_archive() {
        let settings = settings();
        let email = PrivacyExportReady {
            email: "amina@example.com",
            token: "abc.2.SIG",
            expires_at: OffsetDateTime::UNIX_EPOCH,
            language: Language::En,
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
            language: Language::En,
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

    #[test]
    fn every_email_of_a_request_is_written_in_the_request_s_language() {
        let settings = settings();
        let confirmation = PrivacyConfirmation {
            email: "amina@example.com",
            kind: PrivacyRequestKind::Erasure,
            token: "abc.1.SIG",
            language: Language::Sw,
        }
        .render(site(&settings))
        .expect("renders");
        assert_eq!(
            confirmation.subject,
            "Thibitisha ombi lako kuhusu data binafsi"
        );
        assert!(confirmation.html.contains("<html lang=\"sw\">"));
        assert!(
            confirmation
                .text
                .contains("Tumepokea ombi la kufutwa kwa data yako"),
            "{}",
            confirmation.text
        );
        assert!(
            confirmation
                .text
                .contains("Thibitisha ombi langu: https://nyota.example/api/privacy/requests/confirm?token=abc.1.SIG&lang=sw")
        );
        assert!(confirmation.text.contains("kwa siku 7"));
        assert_footer(&confirmation);

        let export = PrivacyExportReady {
            email: "amina@example.com",
            token: "abc.2.SIG",
            expires_at: OffsetDateTime::UNIX_EPOCH,
            language: Language::Fr,
        }
        .render(site(&settings))
        .expect("renders");
        assert_eq!(export.subject, "Vos données Nyota Cloud sont prêtes");
        assert!(export.text.contains("jusqu’au 1 janvier 1970 (7 jours)"));

        let acknowledged = PrivacyProgress {
            email: "amina@example.com",
            kind: PrivacyRequestKind::Access,
            step: PrivacyStepTaken::Acknowledged,
            received_at: OffsetDateTime::UNIX_EPOCH,
            fulfil_by: OffsetDateTime::UNIX_EPOCH + time::Duration::days(30),
            language: Language::Fr,
        }
        .render(site(&settings))
        .expect("renders");
        assert_eq!(
            acknowledged.subject,
            "Nous avons bien reçu votre demande d’accès à vos données"
        );
        for part in [&acknowledged.text, &acknowledged.html] {
            assert!(part.contains("du 1 janvier 1970"), "{part}");
            assert!(part.contains("au plus tard le 31 janvier 1970"), "{part}");
            assert!(part.contains("L’équipe Nyota Cloud"), "{part}");
        }
    }
}
