/**
 * A payment that arrives after its order's hold lapsed is refunded in full (docs/product.md
 * §11.4): the buyer's open notification centre hears of it live, and My Orders and the order
 * page say 'Refunded $48.00'. The journey runs on a storefront of its own whose orders hold
 * their items for a few seconds only. Screenshots of My Orders at 375 and 1280 px go to
 * artifacts/screenshots/.
 */
import path from 'node:path';
import type { OrderCreated } from '@rewear/contracts';
import { expect, test } from './support/test.ts';
import { addToCartOnProductPage, fillCheckout, newUser, registerThroughUi } from './support/app.ts';
import { bell, markDocument, sameDocument, streamOpen } from './support/live.ts';
import { sellerWithListing } from './support/seller.ts';
import { REPO_ROOT, startStorefront, type Storefront } from './support/storefront.ts';

const OUTPUT = path.join(REPO_ROOT, 'artifacts/screenshots');
const HOLD_MS = 8_000;

let storefront: Storefront;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  storefront = await startStorefront({
    seedListings: 20,
    env: {
      RESERVATION_TTL_MS: String(HOLD_MS),
      RATE_LIMIT_PER_ADDRESS: '100000/1m',
      RATE_LIMIT_PER_USER: '100000/1m',
    },
  });
});
test.afterAll(async () => {
  await storefront?.stop();
});

test('a payment arriving after the hold lapsed is refunded, and My Orders says so', async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL: storefront.url });
  try {
    const page = await context.newPage();
    const seller = newUser(testInfo, 'seller');
    const title = `Corduroy Jacket ${Math.random().toString(36).slice(2, 7)}`;
    const listing = await sellerWithListing(page.request, seller, { title, price: 48 });

    // The buyer places the order but leaves at the payment step (an incomplete card number).
    const buyer = newUser(testInfo, 'latepayer');
    await registerThroughUi(page, buyer);
    await page.goto(`/products/${listing.product_id}`);
    await addToCartOnProductPage(page, 'Cart, 1 item', { signedIn: true });
    await page.goto('/checkout');
    const pay = await fillCheckout(page, '4242 4242');
    const placed = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/orders',
    );
    await pay.click();
    const { clientSecret } = (await (await placed).json()) as OrderCreated;
    await expect(page.getByRole('alert')).toHaveText('Your card number is incomplete.');

    // The notification centre stays open while the payment goes through too late: the
    // processor (here the simulated one, as Stripe.js would) takes it after the hold lapsed.
    const stream = streamOpen(page);
    await page.goto('/notifications');
    await stream;
    await markDocument(page);
    await page.waitForTimeout(HOLD_MS + 1_000);
    const confirmed = await page.request.post('/api/payments/simulated/confirm', {
      data: {
        clientSecret,
        card: { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' },
      },
    });
    expect(confirmed.status(), await confirmed.text()).toBe(200);

    const alert = page.getByRole('list', { name: 'Notifications' }).getByRole('listitem').first();
    await expect(alert).toContainText(
      'Refunded $48.00: your payment arrived after the order had expired. Please place it again.',
      { timeout: 20_000 },
    );
    await expect(alert).toContainText('Payment refunded');
    await expect(bell(page, 1)).toBeVisible();
    expect(await sameDocument(page), 'the alert arrived without a reload').toBe(true);

    await page.goto('/orders');
    const notCompleted = page.getByRole('region', { name: /Not completed/ });
    const order = notCompleted.getByRole('listitem').filter({ hasText: title }).first();
    await expect(order).toContainText('This order was not paid in time');
    await expect(order.locator('.rw-order__refund')).toHaveText('Refunded $48.00');
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({
        path: path.join(OUTPUT, `orders-refunded-${width}.png`),
        fullPage: true,
      });
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    await order.getByRole('link', { name: 'View order details' }).click();
    await expect(page.getByRole('heading', { name: 'Order expired' })).toBeVisible();
    await expect(page.locator('.rw-order__refund')).toHaveText('RefundRefunded $48.00');
  } finally {
    await context.close();
  }
});
