//! Subject and stream names. Production uses the empty prefix; each test run
//! uses its own prefix so that tests sharing one NATS server never see each
//! other's messages or streams.

use std::time::Duration;

/// Queue group shared by every replica of the `accounts` worker role.
pub const ACCOUNTS_QUEUE_GROUP: &str = "accounts";

/// Names every NATS subject and JetStream stream under one optional prefix.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Namespace {
    prefix: String,
    /// Copies JetStream keeps of each stream (3 on a 3-node cluster, so
    /// losing one node loses nothing); 0 and 1 both mean one copy.
    replicas: usize,
}

impl Namespace {
    /// `prefix` may be empty. It must consist of ASCII letters, digits, `-`
    /// and `_` so that it is valid both in subjects and in stream names.
    pub fn new(prefix: impl Into<String>) -> Result<Self, String> {
        let prefix = prefix.into();
        if prefix
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        {
            Ok(Self {
                prefix,
                replicas: 1,
            })
        } else {
            Err(format!(
                "NATS prefix {prefix:?} may contain only letters, digits, '-' and '_'"
            ))
        }
    }

    /// The same namespace with its streams kept in `replicas` copies.
    pub fn with_replicas(mut self, replicas: usize) -> Self {
        self.replicas = replicas;
        self
    }

    /// Copies of each stream (and key-value bucket) JetStream keeps.
    pub fn replicas(&self) -> usize {
        self.replicas.max(1)
    }

    fn subject(&self, name: &str) -> String {
        if self.prefix.is_empty() {
            name.to_owned()
        } else {
            format!("{}.{name}", self.prefix)
        }
    }

    fn stream(&self, name: &str) -> String {
        if self.prefix.is_empty() {
            name.to_owned()
        } else {
            format!("{}_{name}", self.prefix.to_ascii_uppercase())
        }
    }

    /// Request-reply: register a user (`accounts` worker).
    pub fn accounts_register(&self) -> String {
        self.subject("accounts.register")
    }

    /// Request-reply: verify credentials (`accounts` worker).
    pub fn accounts_login(&self) -> String {
        self.subject("accounts.login")
    }

    /// Request-reply: set a new password with a reset token (`accounts` worker).
    pub fn accounts_reset_password(&self) -> String {
        self.subject("accounts.reset_password")
    }

    /// JetStream command: a visitor joined the waitlist (`requests` worker
    /// stores it and confirms by email).
    pub fn intake_waitlist(&self) -> String {
        self.subject("intake.waitlist")
    }

    /// JetStream command: a visitor subscribed to a topic (`requests` worker
    /// stores it pending and emails the confirmation link).
    pub fn intake_subscription(&self) -> String {
        self.subject("intake.subscription")
    }

    /// JetStream command: someone asked to reset the password of an address
    /// (`requests` worker emails a reset link when an account has it).
    pub fn intake_password_reset(&self) -> String {
        self.subject("intake.password_reset")
    }

    /// JetStream command: a visitor asked for their chat's transcript by
    /// email (`notify` worker); the message id is the request's id.
    pub fn intake_transcript(&self) -> String {
        self.subject("intake.transcript")
    }

    /// JetStream event: a user registered (for the sales notification).
    pub fn intake_registered(&self) -> String {
        self.subject("intake.registered")
    }

    /// JetStream command: a contact or demo request to store and email
    /// (`requests` worker); the message id is the client's idempotency key.
    pub fn intake_message(&self) -> String {
        self.subject("intake.message")
    }

    /// JetStream event: a gateway's views of a blog post since its last
    /// flush ([`crate::content::ViewBatch`], `views` worker); the message id
    /// (`Nats-Msg-Id`) is the batch's own id.
    pub fn blog_viewed(&self, post_id: uuid::Uuid) -> String {
        self.subject(&format!("intake.blog.viewed.{post_id}"))
    }

    /// Filter for every `intake.blog.viewed` event.
    pub fn blog_viewed_all(&self) -> String {
        self.subject("intake.blog.viewed.*")
    }

