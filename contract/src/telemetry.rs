//! The W3C trace-context helpers that put a span's context into NATS
//! headers and take it out again, so one trace covers HTTP → NATS → worker
//! (the tracing set-up itself is `runtime::tracing_setup`).

use opentelemetry::propagation::{Extractor, Injector};
use tracing_opentelemetry::OpenTelemetrySpanExt;

struct HeaderInjector<'a>(&'a mut async_nats::HeaderMap);

impl Injector for HeaderInjector<'_> {
    fn set(&mut self, key: &str, value: String) {
        self.0.insert(key, value.as_str());
    }
}

struct HeaderExtractor<'a>(&'a async_nats::HeaderMap);

impl Extractor for HeaderExtractor<'_> {
    fn get(&self, key: &str) -> Option<&str> {
        self.0.get(key).map(|value| value.as_str())
    }

    fn keys(&self) -> Vec<&str> {
        self.0.iter().map(|(name, _)| name.as_ref()).collect()
    }
}

/// NATS headers carrying the current span's trace context (`traceparent`).
pub fn trace_headers() -> async_nats::HeaderMap {
    let mut headers = async_nats::HeaderMap::new();
    inject_trace_context(&mut headers);
    headers
}

/// Puts the current span's trace context into `headers`, replacing any
/// context they carried already.
pub fn inject_trace_context(headers: &mut async_nats::HeaderMap) {
    let context = tracing::Span::current().context();
    opentelemetry::global::get_text_map_propagator(|propagator| {
        propagator.inject_context(&context, &mut HeaderInjector(headers));
    });
}

/// Trace headers plus `Nats-Msg-Id`, for a JetStream publish that the
/// stream deduplicates by `message_id` when it is retried.
pub fn deduplicated_headers(message_id: &str) -> async_nats::HeaderMap {
    let mut headers = trace_headers();
    headers.insert("Nats-Msg-Id", message_id);
    headers
}

struct HttpHeaderExtractor<'a>(&'a http::HeaderMap);

impl Extractor for HttpHeaderExtractor<'_> {
    fn get(&self, key: &str) -> Option<&str> {
        self.0.get(key).and_then(|value| value.to_str().ok())
    }

    fn keys(&self) -> Vec<&str> {
        self.0.keys().map(http::HeaderName::as_str).collect()
    }
}

/// Makes `span` (an HTTP request's) a child of the trace whose context the
/// caller sent in a W3C `traceparent` header, if any: a browser or proxy
/// that traces its own side sees the gateway's spans in its trace.
pub fn set_parent_from_http_headers(span: &tracing::Span, headers: &http::HeaderMap) {
    if headers.contains_key("traceparent") {
        let parent = opentelemetry::global::get_text_map_propagator(|propagator| {
            propagator.extract(&HttpHeaderExtractor(headers))
        });
        // Fails only when the span is disabled; then there is nothing to link.
        let _ = span.set_parent(parent);
    }
}

/// Makes `span` a child of the trace whose context `headers` carry, if any.
pub fn set_parent_from_headers(span: &tracing::Span, headers: Option<&async_nats::HeaderMap>) {
    if let Some(headers) = headers {
        let parent = opentelemetry::global::get_text_map_propagator(|propagator| {
            propagator.extract(&HeaderExtractor(headers))
        });
        // Fails only when the span is disabled; then there is nothing to link.
        let _ = span.set_parent(parent);
    }
}
