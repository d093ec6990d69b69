#!/usr/bin/env bash
# Installs stripe-mock (Stripe's own API mock) from the Go module proxy and starts it.
#   scripts/engines/stripe-mock.sh install   # build only
#   scripts/engines/stripe-mock.sh start     # build if needed, start on STRIPE_MOCK_PORT (12111)
#   scripts/engines/stripe-mock.sh stop
# Then: STRIPE_API_BASE=http://127.0.0.1:12111 STRIPE_SECRET_KEY=sk_test_123
set -euo pipefail
source "$(dirname "$0")/common.sh"
PORT="${STRIPE_MOCK_PORT:-12111}"
PIDFILE="$ENGINES/stripe-mock.pid"
LOGFILE="$ENGINES/stripe-mock.log"

binary() { echo "$(go env GOPATH)/bin/stripe-mock"; }

install() {
  command -v go >/dev/null || { log "go not found"; exit 1; }
  if [ -x "$(binary)" ]; then log "stripe-mock already installed at $(binary)"; return; fi
  log "building stripe-mock (about a minute)"
  go install github.com/stripe/stripe-mock@v0.203.0
  log "stripe-mock installed at $(binary)"
}

start() {
  install
  mkdir -p "$ENGINES"
  if port_open "$PORT"; then log "something already answers on $PORT"; return; fi
  nohup "$(binary)" -http-port "$PORT" -https-port "$((PORT + 1))" >"$LOGFILE" 2>&1 &
  echo $! >"$PIDFILE"
  for _ in $(seq 1 50); do
    if port_open "$PORT"; then log "stripe-mock on http://127.0.0.1:$PORT"; return; fi
    sleep 0.2
  done
  log "stripe-mock did not start; see $LOGFILE"; exit 1
}

stop() {
  if pid_alive "$PIDFILE"; then kill "$(cat "$PIDFILE")"; log "stripe-mock stopped"; fi
  rm -f "$PIDFILE"
}

case "${1:-start}" in
  install) install ;;
  start) start ;;
  stop) stop ;;
  *) echo "usage: $0 install|start|stop" >&2; exit 2 ;;
esac
