/**
 * Holiday mode (docs/product.md §14.5), with a seller's and a visitor's browser side by side: the
 * seller turns holiday mode on and their listing leaves the visitor's search; its page says the
 * seller is away until the chosen day, with buying and offers disabled; the seller ends it and the
 * listing is found again. Screenshots of the settings page and the product page go to
 * test-results/.
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { expectAccessible } from './support/checks.ts';
import { newUser, signInThroughUi, trackCommands } from './support/app.ts';
import { sellerWithListing } from './support/seller.ts';
import { REPO_ROOT } from './support/storefront.ts';

const OUTPUT = path.join(REPO_ROOT, 'test-results');
const DAY_MS = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);

/** Searches `word` until the listing is (or is no longer) among the results. */
async function searchUntil(page: Page, word: string, title: string, found: boolean) {
  await expect(async () => {
    await page.goto(`/search?q=${word}`);
    if (found)
      await expect(page.getByRole('link', { name: title }).first()).toBeVisible({ timeout: 5_000 });
    else
      await expect(page.getByRole('heading', { name: 'No products found' })).toBeVisible({
        timeout: 5_000,
      });
  }).toPass({ timeout: 45_000 });
}

test('a seller sets holiday mode and their listings leave search and come back', async ({
  page,
  browser,
  request,
}, testInfo) => {
  // Two browsers and several projections awaited: over a minute on a loaded machine.
  test.slow();
  const word = `sojourn${Date.now().toString(36)}w${testInfo.workerIndex}`;
  const seller = newUser(testInfo, 'traveller');
  const listing = await sellerWithListing(request, seller, {
    title: `Corduroy ${word} blazer`,
    price: 48,
  });

  // The visitor finds the listing.
  await searchUntil(page, word, listing.title, true);

  const sellerContext = await browser.newContext();
  try {
    const sellerPage = await sellerContext.newPage();
    await sellerPage.goto('/login');
    await signInThroughUi(sellerPage, seller);
    await expect(
      sellerPage.getByRole('button', { name: `Signed in as ${seller.displayName}` }),
    ).toBeVisible({ timeout: 20_000 });

    // The seller turns holiday mode on from today for a week, from the account menu.
    await sellerPage.getByRole('button', { name: `Signed in as ${seller.displayName}` }).click();
    await sellerPage.getByRole('menuitem', { name: 'Holiday Mode' }).click();
    await expect(sellerPage.getByRole('heading', { name: 'Holiday mode' })).toBeVisible();
    const state = sellerPage.getByTestId('holiday-state');
    await expect(state).toHaveText('Holiday mode is off.');
    const until = day(7);
    await sellerPage.getByLabel('First day away').fill(day(0));
    await sellerPage.getByLabel('Back on').fill(until);
    const commands = trackCommands(sellerPage);
    await sellerPage.getByRole('button', { name: 'Turn on' }).click();
    await commands.settled();
    await expect(state).toHaveText(`You are away until ${until}. Your listings are hidden.`, {
      timeout: 20_000,
    });
    await expectAccessible(sellerPage);
    await sellerPage.screenshot({
      path: path.join(OUTPUT, 'holiday-settings.png'),
      fullPage: true,
    });

    // The visitor's search no longer finds it; its page says the seller is away.
    await searchUntil(page, word, listing.title, false);
    await page.goto(`/products/${listing.product_id}`);
    await expect(
      page.getByText(
        `This seller is away until ${until}. You can save the item and buy it when they are back.`,
      ),
    ).toBeVisible();
    // The product's own button (the recommendations below have theirs).
    const addToCart = page.locator('.product-detail__info').getByRole('button', {
      name: 'Add to Cart',
    });
    await expect(addToCart).toBeDisabled();
    await page.screenshot({ path: path.join(OUTPUT, 'holiday-product.png'), fullPage: true });

    // The seller ends it now; the visitor finds the listing again, its page open to buyers.
    await sellerPage.getByRole('button', { name: 'End now' }).click();
    await expect(state).toHaveText('Holiday mode is off.', { timeout: 20_000 });
    await searchUntil(page, word, listing.title, true);
    await page.goto(`/products/${listing.product_id}`);
    await expect(addToCart).toBeEnabled();
    await expect(page.getByText(/This seller is away until/)).toHaveCount(0);
  } finally {
    await sellerContext.close();
  }
});
