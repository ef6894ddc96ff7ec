//! What the `inbound` role does with each email the mailbox hands over:
//! a visitor's reply to a chat email goes to the chat's owner to be posted
//! ([`contract::chat::email_replies`]); everything else is dropped, said in
//! the log: auto-replies and bounces (never posted, never answered, so no
//! mail loop), and emails to no chat's reply address or to one that was
//! altered. A reply whose sender failed DMARC (another server sent it in
//! that domain's name) is held for an agent, as one from another sender. A bounce of a chat email for good marks the
//! chat's address undeliverable (no more reply emails; the console says
//! why).

use contract::chat::email_replies::{EmailReply, EmailReplyOutcome};
use contract::owners::Refused;
use runtime::signing::{Purpose, Signer};
use sha2::{Digest as _, Sha256};
use uuid::Uuid;

use super::{Dmarc, InboundAttachment, InboundMail, MailKind, parse};

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
    // Without a Message-ID the email's own bytes name it.
    let message_id = mail.message_id.clone().unwrap_or_else(|| {
        let digest = Sha256::digest(raw);
        digest.iter().map(|byte| format!("{byte:02x}")).collect()
    });
    // Files first, where the chat's owner finds them by the email's id.
    if let Err(error) = keep_files(pool, chat_id, &message_id, &mail.attachments).await {
        tracing::warn!(%error, chat.session_id = %chat_id, "an email reply's files will be taken again");
        return false;
    }
    let reply = EmailReply {
        chat_id,
        message_id,
        from: mail.from.clone().unwrap_or_default(),
        text: mail.new_text.clone(),
        // Another server sent it in the sender's domain's name: an agent
        // decides, as for another sender.
        hold: mail.dmarc == Dmarc::Fail,
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

/// The largest file kept from an email: the most the site's attachment
/// limit may be (the pipeline applies the limit of the day).
const MAX_FILE_BYTES: usize =
    contract::site_settings::MAX_CHAT_ATTACHMENT_MIB as usize * 1024 * 1024;

/// Keeps the email's pictures and PDFs (what a chat may carry) for the
/// chat's owner; each once, however often the email is read.
async fn keep_files(
    pool: &sqlx::PgPool,
    chat_id: Uuid,
    message_id: &str,
    files: &[InboundAttachment],
) -> sqlx::Result<()> {
    for (position, file) in files.iter().enumerate() {
        let kind_ok = file.content_type.starts_with("image/")
            || file.content_type == "application/pdf"
            || file.content_type == "application/octet-stream";
        if !kind_ok || file.bytes.len() > MAX_FILE_BYTES {
            tracing::info!(chat.session_id = %chat_id, content_type = %file.content_type, bytes = file.bytes.len(), "a file of an email reply was left out");
            continue;
        }
        sqlx::query!(
            // Not for a chat that is gone (erased): the owner answers that
            // there is no such chat, and the email is done with.
            "insert into chat_email_files
                 (session_id, message_id, position, filename, content_type, data)
             select $1, $2, $3, $4, $5, $6
             where exists (select 1 from chat_sessions where id = $1)
             on conflict do nothing",
            chat_id,
            message_id,
            i32::try_from(position).unwrap_or(i32::MAX),
            file.filename,
            file.content_type,
            file.bytes
        )
        .execute(pool)
        .await?;
    }
    Ok(())
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
