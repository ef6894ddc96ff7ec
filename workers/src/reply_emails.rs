//! The `notify` role's sweep of unseen replies (issue 38): an agent's reply
//! the visitor has not seen (no "seen" receipt through it) for the site's
//! `replyEmailMinutes` goes to the chat's address by email, with every
//! other unseen reply not emailed yet, in the chat's own thread
//! ([`ChatReplies`]). One email per batch, keyed by the batch's last reply
//! in `sent_emails` (kind `chat.replies`), so a sweep that runs twice, or a
//! worker killed mid-send, sends it once ([`Mailer::send_once`]).
//!
//! An address that stopped these emails (`chat_email_optouts`, the
//! emails' one-click unsubscribe) gets none; its replies stay in the chat.
//!
//! Only replies of the last day are looked at: a reply older than that,
//! never emailed (the workers were down that long), stays in the chat.

use std::time::Duration;

use contract::chat::SenderType;
use runtime::signing::Signer;
use sqlx::PgPool;
use uuid::Uuid;

use crate::consumer::Outcome;
use crate::mail::templates::ChatReplies;
use crate::mail::{self, Mailer};

/// How often the sweep looks: a reply goes out at most this long after its
/// quiet period.
pub const SWEEP_EVERY: Duration = Duration::from_secs(10);

/// A chat with replies to email: the batch runs after `after` (the last
/// reply the visitor saw or was emailed, if any) through `through`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DueBatch {
    pub chat_id: Uuid,
    pub after: Option<Uuid>,
    pub through: Uuid,
}

/// The chats whose oldest unseen, unemailed agent reply is older than
/// `quiet_minutes`, each with the batch to send.
pub async fn due_batches(pool: &PgPool, quiet_minutes: u32) -> Result<Vec<DueBatch>, sqlx::Error> {
    let quiet = i32::try_from(quiet_minutes).unwrap_or(i32::MAX);
    let rows = sqlx::query!(
        r#"with recent as (
               select m.session_id, m.id, m.created_at
               from chat_messages m
               where m.sender_type = 'agent' and m.created_at > now() - interval '1 day'
           ),
           marks as (
               select c.session_id,
                      greatest(
                          (select r.through_message_id from chat_receipts r
                            where r.session_id = c.session_id and r.reader = 'user'
                              and r.state = 'seen'
                            order by r.through_message_id desc limit 1),
                          (select e.id from chat_messages e
                            where e.session_id = c.session_id and e.sender_type = 'agent'
                              and exists (select 1 from sent_emails s
                                           where s.key = e.id and s.kind = 'chat.replies')
                            order by e.id desc limit 1)
                      ) as after
               from (select distinct session_id from recent) c
           )
           select p.session_id as "chat_id!", k.after,
                  (array_agg(p.id order by p.id desc))[1] as "through!"
           from recent p
           join marks k on k.session_id = p.session_id
           join chat_sessions s on s.id = p.session_id
           where s.visitor_email <> '' and s.email_bounced_at is null
             and not exists (select 1 from chat_email_optouts o
                              where o.email = lower(btrim(s.visitor_email)))
             and (k.after is null or p.id > k.after)
           group by p.session_id, k.after
           having min(p.created_at) <= now() - make_interval(mins => $1)"#,
        quiet
    )
    .fetch_all(pool)
    .await?;
    Ok(rows
        .into_iter()
        .map(|row| DueBatch {
            chat_id: row.chat_id,
            after: row.after,
            through: row.through,
        })
        .collect())
}

/// Emails one batch (once: the key is its last reply).
pub async fn send_batch(
    pool: &PgPool,
    mailer: &Mailer,
    signer: &Signer,
    batch: &DueBatch,
) -> Outcome {
    let chat = match runtime::chat_messages::chat_session(pool, batch.chat_id).await {
        Ok(Some(chat)) => chat,
        // Erased meanwhile: nothing to send.
        Ok(None) => return Outcome::Done,
        Err(error) => return Outcome::from_sqlx(error),
    };
    let replies: Vec<_> = match runtime::chat_messages::stored_messages_from(
        pool,
        batch.chat_id,
        batch.after,
        i64::MAX,
    )
    .await
    {
        Ok(messages) => messages
            .into_iter()
            .filter(|message| {
                message.sender_type == SenderType::Agent
                    && batch.after.is_none_or(|after| message.id > after)
                    && message.id <= batch.through
            })
            .collect(),
        Err(error) => return Outcome::from_sqlx(error),
    };
    if replies.is_empty() {
        return Outcome::Done;
    }
    let email = ChatReplies {
        chat: &chat,
        replies: &replies,
        signer,
        now: time::OffsetDateTime::now_utc(),
    };
    match mail::send_all(pool, mailer, batch.through, &[&email]).await {
        // The console marks what went by email (again harmlessly after a
        // crash between the send and this).
        Outcome::Done => {
            let ids: Vec<Uuid> = replies.iter().map(|reply| reply.id).collect();
            match sqlx::query!(
                "update chat_messages set emailed_at = coalesce(emailed_at, now())
                 where session_id = $1 and id = any($2)",
                batch.chat_id,
                &ids
            )
            .execute(pool)
            .await
            {
                Ok(_) => Outcome::Done,
                Err(error) => Outcome::from_sqlx(error),
            }
        }
        other => other,
    }
}

/// One sweep: every due batch, each sent once. Returns the chats whose
/// batch went out.
pub async fn sweep_once(
    pool: &PgPool,
    mailer: &Mailer,
    signer: &Signer,
) -> anyhow::Result<Vec<Uuid>> {
    if !mailer.is_enabled() {
        return Ok(Vec::new());
    }
    let settings = runtime::site_settings::load(pool).await?;
    let due = due_batches(pool, settings.reply_email_minutes).await?;
    let mut emailed = Vec::new();
    for batch in &due {
        match send_batch(pool, mailer, signer, batch).await {
            Outcome::Done => emailed.push(batch.chat_id),
            // Another delivery holds it, SMTP failed for now, or it cannot
            // be sent: the next sweep finds it again (or skips a sent one).
            other => {
                tracing::warn!(chat.session_id = %batch.chat_id, outcome = ?other, "unseen replies not emailed this time")
            }
        }
    }
    Ok(emailed)
}

/// Sweeps every [`SWEEP_EVERY`] until `shutdown`, telling the consoles
/// which chats' replies went out (they mark them "Emailed").
pub fn spawn(
    ctx: crate::WorkerContext,
    mailer: std::sync::Arc<Mailer>,
    signer: Signer,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        tokio::pin!(shutdown);
        loop {
            tokio::select! {
                () = &mut shutdown => return,
                () = tokio::time::sleep(SWEEP_EVERY) => {}
            }
            match sweep_once(&ctx.pool, &mailer, &signer).await {
                Ok(emailed) => {
                    for chat_id in emailed {
                        crate::announce_chat_email(&ctx.nats, &ctx.namespace, chat_id).await;
                    }
                }
                Err(error) => tracing::warn!(
                    error = format!("{error:#}"),
                    "the unseen-replies sweep failed"
                ),
            }
        }
    })
}
