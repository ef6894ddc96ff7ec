//! Traces as an SRE's collector receives them: the real `gateway` and
//! `workers` binaries, each its own process, export over OTLP/HTTP to a
//! receiver in the test that decodes the protobuf with the official
//! OpenTelemetry definitions (`opentelemetry-proto`).

use std::collections::HashSet;
use std::process::Command;

use axum::http::StatusCode;
use contract::Namespace;
use serde_json::{Value, json};
use sqlx::PgPool;

use crate::chat_pipeline::workers_binary;
use crate::helpers::{
    Browser, SIGNING_KEY, database_url, delete_streams, fake_web_build, nats_url,
};
use crate::otlp_receiver::{OtlpReceiver, ReceivedSpan};
use crate::process::Process;

/// Spans of two processes on one machine share its clock; this much slack
/// covers the rounding of their timestamps.
const CLOCK_TOLERANCE_NS: u64 = 5_000_000;

/// The platform as production runs it, in miniature: one `gateway` process
/// and one `workers chat` process on this test's database and NATS
/// namespace, both exporting spans to `receiver`.
struct Platform {
    address: String,
    gateway: Process,
    worker: Process,
    namespace: Namespace,
    _web_dist: tempfile::TempDir,
}

impl Platform {
    /// `telemetry` adds `OTEL_*` variables to both processes.
    async fn start(pool: &PgPool, receiver: &OtlpReceiver, telemetry: &[(&str, &str)]) -> Platform {
        let prefix = format!("t{}", uuid::Uuid::new_v4().simple());
        let namespace = Namespace::new(prefix.clone()).expect("valid prefix");
        let database_url = database_url(pool).await;
        let common = |command: &mut Command| {
            command
                .env("DATABASE_URL", &database_url)
                .env("NATS_URL", nats_url())
                .env("NATS_PREFIX", &prefix)
                // Spans are only made at `info` and above: not quieter.
                .env("RUST_LOG", "info")
                .env("OTEL_EXPORTER_OTLP_ENDPOINT", &receiver.endpoint)
                .env("OTEL_BSP_SCHEDULE_DELAY", "100");
            for (name, value) in telemetry {
                command.env(name, value);
            }
        };
        let mut worker = Command::new(workers_binary());
        worker.arg("chat");
        common(&mut worker);
        let worker = Process::start("workers", &mut worker);
        worker.logged("role started").await;

        let web_dist = fake_web_build();
        let mut gateway = Command::new(system_tests::binary("gateway"));
        gateway
            .env("HOST", "127.0.0.1")
            .env("PORT", "0")
            .env("METRICS_ADDR", "127.0.0.1:0")
            .env("WEB_DIST", web_dist.path())
            .env("SIGNING_KEY", SIGNING_KEY);
        common(&mut gateway);
        let gateway = Process::start("gateway", &mut gateway);
        let listening = gateway.logged("gateway listening").await;
        let address = format!(
            "http://{}",
            listening["address"].as_str().expect("address logged")
        );
        Platform {
            address,
            gateway,
            worker,
            namespace,
            _web_dist: web_dist,
        }
    }

    /// Stops both processes with SIGTERM; each flushes its spans on the way out.
    async fn stop(&mut self) {
        self.gateway.terminate().await;
        self.worker.terminate().await;
    }
}

impl Drop for Platform {
    fn drop(&mut self) {
        delete_streams(&self.namespace);
    }
}

/// A W3C trace id or span id as a browser makes one: random hex.
fn random_hex(chars: usize) -> String {
    uuid::Uuid::new_v4().simple().to_string()[..chars].to_owned()
}

/// Posts `text` as the web client does, with a `traceparent` when given.
async fn post_message(
    visitor: &Browser,
    chat: &str,
    text: &str,
    traceparent: Option<&str>,
) -> String {
    let mut request = visitor
        .client
        .post(visitor.url(&format!("/api/chat/sessions/{chat}/messages")))
        .header("X-Requested-With", "XMLHttpRequest")
        .json(&json!({ "message": text }));
    if let Some(traceparent) = traceparent {
        request = request.header("traceparent", traceparent);
    }
    let response = request.send().await.expect("request");
    assert_eq!(response.status(), StatusCode::CREATED);
    let sent: Value = response.json().await.expect("json");
    sent["id"].as_str().expect("id").to_owned()
}

