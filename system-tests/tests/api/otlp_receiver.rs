//! An OTLP/HTTP trace receiver for the tests: it decodes the protobuf export
//! requests of the gateway and workers with the official OpenTelemetry
//! definitions and keeps the spans, with their attributes, for the assertions.

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::IntoResponse;
use opentelemetry_proto::tonic::collector::trace::v1::{
    ExportTraceServiceRequest, ExportTraceServiceResponse,
};
use opentelemetry_proto::tonic::common::v1::{AnyValue, KeyValue, any_value};
use prost::Message as _;
use std::collections::HashMap;
use std::io::Read as _;
use std::sync::{Arc, Mutex};

/// One span as the receiver decoded it.
#[derive(Clone, Debug)]
pub(crate) struct ReceivedSpan {
    /// `service.name` of the resource that exported it.
    pub(crate) service: String,
    pub(crate) name: String,
    pub(crate) trace_id: String,
    pub(crate) span_id: String,
    /// Empty for a root span.
    pub(crate) parent_span_id: String,
    pub(crate) start_ns: u64,
    pub(crate) end_ns: u64,
    pub(crate) attributes: HashMap<String, String>,
    /// `(trace id, span id)` of each linked span.
    pub(crate) links: Vec<(String, String)>,
}

impl ReceivedSpan {
    pub(crate) fn duration_ms(&self) -> f64 {
        self.end_ns.saturating_sub(self.start_ns) as f64 / 1e6
    }
}

#[derive(Clone, Default)]
pub(crate) struct Received {
    pub(crate) spans: Arc<Mutex<Vec<ReceivedSpan>>>,
    /// Requests the receiver could not take, so a test fails on them.
    pub(crate) problems: Arc<Mutex<Vec<String>>>,
}

/// An OTLP/HTTP trace receiver: `POST /v1/traces` with a protobuf
/// `ExportTraceServiceRequest`, gzip-compressed or not.
pub(crate) struct OtlpReceiver {
    /// What `OTEL_EXPORTER_OTLP_ENDPOINT` is set to (the exporter adds `/v1/traces`).
    pub(crate) endpoint: String,
    pub(crate) received: Received,
    pub(crate) server: tokio::task::JoinHandle<()>,
}

impl OtlpReceiver {
    pub(crate) async fn start() -> OtlpReceiver {
        let received = Received::default();
        let app = axum::Router::new()
            .route("/v1/traces", axum::routing::post(receive))
            .with_state(received.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let endpoint = format!("http://{}", listener.local_addr().expect("addr"));
        let server = tokio::spawn(async move {
            axum::serve(listener, app).await.expect("receiver serves");
        });
        OtlpReceiver {
            endpoint,
            received,
            server,
        }
    }

    /// Every span received so far; fails the test on a request it refused.
    pub(crate) fn spans(&self) -> Vec<ReceivedSpan> {
        let problems = self.received.problems.lock().expect("lock").clone();
        assert!(problems.is_empty(), "the receiver refused: {problems:?}");
        self.received.spans.lock().expect("lock").clone()
    }
}

impl Drop for OtlpReceiver {
    fn drop(&mut self) {
        self.server.abort();
    }
}

pub(crate) async fn receive(
    State(received): State<Received>,
    headers: HeaderMap,
    body: Bytes,
) -> impl IntoResponse {
    match decode(&headers, &body) {
        Ok(request) => {
            received
                .spans
                .lock()
                .expect("lock")
                .extend(spans_of(request));
            let answer = ExportTraceServiceResponse::default().encode_to_vec();
            (
                StatusCode::OK,
                [(header::CONTENT_TYPE, "application/x-protobuf")],
                answer,
            )
        }
        Err(problem) => {
            received.problems.lock().expect("lock").push(problem);
            (
                StatusCode::BAD_REQUEST,
                [(header::CONTENT_TYPE, "text/plain")],
                Vec::new(),
            )
        }
    }
}

pub(crate) fn decode(
    headers: &HeaderMap,
    body: &[u8],
) -> Result<ExportTraceServiceRequest, String> {
    let content_type = headers
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .unwrap_or_default();
    if content_type != "application/x-protobuf" {
        return Err(format!("content type {content_type:?}, not protobuf"));
    }
    let gzip = headers
        .get(header::CONTENT_ENCODING)
        .is_some_and(|value| value.as_bytes().eq_ignore_ascii_case(b"gzip"));
    let mut inflated = Vec::new();
    let body = if gzip {
        flate2::read::GzDecoder::new(body)
            .read_to_end(&mut inflated)
            .map_err(|error| format!("bad gzip body: {error}"))?;
        &inflated[..]
    } else {
        body
    };
    ExportTraceServiceRequest::decode(body).map_err(|error| format!("bad protobuf: {error}"))
}

pub(crate) fn spans_of(request: ExportTraceServiceRequest) -> Vec<ReceivedSpan> {
    let mut spans = Vec::new();
    for resource_spans in request.resource_spans {
        let resource = resource_spans
            .resource
            .map(|resource| attributes(&resource.attributes))
            .unwrap_or_default();
        let service = resource.get("service.name").cloned().unwrap_or_default();
        for scope_spans in resource_spans.scope_spans {
            for span in scope_spans.spans {
                spans.push(ReceivedSpan {
                    service: service.clone(),
                    name: span.name,
                    trace_id: hex(&span.trace_id),
                    span_id: hex(&span.span_id),
                    parent_span_id: hex(&span.parent_span_id),
                    start_ns: span.start_time_unix_nano,
                    end_ns: span.end_time_unix_nano,
                    attributes: attributes(&span.attributes),
                    links: span
                        .links
                        .iter()
                        .map(|link| (hex(&link.trace_id), hex(&link.span_id)))
                        .collect(),
                });
            }
        }
    }
    spans
}

pub(crate) fn attributes(pairs: &[KeyValue]) -> HashMap<String, String> {
    pairs
        .iter()
        .map(|pair| (pair.key.clone(), text(pair.value.as_ref())))
        .collect()
}

pub(crate) fn text(value: Option<&AnyValue>) -> String {
    match value.and_then(|value| value.value.as_ref()) {
        Some(any_value::Value::StringValue(text)) => text.clone(),
        Some(any_value::Value::BoolValue(flag)) => flag.to_string(),
        Some(any_value::Value::IntValue(number)) => number.to_string(),
        Some(any_value::Value::DoubleValue(number)) => number.to_string(),
        Some(other) => format!("{other:?}"),
        None => String::new(),
    }
}

pub(crate) fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}