    /// Core NATS: the `views` worker raised these posts' view counts (a JSON
    /// array of ids); every gateway forgets their cached answers.
    pub fn content_views(&self) -> String {
        self.subject("content.views")
    }

    /// JetStream command: store a chat message (`chat` worker).
    pub fn chat_send(&self, session_id: uuid::Uuid) -> String {
        self.subject(&format!("chat.send.{session_id}"))
    }

    /// JetStream event: a chat session started (`chat` and `notify` workers).
    pub fn chat_started(&self, session_id: uuid::Uuid) -> String {
        self.subject(&format!("chat.started.{session_id}"))
    }

    /// Filter for every `chat.started` event.
    pub fn chat_started_all(&self) -> String {
        self.subject("chat.started.*")
    }

    /// JetStream command: store a receipt (`chat` worker, `receipts`).
    pub fn chat_receipt(&self, session_id: uuid::Uuid) -> String {
        self.subject(&format!("chat.receipt.{session_id}"))
    }

    /// Filter for every `chat.receipt` command.
    pub fn chat_receipt_all(&self) -> String {
        self.subject("chat.receipt.*")
    }

    /// JetStream command: change a chat's state (`chat` worker, `states`).
    pub fn chat_state(&self, session_id: uuid::Uuid) -> String {
        self.subject(&format!("chat.state.{session_id}"))
    }

    /// Filter for every `chat.state` command.
    pub fn chat_state_all(&self) -> String {
        self.subject("chat.state.*")
    }

    /// Filter for every `chat.send` command.
    pub fn chat_send_all(&self) -> String {
        self.subject("chat.send.*")
    }

    /// Core NATS: `new_message` and typing events of one chat, for every
    /// gateway holding a socket on it.
    pub fn chat_events(&self, session_id: uuid::Uuid) -> String {
        self.subject(&format!("chat.events.{session_id}"))
    }

    /// Core NATS: the `chat` worker's commit confirmations for the gateway
    /// instance `gateway`, one message per stored batch listing the ids of
    /// that gateway's messages ([`crate::chat::CommitConfirmation`]).
    pub fn chat_confirm(&self, gateway: uuid::Uuid) -> String {
        self.subject(&format!("confirm.{gateway}"))
    }

    /// Core NATS: inbox updates for agent consoles. A message carries one
    /// server frame or several, one per line (the `chat` worker sends a
    /// stored batch's updates together).
    pub fn agents_events(&self) -> String {
        self.subject("agents.events")
    }

    /// Core NATS request-reply: answered by every gateway that holds an
    /// agent socket, so any answer means an agent is online.
    pub fn agents_presence(&self) -> String {
        self.subject("agents.presence")
    }

    /// Core NATS: a sign-in (its id) or an account (its user id) lost its
    /// rights; every gateway closes the sockets acting for it.
    pub fn sessions_revoked(&self, id: uuid::Uuid) -> String {
        self.subject(&format!("sessions.revoked.{id}"))
    }

    /// Filter for every revocation.
    pub fn sessions_revoked_all(&self) -> String {
        self.subject("sessions.revoked.*")
    }

    /// Core NATS: a cookie session's stored record changed or was deleted
    /// (payload: the session id); every gateway drops its cached copy.
    pub fn sessions_changed(&self) -> String {
        self.subject("sessions.changed")
    }

    /// Request-reply to the sessions' owner (the gateways' session store,
    /// [`crate::owners`]): end every stored session of a user.
    pub fn owners_end_sessions(&self) -> String {
        self.subject("owners.sessions.end_of_user")
    }

    /// Request-reply to the owner of `contact_requests` (the gateways'
    /// intake store, [`crate::owners`]): store a contact request once.
    pub fn owners_store_contact_request(&self) -> String {
        self.subject("owners.contact_requests.store")
    }

    /// Request-reply to the owner of `subscriptions` (the gateways' intake
    /// store): store a subscription request.
    pub fn owners_store_subscription(&self) -> String {
        self.subject("owners.subscriptions.store")
    }

