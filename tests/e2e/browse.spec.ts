/** A visitor browsing: home, catalogue filters with back and forward, search, product detail, 404. */
import { expect, test } from './support/test.ts';

test('the home page shows the hero, categories, brands and the product sections', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('note')).toContainText('orders placed here will not be fulfilled');
  await expect(page.getByRole('main').getByText(/modern marketplace application/)).toBeVisible();
  await expect(page.getByText(/up to 70% off/i)).toBeVisible();

  for (const heading of [
    'Top Brands',
    'Most Popular This Week',
    'Lowest Prices',
    'Product of the Day',
    'New Arrivals',
  ]) {
    await expect(page.getByRole('heading', { name: heading, level: 2 })).toBeVisible();
  }
  const categories = page.getByRole('region', { name: 'Categories' });
  await expect(categories.getByRole('link', { name: /Tops/ })).toHaveAttribute(
    'href',
    '/products?category=Tops',
  );
  const popular = page.getByRole('region', { name: 'Most Popular This Week' });
  await expect(
    popular.getByRole('article').first().getByRole('heading', { level: 3 }),
  ).toBeVisible();
  await expect(
    page.getByRole('link', { name: 'View all: Most Popular This Week' }),
  ).toHaveAttribute('href', '/products?sort=popular');
  await expect(page.getByRole('link', { name: 'View all: Lowest Prices' })).toHaveAttribute(
    'href',
    '/products?sort=price_low',
  );
  // Visitors are invited to join; Sell sends them to sign in first.
  await expect(page.getByRole('link', { name: 'Create Account' })).toHaveAttribute(
    'href',
    '/register',
  );
  await expect(
    page.getByRole('main').getByRole('link', { name: 'Sell', exact: true }),
  ).toHaveAttribute('href', '/login');

  await page.getByRole('link', { name: 'Shop', exact: true }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole('heading', { name: 'All Products', level: 1 })).toBeVisible();
});

test('catalogue filters follow the address bar, back and forward included', async ({ page }) => {
  await page.goto('/products');
  await expect(page.getByRole('heading', { name: 'All Products', level: 1 })).toBeVisible();
  await expect(page.getByText(/^\d+ products available$/)).toBeVisible();
  await expect(page.getByText('No filters applied')).toBeVisible();

  const filters = page.getByRole('complementary', { name: 'Filters' });
  const shoes = filters.getByRole('button', { name: /^Shoes\s*\d+$/ });
  const shoesCount = Number((await shoes.locator('.facet__count').textContent())?.trim());
  expect(shoesCount).toBeGreaterThan(0);
  await shoes.click();
  await expect(page).toHaveURL(/\/products\?category=Shoes$/);
  await expect(page.getByRole('heading', { name: 'Shoes', level: 1 })).toBeVisible();
  await expect(page.getByText(`${shoesCount} products available`)).toBeVisible();
  await expect(page.getByText('Active Filters (1)')).toBeVisible();
  await expect(shoes).toHaveAttribute('aria-pressed', 'true');

  // The brand list now holds the brands that have shoes; pick the first one.
  const brandButtons = filters.locator('#facet-brands').getByRole('button', { pressed: false });
  const firstBrand = brandButtons.filter({ hasNot: page.getByText('All Brands') }).first();
  const brandName = (await firstBrand.locator('span').first().textContent())!.trim();
  const brandCount = Number((await firstBrand.locator('.facet__count').textContent())?.trim());
  await firstBrand.click();
  const query = () => Object.fromEntries(new URL(page.url()).searchParams);
  await expect.poll(query).toEqual({ category: 'Shoes', brand: brandName });
  await expect(page.getByRole('heading', { name: `${brandName} Shoes`, level: 1 })).toBeVisible();
  await expect(page.getByText(`${brandCount} products available`)).toBeVisible();
  const cards = page.getByRole('region', { name: 'Products' }).getByRole('article');
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeLessThanOrEqual(brandCount);
  for (const brand of await cards.locator('.product-card__brand').allTextContents())
    expect(brand).toBe(brandName);

  await page.goBack();
  await expect(page).toHaveURL(/\/products\?category=Shoes$/);
  await expect(page.getByRole('heading', { name: 'Shoes', level: 1 })).toBeVisible();
  await expect(page.getByText(`${shoesCount} products available`)).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole('heading', { name: 'All Products', level: 1 })).toBeVisible();

  await page.goForward();
  await expect(page).toHaveURL(/\/products\?category=Shoes$/);
  await expect(page.getByRole('heading', { name: 'Shoes', level: 1 })).toBeVisible();

  // Sorting by price, highest first: the shown prices come in descending order.
  await page.getByLabel('Sort by').selectOption({ label: 'Price highest first' });
  await expect(page).toHaveURL(/sort=price_high/);
  await expect(page.getByText(`${shoesCount} products available`)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading products...' })).toHaveCount(0);
  const prices = (await cards.locator('.price__current').allTextContents()).map((text) =>
    Number(text.replace(/[^0-9.]/g, '')),
  );
  expect(prices.length).toBeGreaterThan(1);
  expect([...prices].sort((a, b) => b - a)).toEqual(prices);
});

