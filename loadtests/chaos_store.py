"""Fault 7 of `loadtests/run chaos`: the message store fills (issue 34).

The platform's NATS account runs with a small JetStream file store
(`--store-limit`, 64 MB, set in chaos.py's copies of
`infra/nats/cluster-node*.conf`, whose servers keep room beyond it). A stream of this fault's own,
`CHAOS_FILLER` at three replicas, is written until JetStream refuses for
lack of space, the way a backlog nobody consumes fills a real store. While
it stays full the gateways should refuse chat sends with 503 and
`Retry-After` (never 500) and fail readiness with `"jetstream": "full"`;
then the stream is deleted and the run reports how long the platform took
to store again and to deliver every acknowledged message. The ledger check
at the end of the run (0 lost, 0 doubled) covers the messages of this fault
too.
"""

from __future__ import annotations

import asyncio
import collections
import time

import httpx
import nats
from nats.js.api import StorageType, StreamConfig
from nats.js.errors import APIError

FILLER = "CHAOS_FILLER"
CHUNK = b"x" * (256 * 1024)


def http_failures(traffic) -> collections.Counter:
    failures = collections.Counter()
    for visitor in traffic.visitors:
        failures.update(visitor.failures)
    return failures


async def readiness(port: int) -> tuple[int, dict]:
    try:
        async with httpx.AsyncClient(timeout=2) as client:
            response = await client.get(f"http://127.0.0.1:{port}/readyz")
        return response.status_code, response.json()
    except (httpx.HTTPError, ValueError):
        return 0, {}


async def all_ready(ports: list[int], want) -> bool:
    answers = await asyncio.gather(*(readiness(port) for port in ports))
    return all(want(status, body) for status, body in answers)


def refused_for_space(error: APIError) -> bool:
    text = str(error).lower()
    return "resource limits exceeded" in text or "insufficient resources" in text


async def fill(js) -> int:
    """Writes to the filler stream until JetStream refuses even a small
    message for lack of space (halving the chunk at each refusal, so the
    store is full to the brim); the bytes it took."""
    written, size = 0, len(CHUNK)
    for _ in range(100_000):
        try:
            await js.publish("chaos.filler", CHUNK[:size], timeout=10)
            written += size
        except APIError as error:
            if not refused_for_space(error):
                raise
            if size <= 64:
                return written
            size //= 2
    raise RuntimeError(f"the store took {written >> 20} MB and is not full: is --store-limit set?")


async def store_fills(nats_url: str, ports: list[int], traffic, hold: float, wait_until, log) -> str:
    client = await nats.connect(nats_url.split(","), connect_timeout=5)
    try:
        js = client.jetstream(timeout=10)
        await js.add_stream(StreamConfig(name=FILLER, subjects=["chaos.filler"], num_replicas=3,
                                         storage=StorageType.FILE))
        started = time.monotonic()
        written = await fill(js)
        log(f"  the store refused a write after {written >> 20} MB more in {time.monotonic() - started:.1f} s")
        before = http_failures(traffic)
        acknowledged_before = traffic.counts()[0]
        # Readiness says so once a gateway has been refused a write.
        full = await wait_until(lambda: all_ready(ports, lambda _, body: body.get("jetstream") == "full"), 30,
                                "both gateways to report the store full on /readyz", every=0.5)
        status, body = await readiness(ports[0])
        log(f"  /readyz after {full:.1f} s: {status} {body}")
        await asyncio.sleep(hold)
        during = http_failures(traffic) - before
        stored_while_full = traffic.counts()[0] - acknowledged_before
        await js.delete_stream(FILLER)
        freed = time.monotonic()
    finally:
        await client.close()
    errors = {kind: n for kind, n in during.items() if kind.startswith("HTTP 5")}
    log(f"  full for {hold:.0f} s: failed sends {dict(during) or 'none'}; acknowledged meanwhile "
        f"{stored_while_full}")
    if any(kind == "HTTP 500" for kind in errors):
        raise RuntimeError(f"500s while the store was full: {errors}")
    if not errors.get("HTTP 503"):
        raise RuntimeError(f"no 503 while the store was full (failures: {dict(during)})")
    acknowledged = traffic.counts()[0]
    stores = await wait_until(lambda: traffic.counts()[0] > acknowledged, 60,
                              "a chat send to be acknowledged after the space was freed", every=0.2)
    ready = await wait_until(lambda: all_ready(ports, lambda status, _: status == 200), 60,
                             "both gateways to be ready again", every=0.5)
    acknowledged = traffic.counts()[0]
    delivered = await wait_until(lambda: traffic.counts()[1] >= acknowledged, 120,
                                 "every acknowledged message to be delivered", every=0.5)
    log(f"  space freed: sends stored again after {stores:.1f} s, both gateways ready after "
        f"{ready:.1f} s, every acknowledged message delivered after {delivered:.1f} s")
    return (f"message store full for {hold:.0f} s (503s: {errors.get('HTTP 503', 0)}, 500s: 0; "
            f"recovered {time.monotonic() - freed:.1f} s after the space was freed)")
