#!/usr/bin/env bash
# The project's test command: lint (ESLint, Prettier) and type checks, unit, contract and API
# suites (vitest), then the browser suite.
# Engines named by KAFKA_BROKERS, MONGODB_URI, MEILI_URL are used when set; suites for engines
# that are not reachable report themselves as skipped, with the reason.
set -euo pipefail
cd "$(dirname "$0")/.."
npm run -s lint
npm run -s typecheck
npx vitest run
if [ -f tests/e2e/playwright.config.ts ]; then
  bash scripts/ensure-chromium.sh
  npx playwright test -c tests/e2e/playwright.config.ts
fi
