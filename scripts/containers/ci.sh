#!/usr/bin/env bash
# The compose stack end to end with the images built on this machine: makes sure Docker
# answers, builds (or reuses) the images, starts docker-compose.yml + docker-compose.local.yml,
# waits for every service to be ready (printing each with its time; a failure prints the
# service's last log lines), runs the smoke journey through nginx, and removes the stack and
# its volumes. Each step is timed. Published ports are movable so that the stack does not meet
# engines already running on this machine:
#   REWEAR_HTTP_PORT (18080), REWEAR_AUTH_PORT (19099), REWEAR_PROMETHEUS_PORT (19090)
#   KEEP_STACK=1 leaves the stack running after the journey (docker compose ... down -v stops it).
set -euo pipefail
source "$(dirname "$0")/common.sh"
export REWEAR_HTTP_PORT="${REWEAR_HTTP_PORT:-18080}"
export REWEAR_AUTH_PORT="${REWEAR_AUTH_PORT:-19099}"
export REWEAR_PROMETHEUS_PORT="${REWEAR_PROMETHEUS_PORT:-19090}"
export REWEAR_GRAFANA_PORT="${REWEAR_GRAFANA_PORT:-13000}"
export REWEAR_STRIPE_MOCK_PORT="${REWEAR_STRIPE_MOCK_PORT:-12112}"
# A small catalogue: the journey needs some listings, not thousands.
export SEED_LISTINGS="${SEED_LISTINGS:-200}"
# A token for this run only: the smoke journey reads the operators' status with it.
OPS_TOKEN="${OPS_TOKEN:-$(od -An -tx1 -N24 /dev/urandom | tr -d ' \n')}"
export OPS_TOKEN
PROJECT="${REWEAR_COMPOSE_PROJECT:-rewear-ci}"
cd "$ROOT"

timings=()
run_started=$SECONDS
timed() {
  local name="$1" started=$SECONDS
  shift
  log "== $name"
  "$@"
  timings+=("$(printf '%-22s %5ss' "$name" "$((SECONDS - started))")")
}
print_timings() {
  log "step times:"
  printf '  %s\n' "${timings[@]}" >&2
  log "total: $((SECONDS - run_started))s"
}

timed "ensure docker" bash scripts/containers/ensure-docker.sh
timed "build images" bash scripts/containers/build-images.sh
compose=(docker compose -p "$PROJECT" -f docker-compose.yml -f docker-compose.local.yml --env-file "$IMAGES_ENV")

stack_up=false
finish() {
  local status=$?
  if [ "$stack_up" = true ] && [ "${KEEP_STACK:-}" != 1 ]; then
    local started=$SECONDS
    "${compose[@]}" down -v --remove-orphans >/dev/null 2>&1 || log "docker compose down failed"
    timings+=("$(printf '%-22s %5ss' "compose down -v" "$((SECONDS - started))")")
  fi
  print_timings
  if [ "$status" = 0 ]; then log "passed"; else log "FAILED (exit $status)"; fi
}
trap finish EXIT

start_stack() {
  "${compose[@]}" down -v --remove-orphans >/dev/null 2>&1 || true
  stack_up=true
  STARTED_AT=$(date +%s)
  export STARTED_AT
  # `up -d` returns once every container has started, which is after the healthchecks its
  # start order waits on; the waiter prints each service as it gets ready meanwhile.
  "${compose[@]}" up -d --no-build >"$CACHE/compose-up.log" 2>&1 &
  local up_pid=$!
  bash scripts/containers/wait-healthy.sh "${HEALTH_TIMEOUT_S:-420}" "${compose[@]}" &
  local wait_pid=$!
  # Whichever ends first decides: `up` failing (a container that cannot start) stops the
  # waiter; the waiter failing (a service unhealthy) stops an `up` left waiting on it.
  local up_status=0 waited=0 up_done=false
  while kill -0 "$wait_pid" 2>/dev/null; do
    if [ "$up_done" = false ] && ! kill -0 "$up_pid" 2>/dev/null; then
      up_done=true
      wait "$up_pid" || up_status=$?
      if [ "$up_status" != 0 ]; then
        kill "$wait_pid" 2>/dev/null || true
        break
      fi
    fi
    sleep 1
  done
  wait "$wait_pid" || waited=$?
  if [ "$up_done" = false ]; then
    if [ "$waited" != 0 ]; then kill "$up_pid" 2>/dev/null || true; fi
    wait "$up_pid" || up_status=$?
  fi
  if [ "$up_status" != 0 ]; then
    log "docker compose up failed (exit $up_status); its last lines:"
    tail -n 15 "$CACHE/compose-up.log" >&2
    exit 1
  fi
  [ "$waited" = 0 ] || exit 1
}
timed "compose up + healthy" start_stack

timed "smoke journey" env BASE_URL="http://127.0.0.1:$REWEAR_HTTP_PORT" \
  AUTH_URL="http://127.0.0.1:$REWEAR_AUTH_PORT" OPS_TOKEN="$OPS_TOKEN" \
  npx tsx scripts/containers/smoke.ts
