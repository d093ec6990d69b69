/**
 * No dead ends: every internal link on the main pages (home, catalogue, a product, cart, sign-in)
 * leads to a page, not to the 404 page or a missing product; the help pages have content.
 */
import type { Page } from '@playwright/test';
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

  const deadEnds: string[] = [];
  for (const link of links) {
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

test('the help pages answer the questions they are linked for', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('link', { name: 'FAQ' }).click();
  await expect(
    page.getByRole('heading', { name: 'Frequently asked questions', level: 1 }),
  ).toBeVisible();
  for (const section of ['Buying', 'Selling', 'Payments', 'Returns'])
    await expect(page.getByRole('heading', { name: section, level: 2 })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(
    'Shipping is free on every order and no tax is added',
  );

  await footer.getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page.getByRole('heading', { name: 'Terms of Service', level: 1 })).toBeVisible();
  await footer.getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(
    'Card details go straight to the payment processor',
  );
  await footer.getByRole('link', { name: 'Contact Us' }).click();
  await expect(page.getByRole('heading', { name: 'Contact Us', level: 1 })).toBeVisible();
  await footer.getByRole('link', { name: 'Help' }).click();
  await expect(page.getByRole('heading', { name: 'Help centre', level: 1 })).toBeVisible();

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot Password?' }).click();
  await expect(
    page.getByRole('heading', { name: 'Forgot your password?', level: 1 }),
  ).toBeVisible();
});
