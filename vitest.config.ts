import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: [
            'packages/*/test/**/*.test.ts',
            'apps/*/test/**/*.test.ts',
            'tests/**/*.test.ts',
          ],
          // The fault suite stops shared engines: it runs alone (tests/faults/vitest.config.ts).
          exclude: ['tests/e2e/**', 'tests/faults/**', '**/node_modules/**'],
          testTimeout: 30_000,
          hookTimeout: 180_000,
          pool: 'forks',
          // In-process servers log at warn: no line per request between the reporter's.
          setupFiles: ['tests/setup/logs.ts'],
          // One Auth emulator for the whole run. Started by the files that need it, it stopped
          // whenever no file held it and started again for the next: 15 s or more each time.
          globalSetup: ['packages/testing/src/auth.ts'],
        },
      },
      {
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['apps/client/src/**/*.test.{ts,tsx}'],
        },
      },
    ],
  },
});