test('search suggestions open at two characters and lead to the product and to all results', async ({
  page,
}) => {
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Search products' });
  await expect(box).toHaveAttribute('placeholder', 'Search for products, brands, categories...');
  await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeDisabled();

  await box.fill('a');
  await expect(page.getByText('Type at least 2 characters to search')).toBeVisible();

  await box.fill('adidas');
  await expect(page.getByRole('heading', { name: 'Product Suggestions' })).toBeVisible();
  const suggestions = page
    .getByRole('listbox', { name: 'Product Suggestions' })
    .getByRole('option');
  const count = await suggestions.count();
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThanOrEqual(6);
  await expect(suggestions.first()).toContainText('Adidas');

  const title = (await suggestions.first().locator('strong').textContent())!.trim();
  await suggestions.first().click();
  await expect(page).toHaveURL(/\/products\/[\w-]+$/);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();

  await box.fill('adidas');
  await page.getByRole('button', { name: 'View all results for "adidas"' }).click();
  await expect(page).toHaveURL(/\/search\?q=adidas$/);
  await expect(page.getByText(/^Found \d+ products$/)).toBeVisible();
  await expect(page.getByRole('article').first()).toContainText('Adidas');

  await box.fill('zzqxwv');
  await expect(page.getByText('No products found for "zzqxwv"')).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(box).toHaveValue('');
});

test('a product page shows its details, tabs and related items', async ({ page }) => {
  await page.goto('/products?category=Dresses');
  await expect(page.getByRole('heading', { name: 'Dresses', level: 1 })).toBeVisible();
  const first = page.getByRole('region', { name: 'Products' }).getByRole('article').first();
  const title = (await first.getByRole('heading', { level: 3 }).textContent())!.trim();
  const price = (await first.locator('.price__current').textContent())!.trim();
  await first.getByRole('link', { name: title }).click();

  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(breadcrumb.getByRole('link', { name: 'Dresses' })).toBeVisible();
  // The seller and the rating are separate: "Sold by Mia Moore · No reviews yet".
  await expect(page.getByText(/^Sold by .+/)).toHaveText(/^Sold by \S.* · (No reviews yet|★)/);
  const info = page.locator('.product-detail__info');
  await expect(info.locator('.price__current')).toHaveText(price);
  await expect(info.getByText('In Stock')).toBeVisible();
  await expect(info.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
  await expect(page.getByRole('img', { name: title })).toHaveJSProperty('complete', true);
  expect(
    await page
      .getByRole('img', { name: title })
      .evaluate((img: HTMLImageElement) => img.naturalWidth),
  ).toBeGreaterThan(0);

  await expect(page.getByRole('tab', { name: 'Description' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.getByRole('tab', { name: 'Details' }).click();
  await expect(page.getByRole('tabpanel')).toContainText('Category');
  await expect(page.getByRole('tabpanel')).toContainText('Dresses');

  const related = page.getByRole('region', { name: 'You May Also Like' });
  await expect(related.getByRole('article').first()).toBeVisible();

  await page.goto('/products/no-such-listing');
  await expect(page.getByRole('heading', { name: 'Product Not Found' })).toBeVisible();
  await expect(
    page.getByText("The product you're looking for doesn't exist or has been removed."),
  ).toBeVisible();
});

test('an unknown address shows the 404 page with a way home', async ({ page }) => {
  await page.goto('/this/page/does-not-exist');
  await expect(page.getByRole('heading', { name: '404 - Not Found', level: 1 })).toBeVisible();
  await expect(page.getByText('Sorry, the page you are looking for does not exist.')).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: /home/i }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Most Popular This Week' })).toBeVisible();
});
