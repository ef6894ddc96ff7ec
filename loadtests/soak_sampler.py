"""Samples server processes' memory and file descriptors while a load runs,
and judges whether either grows without levelling off.

Runs the command after `--` (the k6 soak). Every --interval seconds, and once
before the load starts, it reads VmRSS from /proc/<pid>/status and counts
/proc/<pid>/fd for each --process NAME=PID, appending a row per process to
--csv (time_s, process, pid, rss_kib, fds). When the command ends it prints
a table and the verdict, and exits non-zero when a process grew or died.

The rule, per process and per figure (RSS, fds): the first --warmup-fraction
of the samples (at least one minute, at most a third) is warm-up (allocator pools, caches and
connection pools fill, the load ramps up) and is not judged. The rest is cut
into three equal parts, early, middle and last. The figure has levelled off
when the last third's mean is at most the middle third's mean plus a
tolerance (10 % and 8 MiB of RSS; 10 % and 16 fds) and the last third's peak
is at most the middle third's peak plus the same tolerance. A steady leak
fails both (the last third sits above the middle one by the growth of a
third of the run); a one-off step or a burst does not fail the mean, and a
peak that stops rising passes. A process that exited or was restarted (its
pid vanished) fails at once.

    python3 loadtests/soak_sampler.py --process gateway=PID --process workers=PID \
        --interval 10 --csv FILE -- k6 run ...
"""

import argparse
import csv
import os
import statistics
import subprocess
import sys
import time

RSS_TOLERANCE = (0.10, 8 * 1024)  # fraction, KiB
FD_TOLERANCE = (0.10, 16)  # fraction, descriptors


def read_rss_kib(pid: int) -> int | None:
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        return None
    return None


def count_fds(pid: int) -> int | None:
    try:
        return len(os.listdir(f"/proc/{pid}/fd"))
    except OSError:
        return None


def judge(values: list[float], tolerance: tuple[float, float], warmup: int, unit: str, scale: float) -> tuple[bool, str]:
    """(levelled off, the figures in words) for one series of samples;
    `scale` divides the figures for printing in `unit`."""
    judged = values[warmup:]
    if len(judged) < 6:
        return True, f"not judged: {len(judged)} samples after warm-up, 6 needed"
    third = len(judged) // 3
    middle = judged[third : 2 * third]
    last = judged[2 * third :]
    fraction, slack = tolerance
    mean_middle, mean_last = statistics.fmean(middle), statistics.fmean(last)
    peak_middle, peak_last = max(middle), max(last)
    mean_limit = mean_middle * (1 + fraction) + slack
    peak_limit = peak_middle * (1 + fraction) + slack
    ok = mean_last <= mean_limit and peak_last <= peak_limit
    growth = (mean_last / mean_middle - 1) * 100 if mean_middle else 0.0
    def f(value: float) -> str:
        return f"{value / scale:.1f}{unit}" if scale != 1 else f"{value:.0f}"

    words = (
        f"middle third mean {f(mean_middle)} peak {f(peak_middle)}; "
        f"last third mean {f(mean_last)} ({growth:+.1f} %) peak {f(peak_last)}; "
        f"limits {f(mean_limit)} / {f(peak_limit)}"
    )
    return ok, words


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--process", action="append", required=True, help="NAME=PID")
    parser.add_argument("--interval", type=float, default=10.0)
    parser.add_argument("--warmup-fraction", type=float, default=1 / 6)
    parser.add_argument("--csv", required=True)
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("give the load command after --")
    processes = []
    for item in args.process:
        name, _, pid = item.partition("=")
        processes.append((name, int(pid)))

    samples: dict[str, list[tuple[float, int, int]]] = {name: [] for name, _ in processes}
    died: dict[str, float] = {}
    started = time.monotonic()

    with open(args.csv, "w", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(["time_s", "process", "pid", "rss_kib", "fds"])

        def sample() -> None:
            now = time.monotonic() - started
            for name, pid in processes:
                rss, fds = read_rss_kib(pid), count_fds(pid)
                if rss is None or fds is None:
                    died.setdefault(name, now)
                    continue
                samples[name].append((now, rss, fds))
                writer.writerow([f"{now:.0f}", name, pid, rss, fds])
            out.flush()

        sample()
        load = subprocess.Popen(command)
        next_at = started + args.interval
        while load.poll() is None:
            time.sleep(min(1.0, max(0.0, next_at - time.monotonic())))
            if time.monotonic() >= next_at:
                sample()
                next_at += args.interval
        sample()

    load_status = load.returncode
    print(f"\nsamples every {args.interval:.0f} s in {args.csv}")
    print(f"{'process':<10} {'':>5} {'start':>10} {'peak':>10} {'end':>10}")
    for name, _ in processes:
        rows = samples[name]
        if not rows:
            continue
        rss = [r[1] for r in rows]
        fds = [r[2] for r in rows]
        print(f"{name:<10} {'RSS':>5} {rss[0] / 1024:>7.1f} MiB {max(rss) / 1024:>6.1f} MiB {rss[-1] / 1024:>6.1f} MiB")
        print(f"{'':<10} {'fds':>5} {fds[0]:>10} {max(fds):>10} {fds[-1]:>10}")

    # A compact table of the run: one line per minute (or per sample in short runs).
    step = max(1, round(60 / args.interval))
    print(f"\n{'time':>7}  " + "  ".join(f"{name + ' MiB':>13} {name + ' fds':>12}" for name, _ in processes))
    length = max(len(samples[name]) for name, _ in processes)
    for index in list(range(0, length, step)) + ([length - 1] if (length - 1) % step else []):
        cells = []
        time_s = None
        for name, _ in processes:
            rows = samples[name]
            if index < len(rows):
                time_s = rows[index][0]
                cells.append(f"{rows[index][1] / 1024:>13.1f} {rows[index][2]:>12}")
            else:
                cells.append(f"{'-':>13} {'-':>12}")
        print(f"{(time_s or 0):>6.0f}s  " + "  ".join(cells))

    failed = False
    print("\nverdict (after warm-up: last third vs middle third; tolerance 10 % + 8 MiB RSS, 10 % + 16 fds)")
    for name, _ in processes:
        if name in died:
            print(f"  {name}: FAIL, the process exited at {died[name]:.0f} s")
            failed = True
            continue
        rows = samples[name]
        # At least a minute, but never more than a third of a short run.
        warmup = min(max(int(len(rows) * args.warmup_fraction), int(60 / args.interval)), len(rows) // 3)
        for label, index, tolerance, unit, scale in (
            ("RSS", 1, RSS_TOLERANCE, " MiB", 1024.0),
            ("fds", 2, FD_TOLERANCE, "", 1.0),
        ):
            ok, words = judge([r[index] for r in rows], tolerance, warmup, unit, scale)
            failed |= not ok
            print(f"  {name} {label}: {'levelled off' if ok else 'FAIL, still growing'} ({words})")
    if load_status != 0:
        print(f"the load command exited with {load_status}")
    print("soak: " + ("FAIL" if failed else "PASS"))
    return 1 if failed or load_status != 0 else 0


if __name__ == "__main__":
    sys.exit(main())
