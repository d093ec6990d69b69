/**
 * Reviews (docs/product.md §12): a shipment is brought to completed through the API (the seller
 * lists, the buyer pays with the simulated card, the seller ships, the buyer says everything is
 * OK); then the buyer reviews the seller in the browser, and the seller's public profile, reached
 * from the product page, shows the rating and the review.
 */
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { newUser, signInThroughUi, SHIPPING, type TestUser } from './support/app.ts';

const EMULATOR = process.env.FIREBASE_AUTH_EMULATOR_HOST?.trim() || '127.0.0.1:9099';

interface Account extends TestUser {
  uid: string;
  idToken: string;
}

/** Signs up on the Auth emulator and registers with the storefront, as the sign-up screen does. */
async function account(request: APIRequestContext, user: TestUser): Promise<Account> {
  const emulator = (method: string, data: Record<string, unknown>) =>
    request
      .post(`http://${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=any`, {
        data,
      })
      .then(async (res) => {
        expect(res.ok(), `emulator ${method}`).toBe(true);
        return res.json();
      });
  const signedUp = await emulator('signUp', {
    email: user.email,
    password: user.password,
    returnSecureToken: true,
  });
  await emulator('update', {
    idToken: signedUp.idToken,
    displayName: user.displayName,
    returnSecureToken: true,
  });
  const signedIn = await emulator('signInWithPassword', {
    email: user.email,
    password: user.password,
    returnSecureToken: true,
  });
  const me = { ...user, uid: signedUp.localId as string, idToken: signedIn.idToken as string };
  const registered = await call(request, me, 'POST', '/api/users/register', {
    uid: me.uid,
    email: me.email,
    display_name: me.displayName,
  });
  expect(registered.status).toBe(201);
  return me;
}

async function call(
  request: APIRequestContext,
  who: Account,
  method: 'POST' | 'PUT',
  path: string,
  data?: unknown,
) {
  const res = await request.fetch(path, {
    method,
    headers: { authorization: `Bearer ${who.idToken}` },
    ...(data === undefined ? {} : { data }),
  });
  return { status: res.status(), body: await res.json().catch(() => null) };
}

test('a buyer reviews the seller of a completed shipment; the profile shows the rating', async ({
  page,
  request,
}, testInfo) => {
  const seller = await account(request, newUser(testInfo, 'seller'));
  const buyer = await account(request, newUser(testInfo, 'buyer'));

  // The seller lists a jacket; the buyer orders and pays it with the simulated card.
  const brand = await call(request, seller, 'POST', '/api/brands/find-or-create', {
    name: 'Review Test Brand',
  });
  const title = `Waxed field jacket ${seller.uid.slice(0, 5)}`;
  const listing = await call(request, seller, 'POST', '/api/products', {
    title,
    price: 48,
    description: 'Waxed cotton, re-proofed last winter.',
    brand_id: brand.body.id,
    category_id: 5,
    condition_ids: 3,
    size_ids: [3],
    color_ids: [2],
    image: '/images/garments/outerwear-green.svg',
    stock: 1,
  });
  expect(listing.status, JSON.stringify(listing.body)).toBe(201);
  const productId = listing.body.product_id as string;
  const placed = await call(request, buyer, 'POST', '/api/orders', {
    userId: buyer.uid,
    orderItems: [{ productId, quantity: 1, unitPrice: 48 }],
    shippingInfo: { ...SHIPPING, email: buyer.email },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const confirmed = await call(request, buyer, 'POST', '/api/payments/simulated/confirm', {
    clientSecret: placed.body.clientSecret,
    card: { number: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123' },
  });
  expect(confirmed.status).toBe(200);
  const orderId = placed.body.order.id as string;
  const paid = await call(request, buyer, 'PUT', `/api/orders/${orderId}/update-payment`, {
    stripePaymentId: placed.body.paymentIntentId,
  });
  expect(paid.status).toBe(200);

  // The seller ships and marks it delivered; the buyer says everything is OK.
  const shipmentId = `${orderId}.${seller.uid}`;
  const steps: Array<[Account, string, unknown]> = [
    [seller, 'ship', { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' }],
    [seller, 'delivered', undefined],
    [buyer, 'complete', undefined],
  ];
  for (const [who, step, body] of steps) {
    const res = await call(request, who, 'POST', `/api/shipments/${shipmentId}/${step}`, body);
    expect(res.status, `${step}: ${JSON.stringify(res.body)}`).toBe(200);
  }

  // The buyer signs in and reviews the seller.
  await page.goto(`/shipments/${encodeURIComponent(shipmentId)}/review`);
  await signInThroughUi(page, buyer);
  await expect(page).toHaveURL(/\/review$/);
  const section = page.getByRole('region', { name: 'Review the seller' });
  await expect(section).toBeVisible();
  await section.locator('label', { hasText: '4 stars: Very good' }).click();
  await expect(section.getByRole('radio', { name: '4 stars: Very good' })).toBeChecked();
  const text = 'Jacket as described, <b>well packed</b> and quick to ship.';
  await section.getByLabel('Your review (optional)').fill(text);
  await section.getByRole('button', { name: 'Leave review' }).click();
  await expect(section.getByText('Your review', { exact: true })).toBeVisible();
  await expect(section.getByText(text)).toBeVisible();
  await expect(section.getByRole('button', { name: 'Change your review' })).toBeVisible();

  // The product page names the seller with the rating and links to the profile.
  await page.goto(`/products/${productId}`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Rated 4.0 out of 5' })).toBeVisible();
  await page.getByRole('link', { name: seller.displayName }).click();
  await expect(page).toHaveURL(new RegExp(`/sellers/${seller.uid}$`));
  await expect(page.getByRole('heading', { level: 1, name: seller.displayName })).toBeVisible();
  const rating = page.getByTestId('seller-rating');
  await expect(rating).toContainText('4.0');
  await expect(rating).toContainText('(1 review)');
  await expect(page.getByText('1 item sold')).toBeVisible();
  // The text is shown as text: the markup in it is not rendered.
  await expect(page.getByText(text)).toBeVisible();
  await expect(page.locator('.review-item__text b')).toHaveCount(0);
  await expect(page.locator('.review-item__author')).toHaveText(buyer.displayName);

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({
      path: testInfo.outputPath(`seller-profile-${width}.png`),
      fullPage: true,
    });
  }
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
