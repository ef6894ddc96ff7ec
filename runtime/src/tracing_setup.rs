//! Tracing set-up shared by every process: JSON logs, the W3C propagator
//! and, when configured, the OTLP span exporter.

use opentelemetry::trace::TracerProvider as _;
use opentelemetry_sdk::trace::SdkTracerProvider;
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
