#!/usr/bin/env bash
# The workflow CLI over the example documents (spec §8), as `npm test` runs it: `validate` on every valid
# fixture (exit 0) and every invalid one (exit 1), then `run` of the fixtures that need no model and no
# network against a throwaway SQLite database (exit 0, expected final status), and a usage error (exit 2).
# Fails on the first wrong exit status or status.
set -uo pipefail
cd "$(dirname "$0")/.."
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
export DATABASE_URL="file:$TMP/cli-fixtures.db"
export SWITCHYARD_ENCRYPTION_KEY="${SWITCHYARD_ENCRYPTION_KEY:-$(node -e 'console.log(require("crypto").randomBytes(32).toString("hex"))')}"
export NODE_NO_WARNINGS=1
fail=0
wf() { npm run -s workflow -- "$@"; }
expect() { # expect CODE DESCRIPTION -- command…
  local want="$1" what="$2"; shift 3
  "$@" >"$TMP/out" 2>"$TMP/err"; local got=$?
  if [ "$got" != "$want" ]; then
    echo "✖ $what: exit $got, expected $want"; sed 's/^/    /' "$TMP/err" | head -20; fail=1
  else
    echo "✔ $what (exit $got)"
  fi
}

for file in fixtures/workflows/*.json; do expect 0 "validate $file" -- wf validate "$file"; done
for file in fixtures/workflows/invalid/*.json; do
  # spec §8: a file that is not a workflow document is exit 2; a document with problems is exit 1
  case "$file" in */not-a-document*) want=2 ;; *) want=1 ;; esac
  expect "$want" "validate $file" -- wf validate "$file"
done
expect 2 "usage error" -- wf frobnicate

npx tsx scripts/migrate.ts deploy >/dev/null || { echo "✖ migrating $DATABASE_URL failed"; exit 1; }
run_status() { # run_status FILE INPUTS WANTED_STATUS
  expect 0 "run $1 $2" -- wf run "$1" --inputs "$2" --json
  local status; status="$(node -e 'process.stdout.write(JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).status)' "$TMP/out" 2>/dev/null)"
  if [ "$status" != "$3" ]; then echo "✖ run $1: status \"$status\", expected \"$3\""; fail=1; fi
}
run_status fixtures/workflows/branch.json '{"amount": 150}' succeeded
run_status fixtures/workflows/branch.json '{"amount": 5}' succeeded
run_status fixtures/workflows/approval.json '{"amount": 120}' waiting
run_id="$(sed -n 's/^run \(.*\) started$/\1/p' "$TMP/err")"
expect 0 "decide $run_id gate --approve" -- wf decide "$run_id" gate --approve --note "cli-fixtures"
expect 1 "decide $run_id gate again (already_decided)" -- wf decide "$run_id" gate --reject
expect 0 "show $run_id" -- wf show "$run_id"
exit $fail
