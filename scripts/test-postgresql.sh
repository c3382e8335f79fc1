#!/usr/bin/env bash
# `npm run test:postgresql`: the suites that touch storage through the service (HTTP, golden over
# HTTP) run again with PostgreSQL as the backend, on a throwaway cluster on loopback
# (scripts/postgres-for-tests.sh, which installs Debian's `postgresql` when it is missing).
# Every test server gets a fresh database.
set -euo pipefail
cd "$(dirname "$0")/.."
url=$(bash scripts/postgres-for-tests.sh start | tail -n 1)
trap 'bash scripts/postgres-for-tests.sh stop >/dev/null 2>&1 || true' EXIT
TEST_DATABASE_URL="$url" LINGSHU_TEST_BACKEND=postgresql node_modules/.bin/bun test test/http test/golden
