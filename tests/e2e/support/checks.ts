/** Checks the journeys share: screenshots at a phone's and a laptop's width, and axe. */
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { REPO_ROOT } from './storefront.ts';

const OUTPUT = path.join(REPO_ROOT, 'artifacts/screenshots');

/**
 * Full-page screenshots at 375 and 1280 px (artifacts/screenshots/{name}-{width}.png), each
 * checked not to be wider than the screen; the viewport is put back afterwards.
 */
export async function shootAtBothWidths(page: Page, name: string): Promise<void> {
  const original = page.viewportSize();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 812 : 800 });
    // From the top, so the sticky banner is drawn where it belongs in a full-page picture.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(OUTPUT, `${name}-${width}.png`), fullPage: true });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect.soft(overflow, `${name} at ${width} px is wider than the screen`).toBeLessThanOrEqual(0);
  }
  if (original) await page.setViewportSize(original);
}

/** No serious or critical axe violation on the page as it is. */
export async function expectAccessible(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const blocking = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  expect(blocking, `axe violations on ${new URL(page.url()).pathname}`).toEqual([]);
}
