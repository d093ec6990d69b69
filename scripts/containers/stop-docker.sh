#!/usr/bin/env bash
# Stops the dockerd that ensure-docker.sh started (its pid file), and only that one: an engine
# this machine runs as a service is left alone. Idempotent.
set -euo pipefail
source "$(dirname "$0")/common.sh"
pid_file="$CACHE/dockerd.pid"
[ -f "$pid_file" ] || exit 0
pid="$(cat "$pid_file")"
rm -f "$pid_file"
kill -0 "$pid" 2>/dev/null || exit 0
kill "$pid"
for _ in $(seq 1 40); do
  kill -0 "$pid" 2>/dev/null || exit 0
  sleep 0.5
done
log "dockerd ($pid) did not stop in 20 s"
