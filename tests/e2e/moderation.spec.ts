/**
 * Reports and moderation (docs/product.md, "Reports and moderation"), in three browsers: a
 * visitor reports a counterfeit listing with their email; moderator A removes it with a statement
 * of reasons, and it leaves search; the seller signs in, reads the notice and appeals; moderator
 * A may not decide their own decision's appeal, moderator B reverses it, and the listing is back
 * in search. Moderators are accounts with the custom claim `role: 'moderator'` on the Auth
 * emulator (as `npm run ops:grant -- <email> moderator` sets it). The queue, the report dialog,
 * the statement of reasons and the appeals are shot at 375 and 1280 px.
 */
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { createTestUserWithRole } from '@rewear/testing';
import { expect, test } from './support/test.ts';
import { newUser, signInThroughUi, type TestUser } from './support/app.ts';
import { expectAccessible } from './support/checks.ts';
import { registeredUser, sellerWithListing } from './support/seller.ts';
import { REPO_ROOT } from './support/storefront.ts';

const SCREENSHOTS = path.join(REPO_ROOT, 'test-results/screenshots-moderation');

/** Screenshots at a phone's and a laptop's width, each checked not to be wider than the screen. */
async function shoot(page: Page, name: string, fullPage = true): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const original = page.viewportSize();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 812 : 800 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${width}.png`), fullPage });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect.soft(overflow, `${name} at ${width} px is wider than the screen`).toBeLessThanOrEqual(0);
  }
  if (original) await page.setViewportSize(original);
}

/** A moderator: an emulator account with the role claim, registered with the storefront. */
async function moderator(
  request: APIRequestContext,
  name: string,
): Promise<TestUser & { idToken: string }> {
  const password = 'secret-pass-1';
  const account = await createTestUserWithRole('moderator', password);
  const registered = await request.post('/api/users/register', {
    headers: { authorization: `Bearer ${account.idToken}` },
    data: { uid: account.uid, email: account.email, display_name: name },
  });
  expect(registered.status(), await registered.text()).toBeLessThan(300);
  return { displayName: name, email: account.email, password, idToken: account.idToken };
}

/** How many listings search finds for a word (the API the search page reads). */
async function searchTotal(request: APIRequestContext, word: string): Promise<number> {
  const answer = await request.get(`/api/search/results?query=${encodeURIComponent(word)}`);
  return ((await answer.json()) as { total: number }).total;
}

async function signedInAt(page: Page, user: TestUser, at: string): Promise<void> {
  await page.goto(at);
  await signInThroughUi(page, user);
  await expect(page).toHaveURL(new RegExp(`${at}$`), { timeout: 20_000 });
}

test('a visitor reports a counterfeit; a moderator removes it; the seller appeals; another moderator reinstates it', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  const word = `zqmono${Math.random().toString(36).slice(2, 8)}`;
  const title = `Monogram tote ${word}`;
  const seller = newUser(testInfo, 'seller');
  const listing = await sellerWithListing(request, seller, { title, price: 120 });
  const [moderatorA, moderatorB] = await Promise.all([
    moderator(request, 'Moderator A'),
    moderator(request, 'Moderator B'),
  ]);
  await expect.poll(() => searchTotal(request, word), { timeout: 15_000 }).toBe(1);

  // The visitor reports the listing, with an email; the dialog is a labelled modal.
  await page.goto(`/products/${listing.product_id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const reportButton = page.getByRole('button', { name: 'Report this listing' });
  await reportButton.click();
  const dialog = page.getByRole('dialog', { name: 'Report this listing' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('radio', { name: 'Counterfeit' })).toBeFocused();
  // Escape closes it and gives the focus back to the button.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(reportButton).toBeFocused();

  await reportButton.click();
  await dialog.getByRole('radio', { name: 'Counterfeit' }).check();
  await dialog
    .getByLabel('Anything else we should know? (optional)')
    .fill('The monogram is misprinted and the lining is wrong.');
  await expect(dialog.getByText('51 / 1,000 characters')).toBeVisible();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(
    dialog.getByText('Enter your email address, so we can tell you what we decide'),
  ).toBeVisible();
  await expect(dialog.getByLabel('Your email')).toBeFocused();
  await dialog.getByLabel('Your email').fill(`visitor-${word}@example.com`);
  await shoot(page, 'report-dialog', false);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByRole('status')).toHaveText(
    'Thanks, we received your report. We will tell you what we decide.',
  );
  await dialog.getByRole('button', { name: 'Close' }).click();
  // A report hides nothing by itself.
  expect(await searchTotal(request, word)).toBe(1);

  // The same visitor again: refused, with why.
  await reportButton.click();
  await dialog.getByRole('radio', { name: 'Counterfeit' }).check();
  await dialog.getByLabel('Your email').fill(`visitor-${word}@example.com`);
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'You have already reported this. We will tell you what we decide.',
  );
  await page.keyboard.press('Escape');

  // Moderator A finds the case, with the report but not who made it, and removes the listing.
  const contextA = await browser.newContext();
  const pageA = await contextA.newPage();
  await pageA.setViewportSize({ width: 1280, height: 900 });
  await signedInAt(pageA, moderatorA, '/moderation');
  await expect(pageA.getByRole('heading', { level: 1, name: 'Moderation' })).toBeVisible();
  const caseCard = pageA.getByRole('article', { name: `Case about ${title}` });
  await expect(caseCard).toBeVisible({ timeout: 15_000 });
  await expect(caseCard.getByText('Counterfeit', { exact: true })).toBeVisible();
  await expect(
    caseCard.getByText('The monogram is misprinted and the lining is wrong.'),
  ).toBeVisible();
  await expect(caseCard.getByText(/by a visitor/)).toBeVisible();
  await expect(caseCard).not.toContainText(`visitor-${word}@example.com`);
  await caseCard.getByLabel('Action').selectOption({ label: 'Remove listing' });
  await caseCard.getByLabel('Rule').selectOption({ label: 'Authentic items only' });
  await caseCard
    .getByLabel('What (the member reads this)')
    .fill('We removed your listing of the monogram tote.');
  await caseCard
    .getByLabel('Why')
    .fill('The photos show a misprinted monogram and a lining the brand never used.');
  await shoot(pageA, 'moderation-queue');
  await expectAccessible(pageA);
  await caseCard.getByRole('button', { name: 'Decide' }).click();
  await expect(caseCard).toBeHidden({ timeout: 15_000 });

  // Gone from search and from its page, for everyone.
  await expect.poll(() => searchTotal(request, word), { timeout: 15_000 }).toBe(0);
  await page.goto(`/products/${listing.product_id}`);
  await expect(page.getByRole('heading', { name: 'Product Not Found' })).toBeVisible();

  // The seller signs in (in the visitor's browser), opens the notice and appeals.
  await page.goto('/account/notices');
  await signInThroughUi(page, seller);
  await expect(page).toHaveURL(/\/account\/notices$/, { timeout: 20_000 });
  const headline = `Your listing "${title}" was removed`;
  await page.getByRole('link', { name: headline }).click();
  await expect(page.getByRole('heading', { level: 1, name: headline })).toBeVisible();
  const statement = page.getByRole('region', { name: 'Statement of reasons' });
  await expect(statement).toContainText('We removed your listing of the monogram tote.');
  await expect(statement).toContainText(
    'The photos show a misprinted monogram and a lining the brand never used.',
  );
  await expect(statement).toContainText('Authentic items only');
  await expect(page.getByText(/You can appeal this decision once, within 30 days/)).toBeVisible();
  await shoot(page, 'notice-statement');
  await expectAccessible(page);
  await page
    .getByLabel('Why should it change?')
    .fill('It is genuine: I bought it in the brand’s shop in 2021 and still have the receipt.');
  await page.getByRole('button', { name: 'Send appeal' }).click();
  await expect(page.getByText('Your appeal is waiting for a moderator.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send appeal' })).toBeHidden();

  // Moderator A may not decide the appeal of their own decision.
  await pageA.goto('/moderation/appeals');
  const ownAppeal = pageA.getByRole('article', { name: `Appeal about ${title}` });
  await expect(ownAppeal).toBeVisible({ timeout: 15_000 });
  await expect(ownAppeal).toContainText(
    'You made this decision: another moderator must decide the appeal',
  );
  await expect(ownAppeal.getByRole('button')).toHaveCount(0);
  await shoot(pageA, 'moderation-appeals-own');

  // Moderator B reverses it: the listing is back.
  const contextB = await browser.newContext();
  const pageB = await contextB.newPage();
  await pageB.setViewportSize({ width: 1280, height: 900 });
  await signedInAt(pageB, moderatorB, '/moderation/appeals');
  const appeal = pageB.getByRole('article', { name: `Appeal about ${title}` });
  await expect(appeal).toBeVisible({ timeout: 15_000 });
  await expect(appeal).toContainText('I bought it in the brand’s shop in 2021');
  await appeal
    .getByLabel('Your answer to the member')
    .fill('The receipt you describe matches the brand’s shop: we put your listing back.');
  await appeal.getByRole('button', { name: 'Reverse' }).click();
  await expect(appeal).toBeHidden({ timeout: 15_000 });

  await expect.poll(() => searchTotal(request, word), { timeout: 15_000 }).toBe(1);
  await page.reload();
  await expect(page.getByText('Your appeal was accepted: your listing is back.')).toBeVisible();
  await page.goto(`/products/${listing.product_id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.goto(`/search?q=${word}`);
  await expect(page.getByRole('main').getByRole('link', { name: title }).first()).toBeVisible();

  // A member without the role is turned away from the queue.
  await page.goto('/moderation');
  await expect(page.getByText('This page is for moderators.')).toBeVisible();

  await contextA.close();
  await contextB.close();
});

test('a suspended member sees why on every page and where they act; their reporter sees the outcome', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const word = `zqlinen${Math.random().toString(36).slice(2, 8)}`;
  const listing = await sellerWithListing(request, newUser(testInfo, 'shirtseller'), {
    title: `Linen shirt ${word}`,
    price: 30,
  });
  const member = newUser(testInfo, 'member');
  const reporter = newUser(testInfo, 'reporter');
  const [memberAccount, reporterAccount, moderatorA] = await Promise.all([
    registeredUser(request, member),
    registeredUser(request, reporter),
    moderator(request, 'Moderator A'),
  ]);

  // The reporter reports the member; a moderator suspends them for 7 days (through the API).
  const reported = await request.post('/api/reports', {
    headers: { authorization: `Bearer ${reporterAccount.idToken}` },
    data: {
      target: { kind: 'member', id: memberAccount.uid },
      reason: 'scam',
      text: 'Asked me to pay by bank transfer.',
    },
  });
  expect(reported.status(), await reported.text()).toBe(201);
  const { caseId } = (await reported.json()) as { caseId: string };
  const decided = await request.post(
    `/api/moderation/cases/${encodeURIComponent(caseId)}/decisions`,
    {
      headers: { authorization: `Bearer ${moderatorA.idToken}` },
      data: {
        action: 'suspend',
        days: 7,
        rule: 'pay-in-app',
        statement: {
          what: 'Your account is suspended for 7 days.',
          why: 'You asked a buyer to pay by bank transfer, outside Rewear.',
        },
      },
    },
  );
  expect(decided.status(), await decided.text()).toBe(201);
  const { decision } = (await decided.json()) as { decision: { endsAt: string } };
  const until = new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(decision.endsAt));

  // The member signs in: the banner says until when, and links to the notice.
  await page.goto('/login');
  await signInThroughUi(page, member);
  const banner = page.getByRole('status').filter({ hasText: 'Your account is suspended' });
  await expect(banner).toContainText(`Your account is suspended until ${until}.`, {
    timeout: 20_000,
  });
  await banner.getByRole('link', { name: 'See why' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: `Your account is suspended until ${until}` }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Statement of reasons' })).toContainText(
    'You asked a buyer to pay by bank transfer, outside Rewear.',
  );
  await expect(page.getByRole('region', { name: 'Statement of reasons' })).toContainText(
    'Payments stay in Rewear',
  );

  // Buying is refused, and the page says why in the server's words.
  await page.goto(`/products/${listing.product_id}`);
  await expect(banner).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: listing.title })).toBeVisible();
  await shoot(page, 'suspended-banner', false);
  await page.locator('.product-detail__info').getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'suspended' })).toContainText(
    `Your account is suspended until ${until}`,
  );

  // The reporter sees the outcome in their reports and their notifications.
  const reporterContext = await browser.newContext();
  const reporterPage = await reporterContext.newPage();
  await signedInAt(reporterPage, reporter, '/account/reports');
  await expect(reporterPage.getByRole('heading', { level: 1, name: 'Your reports' })).toBeVisible();
  await expect(reporterPage.getByText('Closed: we took action')).toBeVisible({ timeout: 15_000 });
  await expect(reporterPage.getByText('Scam or payment outside the app')).toBeVisible();
  await expectAccessible(reporterPage);
  await reporterPage.goto('/notifications');
  await expect(reporterPage.getByText('Your report was decided')).toBeVisible({ timeout: 15_000 });

  // The earlier report decided, the member can be reported again, from their profile.
  await reporterPage.goto(`/sellers/${memberAccount.uid}`);
  await reporterPage.getByRole('button', { name: `Report ${member.displayName}` }).click();
  const dialog = reporterPage.getByRole('dialog', { name: `Report ${member.displayName}` });
  await expect(dialog.getByLabel('Your email')).toHaveCount(0);
  await dialog.getByRole('radio', { name: 'Harassment' }).check();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByRole('status')).toHaveText(
    'Thanks, we received your report. We will tell you what we decide.',
  );
  await reporterContext.close();
});
