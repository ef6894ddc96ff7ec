//! Each gateway keeps the site settings in memory, ready to serve: the JSON
//! answer of `GET /api/site-settings` with its ETag, and the
//! `<script id="site-settings">` block put into every page so the web app's
//! first render already has them. Loaded at start-up, reloaded on every
//! `settings.changed` (the writing gateway reloads at once) and once a
//! minute in any case, should an event be lost in a NATS outage.

use std::sync::{Arc, PoisonError, RwLock};
use std::time::Duration;

use axum::http::StatusCode;
use bytes::Bytes;
use contract::site_settings::SiteSettings;
use futures::StreamExt as _;
use sqlx::PgPool;
use time::OffsetDateTime;
use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

use crate::content::cache::Answer;

/// The safety net: no gateway serves settings older than this after a
/// change whose event it missed.
const RELOAD_EVERY: Duration = Duration::from_secs(60);

/// The settings as this gateway serves them.
pub struct Current {
    pub settings: SiteSettings,
    /// The JSON body of `GET /api/site-settings` and its ETag.
    pub answer: Answer,
    /// The data block for pages (see [`script_block`]).
    pub script: Bytes,
    /// When an admin last saved them (`None`: never, defaults throughout).
    pub updated_at: Option<OffsetDateTime>,
}

impl Current {
    fn new(settings: SiteSettings, updated_at: Option<OffsetDateTime>) -> Self {
        // Serialising plain strings and lists cannot fail.
        let json = serde_json::to_string(&settings).unwrap_or_else(|_| "{}".to_owned());
        Current {
            answer: Answer::new(StatusCode::OK, Bytes::from(json.clone())),
            script: Bytes::from(script_block(&json)),
            settings,
            updated_at,
        }
    }
}

#[derive(Clone)]
pub struct SiteSettingsCache {
    current: Arc<RwLock<Arc<Current>>>,
    /// Reloads one at a time, so an older read never replaces a newer one.
    reloading: Arc<tokio::sync::Mutex<()>>,
}

impl SiteSettingsCache {
    /// Reads the stored settings (defaults for what was never set).
    pub async fn load(pool: &PgPool) -> sqlx::Result<Self> {
        let (settings, updated_at) = super::store::settings::read(pool).await?;
        Ok(SiteSettingsCache {
            current: Arc::new(RwLock::new(Arc::new(Current::new(settings, updated_at)))),
            reloading: Arc::default(),
        })
    }

    /// The settings now.
    pub fn current(&self) -> Arc<Current> {
        self.current
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Reads the stored settings again.
    pub async fn reload(&self, pool: &PgPool) -> sqlx::Result<()> {
        let _one_at_a_time = self.reloading.lock().await;
        let (settings, updated_at) = super::store::settings::read(pool).await?;
        if self.current().settings != settings {
            tracing::info!("site settings reloaded");
        }
        *self.current.write().unwrap_or_else(PoisonError::into_inner) =
            Arc::new(Current::new(settings, updated_at));
        Ok(())
    }
}

/// `<script id="site-settings" type="application/json">…</script>`: a data
/// block, never executed (so the Content-Security-Policy has nothing to
/// allow). `<`, `>` and `&` are written as JSON escapes, so no value can
/// close the element or open a comment.
pub fn script_block(json: &str) -> String {
    let mut escaped = String::with_capacity(json.len() + 16);
    for c in json.chars() {
        match c {
            '<' => escaped.push_str("\\u003c"),
            '>' => escaped.push_str("\\u003e"),
            '&' => escaped.push_str("\\u0026"),
            c => escaped.push(c),
        }
    }
    format!("<script id=\"site-settings\" type=\"application/json\">{escaped}</script>")
}

/// Subscribes before returning (so no change published after start-up is
/// missed), then reloads on every `settings.changed` and every minute,
/// until shutdown.
pub async fn listen(
    nats: &async_nats::Client,
    subject: String,
    pool: PgPool,
    cache: SiteSettingsCache,
    tracker: &TaskTracker,
    shutdown: CancellationToken,
) -> anyhow::Result<JoinHandle<()>> {
    let mut changes = nats.subscribe(subject).await?;
    runtime::process::nats_round_trip(nats).await?;
    Ok(tracker.spawn(async move {
        let mut every_minute = tokio::time::interval(RELOAD_EVERY);
        every_minute.tick().await;
        loop {
            tokio::select! {
                next = changes.next() => if next.is_none() { break },
                _ = every_minute.tick() => {}
                () = shutdown.cancelled() => break,
            }
            if let Err(error) = cache.reload(&pool).await {
                tracing::warn!(%error, "site settings not reloaded; serving the previous ones");
            }
        }
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_script_block_cannot_be_closed_by_a_value() {
        let settings = SiteSettings {
            hours: "</script><script>alert(1)</script> & <!--".to_owned(),
            ..SiteSettings::default()
        };
        let current = Current::new(settings.clone(), None);
        let block = std::str::from_utf8(&current.script).expect("utf-8");
        assert!(block.starts_with("<script id=\"site-settings\" type=\"application/json\">"));
        assert!(block.ends_with("</script>"));
        let inner = &block[block.find('>').expect("tag end") + 1..block.len() - "</script>".len()];
        assert!(!inner.contains('<') && !inner.contains('>') && !inner.contains('&'));
        let parsed: SiteSettings = serde_json::from_str(inner).expect("still JSON");
        assert_eq!(parsed, settings);
    }
}
