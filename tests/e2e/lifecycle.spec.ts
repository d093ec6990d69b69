/**
 * After payment (docs/product.md §11), with the buyer and the seller in two browsers: the seller
 * ships from My Sales, the buyer follows the package and confirms, the seller's money moves from
 * pending to available; and a problem reported after delivery ends in an accepted return and a
 * refund both sides see. After the completed sale, both leave a review and the seller's public
 * profile shows the rating, on the profile and on the card of the listing still for sale.
 * Screenshots of My Sales, My Orders, the order page and the seller profile at 375 and 1280 px are
 * saved under artifacts/screenshots/.
 */
import type { Browser, Page, TestInfo } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { expectAccessible, shootAtBothWidths } from './support/checks.ts';
import {
  accountMenu,
  addToCartOnProductPage,
  dollars,
  fillCheckout,
  newUser,
  registerThroughUi,
  signInThroughUi,
  SHIPPING,
  type TestUser,
} from './support/app.ts';
import { sellerWithListing } from './support/seller.ts';

/** Full-page pictures at a phone and a desktop width; neither may be wider than the screen. */

/** axe-core: no serious or critical violation on the page as it stands (forms and buttons included). */

/**
 * A seller with a listing of their own (`stock` units); the buyer registers and pays for one
 * by card.
 */
async function paidSale(page: Page, browser: Browser, testInfo: TestInfo, stock = 1) {
  const seller = newUser(testInfo, 'seller');
  const title = `Wool Coat ${Math.random().toString(36).slice(2, 7)}`;
  const listing = await sellerWithListing(page.request, seller, { title, price: 35, stock });

  const buyer = newUser(testInfo, 'buyer');
  await registerThroughUi(page, buyer);
  await page.goto(`/products/${listing.product_id}`);
  await addToCartOnProductPage(page, 'Cart, 1 item', { signedIn: true });
  await page.goto('/checkout');
  await (await fillCheckout(page, '4242 4242 4242 4242')).click();
  await expect(page).toHaveURL(/\/order-confirmation\/[\w-]+$/, { timeout: 15_000 });
  const orderId = decodeURIComponent(page.url().split('/order-confirmation/')[1]!);

  const sellerContext = await browser.newContext();
  const sellerPage = await sellerContext.newPage();
  await sellerPage.goto('/login');
  await signInThroughUi(sellerPage, seller);
  await expect(accountMenu(sellerPage, seller)).toBeVisible({ timeout: 20_000 });
  return { seller, buyer, listing, orderId, sellerPage, close: () => sellerContext.close() };
}

async function openMySales(page: Page, seller: TestUser) {
  await accountMenu(page, seller).click();
  await page.getByRole('menuitem', { name: 'Your Sales' }).click();
  await expect(page).toHaveURL(/\/sales$/);
  await expect(page.getByRole('heading', { name: 'My Sales', level: 1 })).toBeVisible();
}

const saleCard = (page: Page, orderId: string) =>
  page.getByRole('article', { name: `Order #${orderId}` });
const buyerPackage = (page: Page) => page.getByRole('article', { name: 'Your package' });
const badge = (card: ReturnType<Page['getByRole']>) => card.locator('.rw-shipment__badges');

