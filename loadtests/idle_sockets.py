"""Gateway memory per idle WebSocket: reads the gateway's resident memory,
opens COUNT idle sockets to /ws (they answer pings, so the server keeps
them), reads it again, and prints the difference per socket.

    loadtests/run idle-sockets 10000

With --hold it only opens the sockets, says so on stdout, and holds them
until it is terminated (the idle crowd of `loadtests/run chat-rate`).
"""
import argparse
import asyncio
import signal
import time

import websockets


def rss_kib(pid: int) -> int:
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError("no VmRSS")


async def open_sockets(url: str, count: int) -> list:
    sockets = []
    for start in range(0, count, 500):
        batch = [websockets.connect(url, max_queue=4) for _ in range(start, min(start + 500, count))]
        sockets += await asyncio.gather(*batch)
    return sockets


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--url", required=True)
    parser.add_argument("--pid", type=int)
    parser.add_argument("--count", type=int, default=10000)
    parser.add_argument("--hold", action="store_true")
    args = parser.parse_args()
    if not args.hold and args.pid is None:
        parser.error("--pid is required unless --hold")

    if args.hold:
        sockets = await open_sockets(args.url, args.count)
        print(f"holding {len(sockets)} idle sockets", flush=True)
        stop = asyncio.Event()
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
        await stop.wait()
        await asyncio.gather(*(s.close() for s in sockets), return_exceptions=True)
        return

    await asyncio.sleep(2)
    before = rss_kib(args.pid)
    started = time.monotonic()
    sockets = await open_sockets(args.url, args.count)
    opened = time.monotonic() - started
    await asyncio.sleep(10)  # let allocations settle
    after = rss_kib(args.pid)
    alive = sum(1 for s in sockets if s.state.name == "OPEN")
    print(f"opened {len(sockets)} sockets in {opened:.1f} s; {alive} still open after 10 s")
    print(f"gateway RSS: {before / 1024:.1f} MiB before, {after / 1024:.1f} MiB with the sockets")
    print(f"memory per idle socket: {(after - before) / len(sockets):.1f} KiB")
    await asyncio.gather(*(s.close() for s in sockets))


asyncio.run(main())
