//! Prometheus metrics: this gateway's recorder (request counts and
//! latencies by method, route and status, open WebSockets, chat messages
//! accepted, ...) and the middleware that counts requests. The scrape
//! endpoint, which adds what is read at scrape time, is `ops::metrics`.
//!
//! Each `AppState` owns its recorder, so two gateways in one process (as in
//! the tests) report only their own traffic. Every label comes from a closed
//! set: a client cannot add series by inventing methods or paths.

use std::sync::Arc;
use std::time::Instant;

use axum::extract::{MatchedPath, Request, State};
use axum::http::Method;
use axum::middleware::Next;
use axum::response::Response;
use metrics::{Counter, Gauge, Histogram, Key, Label, Level, Metadata, Recorder as _};
use metrics_exporter_prometheus::{
    Matcher, PrometheusBuilder, PrometheusHandle, PrometheusRecorder,
};

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

    /// Everything recorded so far, in the Prometheus text format.
    pub fn render(&self) -> String {
        self.handle.render()
    }
}

fn key(name: &'static str, labels: &[(&'static str, String)]) -> Key {
    let labels: Vec<Label> = labels
        .iter()
        .map(|(name, value)| Label::new(*name, value.clone()))
        .collect();
    Key::from_parts(name, labels)
}

/// Escapes a Prometheus label value.
pub fn escape(value: &str) -> String {
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
pub async fn track(State(metrics): State<Arc<Metrics>>, request: Request, next: Next) -> Response {
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
    metrics
        .counter(
            "http_requests_total",
            &[
                ("method", method.to_owned()),
                ("route", route.clone()),
                ("status", status),
            ],
        )
        .increment(1);
    metrics
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
