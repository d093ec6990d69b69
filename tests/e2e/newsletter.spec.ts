/** The newsletter says what the server says, and its unsubscribe link works (docs/product.md §2.20). */
import { expect, test } from './support/test.ts';

test('subscribing twice says so, and the unsubscribe link unsubscribes', async ({ page }) => {
  const email = `reader-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  await page.goto('/');
  const section = page.getByRole('region', { name: 'Stay in the loop' });
  await section.scrollIntoViewIfNeeded();
  const box = section.getByLabel('Email address');
  await box.fill(email);
  await section.getByRole('button', { name: 'Subscribe' }).click();
  await expect(section.getByRole('status')).toHaveText('Thanks for subscribing to our newsletter!');
  await expect(box).toHaveValue('');
  await box.fill(email);
  await section.getByRole('button', { name: 'Subscribe' }).click();
  await expect(section.getByRole('status')).toHaveText('You are already subscribed.');

  await section.getByRole('link', { name: 'Unsubscribe' }).click();
  await expect(page).toHaveURL(/\/unsubscribe$/);
  await expect(
    page.getByRole('heading', { name: 'Unsubscribe from the newsletter' }),
  ).toBeVisible();
  const form = page.getByRole('form', { name: 'Unsubscribe' });
  await form.getByLabel('Email address').fill(email);
  await form.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'unsubscribed' })).toHaveText(
    'You have been unsubscribed.',
  );

  // The link a newsletter carries names the address; a second time, the server says it is not subscribed.
  await page.goto(`/unsubscribe?email=${encodeURIComponent(email)}`);
  await expect(form.getByLabel('Email address')).toHaveValue(email);
  await form.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('alert')).toHaveText('This email is not subscribed');
});
