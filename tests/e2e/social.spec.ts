/**
 * Follows, saved searches and price drops (docs/product.md §14), with a buyer's and a seller's
 * browser side by side: a follow fills the buyer's home row with the seller's newest listing; a
 * new listing alerts the buyer's saved search; a price cut on a liked item alerts the liker with
 * the old and the new price. Both alerts arrive live in the alerted user's open tab, the bell
 * counting them, without a reload. Screenshots of the home row, the saved searches page and the
 * live alerts at 375 and 1280 px go to artifacts/screenshots/.
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { expectAccessible } from './support/checks.ts';
import {
  newUser,
  registerThroughUi,
  scrollThrough,
  signInThroughUi,
  trackCommands,
} from './support/app.ts';
import { bell, markDocument, sameDocument, streamOpen } from './support/live.ts';
import { sellerWithListing } from './support/seller.ts';
import { listAnother } from './support/social.ts';
import { REPO_ROOT } from './support/storefront.ts';

const OUTPUT = path.join(REPO_ROOT, 'artifacts/screenshots');

/** Full-page screenshots at a phone's and a desktop's width; the page must fit the screen. */
async function shootAtBothWidths(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await scrollThrough(page);
    await page.screenshot({ path: path.join(OUTPUT, `${name}-${width}.png`), fullPage: true });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect.soft(overflow, `${name} at ${width} px is wider than the screen`).toBeLessThanOrEqual(0);
  }
}

/** No serious or critical axe-core violation on the page shown. */

