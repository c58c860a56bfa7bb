import { expect, test } from '@playwright/test';
import { emailLinkKey } from '../../src/server/auth/secret';
import { sendCartReminders } from '../../src/server/carts/cart-reminders.service';
import { createProduct, createShop } from '../../src/server/testing/factories';
import { e2eEnv } from './e2e-db';
import { createAccount, shotAtBothWidths, signedInAs, signInViaApi, toast } from './fixtures';
import { emailsTo } from './mail-fixtures';

/** scripts/e2e-server.mjs's AUTH_SECRET: the job run here signs its links as the server would. */
const E2E_AUTH_SECRET = 'e2e-secret-that-is-long-enough-0123456789';

// "Cart reminders" in /settings (issue 50 part 5): on by default, switched off and on again; English and Urdu, at 1280 and 375 px.
test('a buyer switches cart reminders off and on in /settings', async ({ page }, testInfo) => {
  await signedInAs(page, 'buyer');
  await page.goto('/settings');
  const cart = page.getByRole('switch', { name: 'Cart reminders' }).or(page.getByRole('checkbox', { name: 'Cart reminders' }));
  await expect(cart).toBeChecked();
  await page.screenshot({ path: testInfo.outputPath('settings-cart-reminders-1280-en.png'), fullPage: true });
  await cart.click();
  await expect(toast(page, 'Cart reminders are off')).toBeVisible();
  await page.reload();
  await expect(cart).not.toBeChecked();
  await cart.click();
  await expect(toast(page, 'Cart reminders are on')).toBeVisible();
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/ur/settings');
  await expect(page.getByRole('switch', { name: 'کارٹ کی یاد دہانیاں' }).or(page.getByRole('checkbox', { name: 'کارٹ کی یاد دہانیاں' }))).toBeChecked();
  await page.screenshot({ path: testInfo.outputPath('settings-cart-reminders-375-ur.png'), fullPage: true });
});

// The reminder itself (issue 50 part 5), through SMTP: a signed-in buyer's cart, untouched for a day,
// brings one email with its lines and a link to /cart; its stop link (also its List-Unsubscribe) opens
// /email-updates without signing in, and its button switches the account's cart reminders off.
test('a forgotten cart brings one email; its stop link switches cart reminders off without signing in @phone', async ({ page, browser }, testInfo) => {
  const tag = Date.now() % 100_000;
  const keeper = await createAccount({ fullName: 'Cart Keeper', roles: ['shopkeeper'] });
  const env = e2eEnv();
  const shop = await createShop(env, { owner: keeper.id, name: `Dupatta House ${tag}`, currency: 'PKR' });
  const product = await createProduct(env, shop, { name: `Chiffon Dupatta ${tag}`, price: 120_000, stock: 10 });
  const buyer = await createAccount({ fullName: 'Amna Buyer', roles: ['buyer'] });
  await signInViaApi(page, buyer.email, buyer.password);
  await page.goto(`/product/${product.slug}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(toast(page, 'Added to cart')).toBeVisible();
  const db = env.db;
  await expect.poll(async () => (await db.selectFrom('cart_lines').select('quantity').where('user_id', '=', buyer.id).execute()).length).toBe(1);

  // A day later (the cart's last change moved back), the hourly job runs: one email, once.
  const dayAgo = new Date(Date.now() - 25 * 3_600_000).toISOString();
  await db.updateTable('carts').set({ updated_at: dayAgo }).where('user_id', '=', buyer.id).execute();
  const mail = { publicUrl: new URL(page.url()).origin, linkKey: emailLinkKey(E2E_AUTH_SECRET) };
  expect(await sendCartReminders(db, mail, new Date())).toBeGreaterThanOrEqual(1);
  expect(await sendCartReminders(db, mail, new Date())).toBe(0);
  await expect.poll(async () => (await emailsTo(buyer.email)).length, { timeout: 15_000 }).toBe(1);
  const [email] = await emailsTo(buyer.email);
  expect(email!.subject).toMatch(/^Your cart is waiting at /);
  expect(email!.text).toContain(`1 × Chiffon Dupatta ${tag}`);
  expect(email!.text).toMatch(/https?:\/\/\S+\/cart\b/);
  const stop = /https?:\/\/\S+\/email-updates\?about=cart-reminders&\S+/.exec(email!.text)?.[0];
  expect(stop).toBeTruthy();
  expect(email!.unsubscribe).toBe(stop);

  // The link, opened on another phone with no one signed in: on, then off.
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  const reader = await context.newPage();
  const url = new URL(stop!);
  await reader.goto(`/ur${url.pathname}${url.search}`);
  await expect(reader.getByRole('heading', { name: 'کارٹ کی یاد دہانیاں' })).toBeVisible();
  await shotAtBothWidths(reader, (width) => testInfo.outputPath(`cart-stop-link-ur-${width}.png`));
  await reader.goto(`${url.pathname}${url.search}`);
  await expect(reader.getByText(`One email goes to ${buyer.email} when products wait in your cart for a day.`)).toBeVisible();
  await shotAtBothWidths(reader, (width) => testInfo.outputPath(`cart-stop-link-${width}.png`));
  await reader.getByRole('button', { name: 'Stop cart reminders' }).click();
  await expect(toast(reader, 'Cart reminders are off')).toBeVisible();
  await expect(reader.getByText(`Cart reminders to ${buyer.email} are off.`)).toBeVisible();
  await expect(reader.getByRole('button', { name: 'Send cart reminders again' })).toBeVisible();
  await context.close();

  // The buyer's own /settings says so.
  await page.goto('/settings');
  await expect(page.getByRole('switch', { name: 'Cart reminders' }).or(page.getByRole('checkbox', { name: 'Cart reminders' }))).not.toBeChecked();
});
