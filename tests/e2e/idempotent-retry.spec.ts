/**
 * A command whose answer is lost on the way back is retried with the same Idempotency-Key, and
 * the server answers the retry with the first answer instead of applying it again: the item is
 * in the cart once. Only HTTP is observed, so this runs against any deployment (E2E_BASE_URL).
 */
import type { Page, Response } from '@playwright/test';
import type { CartView, Product } from '@rewear/contracts';
import { expect, test } from './support/test.ts';
import { newUser, registerThroughUi } from './support/app.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const isCartRead = (response: Response) =>
  response.request().method() === 'GET' &&
  new URL(response.url()).pathname.startsWith('/api/cart/user/');

/**
 * Resolves with the signed-in user's id once the page has its server cart: read with an id, or
 * created. An add before that would be refused ('Cart not initialized') or kept as a visitor's.
 */
function serverCartLoaded(page: Page): Promise<string> {
  return new Promise((resolve) => {
    let uid: string | null = null; // known from the first read
    const onResponse = async (response: Response) => {
      if (!response.ok()) return;
      const { pathname } = new URL(response.url());
      if (isCartRead(response)) {
        uid = decodeURIComponent(pathname.slice('/api/cart/user/'.length));
        const view = (await response.json()) as CartView;
        if (!view.id) return; // the page creates the cart next
      } else if (
        uid === null ||
        response.request().method() !== 'POST' ||
        pathname !== '/api/cart/create'
      ) {
        return;
      }
      page.off('response', onResponse);
      resolve(uid);
    };
    page.on('response', onResponse);
  });
}

interface Attempt {
  key: string | undefined;
  authorization: string | undefined;
  status: number;
  replayed: string | undefined;
  position: string | undefined;
}

test('an add to cart whose answer was lost is retried with the same key and counted once', async ({
  page,
  request,
}, testInfo) => {
  // A listing with units to spare: a second add would show as quantity 2, not as a stock refusal.
  // Taken from the end of the list; the other tests take theirs from the start.
  const products = await request.get('/api/products?limit=200');
  expect(products.ok()).toBeTruthy();
  const listing = ((await products.json()) as Product[])
    .filter((p) => p.stock >= 2 && p.image)
    .sort((a, b) => b.product_id.localeCompare(a.product_id))[0];
  expect(listing, 'no listing with 2 units or more among the first 200').toBeDefined();

  const user = newUser(testInfo, 'retrier');
  await registerThroughUi(page, user);
  const loaded = serverCartLoaded(page);
  await page.goto(`/products/${listing!.product_id}`);
  const uid = await loaded;
  await expect(page.getByRole('heading', { name: listing!.title, level: 1 })).toBeVisible();

  // The first attempt reaches the server, but its answer is dropped; the retry goes through.
  const attempts: Attempt[] = [];
  await page.route('**/api/cart/add-item', async (route) => {
    const headers = await route.request().allHeaders();
    const response = await route.fetch();
    attempts.push({
      key: headers['idempotency-key'],
      authorization: headers.authorization,
      status: response.status(),
      replayed: response.headers()['idempotent-replayed'],
      position: response.headers()['x-event-position'],
    });
    if (attempts.length === 1) await route.abort('failed');
    else await route.fulfill({ response });
  });
  // After the command, the page reads the cart at the command's position.
  const readAfterAdd = page.waitForResponse(
    (response) =>
      isCartRead(response) && response.request().headers()['x-consistency-token'] !== undefined,
  );

  await page.locator('.product-detail__info').getByRole('button', { name: 'Add to Cart' }).click();
  await readAfterAdd;

  expect(attempts, 'one attempt whose answer was lost, then one retry').toHaveLength(2);
  const [lost, retry] = attempts as [Attempt, Attempt];
  expect(lost.key).toMatch(UUID);
  expect(retry.key, 'the retry sends the same Idempotency-Key').toBe(lost.key);
  expect(lost.status).toBeLessThan(300);
  expect(retry.status).toBe(lost.status);
  expect(retry.replayed, 'the server answers the retry with the first answer').toBe('true');
  expect(retry.position).toBe(lost.position);

  // The page shows the cart the server read back: one unit, no error.
  const info = page.locator('.product-detail__info');
  await expect(info.getByRole('group', { name: 'Quantity' }).locator('span')).toHaveText('1');
  await expect(page.getByRole('alert')).toHaveCount(0);

  // The server's cart, read through the page at the command's position.
  const cart = await page.evaluate(
    async ({ path, headers }) => {
      const response = await fetch(path, { headers });
      return { status: response.status, view: (await response.json()) as CartView };
    },
    {
      path: `/api/cart/user/${encodeURIComponent(uid)}`,
      headers: {
        authorization: retry.authorization ?? '',
        'x-consistency-token': retry.position ?? '',
      },
    },
  );
  expect(cart.status).toBe(200);
  expect(cart.view.products.map((line) => [line.product_id, line.quantity])).toEqual([
    [listing!.product_id, 1],
  ]);

  // And after a reload, the cart page.
  await page.unrouteAll();
  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: 'Shopping Cart (1)', level: 1 })).toBeVisible();
  await expect(
    page.getByRole('group', { name: `Quantity of ${listing!.title}` }).locator('span'),
  ).toHaveText('1');
});
