#!/usr/bin/env bash
# `npm run test:postgresql`: the suites that touch storage through the service (HTTP, golden over
# HTTP, the compiled binary's e2e suites) run again with PostgreSQL as the backend, on a throwaway cluster on loopback
# (scripts/postgres-for-tests.sh, which installs Debian's `postgresql` when it is missing).
# Every test server gets a fresh database.
set -euo pipefail
cd "$(dirname "$0")/.."
url=$(bash scripts/postgres-for-tests.sh start | tail -n 1)
trap 'bash scripts/postgres-for-tests.sh stop >/dev/null 2>&1 || true' EXIT
TEST_DATABASE_URL="$url" LINGSHU_TEST_BACKEND=postgresql node_modules/.bin/bun test test/http test/golden
# The compiled binary on PostgreSQL: black-box behaviour, fuzzing, OpenAPI conformance and kill -9
# recovery (at a lower volume than the SQLite run in npm test; faults.test.ts is SQLite-file specific).
TEST_DATABASE_URL="$url" LINGSHU_TEST_BACKEND=postgresql FUZZ_REQUESTS=3000 CRASH_CYCLES=12 \
  node_modules/.bin/bun test test/e2e/binary.test.ts test/e2e/metrics.test.ts test/e2e/fuzz.test.ts test/e2e/conformance.test.ts test/e2e/crash.test.ts
