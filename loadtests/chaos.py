#!/usr/bin/env python3
"""The chaos harness behind `loadtests/run chaos`.

Starts the production shape on loopback — a private PostgreSQL server, a
3-node NATS cluster (streams at replicas 3) whose routes pass through TCP
proxies this script controls, every worker role as its own process and two
gateways, all under infra/supervise (through ./infra/run) — then drives chat
traffic from visitors split between the gateways while it injects, in turn:
SIGKILL of the `chat` worker (three times), SIGKILL of the CHAT stream's
leader node, a Postgres restart, SIGKILL of a gateway, a 20 s partition
of one NATS node from the other two, `chat_messages` locked for 20 s
(chaos_locks.py), and the message store filled to its `max_file_store` and
kept full for 15 s (chaos_store.py).

Every message answered 201 goes into a ledger, which is then checked
against Postgres (stored exactly once, in order within its chat) and against
what each visitor's socket saw (live `new_message` frames, or the refetch
after a reconnect). The last line is
`acknowledged N, lost L, duplicated D, delivered K`; the exit status is
non-zero when anything was lost, duplicated, out of order or undelivered.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import websockets

import chaos_locks
import chaos_store

ROOT = Path(__file__).resolve().parent.parent
START = time.monotonic()
ROLES = ["accounts", "chat", "notify", "requests", "views", "analytics"]


def log(message: str) -> None:
    print(f"[{time.monotonic() - START:6.1f}s] {message}", flush=True)


HANDED_OUT: set[int] = set()


def free_port() -> int:
    """A port nothing listens on, never the same one twice in a run (they
    are bound only later, so the kernel could offer one again)."""
    while True:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        if port not in HANDED_OUT:
            HANDED_OUT.add(port)
            return port


def port_open(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return True
    except OSError:
        return False


async def wait_until(predicate, timeout: float, what: str, every: float = 0.25) -> float:
    """Polls `predicate` (sync or async) until true; returns the seconds taken."""
    started = time.monotonic()
    while True:
        value = predicate()
        if asyncio.iscoroutine(value):
            value = await value
        if value:
            return time.monotonic() - started
        if time.monotonic() - started > timeout:
            raise RuntimeError(f"timed out after {timeout:.0f} s waiting for {what}")
        await asyncio.sleep(every)


# --- processes -------------------------------------------------------------


def children() -> dict[int, list[int]]:
    tree: dict[int, list[int]] = collections.defaultdict(list)
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        # The command name may hold spaces: the parent pid follows its ')'.
        ppid = int(stat[stat.rindex(")") + 2 :].split()[1])
        tree[ppid].append(int(entry))
    return tree


def descendants(pid: int) -> list[int]:
    tree, found, todo = children(), [], [pid]
    while todo:
        for child in tree.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def cmdline(pid: int) -> list[str]:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().decode().split("\0")[:-1]
    except OSError:
        return []


def environ(pid: int) -> dict[str, str]:
    try:
        raw = Path(f"/proc/{pid}/environ").read_bytes().decode(errors="replace")
    except OSError:
        return {}
    return dict(item.split("=", 1) for item in raw.split("\0") if "=" in item)


def as_postgres(args: list[str]) -> list[str]:
    """initdb and postgres refuse to run as root: run them as `postgres`."""
    return ["runuser", "-u", "postgres", "--", *args] if os.geteuid() == 0 else args


class Postgres:
    """A private server in a temporary directory (never the shared one)."""

    def __init__(self, workdir: Path, bindir: Path):
        self.bindir = bindir
        self.data = workdir / "pgdata"
        self.sockets = workdir / "pgsock"
        self.log = workdir / "postgres.log"
        self.port = free_port()
        self.url = f"postgres://postgres@127.0.0.1:{self.port}/nyota"

    def _run(self, *args: str) -> None:
        subprocess.run(as_postgres([str(self.bindir / args[0]), *args[1:]]), check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)

    def start(self) -> None:
        for directory in (self.data, self.sockets):
            directory.mkdir(mode=0o700)
            if os.geteuid() == 0:
                shutil.chown(directory, "postgres", "postgres")
        if os.geteuid() == 0:
            self.log.touch()
            shutil.chown(self.log, "postgres", "postgres")
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "-A", "trust", "--no-sync")
        options = f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.sockets}"
        self._run("pg_ctl", "start", "-w", "-D", str(self.data), "-l", str(self.log), "-o", options)
        subprocess.run(["psql", self.url.rsplit("/", 1)[0] + "/postgres", "-qc", "create database nyota"],
                       check=True, stdout=subprocess.DEVNULL)

    def restart(self) -> None:
        self._run("pg_ctl", "restart", "-w", "-m", "fast", "-D", str(self.data), "-l", str(self.log))

    def stop(self) -> None:
        if (self.data / "postmaster.pid").exists():
            subprocess.run(as_postgres([str(self.bindir / "pg_ctl"), "stop", "-m", "immediate", "-D",
                                        str(self.data)]), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def query(self, sql: str) -> list[list[str]]:
        out = subprocess.run(["psql", self.url, "-XAtq", "-F", "\t", "-c", sql], check=True,
                             capture_output=True, text=True).stdout
        return [line.split("\t") for line in out.splitlines() if line]


class RouteProxy:
    """Carries the route connections of one node to another; `cut` drops
    them and refuses new ones until `heal` (a partition on loopback)."""

    def __init__(self, target_port: int):
        self.port = free_port()
        self.target_port = target_port
        self.cut = False
        self.open: set[asyncio.StreamWriter] = set()
        self.server: asyncio.base_events.Server | None = None

    async def start(self) -> None:
        self.server = await asyncio.start_server(self._serve, "127.0.0.1", self.port)

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if self.cut:
            writer.transport.abort()
            return
        try:
            up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target_port)
        except OSError:
            writer.transport.abort()
            return
        self.open.update((writer, up_writer))

        async def pipe(source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
            try:
                while data := await source.read(65536):
                    sink.write(data)
                    await sink.drain()
            except (OSError, asyncio.IncompleteReadError):
                pass
            finally:
                sink.transport.abort()

        try:
            await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer))
        except asyncio.CancelledError:
            # Cancelled at the end of the run: the connection just ends.
            for each in (writer, up_writer):
                each.transport.abort()
        self.open.difference_update((writer, up_writer))

    def set_cut(self, cut: bool) -> None:
        self.cut = cut
        if cut:
            for writer in list(self.open):
                writer.transport.abort()
            self.open.clear()

    def close(self) -> None:
        if self.server:
            self.server.close()
        self.set_cut(True)


@dataclass
class NatsNode:
    name: str
    client_port: int
    http_port: int
    route_port: int
    config: Path
    log: Path
    process: subprocess.Popen | None = None

    def start(self, binary: str) -> None:
        with open(self.log, "ab") as log_file:
            self.process = subprocess.Popen([binary, "-c", str(self.config)], stdout=subprocess.DEVNULL,
                                            stderr=log_file)

    def kill(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.kill()
            self.process.wait()

    def monitor(self, path: str) -> dict | None:
        try:
            return httpx.get(f"http://127.0.0.1:{self.http_port}{path}", timeout=2).json()
        except (httpx.HTTPError, ValueError):
            return None

    def healthy(self) -> bool:
        try:
            return httpx.get(f"http://127.0.0.1:{self.http_port}/healthz", timeout=2).status_code == 200
        except httpx.HTTPError:
            return False


class NatsCluster:
    """infra/nats/cluster-node{1,2,3}.conf on loopback ports, each route
    through a RouteProxy per ordered pair of nodes."""

    def __init__(self, workdir: Path, binary: str, account_store: str):
        self.binary = binary
        self.nodes: list[NatsNode] = []
        self.proxies: dict[tuple[int, int], RouteProxy] = {}
        for number in (1, 2, 3):
            self.nodes.append(NatsNode(f"nats-{number}", free_port(), free_port(), free_port(),
                                       workdir / f"nats-{number}.conf", workdir / f"nats-{number}.log"))
        for i, source in enumerate(self.nodes):
            for j, target in enumerate(self.nodes):
                if i != j:
                    self.proxies[(i, j)] = RouteProxy(target.route_port)
        # Where other nodes would connect on hearing of a node through gossip:
        # nothing listens there, so every route goes through the proxies.
        nowhere = free_port()
        for i, node in enumerate(self.nodes):
            text = (ROOT / f"infra/nats/cluster-node{i + 1}.conf").read_text()
            replacements = {
                "listen: 0.0.0.0:4222": f"listen: 127.0.0.1:{node.client_port}",
                "http: 0.0.0.0:8222": f"http: 127.0.0.1:{node.http_port}",
                "store_dir: /data/jetstream": f'store_dir: "{workdir / node.name}"',
                # The account's store, small enough for fault 7 to fill in seconds.
                "max_file: 90GB": f"max_file: {account_store}",
                "listen: 0.0.0.0:6222": f"listen: 127.0.0.1:{node.route_port}\n  advertise: 127.0.0.1:{nowhere}",
            }
            for j in range(3):
                route = f"nats-route://nats-{j + 1}:6222"
                replacements[route] = (f"nats-route://127.0.0.1:{self.proxies[(i, j)].port}" if i != j
                                       else "")
            for old, new in replacements.items():
                if old not in text:
                    raise RuntimeError(f"infra/nats/cluster-node{i + 1}.conf lacks {old!r}")
                text = text.replace(old, new)
            node.config.write_text(text)

    @property
    def url(self) -> str:
        return ",".join(f"nats://127.0.0.1:{node.client_port}" for node in self.nodes)

    async def start(self) -> None:
        for proxy in self.proxies.values():
            await proxy.start()
        for node in self.nodes:
            node.start(self.binary)
        await wait_until(lambda: all(node.healthy() for node in self.nodes), 60, "the NATS cluster")

    def partition(self, index: int, cut: bool) -> None:
        for (i, j), proxy in self.proxies.items():
            if index in (i, j):
                proxy.set_cut(cut)

    def live(self) -> list[NatsNode]:
        return [node for node in self.nodes if node.process and node.process.poll() is None]

    def stream(self, name: str) -> dict | None:
        """The stream's details (config, cluster leader, replicas) as its
        leader reports them (only the leader knows which copies are current),
        else as any live node does."""
        found = None
        for node in self.live():
            info = node.monitor("/jsz?accounts=true&streams=true&config=true")
            for account in (info or {}).get("account_details", []):
                for stream in account.get("stream_detail", []):
                    if stream.get("name") == name:
                        if stream.get("cluster", {}).get("leader") == node.name:
                            return stream
                        found = found or stream
        return found

    def stream_settled(self, name: str) -> bool:
        """A leader and every replica current (caught up)."""
        stream = self.stream(name) or {}
        cluster = stream.get("cluster", {})
        replicas = cluster.get("replicas", [])
        return bool(cluster.get("leader")) and len(replicas) == 2 and all(
            r.get("current") and not r.get("offline") for r in replicas)

    def clients(self, node: NatsNode) -> list[int]:
        """The pids of the processes connected to `node` as clients."""
        pids = []
        for connection in (node.monitor("/connz?limit=4096") or {}).get("connections", []):
            out = subprocess.run(["ss", "-Htnp", f"sport = :{connection.get('port')}"], capture_output=True,
                                 text=True).stdout
            if "pid=" in out:
                pids.append(int(out.split("pid=", 1)[1].split(",", 1)[0]))
        return pids

    def routes(self, node: NatsNode) -> int:
        return (node.monitor("/routez") or {}).get("num_routes", 0)

    def stop(self) -> None:
        for proxy in self.proxies.values():
            proxy.close()
        for node in self.nodes:
            node.kill()


# --- visitors --------------------------------------------------------------


@dataclass
class Sent:
    seq: int
    body: str
    message_id: str
    attempts: int


@dataclass
class Visitor:
    index: int
    gateways: list[int]
    gateway: int
    chat_id: str = ""
    acknowledged: list[Sent] = field(default_factory=list)
    # Bodies of this chat's visitor messages the socket showed: live frames,
    # or the message list refetched after each (re)join.
    seen_live: set[str] = field(default_factory=set)
    seen_refetch: set[str] = field(default_factory=set)
    failures: collections.Counter = field(default_factory=collections.Counter)
    socket_drops: int = 0
    gateway_switches: int = 0
    joins: int = 0
    requests: int = 0

    def base(self, gateway: int | None = None) -> str:
        return f"http://127.0.0.1:{self.gateways[self.gateway if gateway is None else gateway]}"

    def next_base(self) -> str:
        """No sticky sessions: each request goes to the next gateway in turn
        (round robin, as a load balancer would), whichever holds the socket."""
        self.requests += 1
        return self.base((self.index + self.requests) % len(self.gateways))

    def switch(self) -> None:
        self.gateway = 1 - self.gateway
        self.gateway_switches += 1


class Traffic:
    """Visitors with their sockets split between the gateways and their
    requests spread over both, each with a chat, a joined socket and a
    steady message rate; a failed send is retried like a client does: the
    same message with the same `clientMessageId` after a pause, so that an
    attempt stored although its answer was lost is not stored twice."""

    def __init__(self, gateways: list[int], visitors: int, interval: float):
        self.visitors = [Visitor(i, gateways, i % len(gateways)) for i in range(visitors)]
        self.interval = interval
        self.sending = True
        self.running = True
        self.tasks: list[asyncio.Task] = []
        self.refetches: set[asyncio.Task] = set()
        self.clients: dict[int, httpx.AsyncClient] = {}

    async def start(self) -> None:
        for visitor in self.visitors:
            client = httpx.AsyncClient(timeout=10, headers={"X-Requested-With": "XMLHttpRequest"})
            self.clients[visitor.index] = client
            await self._start_chat(visitor, client)
        for visitor in self.visitors:
            joined = asyncio.Event()
            self.tasks.append(asyncio.create_task(self._socket(visitor, joined)))
            await asyncio.wait_for(joined.wait(), 15)
        for visitor in self.visitors:
            self.tasks.append(asyncio.create_task(self._send(visitor)))

    async def _start_chat(self, visitor: Visitor, client: httpx.AsyncClient) -> None:
        for _ in range(20):
            try:
                response = await client.post(f"{visitor.base()}/api/chat/sessions", json={
                    "visitorName": f"Chaos Visitor {visitor.index}",
                    "visitorEmail": f"chaos{visitor.index}@example.com"})
                if response.status_code == 201:
                    visitor.chat_id = response.json()["sessionId"]
                    return
                log(f"visitor {visitor.index}: chat start answered {response.status_code}: {response.text[:200]}")
            except httpx.HTTPError as error:
                log(f"visitor {visitor.index}: chat start failed: {error!r}")
            await asyncio.sleep(1)
        raise RuntimeError(f"visitor {visitor.index} could not start a chat")

    def _cookie(self, visitor: Visitor) -> str:
        return "; ".join(f"{cookie.name}={cookie.value}" for cookie in self.clients[visitor.index].cookies.jar)

    async def _send(self, visitor: Visitor) -> None:
        client = self.clients[visitor.index]
        # Spread the visitors' sends over the interval.
        await asyncio.sleep(self.interval * visitor.index / len(self.visitors))
        seq = 0
        while self.sending:
            seq += 1
            attempt, pause = 0, 0.25
            body, client_message_id = f"visitor {visitor.index} message {seq}", str(uuid.uuid4())
            while self.sending:
                attempt += 1
                url = f"{visitor.next_base()}/api/chat/sessions/{visitor.chat_id}/messages"
                try:
                    payload = {"message": body, "clientMessageId": client_message_id}
                    if attempt > 1:
                        # A resend: the gateway answers with the message if it was stored.
                        payload["resend"] = True
                    response = await client.post(url, json=payload)
                    if response.status_code == 201:
                        visitor.acknowledged.append(Sent(seq, body, response.json()["id"], attempt))
                        break
                    visitor.failures[f"HTTP {response.status_code}"] += 1
                except httpx.ConnectError:
                    # That gateway is down: the retry goes to the other one.
                    visitor.failures["connection refused"] += 1
                except httpx.TimeoutException:
                    visitor.failures["timeout"] += 1
                except httpx.HTTPError as error:
                    visitor.failures[type(error).__name__] += 1
                await asyncio.sleep(pause)
                pause = min(pause * 2, 2.0)
            await asyncio.sleep(self.interval)

    async def _refetch(self, visitor: Visitor) -> None:
        """The chat's messages over HTTP, as the widget reads them after a (re)connect."""
        client = self.clients[visitor.index]
        pause = 0.25
        while self.running:
            try:
                response = await client.get(f"{visitor.next_base()}/api/chat/sessions/{visitor.chat_id}/messages")
                if response.status_code == 200:
                    visitor.seen_refetch.update(m["message"] for m in response.json() if m["senderType"] == "user")
                    return
            except httpx.HTTPError:
                pass
            await asyncio.sleep(pause)
            pause = min(pause * 2, 2.0)

    async def _socket(self, visitor: Visitor, first_join: asyncio.Event) -> None:
        pause = 0.25
        while self.running:
            gateway = visitor.gateway
            url = f"ws://127.0.0.1:{visitor.gateways[gateway]}/ws"
            try:
                async with websockets.connect(url, additional_headers={"Cookie": self._cookie(visitor)},
                                              open_timeout=5, ping_interval=20, close_timeout=1) as ws:
                    await ws.send(json.dumps({"type": "join_session", "sessionId": visitor.chat_id}))
                    async for raw in ws:
                        frame = json.loads(raw)
                        kind = frame.get("type")
                        if kind == "session_joined":
                            pause = 0.25
                            visitor.joins += 1
                            first_join.set()
                            # Whatever happened while the socket was away is read back.
                            refetch = asyncio.create_task(self._refetch(visitor))
                            self.refetches.add(refetch)
                            refetch.add_done_callback(self.refetches.discard)
                        elif kind == "new_message" and frame.get("sessionId") == visitor.chat_id:
                            message = frame["message"]
                            if message["senderType"] == "user":
                                visitor.seen_live.add(message["message"])
                        elif kind == "error":
                            # The join failed (Postgres or NATS away): reconnect and join again.
                            visitor.failures[f"socket error: {frame.get('message')}"] += 1
                            break
            except (OSError, websockets.exceptions.WebSocketException, asyncio.TimeoutError) as error:
                if isinstance(error, ConnectionRefusedError):
                    visitor.switch()
            if not self.running:
                return
            visitor.socket_drops += 1
            await asyncio.sleep(pause)
            pause = min(pause * 2, 2.0)

    def counts(self) -> tuple[int, int]:
        acknowledged = sum(len(v.acknowledged) for v in self.visitors)
        seen = sum(1 for v in self.visitors for s in v.acknowledged
                   if s.body in v.seen_live or s.body in v.seen_refetch)
        return acknowledged, seen

    async def stop(self) -> None:
        self.running = False
        self.sending = False
        tasks = [*self.tasks, *self.refetches]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for client in self.clients.values():
            await client.aclose()