    /// JetStream command: an email about a data subject request
    /// ([`crate::privacy::PrivacyEmail`]; `requests` worker).
    pub fn intake_privacy(&self) -> String {
        self.subject("intake.privacy")
    }

    /// Request-reply to the `chat` role, owner of `chat_messages`: blank a
    /// person's chat messages ([`crate::privacy::ErasePerson`]).
    pub fn owners_erase_chat_messages(&self) -> String {
        self.subject("owners.chat_messages.erase")
    }

    /// Request-reply to the `accounts` role, owner of `users`: delete a
    /// person's account.
    pub fn owners_erase_user(&self) -> String {
        self.subject("owners.users.erase")
    }

    /// Request-reply to the `requests` role, owner of `waitlist_entries`,
    /// `sent_emails` and `password_reset_tokens`: erase a person's rows.
    pub fn owners_erase_intake_records(&self) -> String {
        self.subject("owners.intake_records.erase")
    }

    /// Request-reply to the `requests` role, owner of `waitlist_entries`:
    /// apply a data subject's correction of name and email
    /// ([`crate::privacy::CorrectPerson`]).
    pub fn owners_correct_waitlist_entries(&self) -> String {
        self.subject("owners.waitlist_entries.correct")
    }

    /// Request-reply to the chat's owner (the gateways' chat module): post
    /// an email reply into its chat as the visitor
    /// ([`crate::chat::email_replies::EmailReply`]).
    pub fn owners_post_email_reply(&self) -> String {
        self.subject("owners.chat.email_reply")
    }

    /// Core NATS request-reply, payload a chat id: answered (`1`) only by a
    /// gateway holding a socket of that chat's visitor; no answer within a
    /// moment means the visitor is not on the page.
    pub fn chat_visitor_here(&self) -> String {
        self.subject("chat.visitor_here")
    }

    /// Request-reply to the owner of `subscriptions`: take the slot for a
    /// confirmation email.
    pub fn owners_claim_confirmation(&self) -> String {
        self.subject("owners.subscriptions.claim_confirmation")
    }

    /// Core NATS: chats whose owner or status changed (payload: a JSON list
    /// of chat ids); every gateway drops its cached copies.
    pub fn chats_changed(&self) -> String {
        self.subject("chat.changed")
    }

    /// Core NATS: an admin changed a blog post or an event; every gateway
    /// clears its content cache.
    pub fn content_changed(&self) -> String {
        self.subject("content.changed")
    }

    /// The JetStream key-value bucket holding each rate-limit key's
    /// theoretical arrival time, shared by every gateway.
    pub fn rate_limits_bucket(&self) -> String {
        self.stream("RATE_LIMITS")
    }

    /// The `CHAT` stream: chat commands, kept until a worker has stored them.
    pub fn chat_stream(&self) -> async_nats::jetstream::stream::Config {
        async_nats::jetstream::stream::Config {
            name: self.stream("CHAT"),
            subjects: vec![
                self.chat_send_all(),
                self.chat_started_all(),
                self.chat_receipt_all(),
                self.chat_state_all(),
            ],
            max_age: Duration::from_secs(7 * 24 * 3600),
            duplicate_window: Duration::from_secs(120),
            num_replicas: self.replicas(),
            ..Default::default()
        }
    }

    /// The `INTAKE` stream: contact requests, registrations, page views.
    pub fn intake_stream(&self) -> async_nats::jetstream::stream::Config {
        async_nats::jetstream::stream::Config {
            name: self.stream("INTAKE"),
            subjects: vec![self.subject("intake.>")],
            // Long enough for a worker outage over a weekend.
            max_age: Duration::from_secs(14 * 24 * 3600),
            duplicate_window: Duration::from_secs(120),
            num_replicas: self.replicas(),
            ..Default::default()
        }
    }

    /// Core NATS: an admin saved the site settings; every gateway reloads
    /// its copy.
    pub fn settings_changed(&self) -> String {
        self.subject("settings.changed")
    }

