/** docs/product.md §4.1: a forgotten password is reset through the link Firebase emails. */
import { expect, test } from './support/test.ts';
import { newUser, registerThroughUi, signInThroughUi, signOutThroughUi } from './support/app.ts';

const EMULATOR = process.env.FIREBASE_AUTH_EMULATOR_HOST?.trim() || '127.0.0.1:9099';

interface OobCode {
  email: string;
  oobCode: string;
  oobLink: string;
  requestType: string;
}

test('a user resets a forgotten password from the emailed link and signs in with the new one', async ({
  page,
  request,
}, testInfo) => {
  const user = newUser(testInfo, 'forgetful');
  await registerThroughUi(page, user);
  await signOutThroughUi(page, user);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot Password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(
    page.getByRole('heading', { name: 'Forgot your password?', level: 1 }),
  ).toBeVisible();
  const form = page.getByRole('form', { name: 'Reset your password' });
  await form.getByLabel('Email').fill(user.email);
  await form.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Check your email for a link to reset your password.')).toBeVisible();

  // The emulator keeps the emails it would have sent: the link, its code and continue URL.
  let code: OobCode | undefined;
  await expect(async () => {
    const answer = await request.get(
      `http://${EMULATOR}/emulator/v1/projects/demo-marketplace/oobCodes`,
    );
    const { oobCodes } = (await answer.json()) as { oobCodes: OobCode[] };
    code = oobCodes
      .filter((c) => c.email === user.email && c.requestType === 'PASSWORD_RESET')
      .at(-1);
    expect(code).toBeTruthy();
  }).toPass({ timeout: 10_000 });
  const link = new URL(code!.oobLink);
  expect(link.searchParams.get('mode')).toBe('resetPassword');
  expect(link.searchParams.get('oobCode')).toBe(code!.oobCode);
  expect(new URL(link.searchParams.get('continueUrl')!).pathname).toBe('/reset-password');

  const resetPage = `/reset-password?mode=resetPassword&oobCode=${encodeURIComponent(code!.oobCode)}`;
  await page.goto(resetPage);
  const reset = page.getByRole('form', { name: 'Choose a new password' });
  await reset.getByLabel('New password', { exact: true }).fill('brand-new-2');
  await reset.getByLabel('Confirm new password').fill('brand-new-3');
  await reset.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toHaveText('Passwords do not match');
  await reset.getByLabel('Confirm new password').fill('brand-new-2');
  await reset.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();
  await page.getByRole('link', { name: 'Sign in' }).click();

  // The old password no longer works; the new one does.
  await signInThroughUi(page, user);
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await signInThroughUi(page, { ...user, password: 'brand-new-2' });
  await expect(page.getByRole('button', { name: `Signed in as ${user.displayName}` })).toBeVisible({
    timeout: 20_000,
  });

  // A spent code says so.
  await signOutThroughUi(page, user);
  await page.goto(resetPage);
  const again = page.getByRole('form', { name: 'Choose a new password' });
  await again.getByLabel('New password', { exact: true }).fill('another-4');
  await again.getByLabel('Confirm new password').fill('another-4');
  await again.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'This password reset link has expired or has already been used. Please ask for a new one.',
  );
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
});

test('an unknown address gets the same answer, and a link without a code explains itself', async ({
  page,
}) => {
  await page.goto('/forgot-password');
  const form = page.getByRole('form', { name: 'Reset your password' });
  await form.getByLabel('Email').fill('nobody-at-all@example.com');
  await form.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Check your email for a link to reset your password.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.goto('/reset-password');
  await expect(page.getByRole('alert')).toHaveText(
    'This password reset link has expired or has already been used. Please ask for a new one.',
  );
});
