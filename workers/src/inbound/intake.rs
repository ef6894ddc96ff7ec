//! What the `inbound` role does with each email the mailbox hands over:
//! a visitor's reply to a chat email goes to the chat's owner to be posted
//! ([`contract::chat::email_replies`]); everything else is dropped, said in
//! the log: auto-replies and bounces (never posted, never answered, so no
//! mail loop), emails to no chat's reply address or to one that was
//! altered, and emails whose sender failed DMARC (another server sent them
//! in that domain's name). A bounce of a chat email for good marks the
//! chat's address undeliverable (no more reply emails; the console says
//! why).

use contract::chat::email_replies::{EmailReply, EmailReplyOutcome};
use contract::owners::Refused;
use runtime::signing::{Purpose, Signer};
use sha2::{Digest as _, Sha256};
use uuid::Uuid;

use super::{Dmarc, InboundMail, MailKind, parse};

/// The chat a mail is a reply to: the first address it went to whose `+`
/// part is a token this key signed for a chat's reply address.
pub fn chat_of(mail: &InboundMail, signer: &Signer) -> Option<Uuid> {
    mail.recipients.iter().find_map(|address| {
        let local = address.split('@').next()?;
        let (_, token) = local.split_once('+')?;
        signer.verify_address(Purpose::ChatReplyAddress, token)
    })
}

/// What the intake works with.
#[derive(Clone)]
pub struct Intake {
    pub pool: sqlx::PgPool,
    pub nats: async_nats::Client,
    pub namespace: contract::Namespace,
    pub signer: Signer,
}

/// Takes one raw email; `false` when it must be handed over again later
/// (the chat's owner could not be asked or failed for now).
pub async fn take(intake: &Intake, raw: &[u8]) -> bool {
    let Intake {
        pool,
        nats,
        namespace,
        signer,
    } = intake;
    let Some(mail) = parse(raw) else {
        tracing::warn!(
            bytes = raw.len(),
            "an inbound email that is not an email was dropped"
        );
        return true;
    };
    match &mail.kind {
        MailKind::Reply => {}
        MailKind::Bounce {
            recipient,
            permanent: true,
            diagnostic,
        } => {
            let Some(chat_id) = chat_of(&mail, signer) else {
                tracing::info!(message_id = ?mail.message_id, "a bounce about no chat was dropped");
                return true;
            };
            return match mark_bounced(pool, chat_id, recipient.as_deref(), diagnostic.as_deref())
                .await
            {
                Ok(true) => {
                    tracing::info!(chat.session_id = %chat_id, "the chat's address bounced");
                    crate::announce_chat_email(nats, namespace, chat_id).await;
                    true
                }
                Ok(false) => true,
                Err(error) => {
                    tracing::warn!(%error, chat.session_id = %chat_id, "a bounce will be taken again");
                    false
                }
            };
        }
        kind => {
            tracing::info!(?kind, message_id = ?mail.message_id, "an automatic email was dropped");
            return true;
        }
    }
    let Some(chat_id) = chat_of(&mail, signer) else {
        tracing::info!(message_id = ?mail.message_id, "an inbound email to no chat's reply address was dropped");
        return true;
    };
    if mail.dmarc == Dmarc::Fail {
        tracing::warn!(chat.session_id = %chat_id, message_id = ?mail.message_id, "an email reply that failed DMARC was not posted");
        return true;
    }
    // Without a Message-ID the email's own bytes name it.
    let message_id = mail.message_id.clone().unwrap_or_else(|| {
        let digest = Sha256::digest(raw);
        digest.iter().map(|byte| format!("{byte:02x}")).collect()
    });
    let reply = EmailReply {
        chat_id,
        message_id,
        from: mail.from.clone().unwrap_or_default(),
        text: mail.new_text.clone(),
    };
    match contract::owners::ask::<EmailReplyOutcome>(
        nats,
        namespace.owners_post_email_reply(),
        &reply,
    )
    .await
    {
        Ok(outcome) => {
            tracing::info!(chat.session_id = %chat_id, ?outcome, "email reply taken");
            true
        }
        Err(error) if error.downcast_ref::<Refused>().is_some() => {
            tracing::error!(chat.session_id = %chat_id, "the chat's owner refused an email reply");
            true
        }
        Err(error) => {
            tracing::warn!(chat.session_id = %chat_id, error = format!("{error:#}"), "an email reply will be tried again");
            false
        }
    }
}

/// Marks chat `chat_id`'s address undeliverable after a bounce about
/// `recipient` (when the bounce names one, it must be the chat's);
/// `true` when this is news.
async fn mark_bounced(
    pool: &sqlx::PgPool,
    chat_id: Uuid,
    recipient: Option<&str>,
    diagnostic: Option<&str>,
) -> sqlx::Result<bool> {
    Ok(sqlx::query!(
        "update chat_sessions
         set email_bounced_at = now(),
             email_bounce = coalesce($3, 'The mail server refused it for good.')
         where id = $1 and email_bounced_at is null
           and ($2::text is null or lower(btrim(visitor_email)) = $2)",
        chat_id,
        recipient,
        diagnostic
    )
    .execute(pool)
    .await?
    .rows_affected()
        == 1)
}

/// Watches `mailbox` and takes every email, until `shutdown`.
pub fn spawn(
    intake: Intake,
    mailbox: super::imap::ImapMailbox,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> tokio::task::JoinHandle<()> {
    tokio::spawn(super::imap::watch(
        mailbox,
        move |raw| {
            let intake = intake.clone();
            async move { take(&intake, &raw).await }
        },
        shutdown,
    ))
}
