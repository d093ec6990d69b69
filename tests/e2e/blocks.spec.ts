/**
 * Blocks (docs/product.md §14.4), with two members in two browsers: a buyer writes to a seller;
 * the seller blocks the buyer from their conversation (after a confirm step); the blocked buyer
 * can neither make an offer nor message, and is told "You can no longer contact this member";
 * the seller finds the buyer on their Blocked members page and unblocks them; the buyer writes
 * again; then the buyer blocks the seller from the seller's profile, and cannot follow them.
 * Screenshots of the confirm step, the refusals and the list are saved under test-results/.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { accountMenu, newUser, registerThroughUi, signInThroughUi } from './support/app.ts';
import { sellerWithListing } from './support/seller.ts';

const NO_CONTACT = 'You can no longer contact this member';
const thread = (page: Page) => page.getByRole('list', { name: 'Messages and offers' });

async function writeToSeller(page: Page, productId: string, text: string) {
  await page.goto(`/products/${productId}`);
  await page.getByRole('link', { name: 'Message the seller' }).click();
  await expect(page).toHaveURL(/\/messages\/.+/);
  await page.getByLabel('Message', { exact: true }).fill(text);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
}

test('a member blocks another and the blocked one can neither message nor offer', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const seller = newUser(testInfo, 'seller');
  const title = `Wool Scarf ${Math.random().toString(36).slice(2, 7)}`;
  const listing = await sellerWithListing(page.request, seller, { title, price: 40 });

  // The buyer writes to the seller.
  const buyer = newUser(testInfo, 'buyer');
  await registerThroughUi(page, buyer);
  await writeToSeller(page, listing.product_id, 'Is it still available?');
  await expect(thread(page)).toContainText('Is it still available?');

  // The seller, in another browser, blocks the buyer from their conversation.
  const sellerContext = await browser.newContext();
  const sellerPage = await sellerContext.newPage();
  try {
    await sellerPage.goto('/login');
    await signInThroughUi(sellerPage, seller);
    await expect(accountMenu(sellerPage, seller)).toBeVisible({ timeout: 20_000 });
    await accountMenu(sellerPage, seller).click();
    await sellerPage.getByRole('menuitem', { name: 'Your Messages' }).click();
    await sellerPage.getByRole('link', { name: new RegExp(title) }).click();
    await expect(thread(sellerPage)).toContainText('Is it still available?');
    await sellerPage.getByRole('button', { name: `Block ${buyer.displayName}` }).click();
    const confirm = sellerPage.getByRole('group', { name: `Block ${buyer.displayName}?` });
    await expect(confirm).toContainText(
      `Block ${buyer.displayName}? They will not be able to message you, make offers or follow you. They will not be told.`,
    );
    await sellerPage.screenshot({ path: 'test-results/blocks-confirm.png' });
    await confirm.getByRole('button', { name: 'Block', exact: true }).click();
    // Their conversation is hidden from both now: the seller is back on the list, without it.
    await expect(sellerPage).toHaveURL(/\/messages$/);
    await expect(sellerPage.getByRole('link', { name: new RegExp(title) })).toHaveCount(0, {
      timeout: 10_000,
    });

    // The blocked buyer can make no offer...
    await page.goto(`/products/${listing.product_id}`);
    await page.getByRole('button', { name: 'Make an offer' }).click();
    const offerForm = page.getByRole('form', { name: 'Your offer' });
    await offerForm.getByLabel('Your offer').fill('30');
    await offerForm.getByRole('button', { name: 'Send offer' }).click();
    await expect(page.getByRole('alert').filter({ hasText: NO_CONTACT })).toBeVisible();
    await expect(page).toHaveURL(/\/products\//);
    await page.screenshot({ path: 'test-results/blocks-offer-refused.png' });
    // ...and sends no message.
    await writeToSeller(page, listing.product_id, 'Hello?');
    await expect(page.getByRole('alert').filter({ hasText: NO_CONTACT })).toBeVisible();
    await page.screenshot({ path: 'test-results/blocks-message-refused.png' });

    // The seller unblocks the buyer from their Blocked members page.
    await accountMenu(sellerPage, seller).click();
    await sellerPage.getByRole('menuitem', { name: 'Blocked Members' }).click();
    const list = sellerPage.getByRole('list', { name: 'Blocked members' });
    await expect(list).toContainText(buyer.displayName);
    await sellerPage.screenshot({ path: 'test-results/blocks-list.png' });
    await list.getByRole('button', { name: `Unblock ${buyer.displayName}` }).click();
    await expect(sellerPage.getByText('You have not blocked anyone.')).toBeVisible();

    // The buyer can write again; the conversation is back, with its earlier message.
    await writeToSeller(page, listing.product_id, 'Back again: is it available?');
    await expect(thread(page)).toContainText('Back again: is it available?', { timeout: 10_000 });
    await expect(thread(page)).toContainText('Is it still available?');

    // From a profile too: the buyer blocks the seller there, and can then not follow them.
    await page.goto(`/sellers/${listing.seller_id}`);
    await page.getByRole('button', { name: `Block ${seller.displayName}` }).click();
    await page
      .getByRole('group', { name: `Block ${seller.displayName}?` })
      .getByRole('button', { name: 'Block', exact: true })
      .click();
    await expect(page.getByRole('button', { name: `Unblock ${seller.displayName}` })).toBeVisible();
    await page.getByRole('button', { name: `Follow ${seller.displayName}` }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'You cannot follow this member' }),
    ).toBeVisible();
    await page.screenshot({ path: 'test-results/blocks-profile.png' });
    await page.getByRole('button', { name: `Unblock ${seller.displayName}` }).click();
    await expect(page.getByRole('button', { name: `Block ${seller.displayName}` })).toBeVisible();
  } finally {
    await sellerContext.close();
  }
});
