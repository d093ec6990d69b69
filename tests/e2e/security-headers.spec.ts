/**
 * Security headers: the storefront works end to end under its Content-Security-Policy (home,
 * catalogue, product, sign-up through the Auth emulator, cart, card checkout, confirmation) and
 * the browser reports no violation; the HTML and the API carry the headers, on either topology
 * (the one-process server, or nginx serving the HTML in front of the services).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import {
  dollars,
  fillCheckout,
  imagesShownLoaded,
  listingsForSlot,
  newUser,
  registerThroughUi,
  addToCartOnProductPage,
} from './support/app.ts';

const HEADERS = [
  'content-security-policy',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'permissions-policy',
];

/** Every CSP violation the pages report, through the event and the console. */
async function collectViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__reportCspViolation', (report: string) => violations.push(report));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (r: string) => void })
        .__reportCspViolation;
      void report(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} on ${location.pathname}` +
          (event.sample ? ` (${event.sample})` : ''),
      );
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

test('the storefront works end to end under its policy with no violation reported', async ({
  page,
  request,
}, testInfo) => {
  const violations = await collectViolations(page);
  const [listing] = await listingsForSlot(request, 11);
  const user = newUser(testInfo, 'policy');

  // The home page, with its preload script and pictures.
  const home = await page.goto('/');
  expect(home!.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await expect(
    page.getByRole('heading', { name: 'Most Popular This Week', level: 2 }),
  ).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
  await imagesShownLoaded(page);

  // The catalogue and a product.
  await page.goto('/products');
  await expect(page.getByRole('article').first()).toBeVisible();
  await page.goto(`/products/${listing!.product_id}`);
  await expect(page.getByRole('heading', { name: listing!.title, level: 1 })).toBeVisible();
  await expect(page.locator('.product-detail__info')).toBeVisible();

  // Sign-up through the Auth emulator, then the cart.
  await registerThroughUi(page, user);
  await page.goto(`/products/${listing!.product_id}`);
  await addToCartOnProductPage(page, 'Cart, 1 item', { signedIn: true });

  // Checkout with the succeeding test card, and the confirmation.
  await page.goto('/checkout');
  const pay = await fillCheckout(page, '4242 4242 4242 4242');
  await expect(pay).toHaveText(`Pay ${dollars(listing!.price)}`);
  await pay.click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  await expect(page).toHaveURL(/\/order-confirmation\/[\w-]+$/, { timeout: 15_000 });
  await expect(page.getByText('Paid', { exact: true })).toBeVisible();
  await imagesShownLoaded(page);

  expect(violations, 'Content-Security-Policy violations').toEqual([]);
});

test('an inline script the policy does not allow is reported, so the check above can fail', async ({
  page,
}) => {
  const violations = await collectViolations(page);
  await page.goto('/');
  await expect(
    page.getByRole('heading', { name: 'Most Popular This Week', level: 2 }),
  ).toBeVisible();
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.injected = true;';
    document.body.appendChild(script);
  });
  expect(await page.evaluate(() => (window as { injected?: boolean }).injected)).toBeUndefined();
  await expect.poll(() => violations.some((v) => v.startsWith('script-src-elem'))).toBe(true);
});

test('the HTML and the API answers carry the security headers', async ({ request }) => {
  const html = await request.get('/');
  const api = await request.get('/api/categories/');
  const missing = await request.get('/api/no-such-thing');
  expect(html.ok()).toBeTruthy();
  expect(api.ok()).toBeTruthy();
  expect(missing.status()).toBe(404);
  for (const response of [html, api, missing]) {
    const headers = response.headers();
    for (const name of HEADERS) expect(headers[name], `${response.url()} ${name}`).toBeTruthy();
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const csp = headers['content-security-policy']!;
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("'unsafe-inline'");
    // Served over plain HTTP here: no HSTS.
    expect(headers['strict-transport-security']).toBeUndefined();
  }
  // The HTML and the API answer under one policy, whoever serves the HTML.
  expect(html.headers()['content-security-policy']).toBe(api.headers()['content-security-policy']);
  expect(html.headers()['permissions-policy']).toBe(api.headers()['permissions-policy']);
  const shown = (label: string, response: typeof html) =>
    `${label}\n${HEADERS.map((name) => `  ${name}: ${response.headers()[name]}`).join('\n')}`;
  console.log(`[security headers]\n${shown('GET /', html)}\n${shown('GET /api/categories/', api)}`);
});