/// The trace's spans as an indented tree: name, service, start (from the
/// trace's first span) and duration.
fn render_tree(spans: &[&ReceivedSpan]) -> String {
    let ids: HashSet<&str> = spans.iter().map(|span| span.span_id.as_str()).collect();
    let origin = spans.iter().map(|span| span.start_ns).min().unwrap_or(0);
    let mut out = String::new();
    let mut roots: Vec<&ReceivedSpan> = spans
        .iter()
        .copied()
        .filter(|span| !ids.contains(span.parent_span_id.as_str()))
        .collect();
    roots.sort_by_key(|span| span.start_ns);
    fn walk(
        span: &ReceivedSpan,
        depth: usize,
        spans: &[&ReceivedSpan],
        origin: u64,
        out: &mut String,
    ) {
        out.push_str(&format!(
            "{:indent$}{} [{}] +{:.1} ms, {:.2} ms\n",
            "",
            span.name,
            span.service,
            span.start_ns.saturating_sub(origin) as f64 / 1e6,
            span.duration_ms(),
            indent = depth * 2
        ));
        let mut children: Vec<&ReceivedSpan> = spans
            .iter()
            .copied()
            .filter(|child| child.parent_span_id == span.span_id)
            .collect();
        children.sort_by_key(|child| child.start_ns);
        for child in children {
            walk(child, depth + 1, spans, origin, out);
        }
    }
    for root in roots {
        walk(root, 0, spans, origin, &mut out);
    }
    out
}

/// `child` nests under `parent` in time: it starts no earlier and, in the
/// same process, also ends no later.
fn assert_nested_in_time(parent: &ReceivedSpan, child: &ReceivedSpan) {
    assert!(
        child.start_ns + CLOCK_TOLERANCE_NS >= parent.start_ns,
        "{} starts {} ns before its parent {}",
        child.name,
        parent.start_ns - child.start_ns,
        parent.name
    );
    if child.service == parent.service {
        assert!(
            child.end_ns <= parent.end_ns + CLOCK_TOLERANCE_NS,
            "{} ends {} ns after its parent {}",
            child.name,
            child.end_ns - parent.end_ns,
            parent.name
        );
    }
}

/// Whether `ancestor` is `span`'s parent, or its parent's, and so on.
fn descends_from(span: &ReceivedSpan, ancestor: &ReceivedSpan, trace: &[&ReceivedSpan]) -> bool {
    let mut current = span;
    while let Some(parent) = trace
        .iter()
        .find(|candidate| candidate.span_id == current.parent_span_id)
    {
        if parent.span_id == ancestor.span_id {
            return true;
        }
        current = parent;
    }
    false
}

/// The one span of `spans` named `name`.
fn only<'a>(spans: &[&'a ReceivedSpan], name: &str) -> &'a ReceivedSpan {
    let found: Vec<&ReceivedSpan> = spans
        .iter()
        .copied()
        .filter(|span| span.name == name)
        .collect();
    assert_eq!(found.len(), 1, "one {name} span in the trace: {found:#?}");
    found[0]
}

