#!/bin/bash
# Initialises the PostgreSQL cluster on first start (trust on its socket only: nothing else
# reaches it), starts it, and runs FerretDB in the foreground.
set -euo pipefail
bin=/usr/lib/postgresql/15/bin
sock=/var/lib/ferretdb
if [ ! -f "$PGDATA/PG_VERSION" ]; then
  "$bin/initdb" --auth=trust --username=postgres --encoding=UTF8 --no-instructions "$PGDATA" >/dev/null
fi
"$bin/pg_ctl" -w -D "$PGDATA" -l "$sock/postgres.log" \
  -o "-c listen_addresses='' -c unix_socket_directories=$sock -c max_connections=500 -c fsync=off" start >/dev/null
"$bin/psql" -h "$sock" -U postgres -tAc "SELECT 1 FROM pg_database WHERE datname='ferretdb'" | grep -q 1 \
  || "$bin/createdb" -h "$sock" -U postgres ferretdb
# FerretDB holds a pooled connection while it updates what a query found: a pool of 400, as
# scripts/engines/start-ferretdb.sh gives it.
exec /usr/local/bin/ferretdb --handler=postgresql \
  --postgresql-url="postgres://postgres@/ferretdb?host=$sock&pool_max_conns=400" \
  --state-dir=/var/lib/ferretdb --listen-addr=:27017 --debug-addr=127.0.0.1:8088 \
  --telemetry=disable --log-level="${FERRETDB_LOG_LEVEL:-WARN}"
