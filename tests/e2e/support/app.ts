/** Steps shared by the browser tests: users through the real sign-up screen, listings to buy. */
import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import type { Product } from '@rewear/contracts';

export interface TestUser {
  displayName: string;
  email: string;
  password: string;
}

export function newUser(testInfo: TestInfo, prefix = 'shopper'): TestUser {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}w${testInfo.workerIndex}`;
  return {
    displayName: `${prefix[0]!.toUpperCase()}${prefix.slice(1)} ${id}`,
    email: `${prefix}-${id}@example.com`,
    password: 'secret-pass-1',
  };
}

/** The account menu's trigger, which names who is signed in. */
export function accountMenu(page: Page, user: TestUser) {
  return page.getByRole('button', { name: `Signed in as ${user.displayName}` });
}

/** Email sign-up through /register (the Auth emulator behind it); ends signed in on the home page. */
export async function registerThroughUi(page: Page, user: TestUser): Promise<void> {
  if (!page.url().includes('/register')) await page.goto('/register');
  const form = page.getByRole('form', { name: 'Register with email' });
  await form.getByLabel('Display name').fill(user.displayName);
  await form.getByLabel('Email').fill(user.email);
  await form.getByLabel('Password').fill(user.password);
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(accountMenu(page, user)).toBeVisible({ timeout: 20_000 });
}

export async function signInThroughUi(page: Page, user: TestUser): Promise<void> {
  await expect(page).toHaveURL(/\/login$/);
  const form = page.getByRole('form', { name: 'Sign in with email' });
  await form.getByLabel('Email').fill(user.email);
  await form.getByLabel('Password').fill(user.password);
  await form.getByRole('button', { name: 'Sign In', exact: true }).click();
}

export async function signOutThroughUi(page: Page, user: TestUser): Promise<void> {
  await accountMenu(page, user).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  // docs/product.md §2: sign-out returns to /.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
}

/**
 * Most seeded listings are single items, and the tests run side by side against one catalogue:
 * each test buys from its own slot of four seeded listings so no two tests reach for the same
 * item. The slots are cut from every seeded listing in id order, whatever its stock now: the
 * listings other tests create (their sellers are not the seed's) and the ones they sell out
 * must not move one test's slot onto another's.
 */
export async function listingsForSlot(
  request: APIRequestContext,
  slot: number,
  count = 1,
): Promise<Product[]> {
  const seeded: Product[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const response = await request.get(`/api/products?limit=${PAGE}&offset=${offset}`);
    expect(response.ok()).toBeTruthy();
    const page = (await response.json()) as Product[];
    seeded.push(...page.filter((p) => p.seller_id.startsWith(SEED_SELLER_PREFIX)));
    if (page.length < PAGE) break;
  }
  seeded.sort((a, b) => a.product_id.localeCompare(b.product_id));
  // Single items first: a test that buys one expects it sold out.
  const picked = seeded
    .slice(slot * SLOT_SIZE, (slot + 1) * SLOT_SIZE)
    .filter((p) => p.stock >= 1 && p.image)
    .sort((a, b) => Number(a.stock !== 1) - Number(b.stock !== 1))
    .slice(0, count);
  expect(picked, `not enough seeded listings for slot ${slot}`).toHaveLength(count);
  return picked;
}
const PAGE = 200;
const SLOT_SIZE = 4;
/** The seed's sellers' ids (packages/seed). */
const SEED_SELLER_PREFIX = 'seed';

/** Dollars as the storefront shows them. */
export function dollars(amount: number | string): string {
  return `$${Number(amount).toFixed(2)}`;
}

export const SHIPPING = {
  name: 'Ada Buyer',
  address: '12 Market Street',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
};

/** From /checkout with a cart: shipping step, then the card step filled with `cardNumber`; returns the Pay button. */
export async function fillCheckout(page: Page, cardNumber: string) {
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
  await page.getByLabel('Full name', { exact: true }).fill(SHIPPING.name);
  await page.getByLabel('Address', { exact: true }).fill(SHIPPING.address);
  await page.getByLabel('City', { exact: true }).fill(SHIPPING.city);
  await page.getByLabel('State', { exact: true }).fill(SHIPPING.state);
  await page.getByLabel('ZIP code', { exact: true }).fill(SHIPPING.zip);
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel(/Expiry/).fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  return page.getByRole('button', { name: /^Pay \$/ });
}

/** Scrolls the whole page so lazy images load, then back to the top. */
export async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const step = Math.max(200, Math.floor(window.innerHeight * 0.8));
    for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    window.scrollTo(0, 0);
  });
  await imagesShownLoaded(page);
}

/**
 * Waits until every image shown has loaded. In place of 'networkidle', which never comes for a
 * signed-in tab (its notification stream stays open): lazy images not in view (a carousel's
 * later slides, hidden variants, those below the fold) are not waited for.
 */
export async function imagesShownLoaded(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    Array.from(document.images).every((img) => {
      if (img.complete) return true;
      const box = img.getBoundingClientRect();
      const hidden = box.width === 0 || box.height === 0;
      const sideways = box.right <= 0 || box.left >= window.innerWidth;
      // Scrolled past too quickly for the browser to start it, and out of view again now.
      const offscreen = box.bottom <= 0 || box.top >= window.innerHeight;
      return img.loading === 'lazy' && (hidden || sideways || offscreen);
    }),
  );
}

/** Images that finished loading without a picture (broken source). */
export async function brokenImages(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.images)
      .filter((img) => img.complete && img.naturalWidth === 0 && img.getAttribute('src'))
      .map((img) => img.getAttribute('src')!),
  );
}

/**
 * Clicks Add to Cart on a product page and waits until the cart shows it. For a signed-in
 * shopper it also waits for the server's answer: the badge changes at once (optimistic), and a
 * page load right after would cancel the request, or read the server's cart before the line
 * was added (the distributed topology projects in its own time).
 */
export async function addToCartOnProductPage(
  page: Page,
  expectedBadge: string,
  shopper: { signedIn: boolean },
): Promise<void> {
  const answered = shopper.signedIn ? commandAnswered(page, '/api/cart/add-item') : null;
  await page.locator('.product-detail__info').getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('button', { name: expectedBadge })).toBeVisible();
  if (answered) expect((await answered).ok()).toBe(true);
}

/** The answer to the next command (POST, PUT or DELETE) the page sends to `path`. */
export function commandAnswered(page: Page, path: string) {
  return page.waitForResponse(
    (response) =>
      response.request().method() !== 'GET' && new URL(response.url()).pathname === path,
  );
}

/**
 * Follows the commands (POST, PUT, DELETE to /api/) the page sends: `settled()` waits until none
 * is in flight, so a page load does not cancel one; `answered(path)` counts the answers to one
 * route (a saga may send a queue of them one after another).
 */
export function trackCommands(page: Page) {
  const inFlight = new Set<unknown>();
  const answers = new Map<string, number>();
  const pathOf = (request: { url(): string }) => new URL(request.url()).pathname;
  const isCommand = (request: { method(): string; url(): string }) =>
    request.method() !== 'GET' && pathOf(request).startsWith('/api/');
  page.on('request', (request) => {
    if (isCommand(request)) inFlight.add(request);
  });
  page.on('requestfinished', (request) => {
    if (!inFlight.delete(request)) return;
    answers.set(pathOf(request), (answers.get(pathOf(request)) ?? 0) + 1);
  });
  page.on('requestfailed', (request) => inFlight.delete(request));
  return {
    settled: () => expect.poll(() => inFlight.size, { timeout: 15_000 }).toBe(0),
    answered: (path: string) => answers.get(path) ?? 0,
  };
}
