#!/usr/bin/env bash
# A throwaway PostgreSQL cluster on loopback for the PostgreSQL backend's tests
# (test/postgres/) and for trying the service on PostgreSQL locally. Never for data
# that matters: it runs with trust authentication and without fsync.
#
#   scripts/postgres-for-tests.sh start    # initdb if needed, start; prints the DATABASE_URL
#   scripts/postgres-for-tests.sh stop     # fast shutdown (no-op when not running)
#   scripts/postgres-for-tests.sh status   # exit 0 when running
#   scripts/postgres-for-tests.sh url      # prints the DATABASE_URL
#
#   TEST_DATABASE_URL=$(scripts/postgres-for-tests.sh start) npx bun test test/postgres
#
# Idempotent. When the PostgreSQL server binaries are missing it installs Debian's
# `postgresql` package with apt-get (non-interactive; through `sudo -n` when not root).
# PostgreSQL refuses to run as root, so as root the server runs as the `postgres`
# user (created by the package, else here with useradd).
#
# Settings (environment): LINGSHU_PG_DIR (default /tmp/lingshu-pg), LINGSHU_PG_PORT
# (default 54329), LINGSHU_PG_DURABLE=1 (fsync and synchronous commits on, as a real server
# runs; for benchmarks). Only stdout's last line is the URL; progress goes to stderr.
set -euo pipefail

readonly PG_DIR="${LINGSHU_PG_DIR:-/tmp/lingshu-pg}"
readonly PG_PORT="${LINGSHU_PG_PORT:-54329}"
readonly DATA="$PG_DIR/data"
readonly LOG="$PG_DIR/server.log"
readonly URL="postgres://postgres@127.0.0.1:$PG_PORT/postgres"

say() { echo "postgres-for-tests: $*" >&2; }
fail() {
  say "$*"
  exit 1
}

# The newest installed server's bin directory, or nothing.
find_bindir() {
  local dir
  for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    if [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ] && [ -x "$dir/postgres" ]; then
      echo "$dir"
      return 0
    fi
  done
  if command -v pg_ctl >/dev/null 2>&1 && command -v initdb >/dev/null 2>&1; then
    dirname "$(command -v pg_ctl)"
    return 0
  fi
  return 1
}

install_postgres() {
  bash "$(dirname "$0")/debian-packages.sh" postgres-for-tests postgresql || exit 1
}

BINDIR="$(find_bindir || true)"
ensure_binaries() {
  if [ -z "$BINDIR" ]; then
    install_postgres
    BINDIR="$(find_bindir || true)"
    [ -n "$BINDIR" ] || fail "postgresql was installed but no initdb/pg_ctl was found under /usr/lib/postgresql/*/bin"
  fi
}

# The account the server runs as: ourselves, or `postgres` when we are root.
RUN_AS=()
OWNER="$(id -un)"
pick_owner() {
  if [ "$(id -u)" -eq 0 ]; then
    if ! id postgres >/dev/null 2>&1; then
      say "creating the system user 'postgres'"
      useradd --system --user-group --home-dir /var/lib/postgresql --shell /bin/bash postgres || fail "useradd postgres failed"
    fi
    OWNER=postgres
    if command -v runuser >/dev/null 2>&1; then RUN_AS=(runuser -u postgres --); else RUN_AS=(su postgres -s /bin/sh -c); fi
  fi
}

as_owner() {
  if [ "${#RUN_AS[@]}" -eq 0 ]; then
    "$@"
  elif [ "${RUN_AS[0]}" = runuser ]; then
    "${RUN_AS[@]}" "$@"
  else
    # su -c takes one string.
    local quoted
    quoted="$(printf '%q ' "$@")"
    "${RUN_AS[@]}" "$quoted"
  fi
}

running() {
  [ -n "$BINDIR" ] && [ -f "$DATA/PG_VERSION" ] && as_owner "$BINDIR/pg_ctl" -D "$DATA" status >/dev/null 2>&1
}

start() {
  ensure_binaries
  pick_owner
  mkdir -p "$PG_DIR"
  chown "$OWNER" "$PG_DIR"
  chmod 700 "$PG_DIR"
  if [ ! -f "$DATA/PG_VERSION" ]; then
    say "initdb in $DATA ($("$BINDIR/postgres" --version))"
    rm -rf "$DATA"
    as_owner "$BINDIR/initdb" -D "$DATA" -U postgres --auth=trust --encoding=UTF8 --locale=C >"$PG_DIR/initdb.log" 2>&1 ||
      fail "initdb failed; see $PG_DIR/initdb.log"
  fi
  if running; then
    say "already running on 127.0.0.1:$PG_PORT"
  else
    # Loopback only; the socket lives in the data directory (no /var/run/postgresql needed).
    # No fsync: a test cluster trades durability for speed. Enough connections for many pools.
    local options="-p $PG_PORT -c listen_addresses=127.0.0.1 -k $DATA -c max_connections=300"
    if [ "${LINGSHU_PG_DURABLE:-0}" != "1" ]; then options="$options -c fsync=off -c synchronous_commit=off -c full_page_writes=off"; fi
    as_owner "$BINDIR/pg_ctl" -D "$DATA" -l "$LOG" -w -t 60 -o "$options" start >&2 || fail "pg_ctl start failed; see $LOG"
  fi
  echo "$URL"
}

stop() {
  if [ -z "$BINDIR" ] || [ ! -f "$DATA/PG_VERSION" ]; then
    say "no cluster in $DATA"
    return 0
  fi
  pick_owner
  if running; then
    as_owner "$BINDIR/pg_ctl" -D "$DATA" -m fast -w -t 60 stop >&2 || fail "pg_ctl stop failed; see $LOG"
  else
    say "not running"
  fi
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  status)
    pick_owner
    if running; then
      echo "$URL"
    else
      say "not running"
      exit 3
    fi
    ;;
  url) echo "$URL" ;;
  *)
    echo "usage: $0 start|stop|status|url" >&2
    exit 2
    ;;
esac