test('the seller ships with a tracking number, the buyer confirms, the money becomes available', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  // Two in stock: one is sold, the other stays for sale on the seller's profile.
  const { seller, buyer, listing, orderId, sellerPage, close } = await paidSale(
    page,
    browser,
    testInfo,
    2,
  );
  const price = dollars(listing.price);

  // The buyer's order page: the package awaits shipment and can still be cancelled.
  const parcel = buyerPackage(page);
  await expect(badge(parcel)).toHaveText('Awaiting shipment');
  await expect(parcel).toContainText(listing.title);
  await expect(parcel.getByRole('button', { name: 'Cancel order' })).toBeVisible();
  await expectAccessible(page);

  // The seller's My Sales: the sale with the buyer's address, the money pending.
  await openMySales(sellerPage, seller);
  const sale = saleCard(sellerPage, orderId);
  await expect(badge(sale)).toHaveText('Awaiting shipment');
  await expect(sale).toContainText(listing.title);
  await expect(sale).toContainText(SHIPPING.address);
  await expect(sale).toContainText(`${SHIPPING.city}, ${SHIPPING.state} ${SHIPPING.zip}`);
  await expect(sellerPage.getByTestId('balance-pending')).toHaveText(price);
  await expect(sellerPage.getByTestId('balance-available')).toHaveText('$0.00');
  await shootAtBothWidths(sellerPage, 'my-sales-awaiting-shipment');
  await expectAccessible(sellerPage);

  // Shipping needs both fields; then it is shipped with its tracking number.
  const shipForm = sale.getByRole('form', { name: 'Ship this order' });
  await shipForm.getByRole('button', { name: 'Mark as shipped' }).click();
  await expect(shipForm).toContainText('Please name the carrier');
  await shipForm.getByLabel('Carrier').fill('UPS');
  await shipForm.getByLabel('Tracking number').fill('1Z999AA10123456784');
  await shipForm.getByRole('button', { name: 'Mark as shipped' }).click();
  await expect(badge(sale)).toHaveText('Shipped');
  await expect(sale).toContainText('1Z999AA10123456784');
  await expect(sale.getByRole('form', { name: 'Ship this order' })).toHaveCount(0);

  // The buyer's page still offers to cancel: the server refuses, its reason shows, and the
  // package is read again, now shipped with its tracking number.
  await parcel.getByRole('button', { name: 'Cancel order' }).click();
  await page
    .getByRole('dialog', { name: 'Cancel this order?' })
    .getByRole('button', { name: 'Cancel and refund' })
    .click();
  await expect(parcel.getByRole('alert')).toHaveText(
    /This order has already shipped and is not delivered yet/,
  );
  await expect(badge(parcel)).toHaveText('Shipped');
  await expect(parcel).toContainText('UPS');
  await expect(parcel).toContainText('1Z999AA10123456784');
  await expect(parcel.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  await parcel.getByRole('button', { name: 'Dismiss' }).click();

  // Receipt, then "Everything is OK" (it asks first).
  await parcel.getByRole('button', { name: 'Confirm receipt' }).click();
  await expect(badge(parcel)).toHaveText('Delivered');
  await parcel.getByRole('button', { name: 'Everything is OK' }).click();
  const dialog = page.getByRole('dialog', { name: 'Everything is OK?' });
  await expect(dialog).toContainText(`${price} is released to the seller`);
  await dialog.getByRole('button', { name: 'Yes, everything is OK' }).click();
  await expect(badge(parcel)).toHaveText('Completed');
  await expect(parcel.getByRole('button')).toHaveCount(0);
  await expect(parcel.getByRole('link', { name: 'Review the seller' })).toHaveAttribute(
    'href',
    /^\/shipments\/[^/]+\/review$/,
  );
  // The order's timeline follows its package: shipped, then delivered.
  const timeline = page.getByRole('region', { name: 'Order status' });
  await expect(timeline).toContainText('Shipped');
  await expect(timeline).toContainText(/Delivered \w+ \d+, \d{4}/);
  await shootAtBothWidths(page, 'order-page-completed');

  // My Orders shows the same package.
  await page.goto('/orders');
  const order = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: `Order #${orderId}` }) });
  await expect(badge(order.getByRole('article', { name: 'Your package' }))).toHaveText('Completed');

  // The seller's money moved from pending to available.
  await sellerPage.getByRole('button', { name: 'Refresh' }).click();
  await expect(badge(sale)).toHaveText('Completed');
  await expect(sale.getByRole('link', { name: 'Review the buyer' })).toBeVisible();
  await expect(sellerPage.getByTestId('balance-pending')).toHaveText('$0.00');
  await expect(sellerPage.getByTestId('balance-available')).toHaveText(price);
  await expect(sellerPage.getByRole('region', { name: 'Balance' })).toContainText(
    'Released to your balance',
  );
  await shootAtBothWidths(sellerPage, 'my-sales-completed');

  // Each step reached the other party (docs/product.md §11.6): the buyer heard of the shipping,
  // the seller of the sale, the receipt and the money; opening the list marks them read.
  await page.getByRole('link', { name: 'Notifications, 1 unread' }).click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByRole('list', { name: 'Notifications' })).toContainText(
    'has shipped with UPS, tracking number 1Z999AA10123456784',
  );
  await expect(page.getByRole('link', { name: 'Notifications, 0 unread' })).toBeVisible();
  await sellerPage.getByRole('link', { name: /^Notifications, \d+ unread$/ }).click();
  const sellerNotes = sellerPage.getByRole('list', { name: 'Notifications' });
  await expect(sellerNotes.getByRole('listitem')).toHaveCount(3);
  await expect(sellerNotes).toContainText(`You sold “${listing.title}” for ${price}`);
  await expect(sellerNotes).toContainText(`The buyer received “${listing.title}”`);
  await expect(sellerPage.getByRole('link', { name: 'Notifications, 0 unread' })).toBeVisible();
  await expectAccessible(sellerPage);

  // Both review the other (docs/product.md §12): the buyer from the order page ...
  await page.goto(`/order-confirmation/${encodeURIComponent(orderId)}`);
  await buyerPackage(page).getByRole('link', { name: 'Review the seller' }).click();
  await expect(page).toHaveURL(/\/shipments\/[^/]+\/review$/);
  const buyersReviewPage = page.url();
  const buyersReview = page.getByRole('region', { name: 'Review the seller' });
  await buyersReview.locator('label', { hasText: '5 stars: Excellent' }).click();
  await buyersReview.getByLabel('Your review (optional)').fill('Warm coat, exactly as described.');
  await buyersReview.getByRole('button', { name: 'Leave review' }).click();
  await expect(buyersReview.getByText('Your review', { exact: true })).toBeVisible();

  // ... and the seller from My Sales.
  await openMySales(sellerPage, seller);
  await saleCard(sellerPage, orderId).getByRole('link', { name: 'Review the buyer' }).click();
  await expect(sellerPage).toHaveURL(/\/shipments\/[^/]+\/review$/);
  const sellersReview = sellerPage.getByRole('region', { name: 'Review the buyer' });
  // The buyer's review is there for the seller to read.
  await expect(sellersReview).toContainText('Warm coat, exactly as described.');
  await sellersReview.locator('label', { hasText: '4 stars: Very good' }).click();
  await sellersReview.getByLabel('Your review (optional)').fill('Paid at once, friendly.');
  await sellersReview.getByRole('button', { name: 'Leave review' }).click();
  await expect(sellersReview.getByText('Your review', { exact: true })).toBeVisible();

  // The seller's public profile shows the rating, the review, and the coat still for sale
  // with its seller's rating on the card.
  await page.goto(`/products/${listing.product_id}`);
  await page.getByRole('link', { name: seller.displayName }).click();
  await expect(page).toHaveURL(new RegExp(`/sellers/${listing.seller_id}$`));
  await expect(page.getByRole('heading', { level: 1, name: seller.displayName })).toBeVisible();
  await expect(page.getByTestId('seller-rating')).toContainText('5.0');
  await expect(page.getByTestId('seller-rating')).toContainText('(1 review)');
  await expect(page.getByText('Warm coat, exactly as described.')).toBeVisible();
  await expect(page.locator('.review-item__author')).toHaveText(buyer.displayName);
  await expect(page.getByText('1 item sold')).toBeVisible();
  const card = page.getByRole('article').filter({ hasText: listing.title });
  await expect(
    card.getByRole('img', { name: 'Seller rated 5.0 out of 5 (1 review)' }),
  ).toBeVisible();
  await shootAtBothWidths(page, 'seller-profile');
  await expectAccessible(page);

  // The seller's review reached the buyer, beside their own.
  await page.goto(buyersReviewPage);
  const theirs = page.locator('.shipment-review__theirs');
  await expect(theirs).toContainText('The seller’s review of you');
  await expect(theirs).toContainText('Paid at once, friendly.');
  await expect(theirs.getByRole('img', { name: '4 out of 5 stars' })).toBeVisible();
  await close();
});

