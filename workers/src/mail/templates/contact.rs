//! The emails about a contact or demo request: to the sales inbox and the
//! visitor's acknowledgement.

use contract::intake::ContactMessage;
use runtime::texts;

use super::parts::{Body, RenderedEmail, Site, Template, sales};
use crate::mail::address::{COMPANY, mailbox};
use crate::mail::error::MailError;

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

/// The visitor's acknowledgement of a contact or demo request, in the
/// language of the page the form was sent from; replying reaches the sales
/// inbox.
pub struct ContactAcknowledgement<'a>(pub &'a ContactMessage);

impl Template for ContactAcknowledgement<'_> {
    fn render(&self, site: Site<'_>) -> Result<RenderedEmail, MailError> {
        let request = self.0;
        let visitor = mailbox("The visitor's address", Some(&request.name), &request.email)?;
        let language = request.language;
        let company = || ("company", COMPANY.into());
        let subject_label = texts::say(language, "contact-ack-subject-label", &[]);
        let mut body = Body::in_language(language);
        body.paragraph(&texts::say(
            language,
            "email-greeting",
            &[("name", request.name.as_str().into())],
        ))
        .paragraph(&texts::say(language, "contact-ack-thanks", &[company()]))
        .paragraph(&texts::say(language, "contact-ack-records", &[]))
        .fields(&[(&subject_label, Some(&request.subject))])
        .quote(&request.message)
        .paragraph(&format!(
            "{}\n\n{}",
            texts::say(language, "contact-ack-more", &[]),
            texts::say(language, "email-signature", &[company()]),
        ));
        Ok(body.finish(
            "contact.ack",
            visitor,
            Some(sales(site)?),
            texts::say(
                language,
                "contact-ack-subject",
                &[("subject", request.subject.as_str().into())],
            ),
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
    use contract::language::Language;
    use contract::site_settings::SiteSettings;

    use super::*;
    use crate::mail::templates::test_support::*;

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
    fn the_acknowledgement_is_written_in_the_language_of_the_form_s_page() {
        let settings = settings();
        let mut request = request("Amina Otieno", "Bonjour");
        request.language = Language::Fr;
        let french = ContactAcknowledgement(&request)
            .render(site(&settings))
            .expect("renders");
        assert_eq!(
            french.subject,
            "Nous avons bien reçu votre message : Two racks in Nairobi"
        );
        assert!(
            french.html.contains("<html lang=\"fr\">"),
            "{}",
            french.html
        );
        for part in [&french.text, &french.html] {
            assert!(part.contains("Bonjour Amina Otieno,"), "{part}");
            assert!(
                part.contains("nous vous répondrons sous 24 heures"),
                "{part}"
            );
            assert!(part.contains("L’équipe Nyota Cloud"), "{part}");
        }
        assert!(french.text.contains("Objet: Two racks in Nairobi"));

        request.language = Language::Sw;
        let kiswahili = ContactAcknowledgement(&request)
            .render(site(&settings))
            .expect("renders");
        assert_eq!(
            kiswahili.subject,
            "Tumepokea ujumbe wako: Two racks in Nairobi"
        );
        assert!(kiswahili.html.contains("<html lang=\"sw\">"));
        for part in [&kiswahili.text, &kiswahili.html] {
            assert!(part.contains("Habari Amina Otieno,"), "{part}");
            assert!(part.contains("tutakujibu ndani ya saa 24"), "{part}");
        }
        assert_footer(&kiswahili);

        // The sales inbox is told in English whatever the visitor's language.
        let sales = ContactToSales(&request)
            .render(site(&settings))
            .expect("renders");
        assert!(
            sales
                .subject
                .starts_with("Contact request from Amina Otieno")
        );
        assert!(sales.html.contains("<html lang=\"en\">"));
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
