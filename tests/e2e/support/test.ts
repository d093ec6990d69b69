/** Playwright's test, recording the browser's errors and attaching them to a failed test's report. */
import { test as base } from '@playwright/test';

export { expect } from '@playwright/test';

export const test = base.extend<{ browserErrors: string[] }>({
  browserErrors: [
    async ({ page }, use, testInfo) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`console error: ${message.text()}`);
      });
      await use(errors);
      if (testInfo.status !== testInfo.expectedStatus && errors.length) {
        await testInfo.attach('browser-errors.txt', {
          body: errors.join('\n'),
          contentType: 'text/plain',
        });
        console.log(`[browser errors] ${testInfo.title}\n  ${errors.join('\n  ')}`);
      }
    },
    { auto: true },
  ],
});
