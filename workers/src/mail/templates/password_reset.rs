//! The emails with a link to choose a password: a reset, or an invitation
//! to the support team.

use contract::language::Language;
use runtime::texts;

use super::parts::{Body, RenderedEmail, Site, Template, page_url};
use crate::mail::address::{COMPANY, mailbox};
use crate::mail::error::MailError;

/// A password-reset link for an existing account (the token is only ever in
/// this email; the database keeps its hash), in the language of the page
/// the reset was asked from, linking to the reset page in that language.
pub struct PasswordReset<'a> {
    pub name: &'a str,
    pub email: &'a str,
    pub token: &'a str,
    pub language: Language,
}

impl PasswordReset<'_> {
    /// Which email this is, in `sent_emails`.
    pub const KIND: &'static str = "password.reset";
}

impl Template for PasswordReset<'_> {
    fn render(&self, site: Site<'_>) -> Result<RenderedEmail, MailError> {
        let to = mailbox("The account's address", Some(self.name), self.email)?;
        let minutes = contract::password_reset::TOKEN_LIFETIME.as_secs() / 60;
        let language = self.language;
        let company = || ("company", COMPANY.into());
        let link = format!(
            "{}?token={}",
            page_url(site, language, "/reset-password"),
            self.token
        );
        let mut body = Body::in_language(language);
        body.paragraph(&texts::say(
            language,
            "email-greeting",
            &[("name", self.name.into())],
        ))
        .paragraph(&texts::say(
            language,
            "reset-request",
            &[company(), ("email", self.email.into())],
        ))
        .link(&texts::say(language, "reset-link", &[]), &link)
        .paragraph(&texts::say(
            language,
            "reset-expiry",
            &[("minutes", minutes.into())],
        ))
        .paragraph(&format!(
            "{}\n\n{}",
            texts::say(language, "reset-ignore", &[]),
            texts::say(language, "email-signature", &[company()]),
        ));
        Ok(body.finish(
            PasswordReset::KIND,
            to,
            None,
            texts::say(language, "reset-subject", &[company()]),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mail::templates::test_support::*;

    #[test]
    fn the_password_reset_links_to_the_reset_page_and_says_how_long_it_works() {
        let settings = settings();
        let email = PasswordReset {
            name: "Baraka Mwangi",
            email: "baraka@example.com",
            token: "TOKEN_abc-123",
            language: Language::En,
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
    fn the_password_reset_is_written_in_the_language_of_the_form_s_page() {
        let settings = settings();
        let reset = |language| PasswordReset {
            name: "Baraka Mwangi",
            email: "baraka@example.com",
            token: "TOKEN_abc-123",
            language,
        };
        let french = reset(Language::Fr)
            .render(site(&settings))
            .expect("renders");
        assert_eq!(
            french.subject,
            "Réinitialisez votre mot de passe Nyota Cloud"
        );
        assert!(french.html.contains("<html lang=\"fr\">"));
        let link = "https://nyota.example/fr/reset-password?token=TOKEN_abc-123";
        assert!(
            french
                .text
                .contains(&format!("Réinitialiser mon mot de passe: {link}")),
            "{}",
            french.text
        );
        for part in [&french.text, &french.html] {
            assert!(part.contains("Bonjour Baraka Mwangi,"), "{part}");
            assert!(part.contains("pendant 30 minutes"), "{part}");
            assert!(part.contains("L’équipe Nyota Cloud"), "{part}");
        }
        assert_footer(&french);

        let kiswahili = reset(Language::Sw)
            .render(site(&settings))
            .expect("renders");
        assert_eq!(kiswahili.subject, "Weka upya nenosiri lako la Nyota Cloud");
        assert!(
            kiswahili
                .text
                .contains("https://nyota.example/sw/reset-password?token=TOKEN_abc-123")
        );
        assert!(kiswahili.text.contains("ndani ya dakika 30"));
    }
}
