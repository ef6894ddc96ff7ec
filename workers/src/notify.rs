//! The `notify` role: when a chat starts while no agent is online, emails
//! the support inbox so the visitor gets an answer by email.

use std::time::Duration;

use std::sync::Arc;

use anyhow::Context as _;
use contract::chat::SessionStarted;
use lettre::message::Mailbox;
use lettre::{AsyncSmtpTransport, AsyncTransport as _, Message, Tokio1Executor};
use tokio::task::JoinHandle;

use crate::WorkerContext;
use crate::consumer::{self, ConsumerSpec, Outcome, RetryPolicy};

/// Where and how support email goes.
#[derive(Clone, Debug)]
pub struct Mail {
    /// `SMTP_URL`, e.g. `smtp://127.0.0.1:2525` or `smtps://user:pass@host`.
    pub smtp_url: String,
    /// `SUPPORT_EMAIL`: the support inbox.
    pub support: Mailbox,
    /// `MAIL_FROM`: the sender of notifications.
    pub from: Mailbox,
}

/// Starts consuming `chat.started`; returns once the consumer exists.
pub async fn spawn(
    ctx: WorkerContext,
    mail: Option<Mail>,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<JoinHandle<()>> {
    let transport = match &mail {
        Some(mail) => Some(
            AsyncSmtpTransport::<Tokio1Executor>::from_url(&mail.smtp_url)
                .context("SMTP_URL is not a valid SMTP URL")?
                .timeout(Some(Duration::from_secs(10)))
                .build(),
        ),
        None => {
            tracing::warn!("SMTP_URL is not set: offline chats will not be emailed");
            None
        }
    };
    let spec = ConsumerSpec {
        name: "notify",
        stream: ctx.namespace.chat_stream(),
        filter_subject: ctx.namespace.chat_started_all(),
        ack_wait: Duration::from_secs(60),
        // Gives up on an email after about an hour of SMTP failures
        // (1 s doubling to 60 s, then every minute).
        retry: RetryPolicy {
            max_deliveries: 64,
            backoff_base: Duration::from_secs(1),
            backoff_cap: Duration::from_secs(60),
        },
        concurrency: 4,
    };
    let mail = mail.zip(transport).map(Arc::new);
    consumer::spawn(&ctx, spec, shutdown, move |message| {
        let mail = mail.clone();
        async move {
            let started = match serde_json::from_slice::<SessionStarted>(&message.payload) {
                Ok(started) => started,
                Err(error) => {
                    return Outcome::Reject(
                        anyhow::Error::new(error).context("malformed chat.started"),
                    );
                }
            };
            match mail.as_deref() {
                Some((mail, transport)) if !started.agents_online => {
                    match send_offline_email(mail, transport, &started).await {
                        Ok(()) => Outcome::Done,
                        Err(error) => Outcome::Retry(error),
                    }
                }
                _ => Outcome::Done,
            }
        }
    })
    .await
}

async fn send_offline_email(
    mail: &Mail,
    transport: &AsyncSmtpTransport<Tokio1Executor>,
    started: &SessionStarted,
) -> anyhow::Result<()> {
    let chat = &started.session;
    let visitor = format!("{} <{}>", chat.visitor_name, chat.visitor_email);
    let mut builder = Message::builder()
        .from(mail.from.clone())
        .to(mail.support.clone())
        .subject(format!("Offline chat from {}", chat.visitor_name));
    // Replying to the email answers the visitor directly.
    if let Ok(reply_to) = visitor.parse::<Mailbox>() {
        builder = builder.reply_to(reply_to);
    }
    let email = builder
        .body(format!(
            "{visitor} started a chat while no agent was online.\n\n\
             Chat: {id}\nStarted: {started_at}\n\n\
             They were told we will reply by email. Open the agent console at /admin/chat \
             to read the conversation, or reply to this email.\n",
            id = chat.session_id,
            started_at = chat.created_at,
        ))
        .context("failed to build the email")?;
    transport.send(email).await.context("SMTP send failed")?;
    tracing::info!(chat.session_id = %chat.session_id, "offline chat emailed to support");
    Ok(())
}
