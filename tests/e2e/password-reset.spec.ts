import { type Browser, expect, type Page, test } from '@playwright/test';
import { signInAsAdmin } from './admin-fixtures';
import { createAccount, signInViaApi, signInViaUi, toast } from './fixtures';
import { emailsTo, type ReceivedEmail } from './mail-fixtures';

// Forgotten passwords (issue 31) through the built app: the email really goes through SMTP (the e2e
// server's mail sink, scripts/mail-sink.mjs, keeps each one in .e2e/<port>/mail), the link resets the
// password once, every old session ends; and the admin's one-time link, which needs no email.

/** The newest email to `address` that the sink received, parsed (waits for it to arrive). */
async function emailTo(address: string): Promise<ReceivedEmail> {
  let found: ReceivedEmail | undefined;
  await expect
    .poll(
      async () => {
        found = (await emailsTo(address)).at(-1);
        return found !== undefined;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** The path and query of the reset link in a text (the app's PUBLIC_URL host may differ from the test's). */
function resetPath(text: string): string {
  const url = /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]{43}/.exec(text)?.[0];
  if (!url) throw new Error(`no reset link in: ${text}`);
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
}

async function signedInElsewhere(browser: Browser, email: string, password: string): Promise<Page> {
  const other = await (await browser.newContext()).newPage();
  await signInViaApi(other, email, password);
  const me = await other.request.get('/api/trpc/auth.me');
  expect(JSON.stringify(await me.json())).toContain(email);
  return other;
}

async function setNewPassword(page: Page, password: string): Promise<void> {
  await page.getByLabel(/^New Password/).fill(password);
  await page.getByLabel('Confirm New Password').fill(password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed. Sign in with your new password.')).toBeVisible();
}

async function forgotAndReset(page: Page, browser: Browser) {
  const account = await createAccount({ fullName: 'Forgetful Farah', roles: ['buyer'] });
  const elsewhere = await signedInElsewhere(browser, account.email, account.password);

  await page.goto('/auth');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('If an account exists for that email, we sent a link to reset the password.')).toBeVisible();

  const email = await emailTo(account.email);
  expect(email.subject).toBe('Reset your password on Marketplace');
  await page.goto(resetPath(email.text));
  // The rules of sign-up, and the two fields must agree.
  await page.getByLabel(/^New Password/).fill('abc');
  await page.getByLabel('Confirm New Password').fill('abc');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(toast(page, 'Password must be at least 6 characters')).toBeVisible();
  await page.getByLabel(/^New Password/).fill('brand-new-1');
  await page.getByLabel('Confirm New Password').fill('brand-new-2');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(toast(page, 'The two passwords do not match')).toBeVisible();
  await setNewPassword(page, 'brand-new-1');

  // The other device's session ended; the link works once.
  const me = await elsewhere.request.get('/api/trpc/auth.me');
  expect(JSON.stringify(await me.json())).not.toContain(account.email);
  await elsewhere.context().close();
  await page.goto(resetPath(email.text));
  await expect(page.getByText('This reset link has expired or was already used. Ask for a new one.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');

  // The old password no longer signs in; the new one does.
  await signInViaUi(page, account.email, account.password);
  await expect(toast(page, 'Invalid email or password')).toBeVisible();
  await signInViaUi(page, account.email, 'brand-new-1');
  await expect(toast(page, 'Signed in successfully!')).toBeVisible();
}

test('forgot password: the email arrives, its link resets the password once and ends the old sessions', async ({ page, browser }) => {
  await forgotAndReset(page, browser);
});

test('forgot password on a phone @phone', async ({ page, browser }) => {
  await forgotAndReset(page, browser);
});

test("an unknown email gets the same answer and no email", async ({ page }) => {
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill('nobody-here@e2e.test');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('If an account exists for that email, we sent a link to reset the password.')).toBeVisible();
});

async function adminLink(page: Page, browser: Browser) {
  const account = await createAccount({ fullName: 'Locked Out Laila', roles: ['buyer'] });
  await signInAsAdmin(page);
  await page.goto('/admin/users');
  await page.getByLabel('Search users').fill(account.email);
  const card = page.getByRole('listitem').filter({ hasText: account.email });
  await expect(card).toHaveCount(1);
  await card.getByRole('button', { name: 'Reset link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Password reset link for Locked Out Laila' });
  await expect(dialog).toBeVisible();
  const url = await dialog.getByLabel('One-time link').inputValue();
  expect(url).toMatch(/\/reset-password\?token=[A-Za-z0-9_-]{43}$/);
  const whatsapp = dialog.getByRole('link', { name: 'Send on WhatsApp' });
  await expect(whatsapp).toHaveAttribute('href', new RegExp(`^https://wa\\.me/15550000000\\?text=.*${encodeURIComponent(url).replace(/[.?*+^$()[\]{}|\\]/g, '\\$&')}`));
  await expect(dialog.getByRole('button', { name: 'Copy' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();

  const visitor = await (await browser.newContext({ viewport: page.viewportSize() ?? undefined })).newPage();
  const target = new URL(url);
  await visitor.goto(target.pathname + target.search);
  await setNewPassword(visitor, 'from-admin-1');
  await visitor.goto(target.pathname + target.search);
  await expect(visitor.getByText('This reset link has expired or was already used. Ask for a new one.')).toBeVisible();
  await signInViaUi(visitor, account.email, 'from-admin-1');
  await expect(toast(visitor, 'Signed in successfully!')).toBeVisible();
  await visitor.context().close();
}

test("the admin's reset link works once", async ({ page, browser }) => {
  await adminLink(page, browser);
});

test("the admin's reset link on a phone @phone", async ({ page, browser }) => {
  await adminLink(page, browser);
});

test('the admin dashboard says whether email works', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin/dashboard');
  await expect(page.getByText(/^Email: (working|\d+ failing)$/)).toBeVisible();
});
