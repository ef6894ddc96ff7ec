//! One process-wide tracing subscriber for the tests that inspect spans:
//! every span goes to an in-memory OpenTelemetry exporter.

use std::sync::OnceLock;

use opentelemetry::trace::TracerProvider as _;
use opentelemetry_sdk::trace::{InMemorySpanExporter, SdkTracerProvider};
use tracing_subscriber::layer::SubscriberExt as _;

static CAPTURE: OnceLock<(InMemorySpanExporter, SdkTracerProvider)> = OnceLock::new();

pub fn exporter() -> InMemorySpanExporter {
    CAPTURE
        .get_or_init(|| {
            opentelemetry::global::set_text_map_propagator(
                opentelemetry_sdk::propagation::TraceContextPropagator::new(),
            );
            let exporter = InMemorySpanExporter::default();
            let provider = SdkTracerProvider::builder()
                .with_simple_exporter(exporter.clone())
                .build();
            let subscriber = tracing_subscriber::registry()
                .with(tracing_opentelemetry::layer().with_tracer(provider.tracer("tests")));
            tracing::subscriber::set_global_default(subscriber).expect("one global subscriber");
            (exporter, provider)
        })
        .0
        .clone()
}

pub fn flush() {
    if let Some((_, provider)) = CAPTURE.get() {
        let _ = provider.force_flush();
    }
}
