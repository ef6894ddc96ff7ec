//! The double opt-in email of a subscription.

use contract::subscriptions::{SubscriptionRequested, SubscriptionTopic};
use runtime::texts;

use super::parts::{Body, RenderedEmail, Site, Template};
use crate::mail::address::{COMPANY, mailbox};
use crate::mail::error::MailError;

/// The texts naming what a subscriber of `topic` gets email about: the
/// subject's and the body's (whole sentences, so each language words them
/// its own way).
fn topic_texts(topic: SubscriptionTopic) -> (&'static str, &'static str) {
    match topic {
        SubscriptionTopic::Blog => ("subscription-subject-blog", "subscription-about-blog"),
        SubscriptionTopic::Events => ("subscription-subject-events", "subscription-about-events"),
    }
}

/// The double opt-in email, in the language of the page the subscribe box
/// is on: a signed link that confirms the subscription, and the
/// unsubscribe link every email to a subscriber carries. The tokens
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
        let language = request.language;
        // The subscription keeps no language: the links name the email's,
        // so they lead to the page in it.
        let confirm = format!(
            "{}/api/subscriptions/confirm?token={}&lang={}",
            site.public_url,
            self.confirm_token,
            language.code()
        );
        let unsubscribe = format!(
            "{}/api/subscriptions/unsubscribe?token={}&lang={}",
            site.public_url,
            self.unsubscribe_token,
            language.code()
        );
        let say = |id| texts::say(language, id, &[]);
        let (subject, about) = topic_texts(request.topic);
        let mut body = Body::in_language(language);
        body.paragraph(&say("email-hello"))
            .paragraph(&texts::say(
                language,
                about,
                &[("email", request.email.as_str().into())],
            ))
            .link(&say("subscription-confirm"), &confirm)
            .paragraph(&say("subscription-ignore"))
            .link(&say("subscription-unsubscribe"), &unsubscribe)
            .paragraph(&texts::say(
                language,
                "email-signature",
                &[("company", COMPANY.into())],
            ));
        let mut email = body.finish("subscription.confirm", to, None, say(subject), site);
        email.list_unsubscribe = Some(unsubscribe);
        Ok(email)
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
    fn the_subscription_confirmation_carries_both_signed_links_and_the_header() {
        let settings = settings();
        let request = SubscriptionRequested {
            id: Uuid::now_v7(),
            email: "reader@example.com".to_owned(),
            topic: SubscriptionTopic::Blog,
            received_at: OffsetDateTime::now_utc(),
            language: Language::En,
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
        let confirm = "https://nyota.example/api/subscriptions/confirm?token=abc.CONFIRM&lang=en";
        let leave = "https://nyota.example/api/subscriptions/unsubscribe?token=abc.LEAVE&lang=en";
        assert!(
            email
                .text
                .contains(&format!("Confirm my subscription: {confirm}"))
        );
        assert!(email.text.contains(&format!("Unsubscribe: {leave}")));
        let href = |link: &str| format!("href=\"{}\"", link.replace('&', "&amp;"));
        assert!(email.html.contains(&href(confirm)), "{}", email.html);
        assert!(email.html.contains(&href(leave)));
        assert_eq!(email.list_unsubscribe.as_deref(), Some(leave));
        assert_footer(&email);
        let wire = wire(&email);
        assert!(
            wire.contains(&format!("List-Unsubscribe: <{leave}>")),
            "{wire}"
        );
    }

    #[test]
    fn the_subscription_confirmation_is_written_in_the_language_of_the_box_s_page() {
        let settings = settings();
        let mut request = SubscriptionRequested {
            id: Uuid::now_v7(),
            email: "msomaji@example.com".to_owned(),
            topic: SubscriptionTopic::Blog,
            received_at: OffsetDateTime::now_utc(),
            language: Language::Sw,
        };
        let confirmation = |request: &SubscriptionRequested| {
            SubscriptionConfirmation {
                request,
                confirm_token: "abc.CONFIRM",
                unsubscribe_token: "abc.LEAVE",
            }
            .render(site(&settings))
            .expect("renders")
        };
        let kiswahili = confirmation(&request);
        assert_eq!(
            kiswahili.subject,
            "Thibitisha usajili wako wa kupokea makala mapya ya blogu ya Nyota"
        );
        assert!(kiswahili.html.contains("<html lang=\"sw\">"));
        for part in [&kiswahili.text, &kiswahili.html] {
            assert!(
                part.starts_with("Habari,") || part.contains(">Habari,<"),
                "{part}"
            );
            assert!(
                part.contains("Tafadhali thibitisha kwamba msomaji@example.com"),
                "{part}"
            );
            assert!(part.contains("Timu ya Nyota Cloud"), "{part}");
        }
        assert!(kiswahili.text.contains(
            "Jiondoe: https://nyota.example/api/subscriptions/unsubscribe?token=abc.LEAVE&lang=sw"
        ));
        assert_footer(&kiswahili);

        request.language = Language::Fr;
        request.topic = SubscriptionTopic::Events;
        let french = confirmation(&request);
        assert_eq!(
            french.subject,
            "Confirmez votre abonnement aux prochains événements Nyota"
        );
        assert!(french.text.contains(
            "Confirmer mon abonnement: https://nyota.example/api/subscriptions/confirm?token=abc.CONFIRM&lang=fr"
        ));
    }
}
