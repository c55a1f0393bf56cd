#!/usr/bin/env bash
# `npm test`: the whole suite, as CI runs it. Sets up the app (.env, clients, migrations), starts a
# throwaway PostgreSQL 15 when one is installed (required when REQUIRE_POSTGRES=1), then: schema drift
# check, lint, type check, unit + integration tests (vitest, SQLite and PostgreSQL), production build,
# CLI over the example documents, and the Playwright e2e suite in Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
step() { printf '\n\033[1m▶ %s\033[0m\n' "$*"; }

step "setup"
SWITCHYARD_SKIP_SEED=1 node scripts/setup.mjs

if [ -x /usr/lib/postgresql/15/bin/initdb ]; then
  step "PostgreSQL 15 for the database tests"
  export TEST_POSTGRES_URL="$(scripts/pg-server.sh start)"
  trap 'scripts/pg-server.sh stop' EXIT
  echo "TEST_POSTGRES_URL=$TEST_POSTGRES_URL"
elif [ "${REQUIRE_POSTGRES:-0}" = 1 ]; then
  echo "REQUIRE_POSTGRES=1 but PostgreSQL 15 is not installed (apt-get install -y postgresql)" >&2
  exit 1
else
  echo "PostgreSQL 15 not installed: the PostgreSQL variants of the database tests are skipped"
fi

step "schema drift (prisma/postgres derived from prisma/schema.prisma)"
node scripts/derive-pg-schema.mjs --check

step "lint (biome)"
npm run lint

step "type check"
npm run typecheck

step "unit and integration tests (vitest)"
npm run test:unit

step "production build"
npm run build

if [ -f scripts/cli-fixtures.sh ]; then
  step "CLI over the example documents"
  bash scripts/cli-fixtures.sh
fi

step "end-to-end tests (Playwright, Chromium)"
npm run test:e2e

step "all tests passed"