test('a problem reported after delivery ends in an accepted return, refunded on both sides', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const { seller, listing, orderId, sellerPage, close } = await paidSale(page, browser, testInfo);
  const price = dollars(listing.price);

  // The seller ships and marks the package delivered.
  await openMySales(sellerPage, seller);
  const sale = saleCard(sellerPage, orderId);
  const shipForm = sale.getByRole('form', { name: 'Ship this order' });
  await shipForm.getByLabel('Carrier').fill('USPS');
  await shipForm.getByLabel('Tracking number').fill('9400111899223856');
  await shipForm.getByRole('button', { name: 'Mark as shipped' }).click();
  await expect(badge(sale)).toHaveText('Shipped');
  await sale.getByRole('button', { name: 'Mark as delivered' }).click();
  await expect(badge(sale)).toHaveText('Delivered');

  // The buyer, on My Orders, reports a problem.
  await page.goto('/orders');
  const order = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: `Order #${orderId}` }) });
  const parcel = order.getByRole('article', { name: 'Your package' });
  await expect(badge(parcel)).toHaveText('Delivered');
  await parcel.getByRole('button', { name: 'Report a problem' }).click();
  const report = parcel.getByRole('form', { name: 'Report a problem' });
  await report.getByLabel('What is wrong?').selectOption({ label: 'Damaged' });
  await report.getByLabel('Describe the problem').fill('The left sleeve is torn at the seam.');
  await expect(report).toContainText('36/1000 characters');
  await expectAccessible(page);
  await report.getByRole('button', { name: 'Send report' }).click();
  await expect(badge(parcel)).toHaveText('On hold');
  await expect(parcel).toContainText('Problem reported: Damaged');

  // The seller sees the report and accepts the return.
  await sellerPage.getByRole('button', { name: 'Refresh' }).click();
  await expect(badge(sale)).toHaveText('On hold');
  await expect(sale).toContainText('The left sleeve is torn at the seam.');
  await expect(sale.getByRole('button', { name: 'Dispute' })).toBeVisible();
  await sale.getByRole('button', { name: 'Accept return' }).click();
  await sellerPage
    .getByRole('dialog', { name: 'Accept the return?' })
    .getByRole('button', { name: 'Accept and refund' })
    .click();
  await expect(badge(sale)).toHaveText('Refunded');
  await expect(sale).toContainText(`${price} was refunded to the buyer.`);
  await expect(sellerPage.getByTestId('balance-pending')).toHaveText('$0.00');
  await expect(sellerPage.getByTestId('balance-available')).toHaveText('$0.00');
  await expect(sellerPage.getByRole('region', { name: 'Balance' })).toContainText(
    'Refunded to the buyer',
  );
  await shootAtBothWidths(sellerPage, 'my-sales-refunded');

  // The buyer sees the refund, on My Orders and on the order page.
  await page.reload();
  await expect(badge(parcel)).toHaveText('Refunded');
  await expect(parcel).toContainText(`${price} is refunded to your card.`);
  await shootAtBothWidths(page, 'my-orders-refunded');
  await page.goto(`/order-confirmation/${encodeURIComponent(orderId)}`);
  await expect(badge(buyerPackage(page))).toHaveText('Refunded');
  await expect(buyerPackage(page)).toContainText(`${price} is refunded to your card.`);
  await shootAtBothWidths(page, 'order-page-refunded');
  await close();
});
