# Shared paths and helpers for the engine scripts (sourced, not run).
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
ENGINES="$ROOT/.engines"
KAFKA_VERSION=3.9.1 # Kafka 4.x dropped the protocol versions kafkajs 2.2.4 speaks
FERRETDB_VERSION=v1.24.0
KAFKA_PORT="${KAFKA_PORT:-9092}"
KAFKA_CONTROLLER_PORT="${KAFKA_CONTROLLER_PORT:-9093}"
FERRETDB_PORT="${FERRETDB_PORT:-27017}"
# FerretDB's storage: postgresql (filters and sorts pushed down to PostgreSQL, indexes used) or
# sqlite (no server of its own, but every query not by _id scans and decodes the collection).
FERRETDB_BACKEND="${FERRETDB_BACKEND:-postgresql}"
POSTGRES_PORT="${POSTGRES_PORT:-55432}"
MEILI_VERSION=1.50.0
MEILI_PORT="${MEILI_PORT:-7700}"
# The development master key, the same default as docker-compose.yml's; set MEILI_MASTER_KEY
# to anything else (16 bytes or more) outside a developer machine or CI.
MEILI_DEV_MASTER_KEY=rewear-dev-master-key-change-me
MEILI_MASTER_KEY="${MEILI_MASTER_KEY:-$MEILI_DEV_MASTER_KEY}"
# Meilisearch sizes a buffer of every indexing batch from this (by default two thirds of the
# machine's memory): at 24 GiB it allocates and zeroes about 850 MB per batch, 1.5-3 s for a
# batch of one document on a busy 2-core machine; with 1 GiB a small batch takes 0.2-0.5 s.
MEILI_MAX_INDEXING_MEMORY="${MEILI_MAX_INDEXING_MEMORY:-1GiB}"
# Engines no reachable registry serves, beside the checkout (see ../shared/engines/README.md).
SHARED_ENGINES="${SHARED_ENGINES:-$ROOT/../shared/engines}"

log() { echo "[engines] $*" >&2; }

# debian_install PACKAGE...: installs Debian packages (as root) without letting them start their
# services, since the scripts run their own on ports of their own: invoke-rc.d asks policy-rc.d
# whether a package may start its service, and 101 means no.
debian_install() {
  [ "$(id -u)" = 0 ] || { log "$* not installed (apt-get install -y $*, as root)"; return 1; }
  log "installing $* from Debian (apt-get)"
  local policy=/usr/sbin/policy-rc.d own_policy=false status=0
  if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\nexit 101\n' >"$policy"
    chmod +x "$policy"
    own_policy=true
  fi
  { DEBIAN_FRONTEND=noninteractive apt-get update -qq \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@"; } >&2 \
    || status=$?
  if [ "$own_policy" = true ]; then rm -f "$policy"; fi
  return "$status"
}

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# pid_alive FILE: the process whose id is in FILE is running.
pid_alive() { [ -f "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null; }

# PostgreSQL's folder. As root, the cluster belongs to the `postgres` account, which must reach
# it: in a checkout under a private directory (a home of mode 700) it cannot reach .engines/, so
# the cluster lives under that account's home instead, in a folder named after this checkout.
postgres_dir() {
  if [ "$(id -u)" = 0 ] && id postgres >/dev/null 2>&1 \
    && ! runuser -u postgres -- test -x "$ROOT" 2>/dev/null; then
    local home
    home="$(getent passwd postgres | cut -d: -f6)"
    echo "${home:-/var/lib/postgresql}/rewear-$(printf '%s' "$ROOT" | sha256sum | cut -c1-12)"
  else
    echo "$ENGINES/postgres"
  fi
}
