//! The emails about chats: an offline chat to support, a transcript to its
//! visitor, and the code that confirms the visitor's address first.

use contract::chat::{
    ChatMessage, ChatSession, EMAIL_CODE_MINUTES, MessageAttachment, MessageChannel, SenderType,
    SessionStarted,
};
use contract::language::Language;
use lettre::message::Mailbox;
use runtime::signing::{Purpose, Signer};
use runtime::texts;

use super::parts::{Body, RenderedEmail, Site, Template, Thread, support};
use crate::mail::address::{COMPANY, mailbox};
use crate::mail::error::MailError;

/// A chat started while no agent was online, to the support inbox;
/// replying answers the visitor.
pub struct OfflineChat<'a>(pub &'a SessionStarted);

impl Template for OfflineChat<'_> {
    fn render(&self, site: Site<'_>) -> Result<RenderedEmail, MailError> {
        let chat = &self.0.session;
        let visitor = visitor("The visitor's address", chat)?;
        let support = support(site)?;
        let started = chat
            .created_at
            .format(&time::format_description::well_known::Rfc2822)
            .unwrap_or_else(|_| chat.created_at.to_string());
        let mut body = Body::default();
        body.paragraph(&format!(
            "{} <{}> started a chat while no agent was online.",
            chat.visitor_name, chat.visitor_email
        ))
        .fields(&[
            ("Chat", Some(&chat.session_id.to_string())),
            ("Started", Some(&started)),
        ])
        .paragraph(
            "They were told we will reply by email. Open the conversation in the agent \
             console to read and answer it, or reply to this email.",
        )
        .link(
            "Open the conversation",
            &format!("{}/admin/chat?chat={}", site.public_url, chat.session_id),
        );
        Ok(body.finish(
            "chat.offline",
            support,
            Some(visitor),
            format!("Offline chat from {}", chat.visitor_name),
            site,
        ))
    }
}

/// A chat's transcript, to its visitor: what both sides wrote and the
/// notices they saw, in order. Agents' private notes are not chat messages
/// and never reach this template.
pub struct ChatTranscript<'a> {
    pub chat: &'a ChatSession,
    pub messages: &'a [ChatMessage],
    /// Signs the attachment links, which work for [`ATTACHMENT_LINK_DAYS`]
    /// from `now`.
    pub signer: &'a Signer,
    pub now: time::OffsetDateTime,
}

/// How long a transcript's attachment links work.
pub const ATTACHMENT_LINK_DAYS: i64 = 30;

/// How long a reply email's link back to the chat works, as its files'.
pub const CONTINUE_LINK_DAYS: i64 = ATTACHMENT_LINK_DAYS;

impl Template for ChatTranscript<'_> {
    fn render(&self, site: Site<'_>) -> Result<RenderedEmail, MailError> {
        let chat = self.chat;
        let language = chat.language;
        let visitor = visitor("The chat's address", chat)?;
        let reply_to = chat_reply_to(site, self.signer, chat.session_id)?;
        let when = |at: &time::OffsetDateTime| texts::date_time(language, *at);
        let mut body = Body::in_language(language);
        body.paragraph(&texts::say(
            language,
            "transcript-greeting",
            &[
                ("name", chat.visitor_name.as_str().into()),
                ("company", COMPANY.into()),
                ("started", when(&chat.created_at).into()),
            ],
        ));
        if self.messages.is_empty() {
            body.paragraph(&texts::say(language, "transcript-empty", &[]));
        }
        let support = texts::say(language, "email-support", &[]);
        let notice = texts::say(language, "transcript-notice", &[]);
        for message in self.messages {
            let who = match message.sender_type {
                SenderType::User => chat.visitor_name.as_str(),
                SenderType::Agent => message.sender_name.as_deref().unwrap_or(&support),
                SenderType::System => &notice,
            };
            // The way it came or went, as the console marks it.
            let way = if message.channel == MessageChannel::Email {
                Some("transcript-by-email")
            } else if message.emailed_at.is_some() {
                Some("transcript-emailed")
            } else {
                None
            };
            let who = match way {
                Some(id) => texts::say(language, id, &[("who", who.into())]),
                None => who.to_owned(),
            };
            body.fields(&[(&who, Some(&when(&message.created_at)))]);
            if !message.message.is_empty() {
                body.quote(&message.message);
            }
            if let Some(attachment) = &message.attachment {
                attachment_link(&mut body, site, self.signer, self.now, attachment);
            }
        }
        if self
            .messages
            .iter()
            .any(|message| message.attachment.is_some())
        {
            body.paragraph(&file_links(language));
        }
        body.paragraph(&texts::say(language, "transcript-follow-up", &[]))
            .link(
                &texts::say(language, "email-visit-site", &[]),
                site.public_url,
            );
        let mut email = body.finish(
            "chat.transcript",
            visitor,
            Some(reply_to),
            texts::say(
                language,
                "transcript-subject",
                &[("company", COMPANY.into())],
            ),
            site,
        );
        email.return_path = chat_return_path(site, &email);
        Ok(email)
    }
}

