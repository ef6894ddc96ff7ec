"""Fault 6 of `loadtests/run chaos` (kept apart from chaos.py, which is long
enough): `chat_messages` locked for 20 s under chat traffic (issue 34).

A `psql` session takes `LOCK TABLE chat_messages IN ACCESS EXCLUSIVE MODE`
and holds it; the gateways' time budgets should answer the blocked reads 503
with Retry-After, never 500, while sends stay durable in JetStream and are
stored once the lock goes. Reports the 5xx seen during the lock and how long
after the release every acknowledged message was delivered.
"""

from __future__ import annotations

import asyncio
import collections
import subprocess
import time


def http_failures(traffic) -> collections.Counter:
    failures = collections.Counter()
    for visitor in traffic.visitors:
        failures.update(visitor.failures)
    return failures


async def locked_table(postgres, traffic, seconds: float, wait_until, log) -> str:
    before = http_failures(traffic)
    sql = (f"begin; lock table chat_messages in access exclusive mode; "
           f"select pg_sleep({seconds:g}); commit;")
    started = time.monotonic()
    lock = subprocess.Popen(["psql", postgres.url, "-XAtq", "-c", sql],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    await asyncio.to_thread(lock.wait)
    released = time.monotonic()
    if lock.returncode != 0:
        raise RuntimeError(f"the lock session failed: {lock.stderr.read() if lock.stderr else ''}")
    during = http_failures(traffic) - before
    acknowledged = traffic.counts()[0]
    took = await wait_until(lambda: traffic.counts()[1] >= acknowledged, 120,
                            "the messages sent during the lock to be delivered", every=0.5)
    errors = {kind: n for kind, n in during.items() if kind.startswith("HTTP 5")}
    log(f"  held the lock {released - started:.1f} s; failed sends meanwhile: "
        f"{dict(during) or 'none'}; every acknowledged message delivered {took:.1f} s after the release")
    if any(kind == "HTTP 500" for kind in errors):
        raise RuntimeError(f"500s during the locked table: {errors}")
    return f"chat_messages locked for {seconds:.0f} s (recovered {took:.1f} s after; 5xx: {errors or 'none'})"
