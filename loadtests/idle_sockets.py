"""Gateway memory per idle WebSocket: reads the gateway's resident memory,
opens COUNT idle sockets to /ws (they answer pings, so the server keeps
them), reads it again, and prints the difference per socket.

    loadtests/run idle-sockets 10000
"""
import argparse
import asyncio
import time

import websockets


def rss_kib(pid: int) -> int:
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError("no VmRSS")


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--url", required=True)
    parser.add_argument("--pid", type=int, required=True)
    parser.add_argument("--count", type=int, default=10000)
    args = parser.parse_args()

    await asyncio.sleep(2)
    before = rss_kib(args.pid)
    sockets = []
    started = time.monotonic()
    for start in range(0, args.count, 500):
        batch = [websockets.connect(args.url, max_queue=4) for _ in range(start, min(start + 500, args.count))]
        sockets += await asyncio.gather(*batch)
    opened = time.monotonic() - started
    await asyncio.sleep(10)  # let allocations settle
    after = rss_kib(args.pid)
    alive = sum(1 for s in sockets if s.state.name == "OPEN")
    print(f"opened {len(sockets)} sockets in {opened:.1f} s; {alive} still open after 10 s")
    print(f"gateway RSS: {before / 1024:.1f} MiB before, {after / 1024:.1f} MiB with the sockets")
    print(f"memory per idle socket: {(after - before) / len(sockets):.1f} KiB")
    await asyncio.gather(*(s.close() for s in sockets))


asyncio.run(main())
