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

log() { echo "[engines] $*" >&2; }

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# pid_alive FILE: the process whose id is in FILE is running.
pid_alive() { [ -f "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null; }
