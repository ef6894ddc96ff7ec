//! The `notify` role: when a chat starts while no agent is online, emails
//! the support inbox (the site settings' `supportEmail`, read when the email
//! is sent) so the visitor gets an answer by email. Sent once per chat
//! through [`Mailer::send_once`].

use std::sync::Arc;
use std::time::Duration;

use contract::chat::SessionStarted;
use contract::site_settings::SiteSettings;
use tokio::task::JoinHandle;

use crate::WorkerContext;
use crate::consumer::{self, ConsumerSpec, Outcome, RetryPolicy};
use crate::mail::Mailer;
use crate::mail::templates::{OfflineChat, Site, Template as _};

/// Gives up on an email after about an hour of SMTP failures (1 s doubling
/// to 60 s, then every minute).
pub const RETRY: RetryPolicy = RetryPolicy {
    max_deliveries: 64,
    backoff_base: Duration::from_secs(1),
    backoff_cap: Duration::from_secs(60),
};

/// Starts consuming `chat.started`; returns once the consumer exists.
pub async fn spawn(
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