# --- the run ---------------------------------------------------------------


class Platform:
    """./infra/run with the production shape: each worker role and two
    gateways, every one under infra/supervise."""

    def __init__(self, args, workdir: Path, postgres: Postgres, nats: NatsCluster):
        self.ports = [free_port(), free_port()]
        self.log = workdir / "platform.log"
        env = dict(os.environ)
        env.update({
            "DATABASE_URL": postgres.url, "NATS_URL": nats.url, "JETSTREAM_REPLICAS": "3",
            "BIN_DIR": args.bin_dir, "WEB_DIST": str(workdir / "no-web-app"),
            "WORKER_ROLES": " ".join(ROLES), "PORT": str(self.ports[0]),
            "GATEWAY_PORTS": " ".join(map(str, self.ports)), "SEED_SAMPLE_CONTENT": "false",
            "PUBLIC_URL": f"http://127.0.0.1:{self.ports[0]}",
            "CHAT_START_LIMIT_PER_IP_PER_HOUR": "1000000", "CHAT_MESSAGE_LIMIT_PER_IP_PER_MINUTE": "1000000",
            "MAX_CONNECTIONS_PER_IP": "100000", "RUST_LOG": env.get("RUST_LOG", "warn"),
        })
        with open(self.log, "ab") as log_file:
            self.process = subprocess.Popen([str(ROOT / "infra/run")], env=env, stdout=log_file,
                                            stderr=subprocess.STDOUT, start_new_session=True)

    def ready(self, port: int) -> bool:
        try:
            return httpx.get(f"http://127.0.0.1:{port}/readyz", timeout=2).status_code == 200
        except httpx.HTTPError:
            return False

    def worker(self, role: str) -> int | None:
        for pid in descendants(self.process.pid):
            argv = cmdline(pid)
            if len(argv) == 2 and argv[0].endswith("/workers") and argv[1] == role:
                return pid
        return None

    def gateway(self, port: int) -> int | None:
        for pid in descendants(self.process.pid):
            argv = cmdline(pid)
            if argv and argv[0].endswith("/gateway") and environ(pid).get("PORT") == str(port):
                return pid
        return None

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
        # Anything left in its session (it should all be gone by now).
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


