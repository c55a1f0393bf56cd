#!/usr/bin/env bash
# Starts (or stops) a throwaway PostgreSQL 15 for tests, from Debian's `postgresql` package.
# usage: scripts/pg-server.sh start|stop   — prints the DATABASE_URL on start.
# Data lives in data/pg (git-ignored); port from PG_PORT (default 54329).
set -euo pipefail
cd "$(dirname "$0")/.."
PGBIN=${PGBIN:-/usr/lib/postgresql/15/bin}
PORT=${PG_PORT:-54329}
DIR="$(pwd)/data/pg"
run() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
case "${1:-start}" in
  start)
    [ -x "$PGBIN/initdb" ] || { echo "PostgreSQL 15 is not installed ($PGBIN/initdb missing): apt-get install -y postgresql" >&2; exit 1; }
    mkdir -p "$DIR"
    [ "$(id -u)" = 0 ] && chown postgres "$DIR" "$(pwd)/data"
    if [ ! -f "$DIR/PG_VERSION" ]; then run "$PGBIN/initdb" -D "$DIR" --auth=trust -U postgres >/dev/null; fi
    if ! run "$PGBIN/pg_ctl" -D "$DIR" status >/dev/null 2>&1; then
      run "$PGBIN/pg_ctl" -D "$DIR" -o "-c listen_addresses=127.0.0.1 -p $PORT -k $DIR -c fsync=off -c synchronous_commit=off -c max_connections=200" -l "$DIR/server.log" -w start >/dev/null
    fi
    echo "postgresql://postgres@127.0.0.1:$PORT/postgres"
    ;;
  stop)
    [ -f "$DIR/PG_VERSION" ] && run "$PGBIN/pg_ctl" -D "$DIR" -m fast stop >/dev/null 2>&1 || true
    ;;
  *) echo "usage: $0 start|stop" >&2; exit 2 ;;
esac
