#!/usr/bin/env bash
# Stops the engines started by start.sh (by their pid files); data stays under .engines/.
#   stop.sh              # all of them
#   stop.sh meilisearch  # one of them: meilisearch, kafka or ferretdb (its PostgreSQL keeps running)
set -euo pipefail
source "$(dirname "$0")/common.sh"
stop() {
  local name=$1 pidfile=$2
  if pid_alive "$pidfile"; then
    local pid
    pid=$(cat "$pidfile")
    kill "$pid"
    for _ in $(seq 1 40); do kill -0 "$pid" 2>/dev/null || break; sleep 0.25; done
    if kill -0 "$pid" 2>/dev/null; then kill -9 "$pid"; fi
    log "$name stopped"
  else
    log "$name not running"
  fi
  rm -f "$pidfile"
}
stop_ferretdb() {
  stop "FerretDB (older layout)" "$ENGINES/ferretdb/ferretdb.pid"
  for backend in postgresql sqlite; do stop "FerretDB ($backend)" "$ENGINES/ferretdb/$backend/ferretdb.pid"; done
}
case "${1:-all}" in
  all) ;;
  meilisearch) stop Meilisearch "$ENGINES/meilisearch/meilisearch.pid"; exit 0 ;;
  kafka) stop Kafka "$ENGINES/kafka/kafka.pid"; exit 0 ;;
  ferretdb) stop_ferretdb; exit 0 ;;
  *) echo "usage: $0 [meilisearch|kafka|ferretdb]" >&2; exit 2 ;;
esac
stop Meilisearch "$ENGINES/meilisearch/meilisearch.pid"
stop Kafka "$ENGINES/kafka/kafka.pid"
stop_ferretdb
PG_DATA="$(postgres_dir)/data"
if [ -f "$PG_DATA/postmaster.pid" ]; then
  BIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
  if [ "$(id -u)" = 0 ]; then OWNER=(runuser -u postgres --); else OWNER=(); fi
  "${OWNER[@]}" "$BIN/pg_ctl" -D "$PG_DATA" -m fast -w stop >/dev/null 2>&1 && log "PostgreSQL stopped" \
    || log "PostgreSQL not running"
fi