/** Reloads `path` until `text` shows: projections (and alerts) follow the command shortly. */
async function reloadUntilVisible(page: Page, path: string, text: string | RegExp) {
  await expect(async () => {
    await page.goto(path);
    await expect(page.getByText(text).first()).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
}

/**
 * Opens the notification centre and waits for the tab's live stream: from here on, an alert
 * must arrive without a reload (the document is marked to tell).
 */
async function openNotificationsLive(page: Page) {
  const stream = streamOpen(page);
  await page.goto('/notifications');
  await stream;
  await expect(page.getByText('No notifications yet.')).toBeVisible();
  await expect(bell(page, 0)).toBeVisible();
  await markDocument(page);
}

const unique = (testInfo: { workerIndex: number }) =>
  `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}w${testInfo.workerIndex}`;

test('a follow from the seller profile fills the home row with the seller’s newest listing', async ({
  page,
  browser,
  request,
}, testInfo) => {
  // Two browsers, two sign-ins and projections awaited: over a minute on a loaded machine.
  test.slow();
  const id = unique(testInfo);
  const seller = newUser(testInfo, 'seller');
  const first = await sellerWithListing(request, seller, { title: `Rib knit ${id}`, price: 24 });
  const sellerId = first.seller_id;

  // The buyer: no row before following anyone.
  const buyer = newUser(testInfo, 'follower');
  await registerThroughUi(page, buyer);
  await expect(page.getByRole('heading', { name: 'Most Popular This Week' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'From sellers you follow' })).toHaveCount(0);

  const commands = trackCommands(page);
  await page.goto(`/sellers/${sellerId}`);
  await expect(page.getByTestId('follower-count')).toHaveText('0 followers');
  await expectAccessible(page);
  await page.getByRole('button', { name: `Follow ${seller.displayName}` }).click();
  await expect(page.getByTestId('follower-count')).toHaveText('1 follower');
  await expect(page.getByRole('button', { name: `Unfollow ${seller.displayName}` })).toHaveText(
    'Following',
  );
  await commands.settled();
  await shootAtBothWidths(page, 'seller-profile-following');
  await page.setViewportSize({ width: 1280, height: 900 });

  // The seller, in a browser of their own, lists something newer and sees their follower.
  const sellerContext = await browser.newContext();
  try {
    const sellerPage = await sellerContext.newPage();
    await sellerPage.goto('/login');
    await signInThroughUi(sellerPage, seller);
    await expect(
      sellerPage.getByRole('button', { name: `Signed in as ${seller.displayName}` }),
    ).toBeVisible({ timeout: 20_000 });
    const newest = await listAnother(request, seller, { title: `Wool coat ${id}`, price: 60 });
    await sellerPage.goto(`/sellers/${sellerId}`);
    await expect(sellerPage.getByTestId('follower-count')).toHaveText('1 follower');
    // No button to follow oneself.
    await expect(sellerPage.getByRole('button', { name: /^Follow / })).toHaveCount(0);

    // The buyer's home page: the row, newest first.
    const row = page.getByRole('region', { name: 'From sellers you follow' });
    // The row shows once the signed-in session is restored and its read answers (seconds on a
    // loaded machine); the newest listing reaches it when the projectors have applied it.
    await expect(async () => {
      await page.goto('/');
      await expect(row).toBeVisible({ timeout: 15_000 });
      await expect(row.locator('.product-card').first()).toContainText(newest.title, {
        timeout: 2_000,
      });
    }).toPass({ timeout: 60_000 });
    await expect(row).toContainText(first.title);

    // The product page says the same, and unfollowing there empties the row.
    await page.goto(`/products/${newest.product_id}`);
    await expect(
      page.getByRole('button', { name: `Unfollow ${seller.displayName}` }),
    ).toBeVisible();
    await shootAtBothWidths(page, 'product-follow');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    await expect(row).toBeVisible();
    await expectAccessible(page);
    await shootAtBothWidths(page, 'home-followed-sellers');
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.goto(`/products/${newest.product_id}`);
    await page.getByRole('button', { name: `Unfollow ${seller.displayName}` }).click();
    await expect(page.getByRole('button', { name: `Follow ${seller.displayName}` })).toBeVisible();
    await commands.settled();
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Most Popular This Week' })).toBeVisible();
    await expect(row).toHaveCount(0);
  } finally {
    await sellerContext.close();
  }
});

test('a saved search is alerted by a new listing, and opening it marks its matches seen', async ({
  page,
  browser,
  request,
}, testInfo) => {
  // Two browsers, a live alert and several projections awaited: over a minute on a loaded machine.
  test.slow();
  const word = `zephyr${unique(testInfo)}`;
  const buyer = newUser(testInfo, 'searcher');
  await registerThroughUi(page, buyer);

  // Nothing matches yet: that is when a saved search is worth having.
  await page.goto(`/search?q=${word}`);
  await expect(page.getByRole('heading', { name: 'No products found' })).toBeVisible();
  const commands = trackCommands(page);
  await page.getByRole('button', { name: 'Save this search' }).click();
  const name = page.getByLabel('Name this search');
  await expect(name).toHaveValue(word);
  await name.fill(`Rare ${word}`);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Search saved.' })).toBeVisible();
  await commands.settled();

  await reloadUntilVisible(page, '/saved-searches', `Rare ${word}`);
  await expect(page.getByText('No new matches')).toBeVisible();

  // The searcher keeps the notification centre open while the seller lists.
  await openNotificationsLive(page);

  // The seller, in their own browser, lists a matching item (and an unrelated one).
  const sellerContext = await browser.newContext();
  try {
    const seller = newUser(testInfo, 'lister');
    await sellerWithListing(request, seller, { title: `Plain tee ${unique(testInfo)}`, price: 12 });
    const sellerPage = await sellerContext.newPage();
    await sellerPage.goto('/login');
    await signInThroughUi(sellerPage, seller);
    const match = await listAnother(request, seller, { title: `Linen ${word} shirt`, price: 31 });
    // Created through the API, without the page's consistency token: on the distributed
    // topology the listing may reach the read side a moment after the answer.
    await expect(async () => {
      await sellerPage.goto(`/products/${match.product_id}`);
      await expect(sellerPage.getByRole('heading', { name: match.title })).toBeVisible({
        timeout: 5_000,
      });
    }).toPass({ timeout: 30_000 });

    // The alert arrives in the open tab, as new, the bell counting it: no reload.
    const alerts = page.getByRole('list', { name: 'Notifications' });
    const alert = alerts.getByRole('listitem').first();
    await expect(alert).toContainText(
      `New for your saved search “Rare ${word}”: ${match.title}, $31.00`,
      { timeout: 20_000 },
    );
    await expect(alerts.getByRole('listitem')).toHaveCount(1);
    await expect(bell(page, 1)).toBeVisible();
    await expect(alert.getByRole('link', { name: 'View item' })).toHaveAttribute(
      'href',
      `/products/${match.product_id}`,
    );
    expect(await sameDocument(page), 'the alert arrived without a reload').toBe(true);
    await shootAtBothWidths(page, 'saved-search-alert-live');
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await sameDocument(page)).toBe(true);

    await reloadUntilVisible(page, '/saved-searches', '1 new');
    await expectAccessible(page);
    await shootAtBothWidths(page, 'saved-searches');
    await page.setViewportSize({ width: 1280, height: 900 });

    // Opening runs the query and marks the match seen.
    await page.getByRole('button', { name: 'Open' }).click();
    await expect(page).toHaveURL(new RegExp(`/search\\?q=${word}$`));
    await expect(page.getByRole('link', { name: match.title }).first()).toBeVisible();
    await commands.settled();
    await reloadUntilVisible(page, '/saved-searches', 'No new matches');

    // The catalogue's filters are saved the same way, and open the filtered catalogue.
    await page.goto('/products?category=Tops&size=XS');
    await page.getByRole('button', { name: 'Save this search' }).click();
    await expect(page.getByLabel('Name this search')).toHaveValue('Tops · XS');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Search saved.' })).toBeVisible();
    await commands.settled();
    await reloadUntilVisible(page, '/saved-searches', 'Tops · XS');
    const saved = page.getByRole('listitem').filter({ hasText: 'Tops · XS' });
    await saved.getByRole('button', { name: 'Open' }).click();
    await expect(page).toHaveURL(/\/products\?category=Tops&size=XS$/);
    await expect(page.getByRole('heading', { name: 'Tops', level: 1 })).toBeVisible();
  } finally {
    await sellerContext.close();
  }
});

test('lowering the price of a liked item alerts the liker with the old and the new price', async ({
  page,
  browser,
  request,
}, testInfo) => {
  const seller = newUser(testInfo, 'reducer');
  const listing = await sellerWithListing(request, seller, {
    title: `Silk scarf ${unique(testInfo)}`,
    price: 50,
  });

  const buyer = newUser(testInfo, 'liker');
  await registerThroughUi(page, buyer);
  const commands = trackCommands(page);
  await page.goto(`/products/${listing.product_id}`);
  await page
    .locator('.product-detail__likes')
    .getByRole('button', { name: `Save ${listing.title} to wishlist` })
    .click();
  await expect(page.getByRole('link', { name: 'Wishlist, 1 items' })).toBeVisible();
  await commands.settled();

  // The liker keeps the notification centre open while the seller edits.
  await openNotificationsLive(page);

  // The seller cuts the price on the edit page of their own browser.
  const sellerContext = await browser.newContext();
  try {
    const sellerPage = await sellerContext.newPage();
    await sellerPage.goto('/login');
    await signInThroughUi(sellerPage, seller);
    await expect(
      sellerPage.getByRole('button', { name: `Signed in as ${seller.displayName}` }),
    ).toBeVisible({ timeout: 20_000 });
    await sellerPage.goto(`/update-listing/${listing.product_id}`);
    // The form takes an absolute image address only (the listing was made with a site path).
    await sellerPage
      .getByLabel('Image URL')
      .fill(new URL('/images/garments/tops-blue.svg', sellerPage.url()).href);
    await sellerPage.getByLabel('Price', { exact: true }).fill('35');
    const saved = sellerPage.waitForResponse(
      (response) =>
        response.request().method() === 'PUT' &&
        new URL(response.url()).pathname === `/api/products/${listing.product_id}`,
    );
    await sellerPage.getByRole('button', { name: 'Save Changes' }).click();
    expect((await saved).status()).toBe(200);
  } finally {
    await sellerContext.close();
  }

  // The alert arrives in the open tab with both prices, the bell counting it: no reload.
  const alerts = page.getByRole('list', { name: 'Notifications' });
  const alert = alerts.getByRole('listitem').first();
  await expect(alert).toContainText(`Price drop: “${listing.title}” is now $35.00 (was $50.00)`, {
    timeout: 20_000,
  });
  await expect(alerts.getByRole('listitem')).toHaveCount(1);
  await expect(bell(page, 1)).toBeVisible();
  expect(await sameDocument(page), 'the alert arrived without a reload').toBe(true);
  await shootAtBothWidths(page, 'price-drop-alert-live');
  await page.setViewportSize({ width: 1280, height: 900 });
  expect(await sameDocument(page)).toBe(true);

  await alert.getByRole('link', { name: 'View item' }).click();
  await expect(page).toHaveURL(new RegExp(`/products/${listing.product_id}$`));
});
