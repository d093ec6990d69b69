/**
 * "Your data and your account" (docs/security.md, "Personal data and account deletion"), with
 * the member and the other party in two browsers. Set up through the API: Ann buys Bob's jacket
 * (paid, shipped, delivered, completed), reviews him and writes to him about another listing,
 * and lists an item of her own. Ann opens Your Data from the account menu, sees her sections,
 * downloads the JSON and deletes her account behind the confirm step; she is signed out and
 * told. Bob then finds her name nowhere: his profile's review is by a former member, his
 * messages name a former member and her message reads as deleted, and her seller profile shows
 * a former member with no listings. Screenshots of the data page at 375 and 1280 px.
 */
import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { shootAtBothWidths } from './support/checks.ts';
import { accountMenu, newUser, signInThroughUi, SHIPPING, type TestUser } from './support/app.ts';
import { registeredUser } from './support/seller.ts';

interface Account extends TestUser {
  uid: string;
  idToken: string;
}

async function account(request: APIRequestContext, user: TestUser): Promise<Account> {
  return { ...user, ...(await registeredUser(request, user)) };
}

async function call(
  request: APIRequestContext,
  who: Account,
  method: 'POST' | 'PUT',
  path: string,
  data?: unknown,
) {
  const res = await request.fetch(path, {
    method,
    headers: { authorization: `Bearer ${who.idToken}` },
    ...(data === undefined ? {} : { data }),
  });
  const body = await res.json().catch(() => null);
  expect(res.status(), `${method} ${path}: ${JSON.stringify(body)}`).toBeLessThan(300);
  return body;
}

async function list(request: APIRequestContext, who: Account, title: string) {
  const brand = await call(request, who, 'POST', '/api/brands/find-or-create', {
    name: 'Account Test Brand',
  });
  const created = await call(request, who, 'POST', '/api/products', {
    title,
    price: 48,
    description: 'Waxed cotton, re-proofed last winter.',
    brand_id: brand.id,
    category_id: 5,
    condition_ids: 3,
    size_ids: [3],
    color_ids: [2],
    image: '/images/garments/outerwear-green.svg',
    stock: 1,
  });
  return created.product_id as string;
}

