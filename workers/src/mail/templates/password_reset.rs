//! The emails with a link to choose a password: a reset, or an invitation
//! to the support team.

use super::parts::{Body, RenderedEmail, Site, Template};
use crate::mail::address::{COMPANY, mailbox};
use crate::mail::error::MailError;

/// A password-reset link for an existing account (the token is only ever in
/// this email; the database keeps its hash).
pub struct PasswordReset<'a> {
    pub name: &'a str,
    pub email: &'a str,
    pub token: &'a str,
}

impl PasswordReset<'_> {
    /// Which email this is, in `sent_emails`.
    pub const KIND: &'static str = "password.reset";
}

impl Template for PasswordReset<'_> {
    fn render(&self, site: Site<'_>) -> Result<RenderedEmail, MailError> {
        let to = mailbox("The account's address", Some(self.name), self.email)?;
        let minutes = contract::password_reset::TOKEN_LIFETIME.as_secs() / 60;
        let mut body = Body::default();
        body.paragraph(&format!("Hello {},", self.name))
            .paragraph(&format!(
                "We received a request to reset the password of your {COMPANY} account \
                 ({}). Choose a new password here:",
                self.email
            ))
            .link(
                "Reset my password",
                &format!("{}/reset-password?token={}", site.public_url, self.token),
            )
            .paragraph(&format!(
                "The link works once, within {minutes} minutes. Resetting your password \
                 signs you out everywhere."
            ))
            .paragraph(&format!(
                "If you did not ask for this, ignore this email: your password stays as it \
                 is.\n\nThe {COMPANY} team"
            ));
        Ok(body.finish(
            PasswordReset::KIND,
            to,
            None,
            format!("Reset your {COMPANY} password"),
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
}
