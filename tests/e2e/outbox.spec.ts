/**
 * What the storefront shows as done is never lost: a command outlives the page that sent it
 * (fetch keepalive, and nginx carries out what it received on the distributed topology), waits in
 * the browser's outbox (IndexedDB) while there is no connection, and is sent again with the same
 * Idempotency-Key on the next page, where the server answers a key it has seen with the first
 * answer. Each test prints its tally.
 */
import type { APIRequestContext, Page, Response } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { newUser, registerThroughUi, SHIPPING, type TestUser } from './support/app.ts';
import { anotherListing, registeredUser, sellerWithListing } from './support/seller.ts';

const info = (page: Page) => page.locator('.product-detail__info');
const addButton = (page: Page) => info(page).getByRole('button', { name: 'Add to Cart' });
const cartButton = (page: Page) => page.getByRole('button', { name: /^Cart, \d+ items?$/ });
/** The outbox's status: how many changes wait for a connection. */
const waiting = (page: Page) =>
  page.getByRole('status').filter({ hasText: 'waiting for a connection' });
const lineQuantity = (page: Page, title: string) =>
  page.getByRole('group', { name: `Quantity of ${title}` }).locator('span');

/** The product page, once the signed-in shopper's server cart is known (the header says so). */
async function openProduct(page: Page, product: { product_id: string; title: string }) {
  await page.goto(`/products/${product.product_id}`);
  await expect(page.getByRole('heading', { name: product.title, level: 1 })).toBeVisible();
  await expect(cartButton(page)).toHaveAttribute('aria-busy', 'false');
}

interface Answer {
  key: string | undefined;
  status: number;
  replayed: boolean;
  position: string | undefined;
}

/** The answers to the add-item commands a page sends. */
function addAnswers(page: Page): Answer[] {
  const answers: Answer[] = [];
  page.on('response', (response: Response) => {
    const request = response.request();
    if (request.method() !== 'POST' || new URL(response.url()).pathname !== '/api/cart/add-item')
      return;
    answers.push({
      key: request.headers()['idempotency-key'],
      status: response.status(),
      replayed: response.headers()['idempotent-replayed'] === 'true',
      position: response.headers()['x-event-position'],
    });
  });
  return answers;
}

/** The consistency tokens the page's reads of the cart carry, in order. */
function cartReads(page: Page): Array<string | undefined> {
  const tokens: Array<string | undefined> = [];
  page.on('request', (request) => {
    if (request.method() === 'GET' && new URL(request.url()).pathname.startsWith('/api/cart/user/'))
      tokens.push(request.headers()['x-consistency-token']);
  });
  return tokens;
}

test('ten times, Add to Cart then a page load at once: the item is in the cart once', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  const seller = newUser(testInfo, 'seller');
  const tag = seller.email.slice(7, 19);
  // Three units each: an add carried out twice would show 2, not a stock refusal.
  const listings = [
    await sellerWithListing(request, seller, {
      title: `Linen shirt ${tag} 0`,
      price: 20,
      stock: 3,
    }),
  ];
  for (let i = 1; i < 10; i += 1)
    listings.push(
      await anotherListing(request, seller, {
        title: `Linen shirt ${tag} ${i}`,
        price: 20,
        stock: 3,
      }),
    );
  await registerThroughUi(page, newUser(testInfo, 'leaver'));

  const outcomes: string[] = [];
  for (const [i, listing] of listings.entries()) {
    await openProduct(page, listing);
    await addButton(page).click();
    await expect(info(page).getByRole('button', { name: /View Cart$/ })).toBeVisible();
    // The shopper leaves at once: the add may still be in flight.
    await page.goto('/cart');
    try {
      await expect(lineQuantity(page, listing.title)).toHaveText('1', { timeout: 15_000 });
      outcomes.push('once');
    } catch {
      const shown = await lineQuantity(page, listing.title).allTextContents();
      outcomes.push(shown.length === 0 ? 'missing' : `quantity ${shown.join()}`);
    }
    await expect(
      page.getByRole('heading', { name: `Shopping Cart (${i + 1})`, level: 1 }),
    ).toBeVisible();
  }
  const once = outcomes.filter((outcome) => outcome === 'once').length;
  console.log(
    `[outbox] Add to Cart, then a page load at once: ${once}/10 in the cart once (${outcomes.join(', ')})`,
  );
  expect(outcomes).toEqual(Array(10).fill('once'));
});

