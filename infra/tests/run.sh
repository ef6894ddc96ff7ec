#!/usr/bin/env bash
# Tests ./infra/run as a newcomer meets it: with no SMTP_URL it starts the
# mail catcher, prints its page beside the site, and a password reset asked
# for on the site can be read there. Uses the debug binaries (BIN_DIR), no
# web build, a database and NATS prefix of its own, and free ports.
set -euo pipefail
source "$(dirname "$0")/../lib.sh"
cd "$ROOT"

ensure_postgres_server
ensure_nats
work="$(mktemp -d)"
run_id="run_test_$$"
runner=""
cleanup() {
  if [ -n "$runner" ]; then
    kill -TERM "$runner" 2>/dev/null || true
    wait "$runner" 2>/dev/null || true
  fi
  NATS_PREFIX="$run_id" DATABASE_URL="$db_url" "${CARGO_TARGET_DIR:-$ROOT/target}/debug/workers" drop-streams >/dev/null 2>&1 || true
  drop_database "$run_id"
  rm -rf "$work"
}
fail() { echo "infra/run test failed: $*" >&2; sed 's/^/  | /' "$work/run.log" >&2; exit 1; }

db_url="$(create_database "$run_id")"
trap cleanup EXIT
port="$(free_port)" mail_smtp_port="$(free_port)" mail_web_port="$(free_port)"
admin="admin-$run_id@nyota.example"
mkdir -p "$work/no-web"
# setsid: a process group of its own, so the TERM above stops it and what it started.
(unset SMTP_URL; exec env PORT="$port" MAIL_SMTP_PORT="$mail_smtp_port" MAIL_WEB_PORT="$mail_web_port" \
  DATABASE_URL="$db_url" NATS_PREFIX="$run_id" ADMIN_EMAIL="$admin" SEED_SAMPLE_CONTENT=false \
  METRICS_ADDR="127.0.0.1:$(free_port)" BIN_DIR="${CARGO_TARGET_DIR:-$ROOT/target}/debug" WEB_DIST="$work/no-web" \
  "$ROOT/infra/run") >"$work/run.log" 2>&1 &
runner=$!

# It prints where to read the email, beside where to open the site.
for _ in $(seq 1 240); do
  grep -q "Nyota Cloud is running at" "$work/run.log" && break
  kill -0 "$runner" 2>/dev/null || fail "it exited"
  sleep 0.5
done
grep -q "Nyota Cloud is running at http://localhost:$port" "$work/run.log" || fail "no site address printed"
grep -q "read every email sent at http://localhost:$mail_web_port (MailDev)" "$work/run.log" \
  || fail "no mail catcher address printed"

# A password reset asked for on the site arrives at that page's catcher.
status="$(curl -sS -o /dev/null -w '%{http_code}' -X POST "http://127.0.0.1:$port/api/password-reset" \
  -H 'Content-Type: application/json' -H 'X-Requested-With: XMLHttpRequest' --data "{\"email\":\"$admin\"}")"
[ "$status" = 202 ] || [ "$status" = 200 ] || [ "$status" = 204 ] || fail "the reset request answered $status"
for _ in $(seq 1 60); do
  if curl -fsS "http://127.0.0.1:$mail_web_port/email" \
    | python3 -c 'import json, sys
mails = json.load(sys.stdin)
sys.exit(0 if any(m.get("subject") == "Reset your Nyota Cloud password"
  and any(t.get("address") == sys.argv[1] for t in m.get("to", []))
  and "/reset-password?token=" in (m.get("text") or "") for m in mails) else 1)' "$admin"; then
    echo "infra/run test: the site and the mail catcher's address printed; the password reset email readable there"
    exit 0
  fi
  sleep 0.5
done
fail "no password reset email reached the mail catcher"
