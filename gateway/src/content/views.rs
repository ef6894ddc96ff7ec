//! Blog post views: each read of a post by a person (not a crawler, not an
//! admin at work) is published for the `views` worker, which writes the
//! counts in batches. The read never waits for it.

use std::sync::LazyLock;

use axum::http::HeaderValue;
use bytes::Bytes;
use contract::accounts::User;
use uuid::Uuid;

use crate::state::AppState;

/// Known crawlers and bots, by user agent.
static BOTS: LazyLock<isbot::Bots> = LazyLock::new(isbot::Bots::default);

/// Whether a read counts as a view: a browser's (it sends a user agent that
/// no known bot sends) by anyone but staff (admins and support agents).
pub fn counts(user_agent: Option<&HeaderValue>, reader: Option<&User>) -> bool {
    let browser = user_agent
        .and_then(|value| value.to_str().ok())
        .is_some_and(|agent| !agent.trim().is_empty() && !BOTS.is_bot(agent));
    browser && !reader.is_some_and(User::is_agent)
}

/// Publishes one view of `post_id` (its payload: the view's own id, so the
/// worker counts it once even if it is delivered twice). A lost view is
/// logged, never an error for the reader.
pub fn publish(state: &AppState, post_id: Uuid) {
    let jetstream = state.jetstream.clone();
    let subject = state.namespace.blog_viewed(post_id);
    let view = Bytes::copy_from_slice(Uuid::now_v7().as_bytes());
    tokio::spawn(async move {
        let acked = match jetstream.publish(subject, view).await {
            Ok(ack) => ack.await.map(|_| ()).map_err(anyhow::Error::from),
            Err(error) => Err(anyhow::Error::from(error)),
        };
        if let Err(error) = acked {
            tracing::warn!(error = format!("{error:#}"), %post_id, "blog view not recorded");
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn agent(value: &str) -> HeaderValue {
        HeaderValue::from_str(value).expect("header")
    }

    #[test]
    fn browsers_count_and_crawlers_do_not() {
        let chrome = agent(
            "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 \
             (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
        );
        assert!(counts(Some(&chrome), None));
        for bot in [
            "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
            "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
            "curl/8.5.0",
            "python-requests/2.31.0",
        ] {
            assert!(!counts(Some(&agent(bot)), None), "{bot}");
        }
        assert!(!counts(None, None), "no user agent, no browser");
        assert!(!counts(Some(&agent("  ")), None));
    }
}
