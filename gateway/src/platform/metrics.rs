//! Prometheus metrics, served at `/metrics` on their own listener
//! (`METRICS_ADDR`), never on the public port: request counts and latencies
//! by method, route and status, open WebSockets, chat messages accepted,
//! dead letters awaiting replay, JetStream consumer lag, and the health of
//! the Postgres pool and the NATS connection.
//!
//! Each [`AppState`] owns its recorder, so two gateways in one process (as in
//! the tests) report only their own traffic. Every label comes from a closed
//! set: a client cannot add series by inventing methods or paths.

use std::fmt::Write as _;
use std::time::Instant;

use axum::Router;
use axum::extract::{MatchedPath, Request, State};
use axum::http::Method;
use axum::middleware::Next;
use axum::response::Response;
use axum::routing::get;
use metrics::{Counter, Gauge, Histogram, Key, Label, Level, Metadata, Recorder as _};
use metrics_exporter_prometheus::{
    Matcher, PrometheusBuilder, PrometheusHandle, PrometheusRecorder,
};

use crate::state::AppState;

/// Latency buckets (seconds) for request durations.
const BUCKETS: [f64; 12] = [
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0,
];

static METADATA: Metadata<'static> = Metadata::new(module_path!(), Level::INFO, None);

/// Marks a response served by the web app's static fallback, which has no
/// route template of its own.
#[derive(Clone, Copy)]
pub struct StaticRoute;

/// One gateway's metrics: its own recorder and the handle that renders it.
pub struct Metrics {
    recorder: PrometheusRecorder,
    handle: PrometheusHandle,
}

impl Default for Metrics {
    fn default() -> Self {
        let recorder = PrometheusBuilder::new()
            .set_buckets_for_metric(Matcher::Suffix("duration_seconds".into()), &BUCKETS)
            .expect("the buckets are not empty")
            .build_recorder();
        let handle = recorder.handle();
        Metrics { recorder, handle }
    }
}

impl Metrics {
    pub fn counter(&self, name: &'static str, labels: &[(&'static str, String)]) -> Counter {
        self.recorder
            .register_counter(&key(name, labels), &METADATA)
    }

    pub fn gauge(&self, name: &'static str, labels: &[(&'static str, String)]) -> Gauge {
        self.recorder.register_gauge(&key(name, labels), &METADATA)
    }

    pub fn histogram(&self, name: &'static str, labels: &[(&'static str, String)]) -> Histogram {
        self.recorder
            .register_histogram(&key(name, labels), &METADATA)
    }

    /// Drains histogram samples into their buckets; call now and then so
    /// memory stays bounded between scrapes.
    pub fn run_upkeep(&self) {
        self.handle.run_upkeep();
    }
}

fn key(name: &'static str, labels: &[(&'static str, String)]) -> Key {
    let labels: Vec<Label> = labels
        .iter()
        .map(|(name, value)| Label::new(*name, value.clone()))
        .collect();
    Key::from_parts(name, labels)
}

/// The metrics listener's app: `/metrics` only.
pub fn router(state: AppState) -> Router {
    Router::new()
        .route("/metrics", get(render))
        .with_state(state)
}

async fn render(State(state): State<AppState>) -> String {
    let mut text = state.metrics.handle.render();
    text.push_str(&dead_letters(&state).await);
    text.push_str(&jetstream(&state).await);
    text.push_str(&connections(&state));
    text
}

/// This namespace's JetStream consumers, read at scrape time:
/// `jetstream_consumer_pending` (stored, not yet delivered: the lag),
/// `jetstream_consumer_ack_pending` (delivered, not yet acknowledged),
/// `jetstream_consumer_redelivered` (delivered more than once and not yet
/// acknowledged), and `jetstream_stream_messages`. Nothing when JetStream
/// does not answer (`nats_connected` tells why).
async fn jetstream(state: &AppState) -> String {
    let streams = match crate::http::database::streams(state).await {
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
    let rows = contract::dead_letters::counts(&state.pool).await;
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

/// Escapes a Prometheus label value.
fn escape(value: &str) -> String {
    value
        .replace('\\', r"\\")
        .replace('"', "\\\"")
        .replace('\n', r"\n")
}

/// The method as a label (metrics, span names): the standard ones, else
/// `OTHER`, so a client cannot invent label values.
pub fn method_label(method: &Method) -> &'static str {
    match *method {
        Method::GET => "GET",
        Method::HEAD => "HEAD",
        Method::POST => "POST",
        Method::PUT => "PUT",
        Method::PATCH => "PATCH",
        Method::DELETE => "DELETE",
        Method::OPTIONS => "OPTIONS",
        _ => "OTHER",
    }
}

/// Records every request's count and duration, labelled by method, matched
/// route template (or `static` / `unmatched`) and status.
pub async fn track(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let started = Instant::now();
    let method = method_label(request.method());
    let matched = request
        .extensions()
        .get::<MatchedPath>()
        .map(|path| path.as_str().to_owned());
    let response = next.run(request).await;
    let route = matched.unwrap_or_else(|| {
        if response.extensions().get::<StaticRoute>().is_some() {
            "static".to_owned()
        } else {
            "unmatched".to_owned()
        }
    });
    let status = response.status().as_u16().to_string();
    state
        .metrics
        .counter(
            "http_requests_total",
            &[
                ("method", method.to_owned()),
                ("route", route.clone()),
                ("status", status),
            ],
        )
        .increment(1);
    state
        .metrics
        .histogram(
            "http_request_duration_seconds",
            &[("method", method.to_owned()), ("route", route)],
        )
        .record(started.elapsed().as_secs_f64());
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_standard_methods_become_labels() {
        assert_eq!(method_label(&Method::PATCH), "PATCH");
        let invented = Method::from_bytes(&b"X".repeat(65_000)).expect("a token");
        assert_eq!(method_label(&invented), "OTHER");
        assert_eq!(method_label(&Method::CONNECT), "OTHER");
    }

    #[test]
    fn label_values_are_escaped() {
        assert_eq!(escape("a\"b\\c\nd"), r#"a\"b\\c\nd"#);
    }

    #[test]
    fn two_recorders_keep_their_own_counts() {
        let one = Metrics::default();
        let two = Metrics::default();
        one.counter("hits_total", &[]).increment(3);
        two.counter("hits_total", &[]).increment(1);
        assert!(one.handle.render().contains("hits_total 3"));
        assert!(two.handle.render().contains("hits_total 1"));
    }
}