async def steady(traffic: Traffic, seconds: float) -> None:
    before = traffic.counts()[0]
    await asyncio.sleep(seconds)
    log(f"  {traffic.counts()[0] - before} messages acknowledged in the last {seconds:.0f} s")


async def faults(args, platform: Platform, postgres: Postgres, nats: NatsCluster, traffic: Traffic) -> list[str]:
    done = []

    log("fault 1: SIGKILL of the chat worker, three times")
    for round_ in (1, 2, 3):
        pid = platform.worker("chat")
        if pid is None:
            raise RuntimeError("no chat worker process found")
        os.kill(pid, signal.SIGKILL)
        took = await wait_until(lambda: (p := platform.worker("chat")) is not None and p != pid, 60,
                                "the supervisor to restart the chat worker")
        log(f"  killed chat worker pid {pid}; restarted by infra/supervise as pid {platform.worker('chat')} "
            f"after {took:.1f} s")
        await steady(traffic, args.pause)
    done.append("chat worker SIGKILLed 3 times")

    log("fault 2: SIGKILL of the CHAT stream's leader node")
    leader = (nats.stream("CHAT") or {}).get("cluster", {}).get("leader")
    node = next((n for n in nats.nodes if n.name == leader), nats.nodes[0])
    node.kill()
    log(f"  killed {node.name} (CHAT leader: {leader})")
    await asyncio.sleep(args.nats_down)
    new_leader = (nats.stream("CHAT") or {}).get("cluster", {}).get("leader")
    node.start(nats.binary)
    await wait_until(node.healthy, 60, f"{node.name} to come back")
    took = await wait_until(lambda: nats.stream_settled("CHAT"), 60, "the CHAT stream to have 3 current copies")
    log(f"  restarted {node.name} after {args.nats_down:.0f} s; leader meanwhile {new_leader}; "
        f"all copies current {took:.1f} s later")
    await steady(traffic, args.pause)
    done.append(f"NATS node {node.name} (CHAT leader) SIGKILLed and restarted")

    log("fault 3: Postgres restart (pg_ctl restart -m fast)")
    started = time.monotonic()
    await asyncio.to_thread(postgres.restart)
    log(f"  restarted in {time.monotonic() - started:.1f} s")
    await steady(traffic, args.pause)
    done.append("Postgres restarted")

    log("fault 4: SIGKILL of a gateway")
    port = platform.ports[0]
    pid = platform.gateway(port)
    if pid is None:
        raise RuntimeError(f"no gateway process on port {port}")
    on_it = sum(1 for v in traffic.visitors if v.gateway == 0)
    switches = sum(v.gateway_switches for v in traffic.visitors)
    os.kill(pid, signal.SIGKILL)
    took = await wait_until(lambda: platform.ready(port), 60, "the killed gateway to be restarted and ready")
    log(f"  killed gateway pid {pid} on port {port} ({on_it} visitors on it); restarted by infra/supervise "
        f"and ready after {took:.1f} s; visitors moved to the other gateway: "
        f"{sum(v.gateway_switches for v in traffic.visitors) - switches} times")
    await steady(traffic, args.pause)
    done.append("gateway SIGKILLed (restarted by its supervisor)")

    log(f"fault 5: partition of one NATS node from the other two for {args.partition:.0f} s")
    gateways = {platform.gateway(port) for port in platform.ports}
    chat_worker = platform.worker("chat")
    on_node = [set(nats.clients(node)) for node in nats.nodes]
    leader = (nats.stream("CHAT") or {}).get("cluster", {}).get("leader")
    # The worst case for delivery: a node holding a gateway (its sockets'
    # events come through that node) but not the chat worker (which goes on
    # storing on the majority side); else the one with the most gateways.
    index = max(range(3), key=lambda i: (bool(on_node[i] & gateways) and chat_worker not in on_node[i],
                                         len(on_node[i] & gateways), nats.nodes[i].name == leader))
    target = nats.nodes[index]
    nats.partition(index, True)
    await asyncio.sleep(2)
    log(f"  cut {target.name} off (gateways connected to it: {len(on_node[index] & gateways)}, chat worker: "
        f"{'yes' if chat_worker in on_node[index] else 'no'}, CHAT leader: {leader}); "
        f"its routes now: {nats.routes(target)}")
    await asyncio.sleep(args.partition - 2)
    nats.partition(index, False)
    took = await wait_until(lambda: nats.routes(target) >= 2, 60, f"{target.name}'s routes to come back")
    settled = await wait_until(lambda: nats.stream_settled("CHAT"), 60, "the CHAT stream to settle")
    log(f"  healed: routes back after {took:.1f} s, CHAT copies current {settled:.1f} s later")
    await steady(traffic, args.pause)
    done.append(f"NATS node {target.name} partitioned for {args.partition:.0f} s")

    log(f"fault 6: chat_messages locked for {args.lock:.0f} s under chat traffic")
    done.append(await chaos_locks.locked_table(postgres, traffic, args.lock, wait_until, log))
    await steady(traffic, args.pause)

    log(f"fault 7: the message store fills (the account's {args.store_limit}) and stays full for {args.full:.0f} s")
    done.append(await chaos_store.store_fills(nats.url, platform.ports, traffic, args.full, wait_until, log))
    await steady(traffic, args.pause)
    return done


