#!/usr/bin/env bash
# Installs (if missing) and starts the distributed engines without Docker: Kafka 3.9.1 (KRaft),
# FerretDB (MongoDB wire protocol) on its PostgreSQL backend, with a private PostgreSQL cluster
# (FERRETDB_BACKEND=sqlite for the SQLite one), and Meilisearch 1.50.0 (from MEILI_BIN or
# ../shared/engines). Idempotent. Prints the variables that select them.
set -euo pipefail
source "$(dirname "$0")/common.sh"
bash "$(dirname "$0")/install-kafka.sh"
bash "$(dirname "$0")/install-ferretdb.sh"
bash "$(dirname "$0")/start-ferretdb.sh"
bash "$(dirname "$0")/start-kafka.sh"
bash "$(dirname "$0")/start-meilisearch.sh"
echo "export KAFKA_BROKERS=127.0.0.1:$KAFKA_PORT MONGODB_URI=mongodb://127.0.0.1:$FERRETDB_PORT/ MEILI_URL=http://127.0.0.1:$MEILI_PORT MEILI_MASTER_KEY=$MEILI_MASTER_KEY"
