/** Signed-in areas: a protected route sends visitors to sign in and back; the wishlist keeps saved items. */
import { expect, test } from './support/test.ts';
import {
  accountMenu,
  listingsForSlot,
  newUser,
  registerThroughUi,
  signInThroughUi,
  signOutThroughUi,
} from './support/app.ts';

test('a protected route redirects to /login and returns there after sign-in', async ({
  page,
}, testInfo) => {
  const user = newUser(testInfo, 'returning');
  await registerThroughUi(page, user);
  await signOutThroughUi(page, user);
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/orders');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Forgot Password?' })).toBeVisible();

  await signInThroughUi(page, user);
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByRole('heading', { name: 'My Orders', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No orders yet' })).toBeVisible();
  await expect(
    page.getByText('When you make a purchase, your orders will appear here.'),
  ).toBeVisible();
  await expect(accountMenu(page, user)).toBeVisible();

  // Signing out from a protected page lands on the home page too.
  await signOutThroughUi(page, user);
});

test('Sell sends a visitor to sign in, then on to the listing wizard', async ({
  page,
}, testInfo) => {
  const user = newUser(testInfo, 'seller');
  await registerThroughUi(page, user);
  await signOutThroughUi(page, user);

  await page
    .getByRole('navigation', { name: 'Shortcuts' })
    .getByRole('link', { name: 'Sell' })
    .click();
  await expect(page).toHaveURL(/\/login$/);
  await signInThroughUi(page, user);
  await expect(page).toHaveURL(/\/create-listing$/);
  await expect(page.getByRole('heading', { name: 'Create a listing', level: 1 })).toBeVisible();
});

test('a wishlist item is saved from the product page and removed from the wishlist', async ({
  page,
  request,
}, testInfo) => {
  const [listing] = await listingsForSlot(request, 3);
  const user = newUser(testInfo, 'saver');

  // Visitors are sent to sign in by the heart.
  await page.goto(`/products/${listing!.product_id}`);
  await page
    .getByRole('button', { name: `Save ${listing!.title} to wishlist` })
    .first()
    .click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('link', { name: 'Register' }).last().click();
  await registerThroughUi(page, user);

  await page.goto(`/products/${listing!.product_id}`);
  const likes = page.locator('.product-detail__likes');
  const likesBefore = Number((await likes.locator('span').textContent())!.match(/\d+/)![0]);
  await likes.getByRole('button', { name: `Save ${listing!.title} to wishlist` }).click();
  await expect(
    likes.getByRole('button', { name: `Remove ${listing!.title} from wishlist` }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('link', { name: 'Wishlist, 1 items' })).toBeVisible();
  await expect(likes).toContainText(
    `${likesBefore + 1} ${likesBefore + 1 === 1 ? 'like' : 'likes'}`,
  );

  await page.getByRole('link', { name: 'Wishlist, 1 items' }).click();
  await expect(page).toHaveURL(/\/wishlist$/);
  await expect(page.getByRole('heading', { name: 'My Wishlist', level: 1 })).toBeVisible();
  const row = page.getByRole('listitem').filter({ hasText: listing!.title });
  await expect(row).toBeVisible();
  await expect(row).toContainText(listing!.brand_name);

  // Saved on the server: still there after a reload.
  await page.reload();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: `Remove ${listing!.title} from wishlist` }).click();
  await expect(page.getByText('You have no items in your wishlist.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Wishlist, 0 items' })).toBeVisible();
  await page.reload();
  await expect(page.getByText('You have no items in your wishlist.')).toBeVisible();
});