/// The one-time code that confirms a chat's address. It goes to the bare
/// address and says nothing a visitor typed: whoever typed the address may
/// not own it.
pub struct ChatAddressCode<'a> {
    pub email: &'a str,
    pub code: &'a str,
    /// The chat's language.
    pub language: Language,
}

impl Template for ChatAddressCode<'_> {
    fn render(&self, site: Site<'_>) -> Result<RenderedEmail, MailError> {
        let language = self.language;
        let to = mailbox("The chat's address", None, self.email)?;
        let mut body = Body::in_language(language);
        body.paragraph(&texts::say(
            language,
            "address-code-intro",
            &[("company", COMPANY.into())],
        ))
        .fields(&[(
            &texts::say(language, "address-code-label", &[]),
            Some(self.code),
        )])
        .paragraph(&texts::say(
            language,
            "address-code-expiry",
            &[("minutes", EMAIL_CODE_MINUTES.into())],
        ));
        Ok(body.finish(
            "chat.address_code",
            to,
            None,
            texts::say(
                language,
                "address-code-subject",
                &[("company", COMPANY.into())],
            ),
            site,
        ))
    }
}

/// A file's size in words: "812 KB", "2.4 MB".
/// A link to `attachment` that works for [`ATTACHMENT_LINK_DAYS`] from `now`
/// (checked by the gateway's attachment route), named with its size.
fn attachment_link(
    body: &mut Body,
    site: Site<'_>,
    signer: &Signer,
    now: time::OffsetDateTime,
    attachment: &MessageAttachment,
) {
    let expires = (now + time::Duration::days(ATTACHMENT_LINK_DAYS)).unix_timestamp();
    let token = signer.sign_until(Purpose::ChatAttachment, attachment.id, expires);
    body.link(
        &format!(
            "{} ({})",
            attachment.filename,
            file_size(attachment.byte_size)
        ),
        &format!(
            "{}/api/chat/attachments/{}?token={token}",
            site.public_url, attachment.id
        ),
    );
}

/// Agents' replies the visitor has not seen, to the chat's address, in the
/// chat's own email thread, from the (last) agent by name "via" the company.
/// Only agents' words: whoever typed the address may not own it, so nothing
/// the visitor wrote goes out.
pub struct ChatReplies<'a> {
    pub chat: &'a ChatSession,
    /// Oldest first; at least one.
    pub replies: &'a [ChatMessage],
    pub signer: &'a Signer,
    pub now: time::OffsetDateTime,
}

impl Template for ChatReplies<'_> {
    fn render(&self, site: Site<'_>) -> Result<RenderedEmail, MailError> {
        let chat = self.chat;
        let language = chat.language;
        let to = visitor("The chat's address", chat)?;
        let reply_to = chat_reply_to(site, self.signer, chat.session_id)?;
        let support = texts::say(language, "email-support", &[]);
        let agent = self
            .replies
            .last()
            .and_then(|reply| reply.sender_name.as_deref())
            .unwrap_or(&support);
        let mut body = Body::in_language(language);
        body.paragraph(&texts::say(
            language,
            "replies-intro",
            &[
                ("name", chat.visitor_name.as_str().into()),
                ("count", self.replies.len().into()),
            ],
        ));
        for reply in self.replies {
            let who = reply.sender_name.as_deref().unwrap_or(&support);
            let at = texts::date_time(language, reply.created_at);
            body.fields(&[(who, Some(&at))]);
            if !reply.message.is_empty() {
                body.quote(&reply.message);
            }
            if let Some(attachment) = &reply.attachment {
                attachment_link(&mut body, site, self.signer, self.now, attachment);
            }
        }
        if self.replies.iter().any(|reply| reply.attachment.is_some()) {
            body.paragraph(&file_links(language));
        }
        let continue_token = self.signer.sign_until(
            Purpose::ContinueChat,
            chat.session_id,
            (self.now + time::Duration::days(CONTINUE_LINK_DAYS)).unix_timestamp(),
        );
        // The chat's language: the link (and the List-Unsubscribe header,
        // the same link) leads to the page in it.
        let unsubscribe = format!(
            "{}/api/chat/emails/unsubscribe?token={}&lang={}",
            site.public_url,
            self.signer.sign(Purpose::ChatEmailsOff, chat.session_id),
            language.code()
        );
        let names = [("agent", agent.into()), ("company", COMPANY.into())];
        body.paragraph(&texts::say(language, "replies-answer", &[]))
            .link(
                &texts::say(language, "replies-continue", &[]),
                &format!(
                    "{}/api/chat/continue?token={continue_token}",
                    site.public_url
                ),
            )
            .paragraph(&texts::say(language, "replies-why", &[]))
            .link(&texts::say(language, "replies-stop", &[]), &unsubscribe);
        let mut email = body.finish(
            "chat.replies",
            to,
            Some(reply_to),
            texts::say(language, "replies-subject", &names),
            site,
        );
        email.sender_name = Some(texts::say(language, "replies-sender", &names));
        email.return_path = chat_return_path(site, &email);
        email.list_unsubscribe = Some(unsubscribe);
        email.one_click_unsubscribe = true;
        let through = self
            .replies
            .last()
            .map_or(chat.session_id, |reply| reply.id);
        email.thread = Some(chat_thread(site, chat.session_id, through));
        Ok(email)
    }
}

