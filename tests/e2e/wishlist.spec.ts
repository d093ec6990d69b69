/** The wishlist's selection moves items to the cart or removes them; Clear asks first (docs/product.md §2.12). */
import { expect, test } from './support/test.ts';
import { listingsForSlot, newUser, registerThroughUi, trackCommands } from './support/app.ts';

test('selected wishlist items move to the cart or go, and Clear wishlist asks before emptying it', async ({
  page,
  request,
}, testInfo) => {
  const listings = await listingsForSlot(request, 15, 4);
  await registerThroughUi(page, newUser(testInfo, 'wisher'));
  // Each change answered before the next page load, which would cancel a command in flight.
  const commands = trackCommands(page);
  for (const [index, listing] of listings.entries()) {
    await page.goto(`/products/${listing.product_id}`);
    await page
      .locator('.product-detail__likes')
      .getByRole('button', { name: `Save ${listing.title} to wishlist` })
      .click();
    await expect(page.getByRole('link', { name: `Wishlist, ${index + 1} items` })).toBeVisible();
    await commands.settled();
  }

  await page.goto('/wishlist');
  const rows = page.locator('.rw-wishlist__row');
  await expect(rows).toHaveCount(4);
  const toolbar = page.getByRole('group', { name: 'Selected items' });
  await expect(toolbar.getByRole('button', { name: 'Move to cart' })).toBeDisabled();
  await expect(toolbar.getByRole('button', { name: 'Remove selected' })).toBeDisabled();

  // Two selected: into the cart, out of the wishlist.
  const [a, b, c, d] = listings;
  await page.getByRole('checkbox', { name: `Select ${a!.title}` }).check();
  await page.getByRole('checkbox', { name: `Select ${b!.title}` }).check();
  await expect(toolbar).toContainText('2 selected');
  await toolbar.getByRole('button', { name: 'Move to cart (2)' }).click();
  await expect(rows).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Cart, 2 items' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Wishlist, 2 items' })).toBeVisible();
  // The cart sends its adds one after another.
  await expect.poll(() => commands.answered('/api/cart/add-item'), { timeout: 15_000 }).toBe(2);
  await commands.settled();
  await page.goto('/cart');
  await expect(page.locator('.cart-line')).toHaveCount(2);
  await page.goto('/wishlist');

  // One selected: removed, not added to the cart.
  await page.getByRole('checkbox', { name: `Select ${c!.title}` }).check();
  await toolbar.getByRole('button', { name: 'Remove selected' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(d!.title);
  await expect(page.getByRole('button', { name: 'Cart, 2 items' })).toBeVisible();

  // Clear asks first; Cancel keeps the list.
  await toolbar.getByRole('button', { name: 'Clear wishlist' }).click();
  const dialog = page.getByRole('dialog', { name: 'Clear wishlist' });
  await expect(dialog).toContainText(
    'Remove all 1 item from your wishlist? This cannot be undone.',
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(rows).toHaveCount(1);
  await toolbar.getByRole('button', { name: 'Clear wishlist' }).click();
  await dialog.getByRole('button', { name: 'Clear wishlist' }).click();
  await expect(page.getByText('You have no items in your wishlist.')).toBeVisible();
  await page.reload();
  await expect(page.getByText('You have no items in your wishlist.')).toBeVisible();
});
