/**
 * No dead ends: every internal link on the main pages (home, catalogue, a product, cart, sign-in)
 * leads to a page, not to the 404 page or a missing product; the help pages have content, and
 * what they and the product page promise is what the server enforces.
 */
import type { Page } from '@playwright/test';
import { SHIPMENT_TIMERS } from '@rewear/contracts';
import { expect, test } from './support/test.ts';
import { listingsForSlot, scrollThrough } from './support/app.ts';

/** The internal links on the page as it is now: paths with their query, without duplicates. */
async function internalLinks(page: Page): Promise<string[]> {
  const hrefs = await page
    .locator('a[href]')
    .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
  const origin = new URL(page.url()).origin;
  return [
    ...new Set(
      hrefs
        .map((href) => new URL(href))
        .filter((url) => url.origin === origin)
        .map((url) => `${url.pathname}${url.search}`),
    ),
  ];
}

test('every internal link of the main pages leads somewhere real', async ({ page, request }) => {
  test.setTimeout(240_000);
  const [product] = await listingsForSlot(request, 14);
  const links = new Set<string>();
  // The cart page with a line in it, so its line links count too.
  await page.goto(`/products/${product!.product_id}`);
  await page.locator('.product-detail__info').getByRole('button', { name: 'Add to Cart' }).click();
  for (const path of ['/', '/products', `/products/${product!.product_id}`, '/cart', '/login']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await scrollThrough(page);
    for (const link of await internalLinks(page)) links.add(link);
  }
  // The footer's and the order page's help links are among them.
  for (const path of ['/privacy', '/terms', '/contact', '/faq', '/support', '/forgot-password'])
    expect(links, `a link to ${path}`).toContain(path);

  // Product pages are most of the links (about 50 of 85) and differ only by their listing: each
  // one's listing is asked of the API, and a few are opened like the other pages. Opening all of
  // them took minutes on a loaded machine.
  const productLink = /^\/products\/([^/?]+)$/;
  const products = [...links].filter((link) => productLink.test(link));
  const opened = [...links].filter((link) => !productLink.test(link)).concat(products.slice(0, 3));
  const deadEnds: string[] = [];
  for (const link of products) {
    const id = productLink.exec(link)![1]!;
    const answer = await request.get(`/api/products/${id}`);
    if (answer.status() !== 200)
      deadEnds.push(`${link}: GET /api/products/${id} ${answer.status()}`);
  }
  for (const link of opened) {
    await page.goto(link);
    const heading = page.getByRole('heading', { level: 1 }).first();
    await expect(heading, `a heading on ${link}`).toBeVisible();
    const text = (await heading.textContent())?.trim() ?? '';
    if (text === '404 - Not Found' || text === 'Product Not Found')
      deadEnds.push(`${link}: ${text}`);
  }
  expect(deadEnds).toEqual([]);
  expect(links.size).toBeGreaterThan(20);
});

const DAY_MS = 24 * 60 * 60 * 1000;
/** Buyer protection: the days after delivery a problem (a return) may be reported (§11.3). */
const PROBLEM_DAYS = SHIPMENT_TIMERS.protectionMs / DAY_MS;
/** The days a seller has to ship before the order is cancelled and refunded (§11.3). */
const SHIP_DAYS = SHIPMENT_TIMERS.shipWithinMs / DAY_MS;
/** Every "{n}-day return(s)" or "return ... within {n} days" a page states. */
const statedReturnWindows = (text: string) =>
  [
    ...text.matchAll(/(\d+)[- ]day returns?/gi),
    ...text.matchAll(/(?:return|problem)[^.]*?within (\d+) days?/gi),
  ].map((match) => Number(match[1]));

test('the help pages answer the questions they are linked for', async ({ page, request }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('link', { name: 'FAQ' }).click();
  await expect(
    page.getByRole('heading', { name: 'Frequently asked questions', level: 1 }),
  ).toBeVisible();
  for (const section of ['Buying', 'Selling', 'Payments', 'Returns'])
    await expect(page.getByRole('heading', { name: section, level: 2 })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main).toContainText('Shipping is free on every order and no tax is added');
  // Returns, cancellations and buyer protection as the shipments enforce them.
  for (const question of [
    'Can I cancel an order?',
    'Can I return an item?',
    'What does buyer protection cover?',
  ])
    await expect(page.getByRole('heading', { name: question, level: 3 })).toBeVisible();
  const faq = (await main.textContent()) ?? '';
  expect(faq).toContain(`within ${PROBLEM_DAYS} days after delivery`);
  expect(faq).toContain(`within ${SHIP_DAYS} days of your payment`);
  expect(faq).toContain('Cancel order');
  expect(faq).toContain('Report a problem');
  expect(faq).not.toMatch(/no return or refund process/i);
  expect(statedReturnWindows(faq)).toEqual(statedReturnWindows(faq).map(() => PROBLEM_DAYS));

  // A product page promises the same, and no return policy the server does not enforce.
  const [product] = (await (await request.get('/api/products?limit=1')).json()) as Array<{
    id: string;
  }>;
  await page.goto(`/products/${product!.id}`);
  const notes = page.locator('.product-detail__notes');
  await expect(notes).toContainText(`report a problem within ${PROBLEM_DAYS} days of delivery`);
  await expect(notes).toContainText(`the seller ships within ${SHIP_DAYS} days`);
  const productText = (await page.getByRole('main').textContent()) ?? '';
  expect(productText).not.toMatch(/30-day return/i);
  expect(statedReturnWindows(productText)).toEqual([PROBLEM_DAYS]);
  await page.goto('/faq');

  await footer.getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page.getByRole('heading', { name: 'Terms of Service', level: 1 })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(
    `Within those ${PROBLEM_DAYS} days the buyer may report a problem`,
  );
  await footer.getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(
    'Card details go straight to the payment processor',
  );
  await footer.getByRole('link', { name: 'Contact Us' }).click();
  await expect(page.getByRole('heading', { name: 'Contact Us', level: 1 })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Contact form' })).toBeVisible();
  await footer.getByRole('link', { name: 'Help' }).click();
  await expect(page.getByRole('heading', { name: 'Help centre', level: 1 })).toBeVisible();

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot Password?' }).click();
  await expect(
    page.getByRole('heading', { name: 'Forgot your password?', level: 1 }),
  ).toBeVisible();
});
