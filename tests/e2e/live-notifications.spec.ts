/**
 * Live notifications (docs/product.md §11.7), with the buyer and the seller in two browsers: the
 * seller's open notifications page shows the sale the moment the buyer pays, and the buyer's
 * bell counts the shipment the moment the seller ships it, neither tab reloading. Screenshots of
 * the notification centre at 375 and 1280 px go to artifacts/screenshots/.
 */
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { ShipmentView } from '@rewear/contracts';
import { expect, test } from './support/test.ts';
import {
  accountMenu,
  addToCartOnProductPage,
  fillCheckout,
  newUser,
  registerThroughUi,
  signInThroughUi,
} from './support/app.ts';
import { bell, markDocument, sameDocument, streamOpen } from './support/live.ts';
import { idTokenOf, sellerWithListing } from './support/seller.ts';
import { REPO_ROOT } from './support/storefront.ts';

const OUTPUT = path.join(REPO_ROOT, 'artifacts/screenshots');

test('a sale and a shipment reach the other side live, the bell counting them without a reload', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const seller = newUser(testInfo, 'seller');
  const title = `Silk Scarf ${Math.random().toString(36).slice(2, 7)}`;
  const listing = await sellerWithListing(page.request, seller, { title, price: 24 });

  // The seller signs in elsewhere and leaves the notifications page open.
  const sellerContext = await browser.newContext();
  const sellerPage = await sellerContext.newPage();
  await sellerPage.goto('/login');
  const sellerStream = streamOpen(sellerPage);
  await signInThroughUi(sellerPage, seller);
  await expect(accountMenu(sellerPage, seller)).toBeVisible({ timeout: 20_000 });
  await sellerStream;
  await bell(sellerPage, 0).click();
  await expect(sellerPage.getByText('No notifications yet.')).toBeVisible();
  await markDocument(sellerPage);

  // The buyer registers and pays for the listing.
  const buyer = newUser(testInfo, 'buyer');
  await registerThroughUi(page, buyer);
  await page.goto(`/products/${listing.product_id}`);
  await addToCartOnProductPage(page, 'Cart, 1 item', { signedIn: true });
  await page.goto('/checkout');
  await (await fillCheckout(page, '4242 4242 4242 4242')).click();
  await expect(page).toHaveURL(/\/order-confirmation\/[\w-]+$/, { timeout: 15_000 });
  const orderId = decodeURIComponent(page.url().split('/order-confirmation/')[1]!);

  // The seller's open page shows the sale, as new, and the bell counts it.
  const sellerList = sellerPage.getByRole('list', { name: 'Notifications' });
  await expect(sellerList).toContainText(`You sold “${title}” for $24.00`);
  await expect(sellerList.getByRole('listitem').first()).toContainText('New sale');
  await expect(sellerList.getByRole('link', { name: 'View sales' })).toBeVisible();
  await expect(bell(sellerPage, 1)).toBeVisible();
  expect(await sameDocument(sellerPage)).toBe(true);

  // The buyer stays on the order page while the seller ships through the API.
  await expect(bell(page, 0)).toBeVisible();
  await markDocument(page);
  const token = await idTokenOf(seller);
  const headers = { authorization: `Bearer ${token}` };
  const sales = (await (
    await page.request.get('/api/sales', { headers })
  ).json()) as ShipmentView[];
  const shipment = sales.find((s) => s.orderId === orderId)!;
  expect(shipment, 'the sale is listed').toBeDefined();
  const shipped = await page.request.post(`/api/shipments/${shipment.shipmentId}/ship`, {
    headers,
    data: { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
  });
  expect(shipped.status(), await shipped.text()).toBe(200);

  await expect(bell(page, 1)).toBeVisible();
  expect(await sameDocument(page)).toBe(true);

  // Opening the centre shows it with its kind, then counts it read.
  await bell(page, 1).click();
  const buyerList = page.getByRole('list', { name: 'Notifications' });
  const item = buyerList.getByRole('listitem').first();
  await expect(item).toContainText('Shipped');
  await expect(item).toContainText('1Z999AA10123456784');
  await expect(item.getByRole('link', { name: 'View order' })).toHaveAttribute(
    'href',
    `/order-confirmation/${encodeURIComponent(orderId)}`,
  );
  await expect(bell(page, 0)).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
    'axe on /notifications',
  ).toEqual([]);

  for (const [who, shot] of [
    [sellerPage, 'notifications-live-seller'],
    [page, 'notifications-live-buyer'],
  ] as const) {
    const original = who.viewportSize();
    for (const width of [375, 1280]) {
      await who.setViewportSize({ width, height: width < 600 ? 812 : 800 });
      await who.screenshot({ path: path.join(OUTPUT, `${shot}-${width}.png`), fullPage: true });
      const overflow = await who.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect.soft(overflow, `${shot} at ${width} px`).toBeLessThanOrEqual(0);
    }
    if (original) await who.setViewportSize(original);
  }
  await sellerContext.close();
});