    /// JetStream event: a visitor who accepted cookies opened a page
    /// (`analytics` worker); the message id (`Nats-Msg-Id`) is the view's id.
    pub fn intake_pageview(&self) -> String {
        self.subject("intake.pageview")
    }

    /// Whether a JetStream stream (or key-value bucket, `KV_<bucket>`) belongs
    /// to this namespace. The production namespace owns every stream.
    pub fn owns_stream(&self, name: &str) -> bool {
        if self.prefix.is_empty() {
            return true;
        }
        let own = format!("{}_", self.prefix.to_ascii_uppercase());
        name.strip_prefix("KV_").unwrap_or(name).starts_with(&own)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn production_names_have_no_prefix() {
        let ns = Namespace::default();
        assert_eq!(ns.accounts_login(), "accounts.login");
        assert_eq!(ns.content_changed(), "content.changed");
        assert_eq!(ns.chats_changed(), "chat.changed");
        assert_eq!(ns.intake_stream().name, "INTAKE");
        assert_eq!(ns.rate_limits_bucket(), "RATE_LIMITS");
        assert_eq!(ns.intake_stream().subjects, vec!["intake.>".to_owned()]);
    }

    #[test]
    fn prefixed_names_are_isolated() {
        let ns = Namespace::new("t-1a_b").expect("valid prefix");
        assert_eq!(ns.accounts_register(), "t-1a_b.accounts.register");
        assert_eq!(ns.intake_registered(), "t-1a_b.intake.registered");
        assert_eq!(ns.intake_message(), "t-1a_b.intake.message");
        assert_eq!(ns.intake_password_reset(), "t-1a_b.intake.password_reset");
        assert_eq!(
            ns.accounts_reset_password(),
            "t-1a_b.accounts.reset_password"
        );
        assert_eq!(ns.intake_stream().name, "T-1A_B_INTAKE");
        assert_eq!(ns.rate_limits_bucket(), "T-1A_B_RATE_LIMITS");
        assert_eq!(ns.settings_changed(), "t-1a_b.settings.changed");
        assert_eq!(ns.intake_pageview(), "t-1a_b.intake.pageview");
        assert_eq!(
            ns.owners_end_sessions(),
            "t-1a_b.owners.sessions.end_of_user"
        );
        assert_eq!(
            ns.owners_correct_waitlist_entries(),
            "t-1a_b.owners.waitlist_entries.correct"
        );
        let gateway = uuid::Uuid::nil();
        assert_eq!(
            ns.chat_confirm(gateway),
            format!("t-1a_b.confirm.{gateway}")
        );
    }

    #[test]
    fn streams_carrying_personal_data_keep_it_two_weeks_at_most() {
        // CHAT carries chat messages with visitors' names and emails, INTAKE
        // contact requests, registrations, subscriptions and page views
        // (docs/data-protection.md, Retention).
        let ns = Namespace::default();
        let two_weeks = Duration::from_secs(14 * 24 * 3600);
        for stream in [ns.chat_stream(), ns.intake_stream()] {
            assert!(
                stream.max_age > Duration::ZERO && stream.max_age <= two_weeks,
                "{} keeps messages for {:?}",
                stream.name,
                stream.max_age
            );
        }
    }

    #[test]
    fn streams_of_a_namespace_are_told_apart() {
        let ns = Namespace::new("t1").expect("valid prefix");
        assert!(ns.owns_stream("T1_CHAT"));
        assert!(ns.owns_stream("KV_T1_RATE_LIMITS"));
        assert!(!ns.owns_stream("T12_CHAT"));
        assert!(!ns.owns_stream("CHAT"));
        assert!(Namespace::default().owns_stream("CHAT"));
    }

    #[test]
    fn prefix_with_subject_tokens_is_refused() {
        assert!(Namespace::new("a.b").is_err());
        assert!(Namespace::new("a>").is_err());
        assert!(Namespace::new("a b").is_err());
    }
}
