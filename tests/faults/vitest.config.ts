/**
 * The fault suite (`npx vitest run -c tests/faults/vitest.config.ts`): it stops and starts the
 * shared engines, so it runs on its own, after the other suites (scripts/test.sh).
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'faults',
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/faults/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 300_000,
    // One Auth emulator for the three topologies, rather than one started and stopped by each.
    globalSetup: ['packages/testing/src/auth.ts'],
  },
});