/// The thread of chat `chat_id`'s emails: rooted at an id of the chat alone,
/// each email's own id naming the last message it carries.
pub fn chat_thread(site: Site<'_>, chat_id: uuid::Uuid, through: uuid::Uuid) -> Thread {
    let host = site
        .public_url
        .split("://")
        .nth(1)
        .unwrap_or(site.public_url)
        .split(['/', ':'])
        .next()
        .filter(|host| !host.is_empty())
        .unwrap_or("localhost");
    Thread {
        message_id: format!("<chat.{chat_id}.{through}@{host}>"),
        root: format!("<chat.{chat_id}@{host}>"),
    }
}

/// How long the links to a chat's files work, in `language`.
fn file_links(language: Language) -> String {
    texts::say(
        language,
        "email-file-links",
        &[("days", ATTACHMENT_LINK_DAYS.into())],
    )
}

fn file_size(bytes: i32) -> String {
    let bytes = f64::from(bytes.max(0));
    if bytes < 1024.0 * 1024.0 {
        format!("{} KB", (bytes / 1024.0).ceil())
    } else {
        format!("{:.1} MB", bytes / (1024.0 * 1024.0))
    }
}

/// Where a visitor's reply to an email about chat `chat_id` goes: the chat's
/// own address (`local+<signed chat id>@domain`, read back into the chat by
/// the workers' inbound role) when the site has a chat reply address, the
/// support inbox when it has none.
pub fn chat_reply_to(
    site: Site<'_>,
    signer: &Signer,
    chat_id: uuid::Uuid,
) -> Result<Mailbox, MailError> {
    let Some((local, domain)) = site.settings.chat_reply_address.split_once('@') else {
        return support(site);
    };
    let token = signer.sign_for_address(Purpose::ChatReplyAddress, chat_id);
    mailbox(
        "The chat reply address (site settings)",
        Some(&format!("{COMPANY} Support")),
        &format!("{local}+{token}@{domain}"),
    )
}

/// The envelope sender of a chat email: its chat's own reply address when
/// the site has one (so a bounce arrives where the workers read, naming the
/// chat), else the sender's.
fn chat_return_path(site: Site<'_>, email: &RenderedEmail) -> Option<lettre::Address> {
    if site.settings.chat_reply_address.is_empty() {
        return None;
    }
    email
        .reply_to
        .as_ref()
        .map(|reply_to| reply_to.email.clone())
}

/// The chat's visitor (`what` names the address in an error).
fn visitor(what: &'static str, chat: &ChatSession) -> Result<Mailbox, MailError> {
    mailbox(what, Some(&chat.visitor_name), &chat.visitor_email)
}

#[cfg(test)]
mod tests {
    use contract::chat::ChatStatus;
    use time::OffsetDateTime;
    use uuid::Uuid;

    use super::*;
    use crate::mail::templates::test_support::*;

    #[test]
    fn the_address_code_goes_to_the_bare_address_with_the_code_alone() {
        let settings = settings();
        let email = ChatAddressCode {
            email: "amina@example.com",
            code: "042917",
            language: Language::En,
        }
        .render(site(&settings))
        .expect("renders");
        assert_eq!(email.to.to_string(), "amina@example.com");
        assert_eq!(email.subject, "Your Nyota Cloud confirmation code");
        assert!(email.text.contains("042917"), "{}", email.text);
        assert!(email.text.contains("15 minutes"), "{}", email.text);
        assert_footer(&email);
    }

