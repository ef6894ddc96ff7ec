//! The `notify` role: when a chat starts while no agent is online, emails
//! the support inbox so the visitor gets an answer by email.

use std::time::Duration;

use anyhow::Context as _;
use async_nats::jetstream::{self, AckKind, consumer::pull};
use contract::chat::SessionStarted;
use futures::StreamExt as _;
use lettre::message::Mailbox;
use lettre::{AsyncSmtpTransport, AsyncTransport as _, Message, Tokio1Executor};
use tokio::task::JoinHandle;

use crate::WorkerContext;

const CONSUMER: &str = "notify";

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
    let jetstream = jetstream::new(ctx.nats.clone());
    let stream = jetstream
        .get_or_create_stream(ctx.namespace.chat_stream())
        .await
        .context("failed to create the CHAT stream")?;
    let consumer = stream
        .get_or_create_consumer(
            CONSUMER,
            pull::Config {
                durable_name: Some(CONSUMER.to_owned()),
                filter_subject: ctx.namespace.chat_started_all(),
                ack_wait: Duration::from_secs(60),
                // Gives up on an email after about an hour of SMTP failures.
                max_deliver: 60,
                ..Default::default()
            },
        )
        .await
        .context("failed to create the notify consumer")?;
    let mut messages = consumer.messages().await?;

    Ok(tokio::spawn(async move {
        let mut shutdown = std::pin::pin!(shutdown);
        tracing::info!("notify role started");
        loop {
            let message = tokio::select! {
                () = &mut shutdown => break,
                next = messages.next() => match next {
                    Some(Ok(message)) => message,
                    Some(Err(error)) => {
                        tracing::warn!(%error, "notify consumer error");
                        continue;
                    }
                    None => break,
                },
            };
            let Ok(started) = serde_json::from_slice::<SessionStarted>(&message.payload) else {
                tracing::error!("malformed chat.started event dropped");
                let _ = message.ack_with(AckKind::Term).await;
                continue;
            };
            let sent = match (&mail, &transport) {
                (Some(mail), Some(transport)) if !started.agents_online => {
                    send_offline_email(mail, transport, &started).await
                }
                _ => Ok(()),
            };
            match sent {
                Ok(()) => {
                    let _ = message.double_ack().await;
                }
                Err(error) => {
                    tracing::warn!(error = format!("{error:#}"), "offline email failed; will retry");
                    let _ = message
                        .ack_with(AckKind::Nak(Some(Duration::from_secs(60))))
                        .await;
                }
            }
        }
        tracing::info!("notify role stopped");
    }))
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
