//! The double opt-in email of a subscription.

use contract::subscriptions::{SubscriptionRequested, SubscriptionTopic};

use super::parts::{Body, RenderedEmail, Site, Template};
use crate::mail::address::{COMPANY, mailbox};
use crate::mail::error::MailError;

/// What a subscriber of `topic` gets email about.
fn topic_description(topic: SubscriptionTopic) -> &'static str {
    match topic {
        SubscriptionTopic::Blog => "new articles on the Nyota blog",
        SubscriptionTopic::Events => "upcoming Nyota events",
    }
}

/// The double opt-in email: a signed link that confirms the subscription,
/// and the unsubscribe link every email to a subscriber carries. The tokens
/// come from [`runtime::signing::Signer`].
pub struct SubscriptionConfirmation<'a> {
    pub request: &'a SubscriptionRequested,
    pub confirm_token: &'a str,
    pub unsubscribe_token: &'a str,
}

impl Template for SubscriptionConfirmation<'_> {
    fn render(&self, site: Site<'_>) -> Result<RenderedEmail, MailError> {
        let request = self.request;
        let to = mailbox("The subscriber's address", None, &request.email)?;
        let confirm = format!(
            "{}/api/subscriptions/confirm?token={}",
            site.public_url, self.confirm_token
        );
        let unsubscribe = format!(
            "{}/api/subscriptions/unsubscribe?token={}",
            site.public_url, self.unsubscribe_token
        );
        let what = topic_description(request.topic);
        let mut body = Body::default();
        body.paragraph("Hello,")
            .paragraph(&format!(
                "Please confirm that {} should receive email about {what}.",
                request.email
            ))
            .link("Confirm my subscription", &confirm)
            .paragraph(
                "If you did not ask for this, ignore this email: without your confirmation \
                 you will not hear from us.",
            )
            .link("Unsubscribe", &unsubscribe)
            .paragraph(&format!("The {COMPANY} team"));
        let mut email = body.finish(
            "subscription.confirm",
            to,
            None,
            format!("Confirm your subscription to {what}"),
            site,
        );
        email.list_unsubscribe = Some(unsubscribe);
        Ok(email)
    }
}

#[cfg(test)]
mod tests {
    use time::OffsetDateTime;
    use uuid::Uuid;

    use super::*;
    use crate::mail::templates::test_support::*;

    #[test]
    fn the_subscription_confirmation_carries_both_signed_links_and_the_header() {
        let settings = settings();
        let request = SubscriptionRequested {
            id: Uuid::now_v7(),
            email: "reader@example.com".to_owned(),
            topic: SubscriptionTopic::Blog,
            received_at: OffsetDateTime::now_utc(),
        };
        let email = SubscriptionConfirmation {
            request: &request,
            confirm_token: "abc.CONFIRM",
            unsubscribe_token: "abc.LEAVE",
        }
        .render(site(&settings))
        .expect("renders");
        assert_eq!(email.kind, "subscription.confirm");
        assert_eq!(
            email.subject,
            "Confirm your subscription to new articles on the Nyota blog"
        );
        let confirm = "https://nyota.example/api/subscriptions/confirm?token=abc.CONFIRM";
        let leave = "https://nyota.example/api/subscriptions/unsubscribe?token=abc.LEAVE";
        assert!(
            email
                .text
                .contains(&format!("Confirm my subscription: {confirm}"))
        );
        assert!(email.text.contains(&format!("Unsubscribe: {leave}")));
        assert!(email.html.contains(&format!("href=\"{confirm}\"")));
        assert!(email.html.contains(&format!("href=\"{leave}\"")));
        assert_eq!(email.list_unsubscribe.as_deref(), Some(leave));
        assert_footer(&email);
        let wire = wire(&email);
        assert!(
            wire.contains(&format!("List-Unsubscribe: <{leave}>")),
            "{wire}"
        );
    }
}
