#!/usr/bin/env bash
# Starts Meilisearch on 127.0.0.1:$MEILI_PORT with the master key MEILI_MASTER_KEY (a fixed
# development key by default, see common.sh), its data under .engines/meilisearch; waits until
# /health answers "available". The binary comes from install-meilisearch.sh (MEILI_BIN, else
# ../shared/engines). Idempotent.
set -euo pipefail
source "$(dirname "$0")/common.sh"
DIR="$ENGINES/meilisearch"
PID="$DIR/meilisearch.pid"
LOG="$DIR/meilisearch.log"
URL="http://127.0.0.1:$MEILI_PORT"
if pid_alive "$PID"; then
  log "Meilisearch already running (pid $(cat "$PID"), log $LOG)"
  exit 0
fi
BIN="$(bash "$(dirname "$0")/install-meilisearch.sh")"
if port_open "$MEILI_PORT"; then
  log "port $MEILI_PORT is taken by another process; set MEILI_PORT"
  exit 1
fi
if [ "${#MEILI_MASTER_KEY}" -lt 16 ]; then
  log "MEILI_MASTER_KEY must be at least 16 bytes"
  exit 1
fi
mkdir -p "$DIR/dumps" "$DIR/snapshots"
# The key goes through the environment, not the command line (which `ps` shows everyone).
MEILI_MASTER_KEY="$MEILI_MASTER_KEY" nohup "$BIN" \
  --http-addr "127.0.0.1:$MEILI_PORT" \
  --env development \
  --db-path "$DIR/data.ms" \
  --dump-dir "$DIR/dumps" \
  --snapshot-dir "$DIR/snapshots" \
  --no-analytics \
  --max-indexing-memory "$MEILI_MAX_INDEXING_MEMORY" \
  --log-level WARN \
  >>"$LOG" 2>&1 &
echo $! >"$PID"
for _ in $(seq 1 120); do
  if node "$(dirname "$0")/probe.mjs" meili "$URL"; then
    log "Meilisearch ready at $URL (pid $(cat "$PID"), log $LOG)"
    exit 0
  fi
  pid_alive "$PID" || break
  sleep 0.25
done
log "Meilisearch did not become ready; last log lines:"
tail -n 30 "$LOG" >&2
exit 1
