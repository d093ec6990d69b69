/**
 * axe-core on the main pages: no serious or critical violation. Every violation found (of any
 * impact) is attached to the test's report so minor ones are visible too.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './support/test.ts';
import {
  listingsForSlot,
  newUser,
  registerThroughUi,
  addToCartOnProductPage,
} from './support/app.ts';

async function expectNoSeriousViolations(page: Page, testInfo: TestInfo) {
  const results = await new AxeBuilder({ page }).analyze();
  const all = results.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    targets: v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)}`),
  }));
  const where = new URL(page.url()).pathname;
  for (const v of all) console.log(`[axe] ${where} ${v.impact} ${v.id}: ${v.targets.join(' | ')}`);
  await testInfo.attach('axe-violations.json', {
    body: JSON.stringify(all, null, 2),
    contentType: 'application/json',
  });
  const blocking = all.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(blocking, `serious or critical axe violations on ${where}`).toEqual([]);
}

test('home page', async ({ page }, testInfo) => {
  await page.goto('/');
  await expect(
    page.getByRole('region', { name: 'Most Popular This Week' }).getByRole('article').first(),
  ).toBeVisible();
  await expectNoSeriousViolations(page, testInfo);
});

test('catalogue', async ({ page }, testInfo) => {
  await page.goto('/products');
  await expect(page.getByText(/^\d+ products available$/)).toBeVisible();
  await expectNoSeriousViolations(page, testInfo);
});

test('product page', async ({ page, request }, testInfo) => {
  const [listing] = await listingsForSlot(request, 5);
  await page.goto(`/products/${listing!.product_id}`);
  await expect(page.getByRole('heading', { name: listing!.title, level: 1 })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'You May Also Like' }).getByRole('article').first(),
  ).toBeVisible();
  await expectNoSeriousViolations(page, testInfo);
});

test('cart page with an item', async ({ page, request }, testInfo) => {
  const [listing] = await listingsForSlot(request, 5);
  await page.goto(`/products/${listing!.product_id}`);
  await addToCartOnProductPage(page, 'Cart, 1 item', { signedIn: false });
  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: 'Shopping Cart (1)' })).toBeVisible();
  await expectNoSeriousViolations(page, testInfo);
});

test('login page', async ({ page }, testInfo) => {
  await page.goto('/login');
  await expect(page.getByRole('form', { name: 'Sign in with email' })).toBeVisible();
  await expectNoSeriousViolations(page, testInfo);
});

test('checkout, shipping and payment steps', async ({ page, request }, testInfo) => {
  const [listing] = await listingsForSlot(request, 6);
  await registerThroughUi(page, newUser(testInfo, 'axe'));
  await page.goto(`/products/${listing!.product_id}`);
  await addToCartOnProductPage(page, 'Cart, 1 item', { signedIn: true });
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Shipping information' })).toBeVisible();
  await expectNoSeriousViolations(page, testInfo);

  for (const [label, value] of [
    ['Full name', 'Ada Buyer'],
    ['Address', '12 Market Street'],
    ['City', 'Springfield'],
    ['State', 'IL'],
    ['ZIP code', '62701'],
  ]) {
    await page.getByLabel(label!, { exact: true }).fill(value!);
  }
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByLabel('Card number')).toBeVisible();
  await expectNoSeriousViolations(page, testInfo);
});
