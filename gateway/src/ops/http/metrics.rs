//! The scrape endpoint, `/metrics`, served on its own listener
//! (`METRICS_ADDR`), never on the public port: this gateway's recorder, plus
//! what is read at scrape time — dead letters awaiting replay, JetStream
//! consumer lag, and the health of the Postgres pool and the NATS
//! connection.

use std::fmt::Write as _;

use axum::Router;
use axum::extract::State;
use axum::routing::get;

use crate::platform::metrics::escape;
use crate::state::AppState;

/// The metrics listener's app: `/metrics` only.
pub fn router(state: AppState) -> Router {
    Router::new()
        .route("/metrics", get(render))
        .with_state(state)
}

async fn render(State(state): State<AppState>) -> String {
    let mut text = state.metrics.render();
    text.push_str(&dead_letters(&state).await);
    text.push_str(&jetstream(&state).await);
    text.push_str(&storage(&state).await);
    text.push_str(&connections(&state));
    if let Some(skew) = crate::ops::clock::clock_skew(&state).await {
        // Readiness fails past `MAX_CLOCK_SKEW_SECS`; the alert says why.
        let _ = writeln!(
            text,
            "# TYPE gateway_clock_skew_seconds gauge\ngateway_clock_skew_seconds {skew}"
        );
    }
    text
}

/// This namespace's JetStream consumers, read at scrape time:
/// `jetstream_consumer_pending` (stored, not yet delivered: the lag),
/// `jetstream_consumer_ack_pending` (delivered, not yet acknowledged),
/// `jetstream_consumer_redelivered` (delivered more than once and not yet
/// acknowledged), and `jetstream_stream_messages`. Nothing when JetStream
/// does not answer (`nats_connected` tells why).
async fn jetstream(state: &AppState) -> String {
    let streams = match crate::ops::streams::streams(&state.jetstream, &state.namespace).await {
        Ok(streams) => streams,
        Err(error) => {
            tracing::warn!(
                error = format!("{error:#}"),
                "JetStream did not answer a scrape"
            );
            return String::new();
        }
    };
    let mut messages = String::from("# TYPE jetstream_stream_messages gauge\n");
    let mut pending = String::from("# TYPE jetstream_consumer_pending gauge\n");
    let mut ack_pending = String::from("# TYPE jetstream_consumer_ack_pending gauge\n");
    let mut redelivered = String::from("# TYPE jetstream_consumer_redelivered gauge\n");
    for stream in &streams {
        let name = escape(&stream.name);
        let _ = writeln!(
            messages,
            "jetstream_stream_messages{{stream=\"{name}\"}} {}",
            stream.messages
        );
        for consumer in &stream.consumers {
            let labels = format!("stream=\"{name}\",consumer=\"{}\"", escape(&consumer.name));
            let _ = writeln!(
                pending,
                "jetstream_consumer_pending{{{labels}}} {}",
                consumer.pending
            );
            let _ = writeln!(
                ack_pending,
                "jetstream_consumer_ack_pending{{{labels}}} {}",
                consumer.ack_pending
            );
            let _ = writeln!(
                redelivered,
                "jetstream_consumer_redelivered{{{labels}}} {}",
                consumer.redelivered
            );
        }
    }
    messages + &pending + &ack_pending + &redelivered
}

/// `jetstream_storage_bytes` (file storage the account uses),
/// `jetstream_storage_limit_bytes` (its limit, when known; see
/// [`crate::ops::streams::storage`]) and `jetstream_store_refusing_writes` (1 when
/// JetStream refused this gateway's writes for lack of space lately): the
/// alert on free space reads the first two.
async fn storage(state: &AppState) -> String {
    let refusing = u8::from(state.store_health.refusing_writes());
    let mut text = format!(
        "# TYPE jetstream_store_refusing_writes gauge
jetstream_store_refusing_writes {refusing}
"
    );
    let limit = state.config.jetstream_store_limit_bytes;
    // Unreadable: `nats_connected` and the scrape of streams already say so.
    if let Ok(storage) = crate::ops::streams::storage(&state.jetstream, limit).await {
        let _ = writeln!(
            text,
            "# TYPE jetstream_storage_bytes gauge
jetstream_storage_bytes {}",
            storage.used
        );
        if let Some(limit) = storage.limit {
            let _ = writeln!(
                text,
                "# TYPE jetstream_storage_limit_bytes gauge
jetstream_storage_limit_bytes {limit}"
            );
        }
    }
    text
}

/// The health of this gateway's connections: `db_pool_connections{state}`
/// (idle or in use), `db_pool_max_connections`, and `nats_connected` (1 when
/// the NATS client is connected).
fn connections(state: &AppState) -> String {
    let size = state.pool.size();
    let idle = u32::try_from(state.pool.num_idle()).unwrap_or(size);
    let connected = state.nats.connection_state() == async_nats::connection::State::Connected;
    format!(
        "# TYPE db_pool_connections gauge\n\
         db_pool_connections{{state=\"idle\"}} {idle}\n\
         db_pool_connections{{state=\"in_use\"}} {}\n\
         # TYPE db_pool_max_connections gauge\n\
         db_pool_max_connections {}\n\
         # TYPE nats_connected gauge\n\
         nats_connected {}\n",
        size.saturating_sub(idle),
        state.pool.options().get_max_connections(),
        u8::from(connected),
    )
}

/// `dead_letters{role,reason}`: messages a worker gave up on and nobody has
/// replayed or discarded yet, counted at scrape time.
async fn dead_letters(state: &AppState) -> String {
    let rows = runtime::dead_letters::counts(&state.pool).await;
    let rows = match rows {
        Ok(rows) => rows,
        Err(error) => {
            tracing::warn!(error = %error, "failed to count dead letters");
            return String::new();
        }
    };
    if rows.is_empty() {
        return String::new();
    }
    let mut text = String::from("# TYPE dead_letters gauge\n");
    for (role, reason, count) in rows {
        let _ = writeln!(
            text,
            "dead_letters{{role=\"{}\",reason=\"{}\"}} {count}",
            escape(&role),
            escape(&reason)
        );
    }
    text
}
