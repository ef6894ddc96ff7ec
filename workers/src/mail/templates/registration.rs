//! The emails about a new account: the welcome and the note to sales.

use contract::intake::Registered;
use runtime::texts;

use super::parts::{Body, RenderedEmail, Site, Template, sales, support};
use crate::mail::address::{COMPANY, mailbox};
use crate::mail::error::MailError;

/// Welcome to a newly registered user, in the language of the page they
/// registered on.
pub struct Welcome<'a>(pub &'a Registered);

impl Template for Welcome<'_> {
    fn render(&self, site: Site<'_>) -> Result<RenderedEmail, MailError> {
        let user = self.0;
        let to = mailbox("The new user's address", Some(&user.name), &user.email)?;
        let support = support(site)?;
        let language = user.language;
        let company = || ("company", COMPANY.into());
        let mut body = Body::in_language(language);
        body.paragraph(&texts::say(
            language,
            "email-greeting",
            &[("name", user.name.as_str().into())],
        ))
        .paragraph(&texts::say(
            language,
            "welcome-ready",
            &[company(), ("email", user.email.as_str().into())],
        ))
        .link(
            &texts::say(language, "welcome-sign-in", &[]),
            &format!("{}{}", site.public_url, language.page("/login")),
        )
        .paragraph(&format!(
            "{}\n\n{}",
            texts::say(
                language,
                "welcome-questions",
                &[("phone", site.settings.phone.as_str().into())],
            ),
            texts::say(language, "email-signature", &[company()]),
        ));
        Ok(body.finish(
            "registration.welcome",
            to,
            Some(support),
            texts::say(language, "welcome-subject", &[company()]),
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
    use contract::language::Language;

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

    #[test]
    fn the_welcome_is_written_in_the_language_of_the_registration_page() {
        let settings = settings();
        let mut user = registered();
        user.language = Language::Fr;
        let french = Welcome(&user).render(site(&settings)).expect("renders");
        assert_eq!(french.subject, "Bienvenue chez Nyota Cloud");
        assert!(
            french.html.contains("<html lang=\"fr\">"),
            "{}",
            french.html
        );
        for part in [&french.text, &french.html] {
            assert!(part.contains("Bonjour Baraka Mwangi,"), "{part}");
            assert!(
                part.contains("Votre compte new.user@example.com est prêt"),
                "{part}"
            );
            assert!(part.contains("appelez-nous au +254 711 222 333"), "{part}");
        }
        assert!(
            french
                .text
                .contains("Se connecter: https://nyota.example/fr/login")
        );

        user.language = Language::Sw;
        let kiswahili = Welcome(&user).render(site(&settings)).expect("renders");
        assert_eq!(kiswahili.subject, "Karibu Nyota Cloud");
        assert!(kiswahili.html.contains("<html lang=\"sw\">"));
        for part in [&kiswahili.text, &kiswahili.html] {
            assert!(part.contains("Habari Baraka Mwangi,"), "{part}");
            assert!(part.contains("iko tayari"), "{part}");
            assert!(part.contains("Timu ya Nyota Cloud"), "{part}");
        }
        assert!(
            kiswahili
                .text
                .contains("Ingia: https://nyota.example/sw/login")
        );
        assert_footer(&kiswahili);

        // The note to sales stays in English.
        let note = RegistrationToSales(&user)
            .render(site(&settings))
            .expect("renders");
        assert_eq!(note.subject, "New registration: Baraka Mwangi");
    }
}
