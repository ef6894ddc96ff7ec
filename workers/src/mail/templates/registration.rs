//! The emails about a new account: the welcome and the note to sales.

use contract::intake::Registered;

use super::parts::{Body, RenderedEmail, Site, Template, sales, support};
use crate::mail::address::{COMPANY, mailbox};
use crate::mail::error::MailError;

/// Welcome to a newly registered user.
pub struct Welcome<'a>(pub &'a Registered);

impl Template for Welcome<'_> {
    fn render(&self, site: Site<'_>) -> Result<RenderedEmail, MailError> {
        let user = self.0;
        let to = mailbox("The new user's address", Some(&user.name), &user.email)?;
        let support = support(site)?;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mail::templates::test_support::*;

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
}
