/** Sign-in carries a visitor's cart over and says what it could not carry (docs/product.md §4.2). */
import { expect, test } from './support/test.ts';
import { listingsForSlot, newUser, registerThroughUi } from './support/app.ts';

test('items of a visitor cart that could not be carried over are named at sign-in, with why', async ({
  page,
  request,
}, testInfo) => {
  const [listing] = await listingsForSlot(request, 13);
  await page.goto(`/products/${listing!.product_id}`);
  await page.locator('.product-detail__info').getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();

  // A listing removed while it sat in the visitor's cart (kept in this browser), and more of the
  // listing than its stock.
  await page.evaluate(
    ({ key, stock }) => {
      const backup = JSON.parse(window.localStorage.getItem(key)!);
      backup.lines[0].quantity = stock + 2;
      backup.lines.push({
        ...backup.lines[0],
        product_id: 'gone-listing',
        title: 'Vanished Scarf',
        quantity: 1,
      });
      window.localStorage.setItem(key, JSON.stringify(backup));
    },
    { key: 'ecart_cart_backup', stock: listing!.stock },
  );
  await page.reload();
  await expect(page.getByRole('button', { name: 'Cart, 2 items' })).toBeVisible();

  await page.getByRole('link', { name: 'Register' }).click();
  await registerThroughUi(page, newUser(testInfo, 'merger'));
  const notice = page.getByRole('status').filter({ hasText: 'could not be carried over' });
  await expect(notice).toContainText(
    'Some items from your cart could not be carried over in full:',
  );
  await expect(notice).toContainText('"Vanished Scarf" is no longer listed.');
  await expect(notice).toContainText(
    `"${listing!.title}": only ${listing!.stock} available, so your cart holds ${listing!.stock}.`,
  );
  await expect(page.getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();
  await notice.getByRole('button', { name: 'Dismiss cart notice' }).click();
  await expect(notice).toHaveCount(0);
});