def check(traffic: Traffic, postgres: Postgres) -> tuple[str, bool, list[str]]:
    rows = postgres.query("select session_id, id, message from chat_messages where sender_type = 'user' "
                          "order by session_id, id")
    stored: dict[str, list[tuple[str, str]]] = collections.defaultdict(list)
    for session_id, message_id, body in rows:
        stored[session_id].append((message_id, body))
    acknowledged = lost = duplicated = delivered = out_of_order = wrong_id = 0
    stored_unacknowledged = 0
    problems = []
    for visitor in traffic.visitors:
        chat = stored.get(visitor.chat_id, [])
        counts = collections.Counter(body for _, body in chat)
        ids = {body: message_id for message_id, body in chat}
        acked = {sent.body for sent in visitor.acknowledged}
        for sent in visitor.acknowledged:
            acknowledged += 1
            if counts[sent.body] == 0:
                lost += 1
                problems.append(f"lost: chat {visitor.chat_id} {sent.body!r} (id {sent.message_id})")
            elif ids[sent.body] != sent.message_id:
                wrong_id += 1
                problems.append(f"stored under another id: {sent.body!r} {ids[sent.body]} != {sent.message_id}")
            if sent.body in visitor.seen_live or sent.body in visitor.seen_refetch:
                delivered += 1
            else:
                problems.append(f"undelivered: chat {visitor.chat_id} {sent.body!r} (stored {counts[sent.body]})")
        for body, count in counts.items():
            if count > 1:
                duplicated += count - 1
                problems.append(f"duplicated: chat {visitor.chat_id} {body!r} stored {count} times")
        # Order: the acknowledged messages as stored (by id) against the order they were sent.
        in_store = list(dict.fromkeys(body for _, body in chat if body in acked))
        in_ledger = [sent.body for sent in visitor.acknowledged if counts[sent.body] > 0]
        if in_store != in_ledger:
            out_of_order += 1
            problems.append(f"out of order: chat {visitor.chat_id}")
        # Messages whose every attempt failed, one of them stored after all.
        stored_unacknowledged += sum(1 for body in counts if body not in acked)
    failures = collections.Counter()
    for visitor in traffic.visitors:
        failures.update(visitor.failures)
    live = sum(1 for v in traffic.visitors for s in v.acknowledged if s.body in v.seen_live)
    details = [
        f"failed attempts (not acknowledged, retried): {sum(failures.values())}"
        + (" (" + ", ".join(f"{k}: {n}" for k, n in failures.most_common()) + ")" if failures else ""),
        f"messages acknowledged after a retry: {sum(1 for v in traffic.visitors for s in v.acknowledged if s.attempts > 1)}"
        f"; never acknowledged (sending stopped) but stored: {stored_unacknowledged}",
        f"delivered live on the socket: {live}; only through a refetch after a reconnect: {delivered - live}",
        f"socket reconnects: {sum(v.socket_drops for v in traffic.visitors)}, "
        f"gateway switches: {sum(v.gateway_switches for v in traffic.visitors)}",
        f"out of order chats: {out_of_order}, stored under another id: {wrong_id}",
    ]
    ok = acknowledged > 0 and lost == duplicated == out_of_order == wrong_id == 0 and delivered == acknowledged
    summary = f"acknowledged {acknowledged}, lost {lost}, duplicated {duplicated}, delivered {delivered}"
    return summary, ok, details + problems[:50]