/// Reads the socket until `new_message` frames for every id in `ids` came.
async fn await_pushes(socket: &mut crate::helpers::Socket, ids: &[&str]) {
    let mut waiting: HashSet<&str> = ids.iter().copied().collect();
    while !waiting.is_empty() {
        let frame = socket.recv_type("new_message").await;
        if let Some(id) = frame["message"]["id"].as_str() {
            waiting.remove(id);
        }
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn one_message_is_one_trace_from_the_browser_to_the_socket_push(pool: PgPool) {
    let receiver = OtlpReceiver::start().await;
    let mut platform = Platform::start(&pool, &receiver, &[]).await;
    let visitor = Browser::new(&platform.address);
    let chat = visitor
        .start_chat("Traced Visitor", "traced@example.com")
        .await;
    let mut socket = visitor.socket().await;
    socket
        .send(json!({ "type": "join_session", "sessionId": chat }))
        .await;
    socket.recv_type("session_joined").await;

    // The browser's own span, which the trace continues.
    let (trace_id, browser_span) = (random_hex(32), random_hex(16));
    let traceparent = format!("00-{trace_id}-{browser_span}-01");
    let id = post_message(
        &visitor,
        &chat,
        "where does the time go?",
        Some(&traceparent),
    )
    .await;
    await_pushes(&mut socket, &[&id]).await;
    drop(socket);
    platform.stop().await;

    let spans = receiver.spans();
    let trace: Vec<&ReceivedSpan> = spans
        .iter()
        .filter(|span| span.trace_id == trace_id)
        .collect();
    eprintln!(
        "trace {trace_id} ({} spans):\n{}",
        trace.len(),
        render_tree(&trace)
    );

    // Every span of the trace hangs off the browser's span, through spans
    // that were all received: nothing orphaned, nothing from elsewhere.
    let ids: HashSet<&str> = trace.iter().map(|span| span.span_id.as_str()).collect();
    for span in &trace {
        assert!(
            span.parent_span_id == browser_span || ids.contains(span.parent_span_id.as_str()),
            "{} [{}] has a parent outside the trace",
            span.name,
            span.service
        );
        assert!(
            span.service == "gateway" || span.service == "workers",
            "{} from {:?}",
            span.name,
            span.service
        );
        assert!(
            span.end_ns >= span.start_ns,
            "{} ends before it starts",
            span.name
        );
    }

    // The path of the message: HTTP request → JetStream publish → the
    // worker's store → the push to the socket, across both processes.
    let request = only(&trace, "POST /api/chat/sessions/{id}/messages");
    let send = only(&trace, "chat.send_message");
    let publish = only(&trace, "jetstream.publish");
    let store = only(&trace, "chat.store");
    let deliver = only(&trace, "chat.deliver");
    assert_eq!(request.service, "gateway");
    assert_eq!(
        request.parent_span_id, browser_span,
        "the request continues the browser's span"
    );
    // Between the request and the handler's work sit the middleware's spans
    // (the session layer's `call`, say): the send is a descendant.
    assert!(
        descends_from(send, request, &trace),
        "chat.send_message runs within the request"
    );
    assert_nested_in_time(request, send);
    assert_eq!(send.service, "gateway");
    let path = [
        (publish, "gateway", send),
        (store, "workers", publish),
        (deliver, "gateway", store),
    ];
    for (span, service, parent) in path {
        assert_eq!(span.service, service, "{} runs in {service}", span.name);
        assert_eq!(
            span.parent_span_id, parent.span_id,
            "{}'s parent is {}",
            span.name, parent.name
        );
        assert_nested_in_time(parent, span);
    }
    assert_eq!(send.attributes["chat.message_id"], id);
    assert_eq!(store.attributes["chat.message_id"], id);
    assert_eq!(
        publish.attributes["messaging.destination.name"],
        platform.namespace.chat_send(chat.parse().expect("uuid"))
    );
    // The gateway answers after the worker's commit: the request outlasts
    // the start of the store.
    assert!(request.end_ns + CLOCK_TOLERANCE_NS >= store.start_ns);

    // The insert serves a batch of messages (of many traces): its span is in
    // the worker's own trace and links to this message's store span.
    let insert = spans
        .iter()
        .find(|span| {
            span.name == "chat.store_batch"
                && span
                    .links
                    .contains(&(trace_id.clone(), store.span_id.clone()))
        })
        .expect("a chat.store_batch span linked to the message's chat.store");
    eprintln!(
        "linked from the worker's own trace: {} [{}] +{:.1} ms, {:.2} ms, {} message(s)",
        insert.name,
        insert.service,
        insert.start_ns.saturating_sub(request.start_ns) as f64 / 1e6,
        insert.duration_ms(),
        insert
            .attributes
            .get("messages")
            .map_or("?", String::as_str),
    );
    assert_eq!(insert.service, "workers");
    assert_nested_in_time(store, insert);
    assert!(insert.end_ns <= store.end_ns + CLOCK_TOLERANCE_NS);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_zero_sampling_ratio_exports_only_the_traces_a_caller_sampled(pool: PgPool) {
    let receiver = OtlpReceiver::start().await;
    let mut platform = Platform::start(
        &pool,
        &receiver,
        &[
            ("OTEL_TRACES_SAMPLER", "parentbased_traceidratio"),
            ("OTEL_TRACES_SAMPLER_ARG", "0"),
        ],
    )
    .await;
    let visitor = Browser::new(&platform.address);
    let chat = visitor
        .start_chat("Quiet Visitor", "quiet@example.com")
        .await;
    let mut socket = visitor.socket().await;
    socket
        .send(json!({ "type": "join_session", "sessionId": chat }))
        .await;
    socket.recv_type("session_joined").await;

    // No parent: the ratio decides (never). A parent the caller did not
    // sample: not traced either. A sampled parent: traced end to end.
    let unparented = post_message(&visitor, &chat, "no trace", None).await;
    let unsampled = format!("00-{}-{}-00", random_hex(32), random_hex(16));
    let declined = post_message(&visitor, &chat, "not sampled", Some(&unsampled)).await;
    let trace_id = random_hex(32);
    let sampled = format!("00-{trace_id}-{}-01", random_hex(16));
    let chosen = post_message(&visitor, &chat, "sampled", Some(&sampled)).await;
    await_pushes(&mut socket, &[&unparented, &declined, &chosen]).await;
    drop(socket);
    platform.stop().await;

    let spans = receiver.spans();
    let names: Vec<String> = spans
        .iter()
        .map(|span| format!("{} [{}] {}", span.name, span.service, span.trace_id))
        .collect();
    eprintln!(
        "received {} spans with the ratio at 0:\n{}",
        spans.len(),
        names.join("\n")
    );
    assert!(
        spans.iter().all(|span| span.trace_id == trace_id),
        "only the sampled caller's trace is exported, got: {names:#?}"
    );
    for message in [&unparented, &declined] {
        assert!(
            !spans
                .iter()
                .any(|span| span.attributes.get("chat.message_id") == Some(message)),
            "no span for message {message}"
        );
    }
    // The receiver works: the sampled message's trace arrived whole.
    let trace: Vec<&ReceivedSpan> = spans.iter().collect();
    for name in [
        "POST /api/chat/sessions/{id}/messages",
        "jetstream.publish",
        "chat.store",
        "chat.deliver",
    ] {
        only(&trace, name);
    }
    assert_eq!(
        only(&trace, "chat.store").attributes["chat.message_id"],
        chosen
    );
}
