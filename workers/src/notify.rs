//! The `notify` role: when a chat starts while no agent is online, emails
//! the support inbox (the site settings' `supportEmail`, read when the email
//! is sent) so the visitor gets an answer by email. Sent once per chat
//! through [`Mailer::send_once`]. It also emails a visitor the transcript
//! of their chat when they ask for it (`intake.transcript`), once per
//! request: `chat_messages` only, so agents' private notes never go out.

use std::sync::Arc;
use std::time::Duration;

use contract::chat::{
    ChatMessage, ChatSession, ChatStatus, SenderType, SessionStarted, TranscriptRequested,
};
use contract::site_settings::SiteSettings;
use tokio::task::JoinHandle;

use crate::WorkerContext;
use crate::consumer::{self, ConsumerSpec, Outcome, RetryPolicy};
use crate::mail::Mailer;
use crate::mail::templates::{ChatTranscript, OfflineChat, Site, Template as _};

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
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<JoinHandle<()>> {
    use futures::FutureExt as _;
    let shutdown = shutdown.shared();
    let offline = spawn_offline(ctx.clone(), Arc::clone(&mailer), shutdown.clone()).await?;
    let transcripts = spawn_transcripts(ctx, mailer, shutdown).await?;
    Ok(tokio::spawn(async move {
        let _ = tokio::join!(offline, transcripts);
    }))
}

async fn spawn_transcripts(
    ctx: WorkerContext,
    mailer: Arc<Mailer>,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<JoinHandle<()>> {
    let spec = ConsumerSpec {
        name: "notify-transcripts",
        stream: ctx.namespace.intake_stream(),
        filter_subject: ctx.namespace.intake_transcript(),
        ack_wait: Duration::from_secs(60),
        retry: RETRY,
        concurrency: 4,
    };
    let pool = ctx.pool.clone();
    consumer::spawn(&ctx, spec, shutdown, move |message| {
        let mailer = Arc::clone(&mailer);
        let pool = pool.clone();
        async move {
            let request = match serde_json::from_slice::<TranscriptRequested>(&message.payload) {
                Ok(request) => request,
                Err(error) => {
                    return Outcome::Reject(
                        anyhow::Error::new(error).context("malformed transcript request"),
                    );
                }
            };
            send_transcript(&pool, &mailer, &request).await
        }
    })
    .await
}

/// Emails the transcript of `request`'s chat to the chat's address.
async fn send_transcript(
    pool: &sqlx::PgPool,
    mailer: &Mailer,
    request: &TranscriptRequested,
) -> Outcome {
    let chat = match sqlx::query_as!(
        ChatSession,
        r#"select id as session_id, visitor_name, visitor_email,
                  status as "status: ChatStatus", created_at, null::int8 as queue_position
           from chat_sessions where id = $1"#,
        request.session_id
    )
    .fetch_optional(pool)
    .await
    {
        Ok(Some(chat)) => chat,
        Ok(None) => return Outcome::Reject(anyhow::anyhow!("transcript of an unknown chat")),
        Err(error) => return Outcome::from_sqlx(error),
    };
    let messages = match sqlx::query_as!(
        ChatMessage,
        r#"select id, session_id, sender_type as "sender_type: SenderType", message, created_at
           from chat_messages where session_id = $1 order by id"#,
        request.session_id
    )
    .fetch_all(pool)
    .await
    {
        Ok(messages) => messages,
        Err(error) => return Outcome::from_sqlx(error),
    };
    let settings = match SiteSettings::load(pool).await {
        Ok(settings) => settings,
        Err(error) => return Outcome::from_sqlx(error),
    };
    let site = Site {
        settings: &settings,
        public_url: mailer.public_url(),
    };
    let transcript = ChatTranscript {
        chat: &chat,
        messages: &messages,
    };
    let sent = match transcript.render(site) {
        Ok(email) => mailer.send_once(pool, request.id, &email).await,
        Err(error) => Err(error),
    };
    match sent {
        Ok(_) => Outcome::Done,
        Err(error) => error.outcome(),
    }
}

/// Starts consuming `chat.started`; returns once the consumer exists.
async fn spawn_offline(
    ctx: WorkerContext,
    mailer: Arc<Mailer>,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<JoinHandle<()>> {
    let spec = ConsumerSpec {
        name: "notify",
        stream: ctx.namespace.chat_stream(),
        filter_subject: ctx.namespace.chat_started_all(),
        ack_wait: Duration::from_secs(60),
        retry: RETRY,
        concurrency: 4,
    };
    let pool = ctx.pool.clone();
    consumer::spawn(&ctx, spec, shutdown, move |message| {
        let mailer = Arc::clone(&mailer);
        let pool = pool.clone();
        async move {
            let started = match serde_json::from_slice::<SessionStarted>(&message.payload) {
                Ok(started) => started,
                Err(error) => {
                    return Outcome::Reject(
                        anyhow::Error::new(error).context("malformed chat.started"),
                    );
                }
            };
            if started.agents_online {
                return Outcome::Done;
            }
            let settings = match SiteSettings::load(&pool).await {
                Ok(settings) => settings,
                Err(error) => return Outcome::from_sqlx(error),
            };
            let site = Site {
                settings: &settings,
                public_url: mailer.public_url(),
            };
            let sent = match OfflineChat(&started).render(site) {
                Ok(email) => {
                    mailer
                        .send_once(&pool, started.session.session_id, &email)
                        .await
                }
                Err(error) => Err(error),
            };
            match sent {
                Ok(_) => Outcome::Done,
                Err(error) => error.outcome(),
            }
        }
    })
    .await
}
