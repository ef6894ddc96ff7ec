#!/usr/bin/env python3
"""Checks infra/compose.yaml (and the configs it mounts) against the real
binaries, since no container engine runs here to start it:
- it parses, and holds the production shape (two gateways, every worker
  role, three NATS nodes, Postgres, Jaeger, Prometheus, Grafana);
- each app service runs a real command: `gateway`, or a `workers`
  subcommand that `workers --help` lists;
- every variable given to an app service is one that binary reads
  (`gateway --check-settings` lists the gateway's, `workers --help` the
  workers'), and the gateway accepts the values (`--check-settings`);
- ports agree: the gateway's PORT with its published port, its METRICS_ADDR
  and the NATS monitoring port with Prometheus' targets, NATS_URL with the
  node configs, Grafana's data source with Prometheus;
- the Grafana dashboards are what infra/grafana/make_dashboards.py writes,
  and query only metrics the gateway exports or the rules record.
Usage: compose_test.py TARGET_DIR (holding the debug `gateway` and `workers`)."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
INFRA = ROOT / "infra"
BIN = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "target" / "debug"
# Read by contract::telemetry (and the OpenTelemetry SDK it starts) from the
# environment, in both binaries.
TELEMETRY_VARIABLES = {
    "OTEL_EXPORTER_OTLP_ENDPOINT",
    "OTEL_TRACES_SAMPLER",
    "OTEL_TRACES_SAMPLER_ARG",
    "OTEL_BSP_SCHEDULE_DELAY",
    "RUST_LOG",
}
WORKER_ROLES = {"accounts", "chat", "notify", "requests", "views", "analytics", "retention", "inbound"}
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)


def resolved(value: str) -> str:
    """The value with ${VAR:?...} and ${VAR:-default} filled as a deployment would."""
    samples = {
        "POSTGRES_PASSWORD": "s3cret",
        "SIGNING_KEY": "k" * 40,
        "GRAFANA_ADMIN_PASSWORD": "admin-pass",
    }

    def fill(match):
        name, op, rest = match.group(1), match.group(2), match.group(3)
        if name in os.environ:
            return os.environ[name]
        if op == ":-":
            return rest
        return samples.get(name, "value")

    return re.sub(r"\$\{([A-Z_]+)(:[-?])?([^}]*)\}", fill, str(value))


def run(args, env=None):
    return subprocess.run(args, capture_output=True, text=True, env=env)


compose = yaml.safe_load((INFRA / "compose.yaml").read_text())
services = compose["services"]
expected = {"postgres", "nats-1", "nats-2", "nats-3", "migrate", "gateway-1", "gateway-2",
            "jaeger", "prometheus", "grafana"} | {f"workers-{role}" for role in WORKER_ROLES}
check(expected <= set(services), f"services missing: {sorted(expected - set(services))}")

help_text = run([str(BIN / "workers"), "--help"]).stdout
subcommands = set(re.findall(r"^  ([a-z][a-z-]*)\s", help_text, re.M))
check(WORKER_ROLES <= subcommands, f"workers --help lacks roles: {WORKER_ROLES - subcommands}")
worker_variables = set(re.findall(r"\[env: ([A-Z_]+)", help_text)) | TELEMETRY_VARIABLES
gateway_variables = set(run([str(BIN / "gateway"), "--check-settings"]).stdout.split()) \
    | TELEMETRY_VARIABLES
check("DATABASE_URL" in gateway_variables, "gateway --check-settings listed nothing")

prometheus = yaml.safe_load((INFRA / "prometheus" / "prometheus.yml").read_text())
targets = {job["job_name"]: job["static_configs"][0]["targets"]
           for job in prometheus["scrape_configs"]}
gateways = sorted(name for name in services if name.startswith("gateway-"))
nats_nodes = sorted(name for name in services if name.startswith("nats-"))

for name, service in services.items():
    command = service.get("command") or []
    if service.get("image", "").startswith("nyota"):
        env = {key: resolved(value) for key, value in (service.get("environment") or {}).items()}
        check(command and command[0] in {"gateway", "workers"}, f"{name}: command {command}")
        if command[:1] == ["workers"]:
            check(len(command) == 2 and command[1] in subcommands,
                  f"{name}: `workers {command[1:]}` is no subcommand of workers")
            unknown = set(env) - worker_variables
            check(not unknown, f"{name}: workers read no {sorted(unknown)}")
        elif command[:1] == ["gateway"]:
            unknown = set(env) - gateway_variables
            check(not unknown, f"{name}: the gateway reads no {sorted(unknown)}")
            result = run([str(BIN / "gateway"), "--check-settings"],
                         env={"PATH": os.environ["PATH"], **env})
            check(result.returncode == 0, f"{name}: gateway refuses its settings: {result.stderr[:300]}")
            published = [p.split(":")[-1] for p in service.get("ports", [])]
            check(published == [env.get("PORT")], f"{name}: PORT {env.get('PORT')} but publishes {published}")
            metrics_port = env.get("METRICS_ADDR", "").rsplit(":", 1)[-1]
            check(f"{name}:{metrics_port}" in targets.get("gateway", []),
                  f"{name}: Prometheus does not scrape {name}:{metrics_port}")
        if "NATS_URL" in env:
            hosts = [re.match(r"nats://([^:]+):(\d+)", url).groups() for url in env["NATS_URL"].split(",")]
            check(sorted(h for h, _ in hosts) == nats_nodes, f"{name}: NATS_URL names {hosts}")
        if "OTEL_EXPORTER_OTLP_ENDPOINT" in env:
            check(env["OTEL_EXPORTER_OTLP_ENDPOINT"] == "http://jaeger:4318",
                  f"{name}: traces go to {env['OTEL_EXPORTER_OTLP_ENDPOINT']}")
check(sorted(t.split(":")[0] for t in targets.get("gateway", [])) == gateways,
      f"Prometheus scrapes gateways {targets.get('gateway')}, compose runs {gateways}")

for node in nats_nodes:
    number = node.split("-")[1]
    mounts = services[node].get("volumes", [])
    config_path = INFRA / "nats" / f"cluster-node{number}.conf"
    check(f"./nats/cluster-node{number}.conf:/etc/nats/nats.conf:ro" in mounts,
          f"{node} does not mount its config")
    config = config_path.read_text()
    check(f"server_name: {node}" in config, f"{config_path.name} is not {node}")
    check("listen: 0.0.0.0:4222" in config, f"{config_path.name}: clients not on 4222")
    http_port = re.search(r"http: [0-9.]+:(\d+)", config).group(1)
    check(f"{node}:{http_port}" in targets.get("nats", []), f"Prometheus does not scrape {node}:{http_port}")
    route_port = re.search(r"cluster \{[^}]*listen: [0-9.]+:(\d+)", config, re.S).group(1)
    routes = set(re.findall(r"nats-route://([^:]+):(\d+)", config))
    check(routes == {(n, route_port) for n in nats_nodes}, f"{config_path.name}: routes {routes}")
    check("store_dir: /data/jetstream" in config and f"{node}-data:/data/jetstream" in mounts,
          f"{node}: the JetStream store is not on its volume")

datasources = yaml.safe_load((INFRA / "grafana/provisioning/datasources/prometheus.yml").read_text())
urls = {d["name"]: d["url"] for d in datasources["datasources"]}
check(urls.get("Prometheus") == "http://prometheus:9090" and "9090:9090" in services["prometheus"]["ports"],
      f"Grafana's Prometheus data source is {urls.get('Prometheus')}")
check(urls.get("Jaeger") == "http://jaeger:16686", f"Grafana's Jaeger data source is {urls.get('Jaeger')}")
for mount in services["prometheus"]["volumes"] + services["grafana"]["volumes"]:
    source = mount.split(":")[0]
    if source.startswith("./"):
        check((INFRA / source).exists(), f"{source} is mounted but missing")

sys.path.insert(0, str(INFRA / "grafana"))
import make_dashboards  # noqa: E402

rules = yaml.safe_load((INFRA / "prometheus" / "rules.yml").read_text())
recorded = {rule["record"] for group in rules["groups"] for rule in group["rules"] if "record" in rule}
gateway_source = "".join(p.read_text() for p in (ROOT / "gateway" / "src").rglob("*.rs"))
promql_words = {"sum", "by", "rate", "max", "topk", "histogram_quantile", "offset", "or", "vector"}
for file_name, text in make_dashboards.rendered().items():
    committed = INFRA / "grafana" / "dashboards" / file_name
    check(committed.exists() and committed.read_text() == text,
          f"{file_name} is stale: run python3 infra/grafana/make_dashboards.py")
    for panel in json.loads(text)["panels"]:
        for target in panel["targets"]:
            expr = re.sub(r"\{[^}]*\}", "", target["expr"])
            expr = re.sub(r"by \([^)]*\)", "", expr)
            for word in re.findall(r"[a-z_:][a-z0-9_:]*", expr):
                if word in promql_words or ("_" not in word and ":" not in word):
                    continue
                metric = re.sub(r"_(bucket|count|sum)$", "", word)
                check(word in recorded or f'"{metric}"' in gateway_source or f"{metric}{{" in gateway_source
                      or f"{metric} " in gateway_source,
                      f"{file_name}: panel {panel['title']!r} queries {word}, which nothing exports")

if failures:
    print("compose_test: FAILED", *failures, sep="\n  ", file=sys.stderr)
    sys.exit(1)
print(f"compose_test: ok ({len(services)} services, {len(gateways)} gateways, {len(nats_nodes)} NATS nodes)")
