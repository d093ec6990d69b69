#!/usr/bin/env bash
# Installs (if missing) and starts the distributed engines without Docker: Kafka 3.9.1 (KRaft)
# and FerretDB (MongoDB wire protocol) on its PostgreSQL backend, with a private PostgreSQL
# cluster (FERRETDB_BACKEND=sqlite for the SQLite one). Idempotent. Prints the variables that
# select them.
set -euo pipefail
source "$(dirname "$0")/common.sh"
bash "$(dirname "$0")/install-kafka.sh"
bash "$(dirname "$0")/install-ferretdb.sh"
bash "$(dirname "$0")/start-ferretdb.sh"
bash "$(dirname "$0")/start-kafka.sh"
echo "export KAFKA_BROKERS=127.0.0.1:$KAFKA_PORT MONGODB_URI=mongodb://127.0.0.1:$FERRETDB_PORT/"
