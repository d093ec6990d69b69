/**
 * Buying: a visitor's cart survives registration, a 4242 card pays and the order shows up;
 * a declined card shows the processor's message and places nothing; another card typed on the
 * same screen after a decline pays a fresh order, charged once and never refunded.
 */
import type { OrderCreated, OrderRow } from '@rewear/contracts';
import { expect, test } from './support/test.ts';
import {
  accountMenu,
  dollars,
  fillCheckout,
  listingsForSlot,
  newUser,
  registerThroughUi,
  addToCartOnProductPage,
} from './support/app.ts';
import { idTokenOf, sellerWithListing } from './support/seller.ts';

test('a visitor cart is carried over at registration, paid by card and listed in My Orders', async ({
  page,
  request,
}, testInfo) => {
  const [listing] = await listingsForSlot(request, 1);
  const user = newUser(testInfo, 'buyer');

  // As a visitor: add to cart from the product page.
  await page.goto(`/products/${listing!.product_id}`);
  await expect(page.getByRole('heading', { name: listing!.title, level: 1 })).toBeVisible();
  await addToCartOnProductPage(page, 'Cart, 1 item', { signedIn: false });
  await page.getByRole('button', { name: '(1) View Cart' }).click();
  const drawer = page.getByRole('dialog', { name: 'Shopping Cart (1)' });
  await expect(drawer.getByRole('link', { name: listing!.title }).last()).toBeVisible();
  // What checkout charges: shipping is free on everything and no tax is added.
  await expect(drawer.getByText('Free shipping on every order • No tax added')).toBeVisible();
  await drawer.getByRole('button', { name: 'Close cart' }).click();

  // Register: the line is still there, now in the server-side cart (it survives a reload).
  await page.getByRole('link', { name: 'Register' }).click();
  await registerThroughUi(page, user);
  await expect(page.getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();
  await page.goto('/cart');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Shopping Cart (1)', level: 1 })).toBeVisible();
  await expect(
    page.locator('.cart-line').getByRole('link', { name: listing!.title }).last(),
  ).toBeVisible();

  const summary = page.getByRole('complementary', { name: 'Order Summary' });
  await expect(summary).toContainText('Shipping on every orderFREE');
  await expect(summary).toContainText('Tax none added$0.00');
  await expect(summary).toContainText(`Total${dollars(listing!.price)}`);

  // Check out with Stripe's succeeding test card.
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  const checkoutSummary = page.getByRole('complementary', { name: 'Order summary' });
  await expect(checkoutSummary).toContainText('ShippingFREE');
  await expect(checkoutSummary).toContainText('Tax$0.00');
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(user.email);
  const pay = await fillCheckout(page, '4242 4242 4242 4242');
  await expect(pay).toHaveText(`Pay ${dollars(listing!.price)}`);
  await pay.click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();

  await expect(page).toHaveURL(/\/order-confirmation\/[\w-]+$/, { timeout: 15_000 });
  const orderId = decodeURIComponent(page.url().split('/order-confirmation/')[1]!);
  await expect(page.getByText(`#${orderId}`)).toBeVisible();
  // The layout's main region (some pages nest their own main inside it).
  await expect(page.getByRole('main').last()).toContainText(listing!.title);
  await expect(page.getByText("We're preparing your order")).toBeVisible();
  await expect(page.locator('.rw-totals__total')).toContainText(dollars(listing!.price));
  await expect(page.getByText('Paid', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cart, 0 items' })).toBeVisible();

  // My Orders, reached through the account menu.
  await accountMenu(page, user).click();
  await page.getByRole('menuitem', { name: 'Your Orders' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  const order = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: `Order #${orderId}` }) });
  await expect(order).toContainText(listing!.title);
  await expect(order).toContainText(dollars(listing!.price));
  await expect(order.getByRole('link', { name: 'View order details' })).toHaveAttribute(
    'href',
    `/order-confirmation/${encodeURIComponent(orderId)}`,
  );

  // The sold item left the catalogue's stock.
  await page.goto(`/products/${listing!.product_id}`);
  await expect(page.locator('.product-detail__info').getByText('Out of Stock')).toBeVisible();
});

test('a declined card shows the processor message and no order is confirmed', async ({
  page,
  request,
}, testInfo) => {
  const [listing] = await listingsForSlot(request, 2);
  const user = newUser(testInfo, 'declined');
  await registerThroughUi(page, user);

  await page.goto(`/products/${listing!.product_id}`);
  await addToCartOnProductPage(page, 'Cart, 1 item', { signedIn: true });
  await page.goto('/checkout');
  const pay = await fillCheckout(page, '4000 0000 0000 0002');
  await pay.click();

  await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toHaveCount(0);
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();
});

test('another card after a decline, on the same screen, pays a fresh order: one charge, no refund', async ({
  page,
}, testInfo) => {
  const seller = newUser(testInfo, 'seller');
  const title = `Linen Shirt ${Math.random().toString(36).slice(2, 7)}`;
  const listing = await sellerWithListing(page.request, seller, { title, price: 31 });
  const user = newUser(testInfo, 'retrier');
  await registerThroughUi(page, user);

  // What the page asks of the server: orders placed, cards tried, payments recorded.
  const answers: Array<{ route: string; status: number; orderId?: string }> = [];
  page.on('response', async (response) => {
    const request = response.request();
    if (request.method() === 'GET') return;
    const { pathname } = new URL(response.url());
    const route =
      pathname === '/api/orders'
        ? 'place'
        : pathname === '/api/payments/simulated/confirm'
          ? 'charge'
          : pathname.endsWith('/update-payment')
            ? 'record'
            : null;
    if (!route) return;
    // Listed in the order the answers came, before the body is read.
    const answer: (typeof answers)[number] = { route, status: response.status() };
    answers.push(answer);
    if (route === 'record') answer.orderId = decodeURIComponent(pathname.split('/')[3]!);
    if (route === 'place') answer.orderId = ((await response.json()) as OrderCreated).order.id;
  });

  await page.goto(`/products/${listing.product_id}`);
  await addToCartOnProductPage(page, 'Cart, 1 item', { signedIn: true });
  await page.goto('/checkout');
  const pay = await fillCheckout(page, '4000 0000 0000 0002');
  await pay.click();
  await expect(page.getByRole('alert')).toHaveText('Your card was declined.');

  // The same screen, another card.
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await pay.click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  await expect(page).toHaveURL(/\/order-confirmation\/[\w-]+$/, { timeout: 15_000 });
  const orderId = decodeURIComponent(page.url().split('/order-confirmation/')[1]!);

  // The declined card charged nothing; the succeeding one was charged once, for a fresh order
  // (the declined one had failed and released the item), and that payment was recorded.
  const [declined, paid] = answers.filter((a) => a.route === 'place');
  expect(answers.map(({ route, status }) => `${route} ${status}`)).toEqual([
    'place 201',
    'charge 402',
    'place 201',
    'charge 200',
    'record 200',
  ]);
  expect(paid!.orderId).toBe(orderId);
  expect(declined!.orderId).not.toBe(orderId);
  expect(answers.at(-1)!.orderId).toBe(orderId);
  await expect(page.getByText('Paid', { exact: true })).toBeVisible();
  await expect(page.getByText('Payment confirmed but failed to update order')).toHaveCount(0);

  // My Orders: the paid order is placed, the declined one did not complete; nothing refunded.
  await page.goto('/orders');
  const placed = page.getByRole('region', { name: /Placed orders/ });
  await expect(placed.getByRole('heading', { name: 'Placed orders (1)' })).toBeVisible();
  await expect(placed.getByRole('heading', { name: `Order #${orderId}` })).toBeVisible();
  const notCompleted = page.getByRole('region', { name: /Not completed/ });
  await expect(notCompleted).toContainText('The payment for this order failed');
  await expect(page.getByText(/Refunded/)).toHaveCount(0);
  const idToken = await idTokenOf(user);
  const uid = (
    JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()) as { user_id: string }
  ).user_id;
  const rows = await page.request.get(`/api/orders/user/${encodeURIComponent(uid)}`, {
    headers: { authorization: `Bearer ${idToken}` },
  });
  expect(rows.status()).toBe(200);
  const statuses = ((await rows.json()) as OrderRow[]).map((row) => [row.status, row.refund]);
  expect(statuses.sort()).toEqual([
    ['paid', null],
    ['payment_failed', null],
  ]);
});
