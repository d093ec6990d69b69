#!/usr/bin/env bash
# Installs Debian's prometheus package when `prometheus` or `promtool` is missing: the test
# command checks docker/prometheus with promtool, and the dashboard test starts a Prometheus of its
# own to scrape the distributed topology. Needs root. The package's own service is kept from
# starting (and stopped if it started anyway): the tests run Prometheus on ports of their own.
set -euo pipefail
source "$(dirname "$0")/common.sh"
if command -v prometheus >/dev/null 2>&1 && command -v promtool >/dev/null 2>&1; then
  exit 0
fi
# Whether a Prometheus was running before: one that the package starts is stopped, no other.
already_running="$(pgrep -x prometheus || true)"
debian_install prometheus
# Under systemd the unit may have been started and enabled regardless of policy-rc.d.
if command -v systemctl >/dev/null 2>&1 && [ -d /run/systemd/system ]; then
  systemctl disable --now prometheus >/dev/null 2>&1 || true
fi
for pid in $(pgrep -x prometheus || true); do
  case " $already_running " in
    *" $pid "*) ;;
    *)
      log "stopping the prometheus service the package started (pid $pid)"
      kill "$pid" 2>/dev/null || true
      ;;
  esac
done
log "prometheus installed: $(prometheus --version 2>&1 | head -1)"
