/**
 * Selling: the three-step wizard with a new brand, then editing and deleting the listing; a
 * seller's own listing offers no Add to Cart.
 */
import { expect, test } from './support/test.ts';
import { dollars, newUser, registerThroughUi } from './support/app.ts';
import { anotherListing } from './support/seller.ts';

test('a listing is created with a new brand, edited and deleted; only its seller sees Edit and Delete', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const user = newUser(testInfo, 'lister');
  const suffix = Math.random().toString(36).slice(2, 7);
  const title = `Linen Summer Shirt ${suffix}`;
  const brand = `Atelier ${suffix}`;
  await registerThroughUi(page, user);

  await page
    .getByRole('navigation', { name: 'Shortcuts' })
    .getByRole('link', { name: 'Sell' })
    .click();
  await expect(page).toHaveURL(/\/create-listing$/);

  // Step 1: details. Continue stays disabled until the step is valid.
  const wizard = page.getByRole('form', { name: 'Step 1 of 3' });
  const next = page.getByRole('button', { name: 'Continue' });
  await expect(next).toBeDisabled();
  await wizard.getByLabel('Title').fill(title);
  await wizard.getByLabel('Description').fill('Breathable linen, worn twice, no marks.');
  await wizard.getByLabel(/^Price/).fill('42.5');
  await expect(next).toBeEnabled();
  await next.click();

  // Step 2: category, a brand created in the picker, condition.
  await expect(page.getByRole('form', { name: 'Step 2 of 3' })).toBeVisible();
  await page.getByLabel('Category').selectOption({ label: 'Tops' });
  const brandBox = page.getByRole('combobox', { name: 'Brand' });
  await brandBox.fill(`  ${brand}  `);
  await page.getByRole('button', { name: `Create brand "${brand}"` }).click();
  await expect(page.getByText(`Selected brand: ${brand}`)).toBeVisible();
  await page.getByRole('radio', { name: /^Good/ }).check();
  await next.click();

  // Step 3: attributes and review.
  await expect(page.getByRole('form', { name: 'Step 3 of 3' })).toBeVisible();
  await page.getByLabel('Image URL').fill(`${baseURL}/images/garments/tops-blue.svg`);
  await page.getByRole('checkbox', { name: 'blue' }).check();
  await page.getByRole('checkbox', { name: 'Medium' }).check();
  const review = page.getByRole('region', { name: 'Review' });
  await expect(review).toContainText(title);
  await expect(review).toContainText('$42.50');
  await expect(review).toContainText(brand);
  await expect(review).toContainText('Tops');
  await page.getByRole('button', { name: 'Create Listing' }).click();

  await expect(page).toHaveURL(/\/products\/[\w-]+$/, { timeout: 15_000 });
  const productPath = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(page.locator('.product-detail__info')).toContainText(brand);
  await expect(page.locator('.product-detail__info')).toContainText(`Sold by ${user.displayName}`);
  await expect(page.locator('.product-detail__info .price__current')).toHaveText('$42.50');

  // Edit: title and price.
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Edit Listing', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Product Title')).toHaveValue(title);
  await expect(page.getByRole('region', { name: 'Product Information' })).toContainText(brand);
  const newTitle = `${title} (ironed)`;
  await page.getByLabel('Product Title').fill(newTitle);
  await page.getByLabel('Price', { exact: true }).fill('55');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(new RegExp(`${productPath}$`), { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: newTitle, level: 1 })).toBeVisible();
  await expect(page.locator('.product-detail__info .price__current')).toHaveText(dollars(55));

  // docs/product.md §2.7: Edit and Delete are the seller's; a visitor and another user see neither.
  const owner = page.getByRole('group', { name: 'Your listing' });
  await expect(owner.getByRole('link', { name: 'Edit', exact: true })).toBeVisible();
  await expect(owner.getByRole('button', { name: 'Delete', exact: true })).toBeVisible();
  const other = await browser.newContext();
  try {
    const otherPage = await other.newPage();
    await otherPage.goto(productPath);
    await expect(otherPage.getByRole('heading', { name: newTitle, level: 1 })).toBeVisible();
    await expect(otherPage.getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0);
    await expect(otherPage.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
    await registerThroughUi(otherPage, newUser(testInfo, 'browser'));
    await otherPage.goto(productPath);
    await expect(otherPage.getByRole('heading', { name: newTitle, level: 1 })).toBeVisible();
    await expect(otherPage.getByText(`Sold by ${user.displayName}`)).toBeVisible();
    await expect(otherPage.getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0);
    await expect(otherPage.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
  } finally {
    await other.close();
  }

  // Delete from the product page, confirmed in the dialog.
  await owner.getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Listing' });
  await expect(dialog).toContainText(
    `Are you sure you want to permanently delete "${newTitle}"? This action cannot be undone.`,
  );
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page).toHaveURL(/\/products$/, { timeout: 15_000 });
  await expect(
    page.getByRole('status').filter({ hasText: 'Product deleted successfully' }),
  ).toBeVisible();

  await page.goto(productPath);
  await expect(page.getByRole('heading', { name: 'Product Not Found' })).toBeVisible();
  await page.goto(`/search?q=${encodeURIComponent(suffix)}`);
  await expect(page.getByRole('heading', { name: 'No products found' })).toBeVisible();
});

test("a seller's own listing offers no Add to Cart and says why; anyone else can add it", async ({
  page,
  browser,
}, testInfo) => {
  const seller = newUser(testInfo, 'ownlister');
  await registerThroughUi(page, seller);
  const title = `Wool Scarf ${Math.random().toString(36).slice(2, 7)}`;
  const listing = await anotherListing(page.request, seller, { title, price: 18 });

  await page.goto(`/products/${listing.product_id}`);
  const info = page.locator('.product-detail__info');
  await expect(info.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  const note = info.getByRole('note');
  await expect(note).toHaveText(/This is your listing/);
  await expect(note.getByRole('link', { name: 'Edit listing' })).toHaveAttribute(
    'href',
    `/update-listing/${listing.product_id}`,
  );
  await expect(info.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cart, 0 items' })).toBeVisible();

  // Another shopper sees the listing for sale.
  const other = await browser.newContext();
  try {
    const otherPage = await other.newPage();
    await registerThroughUi(otherPage, newUser(testInfo, 'shopper'));
    await otherPage.goto(`/products/${listing.product_id}`);
    const otherInfo = otherPage.locator('.product-detail__info');
    await expect(otherInfo.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(otherInfo.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
    await expect(otherInfo.getByText('This is your listing')).toHaveCount(0);
  } finally {
    await other.close();
  }
});
