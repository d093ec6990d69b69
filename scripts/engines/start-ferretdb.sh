#!/usr/bin/env bash
# Starts FerretDB on 127.0.0.1:$FERRETDB_PORT with the backend FERRETDB_BACKEND names
# (postgresql, the default: a private PostgreSQL cluster from start-postgres.sh; or sqlite: files
# under .engines/ferretdb/sqlite); waits until it answers a ping. Idempotent.
set -euo pipefail
source "$(dirname "$0")/common.sh"
case "$FERRETDB_BACKEND" in
  postgresql | sqlite) ;;
  *) log "FERRETDB_BACKEND must be postgresql or sqlite, not '$FERRETDB_BACKEND'"; exit 1 ;;
esac
DIR="$ENGINES/ferretdb/$FERRETDB_BACKEND"
PID="$DIR/ferretdb.pid"
LOG="$DIR/ferretdb.log"
mkdir -p "$DIR/data"
URI="mongodb://127.0.0.1:$FERRETDB_PORT/"
if pid_alive "$PID"; then
  log "FerretDB ($FERRETDB_BACKEND) already running (pid $(cat "$PID"))"
  exit 0
fi
[ -x "$ENGINES/bin/ferretdb" ] || bash "$(dirname "$0")/install-ferretdb.sh"
if port_open "$FERRETDB_PORT"; then
  log "port $FERRETDB_PORT is taken by another process; set FERRETDB_PORT"
  exit 1
fi
if [ "$FERRETDB_BACKEND" = postgresql ]; then
  bash "$(dirname "$0")/start-postgres.sh"
  # FerretDB holds a pooled connection for a query while it updates what it found: with its
  # default pool of 50, 50 concurrent updates wait for each other forever. Clients here open up
  # to 100 connections each (the driver's default).
  BACKEND_FLAGS=(--handler=postgresql --postgresql-url="postgres://postgres@127.0.0.1:$POSTGRES_PORT/ferretdb?pool_max_conns=400")
else
  BACKEND_FLAGS=(--handler=sqlite --sqlite-url="file:$DIR/data/")
fi
nohup "$ENGINES/bin/ferretdb" \
  "${BACKEND_FLAGS[@]}" \
  --state-dir="$DIR" \
  --listen-addr="127.0.0.1:$FERRETDB_PORT" \
  --debug-addr="127.0.0.1:0" \
  --telemetry=disable \
  --log-level=WARN \
  >"$LOG" 2>&1 &
echo $! >"$PID"
for _ in $(seq 1 60); do
  if node "$(dirname "$0")/probe.mjs" mongo "$URI"; then
    log "FerretDB ($FERRETDB_BACKEND) ready at $URI (pid $(cat "$PID"), log $LOG)"
    exit 0
  fi
  pid_alive "$PID" || break
  sleep 0.5
done
log "FerretDB did not become ready; last log lines:"
tail -n 30 "$LOG" >&2
exit 1
