"""CPU time each server process spends per chat message, read from /proc.

Runs the load generator's command (everything after `--`: chatload, or
k6 with chat_rate.js) with MARKER_URL in its environment; the generator
GETs that URL once its chats exist and its sockets have joined. From then on
the steady phase is timed: after --warmup seconds the utime+stime of each
process is read from /proc/<pid>/stat, and again --duration seconds later.
The difference, divided by the messages accepted (from the generator's
summary file), is the CPU per message. The generator's own CPU over the same
time (its process and any it waited for) is printed beside the servers'.

Postgres: the backends connected to the run's database (pg_stat_activity)
that were alive at both readings. A backend that exited in between is not
counted, so that figure is a lower bound; the server's total (postmaster,
every child, and the children it reaped) is printed too, and it includes
whatever else that server did meanwhile (other databases).

    python3 loadtests/cpu_per_message.py --gateway PID --workers PID --nats PID \
        --database-url URL --warmup 10 --duration 30 --summary FILE -- chatload ...
"""
import argparse
import http.server
import json
import os
import subprocess
import sys
import threading
import time

TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int, children: bool = False) -> float | None:
    """utime+stime of `pid` (plus its reaped children's with `children`)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            # The command name may hold spaces: the fields start after ')'.
            fields = stat.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    utime, stime, cutime, cstime = (int(f) for f in fields[11:15])
    ticks = utime + stime + (cutime + cstime if children else 0)
    return ticks / TICKS


def psql(url: str, sql: str) -> list[str]:
    out = subprocess.run(
        ["psql", url, "-qtAc", sql], check=True, capture_output=True, text=True
    ).stdout
    return [line for line in out.splitlines() if line]


def database_backends(url: str) -> set[int]:
    pids = psql(
        url,
        "select pid from pg_stat_activity where datname = current_database() "
        "and pid <> pg_backend_pid()",
    )
    return {int(pid) for pid in pids}


def postmaster(url: str) -> int | None:
    """The postmaster: the parent of the checkpointer (which lives as long as
    the server, unlike the backend of the asking connection)."""
    pids = psql(url, "select pid from pg_stat_activity where backend_type = 'checkpointer'")
    if not pids:
        return None
    pid = int(pids[0])
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return int(stat.read().rsplit(")", 1)[1].split()[1])
    except OSError:
        return None


def server_total(postmaster_pid: int) -> float:
    """The postmaster's CPU with its reaped children's, plus its live children."""
    total = cpu_seconds(postmaster_pid, children=True) or 0.0
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                ppid = int(stat.read().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        if ppid == postmaster_pid:
            total += cpu_seconds(int(entry)) or 0.0
    return total


class Marker(http.server.BaseHTTPRequestHandler):
    reached = threading.Event()

    def do_GET(self):  # noqa: N802 (the http.server name)
        Marker.reached.set()
        self.send_response(204)
        self.end_headers()

    def log_message(self, *args):
        pass


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--gateway", type=int, required=True)
    parser.add_argument("--workers", type=int, required=True)
    parser.add_argument("--nats", type=int, required=True)
    parser.add_argument("--database-url", required=True)
    parser.add_argument("--warmup", type=float, required=True)
    parser.add_argument("--duration", type=float, required=True)
    parser.add_argument("--summary", required=True, help="the generator's JSON summary (SUMMARY_FILE)")
    parser.add_argument("command", nargs="+", help="the load generator's command, after --")
    args = parser.parse_args()

    marker = http.server.HTTPServer(("127.0.0.1", 0), Marker)
    threading.Thread(target=marker.serve_forever, daemon=True).start()
    env = dict(os.environ, MARKER_URL=f"http://127.0.0.1:{marker.server_port}/steady")
    k6 = subprocess.Popen(args.command, env=env)
    while not Marker.reached.wait(0.2):
        if k6.poll() is not None:
            print("the load generator ended before its chats were started", file=sys.stderr)
            return k6.returncode or 1
    time.sleep(args.warmup)

    processes = {"gateway": args.gateway, "workers": args.workers, "nats-server": args.nats}
    pm = postmaster(args.database_url)
    before = {name: cpu_seconds(pid) for name, pid in processes.items()}
    backends_before = {pid: cpu_seconds(pid) for pid in database_backends(args.database_url)}
    server_before = server_total(pm) if pm else None
    k6_before = cpu_seconds(k6.pid, children=True)
    time.sleep(args.duration)
    after = {name: cpu_seconds(pid) for name, pid in processes.items()}
    backends_after = {pid: cpu_seconds(pid) for pid in backends_before}
    server_after = server_total(pm) if pm else None
    k6_after = cpu_seconds(k6.pid, children=True)
    k6.wait()
    marker.shutdown()

    with open(args.summary) as file:
        summary = json.load(file)
    messages = summary["accepted"]
    if not messages:
        print("no message was accepted: no CPU per message", file=sys.stderr)
        return 1
    used = {}
    for name in processes:
        if before[name] is None or after[name] is None:
            print(f"{name} (pid {processes[name]}) is gone", file=sys.stderr)
            return 1
        used[name] = after[name] - before[name]
    kept = [pid for pid, cpu in backends_after.items() if cpu is not None and backends_before[pid] is not None]
    used["postgres backends"] = sum(backends_after[pid] - backends_before[pid] for pid in kept)
    exited = len(backends_before) - len(kept)

    print(f"\nCPU over {args.duration:.0f} s of steady load, {messages} messages accepted:")
    print(f"  {'process':<20}{'CPU s':>9}{'ms/message':>12}")
    for name, seconds in used.items():
        print(f"  {name:<20}{seconds:>9.2f}{seconds * 1000 / messages:>12.3f}")
    total = sum(used.values())
    print(f"  {'total':<20}{total:>9.2f}{total * 1000 / messages:>12.3f}")
    print(
        f"  (postgres backends: the {len(kept)} of this database alive at both readings"
        + (f"; {exited} that exited meanwhile are not counted" if exited else "")
        + ")"
    )
    if server_before is not None and server_after is not None:
        server = server_after - server_before
        print(
            f"  postgres server, all of it: {server:.2f} s, {server * 1000 / messages:.3f} ms/message "
            "(includes other databases' work on this server)"
        )
    name = os.path.basename(args.command[0])
    if k6_before is not None and k6_after is not None:
        generator = k6_after - k6_before
        print(f"  load generator ({name}): {generator:.2f} s, {generator * 1000 / messages:.3f} ms/message")
    own = summary.get("generator_cpu_ms_per_message")
    if own is not None:
        print(f"  load generator ({name}), its own getrusage while sending: {own:.3f} ms/message")
    return 0


if __name__ == "__main__":
    sys.exit(main())
