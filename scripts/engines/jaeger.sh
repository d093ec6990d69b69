#!/usr/bin/env bash
# Jaeger, the trace backend (docs/operations.md, Traces): built by install-jaeger.sh, run with
# scripts/engines/jaeger.yaml (OTLP over HTTP in, spans in memory, the query API and UI out).
#   scripts/engines/jaeger.sh start   # build if needed; OTLP on 127.0.0.1:4318, UI on 127.0.0.1:16686
#   scripts/engines/jaeger.sh stop
# Then run the services with OTEL_EXPORTER_OTLP_ENDPOINT=http://127.0.0.1:4318 and open
# http://127.0.0.1:16686. JAEGER_OTLP_HTTP_ENDPOINT and JAEGER_QUERY_HTTP_ENDPOINT change the
# addresses. The spans are lost when it stops.
set -euo pipefail
source "$(dirname "$0")/common.sh"
DIR="$ENGINES/jaeger"
PIDFILE="$DIR/jaeger.pid"
LOGFILE="$DIR/jaeger.log"
QUERY="${JAEGER_QUERY_HTTP_ENDPOINT:-127.0.0.1:16686}"
OTLP="${JAEGER_OTLP_HTTP_ENDPOINT:-127.0.0.1:4318}"

start() {
  if pid_alive "$PIDFILE"; then
    log "Jaeger already running (pid $(cat "$PIDFILE"), log $LOGFILE)"
    return
  fi
  local bin
  bin="$(bash "$(dirname "$0")/install-jaeger.sh")"
  mkdir -p "$DIR"
  JAEGER_OTLP_HTTP_ENDPOINT="$OTLP" JAEGER_QUERY_HTTP_ENDPOINT="$QUERY" \
    nohup "$bin" --config "$ROOT/scripts/engines/jaeger.yaml" >>"$LOGFILE" 2>&1 &
  echo $! >"$PIDFILE"
  for _ in $(seq 1 120); do
    if curl -fsS "http://$QUERY/api/services" >/dev/null 2>&1; then
      log "Jaeger ready: OTLP on http://$OTLP, UI on http://$QUERY (pid $(cat "$PIDFILE"), log $LOGFILE)"
      echo "OTEL_EXPORTER_OTLP_ENDPOINT=http://$OTLP"
      return
    fi
    pid_alive "$PIDFILE" || break
    sleep 0.25
  done
  log "Jaeger did not become ready; last log lines:"
  tail -n 30 "$LOGFILE" >&2
  exit 1
}

stop() {
  if pid_alive "$PIDFILE"; then
    kill "$(cat "$PIDFILE")"
    log "Jaeger stopped"
  else
    log "Jaeger not running"
  fi
  rm -f "$PIDFILE"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  *) echo "usage: $0 start|stop" >&2; exit 2 ;;
esac
