#!/usr/bin/env bash
# The project's test command: lint (ESLint, Prettier) and type checks, promtool on the Prometheus
# configuration and alerts, the dependency audit, unit,
# contract and API suites (vitest), the API fuzzer (schemathesis), then the browser suite on the one-process storefront and,
# where the engines answer, again on the distributed topology of processes (two command-api, two
# query-api, the projectors, nginx), the fault suite on that topology, and last the compose stack
# with the images built here and the contract suites through testcontainers.
# Engines named by KAFKA_BROKERS, MONGODB_URI, MEILI_URL are used when set; suites for engines
# that are not reachable report themselves as skipped, with the reason.
set -euo pipefail
cd "$(dirname "$0")/.."
# Each runner writes a report of this run; the summary of them is the command's last lines,
# whether it passed or stopped at a failure (scripts/test-summary.ts).
rm -rf test-results/summary artifacts/fuzz
mkdir -p test-results/summary
trap 'npx tsx scripts/test-summary.ts || true' EXIT
npm run -s lint
npm run -s typecheck
# The compose file's Prometheus configuration and alerting rules, with their unit tests
# (promtool, from Debian's prometheus package).
echo "== promtool: docker/prometheus"
bash scripts/check-prometheus.sh
# Advisories of the production dependencies: the report, and a failure at high or critical
# (unless explained in the README's allow-list); skipped, saying why, without an advisory endpoint.
echo "== npm audit --omit=dev (fails at high or critical)"
npx tsx scripts/audit.ts
# Built once, before the suites: a server test checks the built page's inline script against
# the Content-Security-Policy, and both browser runs serve this build.
npm run -s build -w @rewear/client >/dev/null
# The client's budgets on that build: JavaScript per route (gzip), from the build manifest
# (scripts/perf/budgets.ts).
echo "== client performance budgets"
PERF_BUDGET_LIGHTHOUSE=false npx tsx scripts/perf/budgets.ts
npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/summary/vitest.json
# schemathesis against the served OpenAPI document, as a visitor and signed in (about 5 minutes).
echo "== API fuzzer (schemathesis)"
npx tsx scripts/fuzz/run.ts
if [ -f tests/e2e/playwright.config.ts ]; then
  bash scripts/ensure-chromium.sh
  PLAYWRIGHT_JSON_OUTPUT_FILE=test-results/summary/e2e-embedded.json E2E_SKIP_BUILD=true \
    npx playwright test -c tests/e2e/playwright.config.ts --reporter=list,json
  missing=""
  for variable in KAFKA_BROKERS MONGODB_URI MEILI_URL MEILI_MASTER_KEY; do
    [ -n "${!variable:-}" ] || missing="$missing $variable"
  done
  if [ -n "$missing" ]; then
    echo "[skipped] browser suite on the distributed topology:$missing not set (bash scripts/engines/start.sh prints them)"
  else
    bash scripts/engines/install-nginx.sh
    echo "== browser suite on the distributed topology (2 command-api, 2 query-api, projectors, nginx)"
    # The services' logs are kept (in $TMPDIR/rewear-e2e-distributed-*): a failure there is
    # often the services' own story.
    PLAYWRIGHT_JSON_OUTPUT_FILE=test-results/summary/e2e-distributed.json E2E_TOPOLOGY=distributed \
      E2E_KEEP_LOGS=true E2E_SKIP_BUILD=true npx playwright test -c tests/e2e/playwright.config.ts --reporter=list,json
  fi
fi
# Jaeger for the trace test (built once, then kept in ~/.cache/rewear-engines: a second run takes
# a second); without Go the test says why it is skipped.
bash scripts/engines/install-jaeger.sh >/dev/null || echo "[skipped] Jaeger not built: the trace test will be skipped"
# Last and alone: the fault suite stops and starts the shared engines (it skips, saying why, when
# they are not set).
echo "== faults on the distributed topology (SIGKILL, Kafka, Meilisearch and MongoDB outages; one add-to-cart traced into Jaeger)"
npx vitest run -c tests/faults/vitest.config.ts --reporter=default --reporter=json \
  --outputFile.json=test-results/summary/faults.json
# The compose stack as a team that outgrows one machine runs it, with the images built here (no
# image registry): built or reused, every service healthy, the smoke journey through nginx, then
# removed (scripts/containers/ci.sh). Then the contract suites once more with no engine named,
# so that each file starts its engine with testcontainers. Docker is installed and started when
# missing (as root); where no engine can be had, both are skipped, saying why.
if docker_log="$(bash scripts/containers/ensure-docker.sh 2>&1)"; then
  printf "%s\n" "$docker_log"
  echo "== compose stack (images built here): every service healthy, the smoke journey through nginx"
  SMOKE_REPORT=test-results/summary/compose-smoke.json bash scripts/containers/ci.sh
  echo "== contract suites through testcontainers (no engine variables set)"
  env -u KAFKA_BROKERS -u MONGODB_URI -u MEILI_URL npx vitest run tests/contract \
    --reporter=default --reporter=json --outputFile.json=test-results/summary/contract-testcontainers.json
else
  echo "[skipped] compose stack and testcontainers: no Docker engine could be had here:"
  printf "%s\n" "$docker_log" | tail -n 5
fi
