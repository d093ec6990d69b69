/**
 * My Orders (docs/product.md §2.18): an order left unpaid is kept apart as awaiting payment and
 * can be paid from there while it holds its items; only a paid order is thanked for.
 */
import type { Locator } from '@playwright/test';
import { expect, test } from './support/test.ts';
import {
  dollars,
  fillCheckout,
  listingsForSlot,
  newUser,
  registerThroughUi,
  addToCartOnProductPage,
} from './support/app.ts';

/** How many lines the text of `element` takes on screen. */
const linesOf = (element: Locator) =>
  element.evaluate((node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });

test('an unpaid order is resumed and paid from My Orders', async ({ page, request }, testInfo) => {
  const [listing] = await listingsForSlot(request, 12);
  const user = newUser(testInfo, 'resumer');
  await registerThroughUi(page, user);

  // Card details that never reach the processor leave the order placed but unpaid (as a shopper
  // who leaves at the payment step would); a declined card would fail it instead.
  await page.goto(`/products/${listing!.product_id}`);
  await addToCartOnProductPage(page, 'Cart, 1 item', { signedIn: true });
  await page.goto('/checkout');
  const pay = await fillCheckout(page, '4242 4242');
  await pay.click();
  await expect(page.getByRole('alert')).toHaveText('Your card number is incomplete.');

  await page.goto('/orders');
  await expect(page.getByText('Your purchase history · 1 order')).toBeVisible();
  const awaiting = page.getByRole('region', { name: /Awaiting payment/ });
  await expect(awaiting.getByRole('heading', { name: 'Awaiting payment (1)' })).toBeVisible();
  const order = awaiting
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3 }) });
  await expect(order).toContainText(listing!.title);
  await expect(order).toContainText(`1 × ${dollars(listing!.price)}`);
  await expect(order.locator('.rw-badge')).toHaveText('Awaiting payment');
  await expect(order).toContainText(/Your items are held until \d{1,2}:\d{2} [AP]M/);
  await expect(page.getByRole('region', { name: /Placed orders/ })).toHaveCount(0);

  // Its page says it is not paid yet, and leads to the payment too.
  const orderId = (await order.getByRole('heading', { level: 3 }).textContent())!.replace(
    'Order #',
    '',
  );
  await order.getByRole('link', { name: 'View order details' }).click();
  await expect(page.getByRole('heading', { name: 'Awaiting payment', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toHaveCount(0);
  await page.goBack();

  await page.getByRole('link', { name: `Pay now for order #${orderId}` }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${orderId}/pay$`));
  await expect(page.getByRole('heading', { name: 'Pay for your order', level: 1 })).toBeVisible();
  await expect(page.getByRole('complementary')).toContainText(listing!.title);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel(/Expiry/).fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: `Pay ${dollars(listing!.price)}` }).click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();

  await expect(page).toHaveURL(new RegExp(`/order-confirmation/${orderId}$`), { timeout: 15_000 });
  await expect(
    page.getByRole('heading', { name: 'Thank you for your order!', level: 1 }),
  ).toBeVisible();
  // The order's own badge; its package below has one of its own.
  await expect(page.getByRole('region', { name: 'Order details' }).locator('.rw-badge')).toHaveText(
    'Paid',
  );

  await page.goto('/orders');
  const placed = page.getByRole('region', { name: /Placed orders/ });
  await expect(placed.getByRole('heading', { name: 'Placed orders (1)' })).toBeVisible();
  await expect(placed).toContainText(listing!.title);
  await expect(page.getByRole('region', { name: /Awaiting payment/ })).toHaveCount(0);

  // On a phone the order's long number keeps to one line, cut short, its whole in the tooltip.
  await page.setViewportSize({ width: 375, height: 812 });
  const title = placed.getByRole('heading', { name: `Order #${orderId}`, level: 3 });
  await expect(title).toHaveAttribute('title', `Order #${orderId}`);
  expect(await linesOf(title)).toBe(1);
  const pkg = placed.getByRole('article').first();
  await expect(pkg).toBeVisible();
  expect(await linesOf(pkg.getByRole('heading').first())).toBe(1);
  await page.goto(`/order-confirmation/${orderId}`);
  const number = page.locator('.rw-confirmation__hero .order-number');
  await expect(number).toHaveText(`#${orderId}`);
  expect(await linesOf(number)).toBe(1);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
});