    #[test]
    fn the_offline_chat_goes_to_the_support_inbox_of_the_settings() {
        let settings = settings();
        let started = SessionStarted {
            session: ChatSession {
                session_id: Uuid::now_v7(),
                visitor_name: "Offline <b>Visitor</b>".to_owned(),
                visitor_email: "visitor@example.com".to_owned(),
                status: ChatStatus::Open,
                created_at: OffsetDateTime::now_utc(),
                queue_position: None,
                language: Language::En,
            },
            agents_online: false,
        };
        let email = OfflineChat(&started)
            .render(site(&settings))
            .expect("renders");
        assert_eq!(email.to.email.to_string(), "help@nyota.example");
        assert_eq!(email.subject, "Offline chat from Offline <b>Visitor</b>");
        assert!(email.html.contains("Offline &lt;b&gt;Visitor&lt;/b&gt;"));
        // The link opens this conversation in the console, not the console alone.
        let link = format!(
            "https://nyota.example/admin/chat?chat={}",
            started.session.session_id
        );
        assert!(email.text.contains(&link), "{}", email.text);
        assert!(email.html.contains(&link), "{}", email.html);
        assert_footer(&email);
    }

    #[test]
    fn a_transcript_links_each_attachment_for_30_days() {
        use contract::chat::{AttachmentKind, MessageAttachment};
        let settings = settings();
        let chat = ChatSession {
            session_id: Uuid::now_v7(),
            visitor_name: "Amina".to_owned(),
            visitor_email: "amina@example.com".to_owned(),
            status: ChatStatus::Resolved,
            created_at: OffsetDateTime::now_utc(),
            queue_position: None,
            language: Language::En,
        };
        let attachment = MessageAttachment {
            id: Uuid::now_v7(),
            kind: AttachmentKind::Pdf,
            content_type: "application/pdf".to_owned(),
            filename: "invoice <1>.pdf".to_owned(),
            byte_size: 2_500_000,
            width: None,
            height: None,
        };
        let messages = [ChatMessage {
            id: Uuid::now_v7(),
            session_id: chat.session_id,
            sender_type: SenderType::Agent,
            sender_name: Some("Amina".to_owned()),
            message: String::new(),
            created_at: OffsetDateTime::now_utc(),
            attachment: Some(attachment.clone()),
            client_message_id: None,
            delivered_at: None,
            seen_at: None,
            channel: Default::default(),
            emailed_at: Some(OffsetDateTime::now_utc()),
        }];
        let signer = Signer::new("test-signing-key-0123456789abcdef").expect("key");
        let now = OffsetDateTime::now_utc();
        let email = ChatTranscript {
            chat: &chat,
            messages: &messages,
            signer: &signer,
            now,
        }
        .render(site(&settings))
        .expect("renders");
        assert!(
            email.text.contains("invoice <1>.pdf (2.4 MB)"),
            "{}",
            email.text
        );
        assert!(email.html.contains("invoice &lt;1&gt;.pdf (2.4 MB)"));
        // It went to the visitor by email when they had left: said so.
        assert!(email.text.contains("Amina (emailed)"), "{}", email.text);
        let prefix = format!(
            "https://nyota.example/api/chat/attachments/{}?token=",
            attachment.id
        );
        let start = email.text.find(&prefix).expect("a link") + prefix.len();
        let token: String = email.text[start..]
            .chars()
            .take_while(|c| !c.is_whitespace())
            .collect();
        let day = 24 * 3600;
        let issued = now.unix_timestamp();
        assert_eq!(
            signer.verify_until(Purpose::ChatAttachment, &token, issued + 29 * day),
            Some(attachment.id)
        );
        assert_eq!(
            signer.verify_until(Purpose::ChatAttachment, &token, issued + 31 * day),
            None
        );
        assert!(
            email
                .text
                .contains("The links to the files work for 30 days.")
        );
    }

    #[test]
    fn a_chat_email_replies_to_the_chats_own_address_when_the_site_has_one() {
        let mut settings = settings();
        let signer = Signer::new("test-signing-key-0123456789abcdef").expect("key");
        let chat = Uuid::now_v7();
        let support_inbox = chat_reply_to(site(&settings), &signer, chat).expect("support");
        assert_eq!(support_inbox.email.to_string(), settings.support_email);
        settings.chat_reply_address = "chat-replies@nyota.example".to_owned();
        let own = chat_reply_to(site(&settings), &signer, chat).expect("the chat's own");
        let (local, domain) = (own.email.user(), own.email.domain());
        assert_eq!(domain, "nyota.example");
        let token = local.strip_prefix("chat-replies+").expect("local+token");
        assert!(local.len() <= 64, "{local}");
        assert_eq!(
            signer.verify_address(Purpose::ChatReplyAddress, token),
            Some(chat)
        );
        assert_eq!(own.name.as_deref(), Some("Nyota Cloud Support"));
    }
}
