//! The `notify` role: when a chat starts while no agent is online, emails
//! the support inbox (the site settings' `supportEmail`, read when the email
//! is sent) so the visitor gets an answer by email. Sent once per chat
//! through [`Mailer::send_once`]. It also emails a visitor the transcript
//! of their chat when they ask for it (`intake.transcript`), once per
//! request and only to an address confirmed with an emailed code (the
//! first request carries the code, which this role emails instead): `chat_messages` only, so agents' private notes never go out;
//! each attachment is listed by name with a signed link that works for 30
//! days (checked by the gateway's attachment route). And it emails visitors
//! the agents' replies they left unseen ([`crate::reply_emails`]).

use std::sync::Arc;
use std::time::Duration;

use contract::chat::{SessionStarted, TranscriptRequested};
use contract::language::Language;
use runtime::signing::Signer;
use tokio::task::JoinHandle;

use crate::WorkerContext;
use crate::consumer::{self, ConsumerSpec, Outcome, RetryPolicy};
use crate::mail::templates::{ChatAddressCode, ChatTranscript, OfflineChat, Template};
use crate::mail::{self, Mailer};

/// Gives up on an email after about an hour of SMTP failures (1 s doubling
/// to 60 s, then every minute).
pub const RETRY: RetryPolicy = RetryPolicy {
    max_deliveries: 64,
    backoff_base: Duration::from_secs(1),
    backoff_cap: Duration::from_secs(60),
};

/// Starts consuming `chat.started` and transcript requests; returns once
/// both consumers exist.
pub async fn spawn(
    ctx: WorkerContext,
    mailer: Arc<Mailer>,
    signer: Signer,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<JoinHandle<()>> {
    use futures::FutureExt as _;
    let shutdown = shutdown.shared();
    let offline = spawn_mailing(
        &ctx,
        &mailer,
        "notify",
        ctx.namespace.chat_stream(),
        ctx.namespace.chat_started_all(),
        shutdown.clone(),
        |pool, mailer, started: SessionStarted| async move {
            send_offline(&pool, &mailer, &started).await
        },
    )
    .await?;
    let replies = crate::reply_emails::spawn(
        ctx.clone(),
        Arc::clone(&mailer),
        signer.clone(),
        shutdown.clone(),
    );
    let transcripts = spawn_mailing(
        &ctx,
        &mailer,
        "notify-transcripts",
        ctx.namespace.intake_stream(),
        ctx.namespace.intake_transcript(),
        shutdown,
        move |pool, mailer, request: TranscriptRequested| {
            let signer = signer.clone();
            async move { send_transcript(&pool, &mailer, &signer, &request).await }
        },
    )
    .await?;
    Ok(tokio::spawn(async move {
        let _ = tokio::join!(offline, transcripts, replies);
    }))
}

/// A consumer of JSON events of type `T`, each handled by `send`; a message
/// that is not a `T` is rejected (dead-lettered) at once.
async fn spawn_mailing<T, F, Fut>(
    ctx: &WorkerContext,
    mailer: &Arc<Mailer>,
    name: &'static str,
    stream: async_nats::jetstream::stream::Config,
    filter_subject: String,
    shutdown: impl Future<Output = ()> + Send + 'static,
    send: F,
) -> anyhow::Result<JoinHandle<()>>
where
    T: serde::de::DeserializeOwned + Send + 'static,
    F: Fn(sqlx::PgPool, Arc<Mailer>, T) -> Fut + Send + Sync + Clone + 'static,
    Fut: Future<Output = Outcome> + Send,
{
    let spec = ConsumerSpec {
        name,
        stream,
        filter_subject,
        ack_wait: Duration::from_secs(60),
        retry: RETRY,
        concurrency: 4,
    };
    let (pool, mailer) = (ctx.pool.clone(), Arc::clone(mailer));
    consumer::spawn(ctx, spec, shutdown, move |message| {
        let (pool, mailer, send) = (pool.clone(), Arc::clone(&mailer), send.clone());
        async move {
            match serde_json::from_slice::<T>(&message.payload) {
                Ok(event) => send(pool, mailer, event).await,
                Err(error) => Outcome::Reject(
                    anyhow::Error::new(error).context(format!("malformed {name} message")),
                ),
            }
        }
    })
    .await
}

/// Renders `email` with the current site settings and sends it once for `key`.
#[tracing::instrument(name = "notify.send", skip_all, fields(notify.key = %key))]
async fn send_with_settings(
    pool: &sqlx::PgPool,
    mailer: &Mailer,
    key: uuid::Uuid,
    email: impl Template + Sync,
) -> Outcome {
    mail::send_all(pool, mailer, key, &[&email]).await
}

/// Emails support about a chat started while no agent was online.
#[tracing::instrument(
    name = "notify.offline_chat",
    skip_all,
    fields(chat.session_id = %started.session.session_id, chat.agents_online = started.agents_online)
)]
async fn send_offline(pool: &sqlx::PgPool, mailer: &Mailer, started: &SessionStarted) -> Outcome {
    if started.agents_online {
        return Outcome::Done;
    }
    send_with_settings(
        pool,
        mailer,
        started.session.session_id,
        OfflineChat(started),
    )
    .await
}

