#!/usr/bin/env bash
# Runs the fault suite N times in a row (default 10), each on freshly started engines (stopped,
# then started again), and prints the tally. The services' logs of a failed run are kept under
# test-results/faults/run-<n>/ (FAULTS_LOG_DIR), with what each Kafka consumer did.
#   bash scripts/faults/repeat.sh [N]
set -uo pipefail
cd "$(dirname "$0")/../.."
runs="${1:-10}"
export NO_COLOR=1
export KAFKA_BROKERS="127.0.0.1:${KAFKA_PORT:-9092}"
export MONGODB_URI="mongodb://127.0.0.1:${FERRETDB_PORT:-27017}/"
export MEILI_URL="http://127.0.0.1:${MEILI_PORT:-7700}"
export MEILI_MASTER_KEY="${MEILI_MASTER_KEY:-rewear-dev-master-key-change-me}"
results="test-results/faults"
mkdir -p "$results"
passed=0
tally=""
for n in $(seq 1 "$runs"); do
  bash scripts/engines/stop.sh >/dev/null 2>&1
  if ! bash scripts/engines/start.sh >"$results/engines-$n.log" 2>&1; then
    echo "[repeat] run $n: the engines did not start (see $results/engines-$n.log)"
    tally="$tally ✗"
    continue
  fi
  started=$(date +%s)
  export FAULTS_LOG_DIR="$PWD/$results/run-$n"
  rm -rf "$FAULTS_LOG_DIR"
  if npx vitest run -c tests/faults/vitest.config.ts >"$results/run-$n.log" 2>&1; then
    passed=$((passed + 1))
    tally="$tally ✓"
    rm -rf "$FAULTS_LOG_DIR"
    echo "[repeat] run $n passed in $(($(date +%s) - started)) s"
  else
    tally="$tally ✗"
    echo "[repeat] run $n FAILED in $(($(date +%s) - started)) s (log $results/run-$n.log, services' logs $FAULTS_LOG_DIR)"
    grep -E "✗|×|FAIL|Error:" "$results/run-$n.log" | head -n 20
  fi
done
echo "[repeat] fault suite: $passed of $runs passed:$tally"
[ "$passed" = "$runs" ]
