#!/usr/bin/env bash
# Tests infra/supervise: a killed process is started again, a crash loop
# backs off, and SIGTERM stops the supervisor together with its process.
set -euo pipefail
supervise="$(cd "$(dirname "$0")/.." && pwd)/supervise"
work="$(mktemp -d)"
trap 'pkill -P $$ 2>/dev/null || true; rm -rf "$work"' EXIT
fail() { echo "supervise test failed: $*" >&2; exit 1; }
lines() { [ -f "$1" ] && wc -l <"$1" || echo 0; }
# wait_for_lines FILE N SECONDS
wait_for_lines() {
  for _ in $(seq 1 $(($3 * 10))); do [ "$(lines "$1")" -ge "$2" ] && return 0; sleep 0.1; done
  return 1
}

# A SIGKILLed process is started again, as a new process.
"$supervise" sleeper bash -c "echo \$\$ >>'$work/pids'; exec sleep 1000" 2>"$work/sleeper.log" &
supervisor=$!
wait_for_lines "$work/pids" 1 5 || fail "the process did not start"
first="$(sed -n 1p "$work/pids")"
kill -KILL "$first"
wait_for_lines "$work/pids" 2 5 || fail "the killed process was not started again"
second="$(sed -n 2p "$work/pids")"
[ "$first" != "$second" ] || fail "the same pid twice"
grep -q "exited with status 137; restarting in 1s" "$work/sleeper.log" || fail "the exit was not logged"

# SIGTERM stops the supervisor and the process it runs.
kill -TERM "$supervisor"
for _ in $(seq 1 50); do kill -0 "$supervisor" 2>/dev/null || break; sleep 0.1; done
kill -0 "$supervisor" 2>/dev/null && fail "the supervisor did not stop"
wait "$supervisor" || fail "the supervisor exited non-zero after SIGTERM"
kill -0 "$second" 2>/dev/null && fail "the supervised process outlived its supervisor"

# A process that keeps failing is started after 1 s, then 2 s, then 4 s.
"$supervise" failing bash -c "echo run >>'$work/runs'; exit 3" 2>"$work/failing.log" &
supervisor=$!
sleep 3.5
kill -TERM "$supervisor"
wait "$supervisor" || true
[ "$(lines "$work/runs")" -eq 3 ] || fail "expected 3 runs in 3.5 s, got $(lines "$work/runs")"
grep -q "restarting in 4s" "$work/failing.log" || fail "the back-off did not double"
echo "infra/supervise: ok"
