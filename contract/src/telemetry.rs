//! Tracing set-up shared by every process, and the W3C trace-context helpers
//! that put a span's context into NATS headers and take it out again, so one
//! trace covers HTTP → NATS → worker.

use opentelemetry::propagation::{Extractor, Injector};
use opentelemetry::trace::TracerProvider as _;
use opentelemetry_sdk::trace::SdkTracerProvider;
use tracing_opentelemetry::OpenTelemetrySpanExt;
use tracing_subscriber::{EnvFilter, layer::SubscriberExt, util::SubscriberInitExt};

/// Keeps the tracer provider alive; flushes pending spans when dropped.
#[must_use = "spans are flushed when the guard is dropped"]
pub struct TracingGuard {
    provider: SdkTracerProvider,
}

impl Drop for TracingGuard {
    fn drop(&mut self) {
        if let Err(error) = self.provider.shutdown() {
            eprintln!("failed to flush traces: {error}");
        }
    }
}

/// Installs JSON logs (level from `RUST_LOG`, default `info`), the W3C
/// propagator and, when `OTEL_EXPORTER_OTLP_ENDPOINT` is set, an OTLP/HTTP
/// span exporter. Without an endpoint spans still get trace ids (they show in
/// logs and travel in NATS headers) but are not exported.
///
/// The OpenTelemetry SDK reads the standard variables itself: the sampler
/// from `OTEL_TRACES_SAMPLER` / `OTEL_TRACES_SAMPLER_ARG` (default
/// `parentbased_always_on`: every trace the caller did not mark unsampled),
/// the export batching from `OTEL_BSP_*`, and the rest of the exporter's
/// settings from `OTEL_EXPORTER_OTLP_*`.
pub fn init_tracing(service_name: &'static str) -> anyhow::Result<TracingGuard> {
    opentelemetry::global::set_text_map_propagator(
        opentelemetry_sdk::propagation::TraceContextPropagator::new(),
    );
    let resource = opentelemetry_sdk::Resource::builder()
        .with_service_name(service_name)
        .build();
    let mut builder = SdkTracerProvider::builder().with_resource(resource);
    // An empty value (as in .env.example) means unset.
    if std::env::var_os("OTEL_EXPORTER_OTLP_ENDPOINT").is_some_and(|endpoint| !endpoint.is_empty())
    {
        let exporter = opentelemetry_otlp::SpanExporter::builder()
            .with_http()
            .build()
            .map_err(|e| anyhow::anyhow!("failed to build the OTLP exporter: {e}"))?;
        builder = builder.with_batch_exporter(exporter);
    }
    let provider = builder.build();
    opentelemetry::global::set_tracer_provider(provider.clone());
    let tracer = provider.tracer(service_name);

    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    tracing_subscriber::registry()
        .with(filter)
        .with(tracing_subscriber::fmt::layer().json().flatten_event(true))
        .with(tracing_opentelemetry::layer().with_tracer(tracer))
        .try_init()
        .map_err(|e| anyhow::anyhow!("failed to install the tracing subscriber: {e}"))?;
    Ok(TracingGuard { provider })
}

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
