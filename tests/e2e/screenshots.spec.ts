/**
 * Full-page screenshots of the main pages at a phone and a desktop width, saved under
 * artifacts/screenshots/ for review. Each page must show all its images and must not be wider
 * than the screen (a horizontal scrollbar means something is cut off or overflowing).
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import {
  brokenImages,
  fillCheckout,
  listingsForSlot,
  newUser,
  registerThroughUi,
  scrollThrough,
  addToCartOnProductPage,
} from './support/app.ts';
import { REPO_ROOT } from './support/storefront.ts';

const OUTPUT = path.join(REPO_ROOT, 'artifacts/screenshots');

async function shoot(page: Page, name: string, width: number) {
  await scrollThrough(page);
  await page.screenshot({ path: path.join(OUTPUT, `${name}-${width}.png`), fullPage: true });
  expect
    .soft(await brokenImages(page), `${name} at ${width} px: images that do not show`)
    .toEqual([]);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect
    .soft(overflow, `${name} at ${width} px: page wider than the screen by ${overflow} px`)
    .toBeLessThanOrEqual(0);
}

for (const [width, slots] of [
  [375, [7, 8]],
  [1280, [9, 10]],
] as const) {
  test(`main pages at ${width} px`, async ({ page, request }, testInfo) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: width < 600 ? 812 : 800 });
    const [bought] = await listingsForSlot(request, slots[0]);
    const [inCart] = await listingsForSlot(request, slots[1]);

    await page.goto('/');
    await expect(
      page.getByRole('region', { name: 'Most Popular This Week' }).getByRole('article').first(),
    ).toBeVisible();
    await shoot(page, 'home', width);

    await page.goto('/products');
    await expect(page.getByText(/^\d+ products available$/)).toBeVisible();
    await shoot(page, 'catalogue', width);

    await page.goto(`/products/${inCart!.product_id}`);
    await expect(page.getByRole('heading', { name: inCart!.title, level: 1 })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'You May Also Like' }).getByRole('article').first(),
    ).toBeVisible();
    await shoot(page, 'product', width);

    await page.goto('/this-page-does-not-exist');
    await expect(page.getByRole('heading', { name: '404 - Not Found' })).toBeVisible();
    await shoot(page, 'not-found', width);

    // Signed in: one order placed, one item left in the cart.
    await registerThroughUi(page, newUser(testInfo, 'screens'));
    await page.goto(`/products/${bought!.product_id}`);
    await addToCartOnProductPage(page, 'Cart, 1 item', { signedIn: true });
    await page.goto('/checkout');
    await (await fillCheckout(page, '4242 4242 4242 4242')).click();
    await expect(page).toHaveURL(/\/order-confirmation\//, { timeout: 15_000 });

    await page.goto(`/products/${inCart!.product_id}`);
    await addToCartOnProductPage(page, 'Cart, 1 item', { signedIn: true });
    await page.goto('/cart');
    await expect(page.getByRole('heading', { name: 'Shopping Cart (1)' })).toBeVisible();
    await shoot(page, 'cart', width);

    await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await expect(page.getByRole('heading', { name: 'Shipping information' })).toBeVisible();
    await shoot(page, 'checkout', width);

    await page.goto('/orders');
    await expect(page.getByRole('link', { name: 'View order details' })).toBeVisible();
    await shoot(page, 'orders', width);

    await page.goto('/create-listing');
    await expect(page.getByRole('form', { name: 'Step 1 of 3' })).toBeVisible();
    await shoot(page, 'create-listing', width);
  });
}
