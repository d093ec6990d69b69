#!/usr/bin/env bash
# Starts a private PostgreSQL cluster for FerretDB's postgresql backend: data under
# .engines/postgres (or the `postgres` account's home when the checkout is private, see
# postgres_dir), listening on 127.0.0.1:$POSTGRES_PORT only, its socket in the same folder,
# trust authentication (local development and CI only). Installs Debian's `postgresql` package
# through apt-get when no server binaries are present (needs root). No system service is used.
# Idempotent; waits until the `ferretdb` database accepts connections.
set -euo pipefail
source "$(dirname "$0")/common.sh"
pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }
if [ -z "$(pg_bin)" ] || [ ! -x "$(pg_bin)/initdb" ]; then
  [ "$(id -u)" = 0 ] || { log "PostgreSQL server not installed (apt-get install -y postgresql, as root)"; exit 1; }
  log "installing PostgreSQL from Debian (apt-get)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq --no-install-recommends postgresql >&2
fi
BIN="$(pg_bin)"
DIR="$(postgres_dir)"
DATA="$DIR/data"
LOG="$DIR/postgres.log"

# The server refuses to run as root: as root, the cluster belongs to the `postgres` account.
as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

mkdir -p "$DIR"
touch "$LOG"
if [ "$(id -u)" = 0 ]; then chown postgres: "$DIR" "$LOG"; fi

if as_owner "$BIN/pg_ctl" -D "$DATA" status >/dev/null 2>&1; then
  log "PostgreSQL already running on 127.0.0.1:$POSTGRES_PORT (data $DATA)"
  exit 0
fi
if port_open "$POSTGRES_PORT"; then
  log "port $POSTGRES_PORT is taken by another process; set POSTGRES_PORT"
  exit 1
fi
if [ ! -f "$DATA/PG_VERSION" ]; then
  as_owner "$BIN/initdb" -D "$DATA" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >>"$LOG" 2>&1 \
    || { log "initdb failed:"; tail -n 20 "$LOG" >&2; exit 1; }
fi
# synchronous_commit=off: a commit is acknowledged before its WAL reaches the disk (a power cut
# may lose the last few hundred milliseconds, a crash of the server itself loses nothing).
as_owner "$BIN/pg_ctl" -D "$DATA" -l "$LOG" -w -t 60 start -o "\
  -c listen_addresses=127.0.0.1 -c port=$POSTGRES_PORT -c unix_socket_directories=$DIR \
  -c max_connections=500 -c shared_buffers=256MB -c synchronous_commit=off" >/dev/null \
  || { log "PostgreSQL did not start; last log lines:"; tail -n 30 "$LOG" >&2; exit 1; }
PSQL=("$BIN/psql" -h 127.0.0.1 -p "$POSTGRES_PORT" -U postgres -d postgres -qtA)
if [ "$("${PSQL[@]}" -c "SELECT 1 FROM pg_database WHERE datname = 'ferretdb'")" != 1 ]; then
  "${PSQL[@]}" -c 'CREATE DATABASE ferretdb' >/dev/null
fi
log "PostgreSQL ready at 127.0.0.1:$POSTGRES_PORT (data $DATA, log $LOG)"