test('a member downloads their data and deletes the account; the other party no longer sees their name', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(150_000);
  const bob = await account(request, newUser(testInfo, 'seller'));
  const ann = await account(request, newUser(testInfo, 'leaver'));
  const tag = ann.uid.slice(0, 5);

  // Ann buys Bob's jacket; it is paid, shipped, delivered and completed.
  const jacket = await list(request, bob, `Field jacket ${tag}`);
  const placed = await call(request, ann, 'POST', '/api/orders', {
    userId: ann.uid,
    orderItems: [{ productId: jacket, quantity: 1, unitPrice: 48 }],
    shippingInfo: { ...SHIPPING, name: ann.displayName, email: ann.email },
  });
  await call(request, ann, 'POST', '/api/payments/simulated/confirm', {
    clientSecret: placed.clientSecret,
    card: { number: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123' },
  });
  await call(request, ann, 'PUT', `/api/orders/${placed.order.id}/update-payment`, {
    stripePaymentId: placed.paymentIntentId,
  });
  const shipmentId = `${placed.order.id}.${bob.uid}`;
  await call(request, bob, 'POST', `/api/shipments/${shipmentId}/ship`, {
    carrier: 'UPS',
    trackingNumber: '1Z999AA10123456784',
  });
  await call(request, bob, 'POST', `/api/shipments/${shipmentId}/delivered`);
  await call(request, ann, 'POST', `/api/shipments/${shipmentId}/complete`);
  const review = `Lovely jacket ${tag}, well packed.`;
  await call(request, ann, 'POST', `/api/shipments/${shipmentId}/review`, {
    rating: 5,
    text: review,
  });
  // She writes to Bob about another of his listings, and lists an item of her own.
  const scarf = await list(request, bob, `Wool scarf ${tag}`);
  const message = `Is the scarf ${tag} still available? I live at Elm Row 4.`;
  await call(request, ann, 'POST', `/api/listings/${scarf}/messages`, { text: message });
  await list(request, ann, `Ann's velvet blazer ${tag}`);

  // Ann opens Your Data from the account menu.
  await page.goto('/login');
  await signInThroughUi(page, ann);
  await expect(accountMenu(page, ann)).toBeVisible({ timeout: 20_000 });
  await accountMenu(page, ann).click();
  await page.getByRole('menuitem', { name: 'Your Data' }).click();
  await expect(page).toHaveURL(/\/account\/data$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your data' })).toBeVisible();
  const profile = page.getByRole('region', { name: /^Profile/ });
  await expect(profile).toContainText(ann.displayName);
  await expect(profile).toContainText(ann.email);
  await expect(page.getByRole('region', { name: /^Listings/ })).toContainText(
    `Ann's velvet blazer ${tag}`,
  );
  await expect(page.getByRole('region', { name: /^Orders/ })).toContainText(SHIPPING.address);
  await expect(page.getByRole('region', { name: /^Messages you sent/ })).toContainText(message);
  await expect(page.getByRole('region', { name: /^Reviews you wrote/ })).toContainText(review);
  await expect(page.getByRole('region', { name: /^Reports made/ })).toContainText('Nothing here.');
  await shootAtBothWidths(page, 'account-data');

  // The JSON download holds the same.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download JSON' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`rewear-data-${ann.uid}.json`);
  const saved = JSON.parse(readFileSync((await download.path())!, 'utf8'));
  expect(saved.uid).toBe(ann.uid);
  expect(JSON.stringify(saved)).toContain(ann.email);

  // Deleting asks for DELETE first; then she is signed out and told.
  const deletion = page.getByRole('region', { name: 'Delete my account' });
  await deletion.getByRole('button', { name: 'Delete my account' }).click();
  const confirm = deletion.getByRole('button', { name: 'Delete my account for good' });
  await expect(confirm).toBeDisabled();
  await deletion.getByLabel('Type DELETE to confirm').fill('DELETE');
  await confirm.click();
  await expect(page).toHaveURL(/\/account\/deleted$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Your account has been deleted' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();

  // Bob, in his own browser, finds her name nowhere.
  const bobContext = await browser.newContext();
  const bobPage = await bobContext.newPage();
  try {
    await bobPage.goto('/login');
    await signInThroughUi(bobPage, bob);
    await expect(accountMenu(bobPage, bob)).toBeVisible({ timeout: 20_000 });
    await bobPage.goto(`/sellers/${bob.uid}`);
    await expect(bobPage.getByText(review)).toBeVisible();
    await expect(bobPage.locator('.review-item__author')).toHaveText('A former member');
    await expect(bobPage.locator('main')).not.toContainText(ann.displayName);

    await bobPage.goto('/messages');
    const conversation = bobPage.getByRole('link', { name: new RegExp(`Wool scarf ${tag}`) });
    await expect(conversation).toContainText('Buyer: A former member');
    await expect(conversation).not.toContainText(message);
    await conversation.click();
    await expect(
      bobPage.getByText('This message was deleted with its author’s account.'),
    ).toBeVisible();
    await expect(bobPage.locator('main')).not.toContainText(ann.displayName);
    await expect(bobPage.locator('main')).not.toContainText(message);

    await bobPage.goto(`/sellers/${ann.uid}`);
    await expect(bobPage.getByRole('heading', { level: 1, name: 'A former member' })).toBeVisible();
    await expect(bobPage.locator('main')).not.toContainText(`Ann's velvet blazer ${tag}`);
    await expect(bobPage.locator('main')).not.toContainText(ann.displayName);
  } finally {
    await bobContext.close();
  }
});