/// Emails the transcript of `request`'s chat to the chat's address.
#[tracing::instrument(
    name = "notify.transcript",
    skip_all,
    fields(chat.session_id = %request.session_id, notify.request_id = %request.id)
)]
async fn send_transcript(
    pool: &sqlx::PgPool,
    mailer: &Mailer,
    signer: &Signer,
    request: &TranscriptRequested,
) -> Outcome {
    if let Some(code) = &request.confirmation_code {
        return send_address_code(pool, mailer, request, code).await;
    }
    // The gateway asks for a transcript only once the chat's address is
    // confirmed; a request for one that is not (sent before codes existed)
    // is refused rather than mailed to an address nobody proved.
    match sqlx::query_scalar!(
        r#"select email_confirmed_at is not null as "confirmed!" from chat_sessions where id = $1"#,
        request.session_id
    )
    .fetch_optional(pool)
    .await
    {
        Ok(Some(true)) => {}
        Ok(Some(false)) => {
            return Outcome::Reject(anyhow::anyhow!(
                "transcript to a chat address that is not confirmed"
            ));
        }
        Ok(None) => return Outcome::Reject(anyhow::anyhow!("transcript of an unknown chat")),
        Err(error) => return Outcome::from_sqlx(error),
    }
    let chat = match runtime::chat_messages::chat_session(pool, request.session_id).await {
        Ok(Some(chat)) => chat,
        Ok(None) => return Outcome::Reject(anyhow::anyhow!("transcript of an unknown chat")),
        Err(error) => return Outcome::from_sqlx(error),
    };
    let messages = match runtime::chat_messages::stored_messages(pool, request.session_id).await {
        Ok(messages) => messages,
        Err(error) => return Outcome::from_sqlx(error),
    };
    let transcript = ChatTranscript {
        chat: &chat,
        messages: &messages,
        signer,
        now: time::OffsetDateTime::now_utc(),
    };
    send_with_settings(pool, mailer, request.id, transcript).await
}

/// Emails the one-time code that confirms a chat's address: to the bare
/// address, with nothing the visitor typed (not even their name).
async fn send_address_code(
    pool: &sqlx::PgPool,
    mailer: &Mailer,
    request: &TranscriptRequested,
    code: &str,
) -> Outcome {
    let chat = match sqlx::query!(
        r#"select visitor_email, language as "language: Language" from chat_sessions where id = $1"#,
        request.session_id
    )
    .fetch_optional(pool)
    .await
    {
        Ok(Some(chat)) => chat,
        Ok(None) => return Outcome::Reject(anyhow::anyhow!("code for an unknown chat")),
        Err(error) => return Outcome::from_sqlx(error),
    };
    send_with_settings(
        pool,
        mailer,
        request.id,
        ChatAddressCode {
            email: &chat.visitor_email,
            code,
            language: chat.language,
        },
    )
    .await
}
