#!/usr/bin/env bash
# Waits until every service of a compose project is ready, printing each with the seconds it
# took from the start (STARTED_AT, epoch seconds; default now): healthy where it has a
# healthcheck, running where it has none, exited 0 for a one-shot job (ONE_SHOT_SERVICES: the
# seed). A service that turns unhealthy or exits with an error, or is not ready within
# TIMEOUT_S, fails: its last log lines are printed and the script exits 1.
#   wait-healthy.sh TIMEOUT_S docker compose -p NAME -f FILE... [--env-file FILE]
set -euo pipefail
source "$(dirname "$0")/common.sh"
[ $# -ge 3 ] || die "usage: wait-healthy.sh TIMEOUT_S docker compose [options]"
timeout_s="$1"
shift
compose=("$@")
started_at="${STARTED_AT:-$(date +%s)}"
# Jobs that run once and exit: ready when they exited 0, not while they run.
one_shot=" ${ONE_SHOT_SERVICES:-seed} "
mapfile -t services < <("${compose[@]}" config --services)
declare -A ready=()

show_logs() {
  log "$1: last log lines"
  "${compose[@]}" logs --no-color --tail 40 "$1" >&2 || true
}

while :; do
  now=$(date +%s)
  elapsed=$((now - started_at))
  # One line per container: service, state, health (empty without a healthcheck), exit code.
  states="$("${compose[@]}" ps -a --format '{{.Service}} {{.State}} {{.Health}} {{.ExitCode}}' 2>/dev/null || true)"
  pending=()
  for service in "${services[@]}"; do
    [ -n "${ready[$service]:-}" ] && continue
    lines="$(awk -v s="$service" '$1 == s' <<<"$states")"
    if [ -z "$lines" ]; then
      pending+=("$service (not created)")
      continue
    fi
    verdict=ready
    while read -r _ state health code; do
      # Without a healthcheck the third field is the exit code.
      if [ -z "$code" ] && [[ "$health" =~ ^[0-9]+$ ]]; then code="$health" health=""; fi
      case "$state/$health" in
        running/healthy) ;;
        running/) if [[ "$one_shot" == *" $service "* ]]; then verdict=running; fi ;;
        exited/*) if [ "${code:-1}" != 0 ]; then verdict=failed; fi ;;
        */unhealthy | dead/* ) verdict=failed ;;
        *) [ "$verdict" = ready ] && verdict="$state${health:+/$health}" ;;
      esac
    done <<<"$lines"
    case "$verdict" in
      ready)
        ready[$service]=$elapsed
        count=$(wc -l <<<"$lines")
        printf '[containers] %-14s ready after %4ss (%s container%s)\n' "$service" "$elapsed" "$count" \
          "$([ "$count" = 1 ] || echo s)"
        ;;
      failed)
        show_logs "$service"
        die "$service failed after ${elapsed}s"
        ;;
      *) pending+=("$service ($verdict)") ;;
    esac
  done
  [ ${#pending[@]} = 0 ] && break
  if [ "$elapsed" -ge "$timeout_s" ]; then
    for entry in "${pending[@]}"; do show_logs "${entry%% *}"; done
    die "not ready after ${timeout_s}s: ${pending[*]}"
  fi
  sleep 2
done
log "every service ready after $(($(date +%s) - started_at))s"
