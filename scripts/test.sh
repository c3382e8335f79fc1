#!/usr/bin/env bash
# `npm test`: the whole suite. The PostgreSQL backend's own tests (test/postgres) need a server,
# so unless TEST_DATABASE_URL names one, a throwaway cluster on loopback is started for them
# (scripts/postgres-for-tests.sh, which installs Debian's `postgresql` when it is missing) and
# stopped at the end. Everything else runs on SQLite, the default backend.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${TEST_DATABASE_URL:-}" ]; then
  TEST_DATABASE_URL=$(bash scripts/postgres-for-tests.sh start | tail -n 1)
  trap 'bash scripts/postgres-for-tests.sh stop >/dev/null 2>&1 || true' EXIT
fi
TEST_DATABASE_URL="$TEST_DATABASE_URL" node_modules/.bin/bun test "$@"
