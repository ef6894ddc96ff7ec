#!/usr/bin/env python3
"""Writes the Grafana dashboards in infra/grafana/dashboards/ from the panel
lists below (one place to edit; the JSON is committed so Grafana's file
provisioning loads it as is). Run it after changing a panel:
    python3 infra/grafana/make_dashboards.py
infra/tests/compose_test.py checks the JSON is what this script writes and
that every metric a panel queries is one the gateway exports."""

import json
from pathlib import Path

OUT = Path(__file__).resolve().parent / "dashboards"

# (title, unit, [(legend, PromQL)])
DASHBOARDS = {
    "chat": (
        "Nyota: chat",
        [
            ("Chat messages accepted per second", "ops", [
                ("{{sender}}", "sum by (sender) (rate(chat_messages_accepted_total[1m]))"),
            ]),
            ("Chat send latency p50 / p99 (POST, answered after the commit)", "s", [
                ("p50", 'histogram_quantile(0.5, sum by (le) (rate(http_request_duration_seconds_bucket{route="/api/chat/sessions/{id}/messages"}[5m])))'),
                ("p99", 'histogram_quantile(0.99, sum by (le) (rate(http_request_duration_seconds_bucket{route="/api/chat/sessions/{id}/messages"}[5m])))'),
            ]),
            ("Chat commit latency p50 / p99 (gateway → worker commit)", "s", [
                ("p50", "histogram_quantile(0.5, sum by (le) (rate(chat_message_commit_duration_seconds_bucket[5m])))"),
                ("p99", "histogram_quantile(0.99, sum by (le) (rate(chat_message_commit_duration_seconds_bucket[5m])))"),
                ("timed out /s", 'sum(rate(chat_message_commit_duration_seconds_count{confirmed="false"}[5m]))'),
            ]),
            ("Open WebSockets by kind", "short", [
                ("{{instance}} {{kind}}", "sum by (instance, kind) (websocket_connections)"),
            ]),
            ("Chat messages waiting for the chat worker (JetStream lag)", "short", [
                ("pending", 'max(jetstream_consumer_pending{consumer="chat"})'),
                ("ack pending", 'max(jetstream_consumer_ack_pending{consumer="chat"})'),
                ("redelivered", 'max(jetstream_consumer_redelivered{consumer="chat"})'),
            ]),
        ],
    ),
    "platform": (
        "Nyota: platform",
        [
            ("Requests per second by status", "reqps", [
                ("{{status}}", "sum by (status) (rate(http_requests_total[1m]))"),
            ]),
            ("Share of requests answered 5xx", "percentunit", [
                ("{{instance}}", "instance:http_requests_5xx:ratio_rate5m"),
            ]),
            ("p99 latency by route", "s", [
                ("{{route}}", "topk(10, route:http_request_duration_seconds:p99_5m)"),
            ]),
            ("Dead letters waiting", "short", [
                ("{{role}} ({{reason}})", "sum by (role, reason) (dead_letters)"),
            ]),
            ("JetStream consumer lag", "short", [
                ("{{stream}} / {{consumer}}", "max by (stream, consumer) (jetstream_consumer_pending)"),
            ]),
            ("Postgres pool (per gateway)", "short", [
                ("{{instance}} {{state}}", "sum by (instance, state) (db_pool_connections)"),
                ("{{instance}} max", "max by (instance) (db_pool_max_connections)"),
            ]),
            ("NATS connected (per gateway)", "short", [
                ("{{instance}}", "nats_connected"),
            ]),
        ],
    ),
}


def panel(index: int, title: str, unit: str, queries: list) -> dict:
    return {
        "id": index + 1,
        "type": "timeseries",
        "title": title,
        "datasource": {"type": "prometheus", "uid": "prometheus"},
        "gridPos": {"h": 8, "w": 12, "x": (index % 2) * 12, "y": (index // 2) * 8},
        "fieldConfig": {"defaults": {"unit": unit}, "overrides": []},
        "targets": [
            {"refId": chr(ord("A") + n), "expr": expr, "legendFormat": legend,
             "datasource": {"type": "prometheus", "uid": "prometheus"}}
            for n, (legend, expr) in enumerate(queries)
        ],
    }


def dashboard(uid: str, title: str, panels: list) -> dict:
    return {
        "uid": f"nyota-{uid}",
        "title": title,
        "tags": ["nyota"],
        "timezone": "browser",
        "schemaVersion": 39,
        "version": 1,
        "refresh": "30s",
        "time": {"from": "now-1h", "to": "now"},
        "panels": [panel(i, *p) for i, p in enumerate(panels)],
    }


def rendered() -> dict:
    return {
        f"{uid}.json": json.dumps(dashboard(uid, title, panels), indent=2) + "\n"
        for uid, (title, panels) in DASHBOARDS.items()
    }


if __name__ == "__main__":
    OUT.mkdir(exist_ok=True)
    for name, text in rendered().items():
        (OUT / name).write_text(text)
        print(f"wrote {OUT / name}")