async def main(args) -> int:
    workdir = Path(tempfile.mkdtemp(prefix="nyota-chaos-"))
    os.chmod(workdir, 0o755)
    logdir = ROOT / ".run" / "chaos"
    shutil.rmtree(logdir, ignore_errors=True)
    logdir.mkdir(parents=True)
    postgres = Postgres(workdir, Path(args.pg_bin))
    nats = NatsCluster(logdir, args.nats_server, args.store_limit)
    platform = None
    traffic = None
    try:
        log(f"PostgreSQL (private, {args.pg_bin}) on 127.0.0.1:{postgres.port}")
        await asyncio.to_thread(postgres.start)
        log(f"NATS cluster ({args.nats_server}) clients on "
            f"{', '.join(str(n.client_port) for n in nats.nodes)}, routes through proxies")
        await nats.start()
        await wait_until(lambda: all(nats.routes(n) >= 2 for n in nats.nodes), 30, "the cluster's routes")
        platform = Platform(args, logdir, postgres, nats)
        log(f"./infra/run: worker roles {', '.join(ROLES)} and gateways on {platform.ports}, each under "
            f"infra/supervise (log {platform.log})")
        await wait_until(lambda: all(platform.ready(p) for p in platform.ports) or platform.process.poll() is not None,
                         180, "both gateways to be ready")
        if platform.process.poll() is not None:
            raise RuntimeError(f"./infra/run exited; see {platform.log}")
        await wait_until(lambda: all(platform.worker(r) for r in ROLES), 30, "every worker role")
        stream = nats.stream("CHAT") or {}
        log(f"CHAT stream: replicas {stream.get('config', {}).get('num_replicas')}, "
            f"leader {stream.get('cluster', {}).get('leader')}")
        traffic = Traffic(platform.ports, args.visitors, args.interval)
        await traffic.start()
        log(f"{args.visitors} visitors, {args.visitors // 2} per gateway, each sending a message every "
            f"{args.interval:g} s")
        await steady(traffic, args.pause)
        done = await faults(args, platform, postgres, nats, traffic)
        traffic.sending = False
        log("faults done; sending stopped; waiting for every acknowledged message to reach its visitor")
        try:
            await wait_until(lambda: traffic.counts()[1] == traffic.counts()[0], args.settle,
                             "every acknowledged message to be delivered", every=1)
        except RuntimeError as error:
            log(f"  {error}")
        # Let the last refetches finish.
        await asyncio.sleep(2)
        await traffic.stop()
        summary, ok, details = await asyncio.to_thread(check, traffic, postgres)
        log("faults: " + "; ".join(done))
        for line in details:
            log(line)
        print(summary, flush=True)
        return 0 if ok else 1
    finally:
        if traffic:
            await traffic.stop()
        log("stopping everything this run started")
        if platform:
            await asyncio.to_thread(platform.stop)
        nats.stop()
        # The proxies' connections.
        others = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
        for task in others:
            task.cancel()
        await asyncio.gather(*others, return_exceptions=True)
        postgres.stop()
        shutil.rmtree(workdir, ignore_errors=True)
        log(f"wall time {time.monotonic() - START:.0f} s; logs in {logdir}")