test('the tab closed right after a tap and opened again: the command is sent and shown', async ({
  page,
  request,
}, testInfo) => {
  const seller = newUser(testInfo, 'seller');
  const tag = seller.email.slice(7, 19);
  const scarf = await sellerWithListing(request, seller, {
    title: `Wool scarf ${tag}`,
    price: 16,
    stock: 3,
  });
  const gloves = await anotherListing(request, seller, {
    title: `Wool gloves ${tag}`,
    price: 14,
    stock: 3,
  });
  await registerThroughUi(page, newUser(testInfo, 'closer'));
  const context = page.context();

  /**
   * Taps Add to Cart and closes the tab at once (or, `once`, as soon as that happened); a new tab
   * opens the cart.
   */
  async function tapAndClose(
    tab: Page,
    listing: { product_id: string; title: string },
    once?: (tab: Page) => Promise<unknown>,
  ) {
    await openProduct(tab, listing);
    const happened = once?.(tab);
    await addButton(tab).click();
    await happened;
    await tab.close();
    const next = await context.newPage();
    const answers = addAnswers(next);
    const reads = cartReads(next);
    await next.goto('/cart');
    await expect(lineQuantity(next, listing.title)).toHaveText('1');
    return { next, answers, reads };
  }
  const how = (answers: Answer[]) =>
    answers[0]
      ? `sent again with its key, ${answers[0].replayed ? 'answered from the record of the first send' : 'carried out now'}`
      : 'its answer came before the tab closed';

  // As it happens: the closed tab's request may or may not have had its answer.
  const first = await tapAndClose(page, scarf);
  expect(first.answers.length).toBeLessThanOrEqual(1);

  // The worst case: the closed tab's request never reached the server (the network failed it).
  // The tab closes once the failure is seen: a keepalive request still waiting on the test's
  // route handler when its page closes goes out unrouted, and would reach the server after all.
  const failing = await context.newPage();
  await failing.route('**/api/cart/add-item', (route) => route.abort('internetdisconnected'));
  const second = await tapAndClose(failing, gloves, (tab) =>
    tab.waitForEvent('requestfailed', (request) => request.url().endsWith('/api/cart/add-item')),
  );
  await expect(
    second.next.getByRole('heading', { name: 'Shopping Cart (2)', level: 1 }),
  ).toBeVisible();
  await expect(lineQuantity(second.next, scarf.title)).toHaveText('1');
  console.log(
    `[outbox] tab closed after the tap, opened again: shown once both times (${how(first.answers)}; request failed, then the tab closed: ${how(second.answers)})`,
  );
  expect(second.answers).toHaveLength(1);
  expect(second.answers[0]).toMatchObject({ status: 200, replayed: false });
  // The next read of the cart carries the replay's position as its consistency token.
  expect(Math.max(...second.reads.map(Number))).toBeGreaterThanOrEqual(
    Number(second.answers[0]!.position),
  );
  await first.next.close();
  await second.next.close();
});

test('offline, three taps, then online: all three applied once and the indicator gone', async ({
  page,
  request,
}, testInfo) => {
  const seller = newUser(testInfo, 'seller');
  const listing = await sellerWithListing(request, seller, {
    title: `Canvas tote ${seller.email.slice(7, 19)}`,
    price: 12,
    stock: 5,
  });
  await registerThroughUi(page, newUser(testInfo, 'offline'));
  await openProduct(page, listing);
  const answers = addAnswers(page);

  await page.context().setOffline(true);
  await addButton(page).click();
  const increase = info(page).getByRole('button', { name: 'Increase quantity' });
  await increase.click();
  await increase.click();
  await expect(info(page).getByRole('group', { name: 'Quantity' }).locator('span')).toHaveText('3');
  await expect(waiting(page)).toHaveText('3 changes waiting for a connection');
  expect(answers).toEqual([]);

  await page.context().setOffline(false);
  await expect(waiting(page)).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toHaveCount(0);
  await expect.poll(() => answers.length).toBe(3);
  const applied = new Set(answers.filter((a) => a.status === 200).map((a) => a.key));
  console.log(
    `[outbox] offline, three taps, then online: ${applied.size}/3 sent, each with its own key, once`,
  );
  expect(applied.size).toBe(3);

  // The server's cart, on a fresh page.
  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: 'Shopping Cart (3)', level: 1 })).toBeVisible();
  await expect(lineQuantity(page, listing.title)).toHaveText('3');
});

/** `buyer` orders the listing's last unit and pays it with the simulated card. */
async function buyLastUnit(
  request: APIRequestContext,
  buyer: TestUser,
  listing: { product_id: string; price: number },
) {
  const { uid, idToken } = await registeredUser(request, buyer);
  const call = async (method: 'POST' | 'PUT', path: string, data: unknown) => {
    const response = await request.fetch(path, {
      method,
      headers: { authorization: `Bearer ${idToken}` },
      data,
    });
    return { status: response.status(), body: await response.json().catch(() => null) };
  };
  const placed = await call('POST', '/api/orders', {
    userId: uid,
    orderItems: [{ productId: listing.product_id, quantity: 1, unitPrice: listing.price }],
    shippingInfo: { ...SHIPPING, email: buyer.email },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const confirmed = await call('POST', '/api/payments/simulated/confirm', {
    clientSecret: placed.body.clientSecret,
    card: { number: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123' },
  });
  expect(confirmed.status).toBe(200);
  const paid = await call('PUT', `/api/orders/${placed.body.order.id}/update-payment`, {
    stripePaymentId: placed.body.paymentIntentId,
  });
  expect(paid.status).toBe(200);
}

test('an add that waited offline while another shopper bought the last unit: the line goes, with why', async ({
  page,
  request,
}, testInfo) => {
  const seller = newUser(testInfo, 'seller');
  const title = `Suede loafers ${seller.email.slice(7, 19)}`;
  const listing = await sellerWithListing(request, seller, { title, price: 45 });
  await registerThroughUi(page, newUser(testInfo, 'waiter'));
  await openProduct(page, listing);
  const answers = addAnswers(page);

  await page.context().setOffline(true);
  await addButton(page).click();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');
  await expect(waiting(page)).toHaveText('1 change waiting for a connection');
  await buyLastUnit(request, newUser(testInfo, 'rival'), listing);

  await page.context().setOffline(false);
  const message = `"${title}" sold out while your change was waiting to be sent, so it is not in your cart.`;
  await expect(page.getByRole('alert').filter({ hasText: 'sold out while' })).toContainText(
    message,
  );
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');
  await expect(waiting(page)).toHaveCount(0);
  expect(answers.map((a) => a.status)).toEqual([409]);
  console.log(`[outbox] refused when sent (sold meanwhile): line removed, told "${message}"`);

  // Nothing waits any more: a new page sends nothing again and shows an empty cart.
  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: 'Your cart is empty', level: 1 })).toBeVisible();
  expect(answers).toHaveLength(1);
});
