/**
 * The contact form (docs/product.md §2.23): a visitor is told what is wrong with each field, in
 * the server's words, before anything is sent, then writes with an email and is told the
 * message was received and where the reply goes; a signed-in shopper need not give an address.
 */
import { expect, test } from './support/test.ts';
import { expectAccessible, shootAtBothWidths } from './support/checks.ts';
import { newUser, registerThroughUi } from './support/app.ts';

test('a visitor writes to the store: each field’s problem is named, then the message is received', async ({
  page,
}) => {
  await page.goto('/contact');
  await expect(page.getByRole('heading', { name: 'Contact Us', level: 1 })).toBeVisible();
  const form = page.getByRole('form', { name: 'Contact form' });
  const send = form.getByRole('button', { name: 'Send message' });

  // Nothing filled in: every required field says what it needs, and the first one has the focus.
  const sent: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/contact') sent.push(request.method());
  });
  await send.click();
  const topic = form.getByLabel('What is it about?');
  await expect(topic).toBeFocused();
  await expect(topic).toHaveAccessibleDescription('Choose what your message is about');
  await expect(form.getByLabel('Subject')).toHaveAccessibleDescription(
    'Give a subject of 3 to 120 characters',
  );
  await expect(form.getByLabel('Message')).toHaveAccessibleDescription(
    /^Write a message of 10 to 2000 characters/,
  );
  await expect(form.getByLabel('Your email')).toHaveAccessibleDescription(
    /^Enter your email address, so we can reply/,
  );
  await expect(form.getByLabel('Subject')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
  await shootAtBothWidths(page, 'contact-form-errors');

  // Some right, some still wrong: only those are named.
  await topic.selectOption({ label: 'An order' });
  await form.getByLabel('Subject').fill('Hi');
  await form
    .getByLabel('Message')
    .fill('My parcel has not moved for a week: can you look into it?');
  await form.getByLabel('Your email').fill('not-an-address');
  await send.click();
  await expect(form.getByLabel('Subject')).toBeFocused();
  await expect(form.getByText('Give a subject of 3 to 120 characters')).toBeVisible();
  await expect(form.getByText('Enter a valid email address, so we can reply')).toBeVisible();
  await expect(form.getByText('Choose what your message is about')).toHaveCount(0);
  await expect(form.getByText('Write a message of 10 to 2000 characters')).toHaveCount(0);
  expect(sent).toEqual([]);

  const email = `visitor-${Date.now().toString(36)}@example.com`;
  await form.getByLabel('Subject').fill('Parcel not moving');
  await form.getByLabel('Your email').fill(email);
  const answered = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/contact' && r.request().method() === 'POST',
  );
  await send.click();
  const answer = await answered;
  expect(answer.status()).toBe(201);
  expect(answer.request().postDataJSON()).toEqual({
    topic: 'order',
    subject: 'Parcel not moving',
    message: 'My parcel has not moved for a week: can you look into it?',
    email,
  });
  const received = page.getByRole('status').filter({ hasText: 'Message received.' });
  await expect(received).toContainText(
    `Message received. Thanks, we received your message. We will reply to ${email}.`,
  );
  await expect(received).toBeFocused();
  await shootAtBothWidths(page, 'contact-form-received');
  await expect(form).toHaveCount(0);

  // Another message starts from an empty form.
  await received.getByRole('button', { name: 'Send another message' }).click();
  await expect(form.getByLabel('Subject')).toHaveValue('');
});

test('a signed-in shopper is answered at their account’s address', async ({ page }, testInfo) => {
  const shopper = newUser(testInfo, 'writer');
  await registerThroughUi(page, shopper);
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Contact form' });
  await expect(form.getByLabel('Reply to (optional)')).toHaveAccessibleDescription(
    `Left empty, we reply to ${shopper.email}.`,
  );
  await form.getByLabel('What is it about?').selectOption({ label: 'My account' });
  await form.getByLabel('Subject').fill('Change my display name');
  await form.getByLabel('Message').fill('Where can I change the name shown on my listings?');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Message received.' })).toContainText(
    `We will reply to ${shopper.email}.`,
  );
});