def run() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin-dir", required=True, help="where the gateway and workers binaries are")
    parser.add_argument("--nats-server", required=True, help="a nats-server 2.10+ binary")
    parser.add_argument("--pg-bin", default="/usr/lib/postgresql/15/bin")
    parser.add_argument("--visitors", type=int, default=20)
    parser.add_argument("--interval", type=float, default=1.0, help="seconds between a visitor's messages")
    parser.add_argument("--pause", type=float, default=8.0, help="steady traffic between faults, seconds")
    parser.add_argument("--partition", type=float, default=20.0, help="seconds a NATS node stays cut off")
    parser.add_argument("--lock", type=float, default=20.0, help="seconds chat_messages stays locked")
    parser.add_argument("--store-limit", default="64MB",
                        help="the platform account's JetStream file store (fault 7 fills it)")
    parser.add_argument("--full", type=float, default=15.0, help="seconds the message store stays full")
    parser.add_argument("--nats-down", type=float, default=10.0, help="seconds the killed NATS node stays down")
    parser.add_argument("--settle", type=float, default=120.0,
                        help="longest wait after the faults for delivery (a killed worker's messages "
                             "come back after the consumer's 30 s ack wait)")
    args = parser.parse_args()
    loop = asyncio.new_event_loop()
    task = loop.create_task(main(args))
    # SIGTERM/SIGINT (the trap in loadtests/run, Ctrl-C) end the run through
    # its clean-up, so nothing it started is left behind.
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, task.cancel)
    try:
        return loop.run_until_complete(task)
    except asyncio.CancelledError:
        print("chaos run interrupted", file=sys.stderr)
        return 130
    finally:
        loop.close()


if __name__ == "__main__":
    sys.exit(run())
