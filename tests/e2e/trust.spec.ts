import { type Browser, expect, test } from '@playwright/test';
import { createReview } from '../../src/server/testing/factories';
import { seedShop, signInAsAdmin, uniqueName } from './admin-fixtures';
import { e2eEnv } from './e2e-db';
import { ADMIN, createAccount, signInViaApi, signInViaUi, toast } from './fixtures';

// Trust and safety (issue 49), whole flows: a guest reports a product at 375 px; the admin finds it on
// /admin/reports at 1280 px, hides the product, and it leaves /browse with the admin's name in
// /admin/activity; a hidden review leaves its product page and the average. Screenshots of the report
// dialog, /admin/reports and /admin/activity at both widths, English and Urdu.

async function adminName(): Promise<string> {
  const row = await e2eEnv()
    .db.selectFrom('profiles')
    .innerJoin('users', 'users.id', 'profiles.user_id')
    .select('profiles.full_name')
    .where('users.email', '=', ADMIN.email)
    .executeTakeFirstOrThrow();
  return row.full_name;
}

async function guestSearch(browser: Browser, name: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/browse');
  await page.getByLabel('Search products').fill(name);
  return { page, close: () => context.close() };
}

test('a guest reports a product; the admin hides it from /admin/reports and the log names the admin @phone', async ({ page, browser }, testInfo) => {
  // One whole flow at two widths in two languages, with its screenshots.
  test.setTimeout(120_000);
  const shop = await seedShop({ shopName: uniqueName('Report Shop'), products: [{ name: uniqueName('Fake Watch') }] });
  const product = shop.products[0]!;

  // 375 px, a guest: Report → Counterfeit or fake, once; a second report of it is refused.
  await page.goto(`/product/${product.slug}`);
  await page.getByRole('button', { name: 'Report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report' });
  await dialog.getByLabel('Reason').selectOption({ label: 'Counterfeit or fake' });
  await dialog.getByLabel('Details').fill('The logo is printed crooked.');
  await page.screenshot({ path: testInfo.outputPath('375-report-dialog.png') });
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(toast(page, 'Thanks, we will take a look')).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Report' }).first().click();
  await dialog.getByLabel('Reason').selectOption({ label: 'Spam' });
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('You have already reported this');
  await page.goto(`/ur/product/${product.slug}`);
  await page.getByRole('button', { name: 'رپورٹ کریں' }).first().click();
  await expect(page.getByRole('dialog', { name: 'رپورٹ کریں' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('375-report-dialog-ur.png') });

  // 1280 px, the admin: the dashboard counts it, /admin/reports shows it, Hide product resolves it.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.context().clearCookies();
  await signInAsAdmin(page);
  await page.goto('/admin/dashboard');
  await page.getByRole('link', { name: /Reports: \d+ open/ }).click();
  await expect(page).toHaveURL(/\/admin\/reports$/);
  const row = page.getByRole('article', { name: `Product: ${product.name}` });
  await expect(row).toContainText('1 report');
  await expect(row).toContainText('Counterfeit or fake');
  await expect(row).toContainText('The logo is printed crooked.');
  await page.screenshot({ path: testInfo.outputPath('1280-admin-reports.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: testInfo.outputPath('375-admin-reports.png'), fullPage: true });
  await page.goto('/ur/admin/reports');
  await expect(page.getByRole('article', { name: `پروڈکٹ: ${product.name}` })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('375-admin-reports-ur.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: testInfo.outputPath('1280-admin-reports-ur.png'), fullPage: true });
  await page.goto('/admin/reports');
  await row.getByLabel('Note (optional)').fill('Brand complaint');
  await row.getByRole('button', { name: 'Hide product' }).click();
  await expect(toast(page, 'Reports resolved')).toBeVisible();
  await expect(row).toBeHidden();
  await page.getByRole('tab', { name: 'Resolved' }).click();
  await expect(page.getByRole('article', { name: `Product: ${product.name}` })).toContainText('Product hidden');

  const guest = await guestSearch(browser, product.name);
  await expect(guest.page.getByText('No products found')).toBeVisible();
  await guest.close();

  await page.goto('/admin/activity');
  await page.getByLabel('Thing').fill(product.name);
  await page.getByRole('button', { name: 'Apply' }).click();
  const name = await adminName();
  await expect(page.getByRole('article', { name: 'Resolved reports' })).toContainText(name);
  await expect(page.getByRole('article', { name: 'Deactivated the product' })).toContainText(name);
  await page.screenshot({ path: testInfo.outputPath('1280-admin-activity.png'), fullPage: true });
  await page.goto('/ur/admin/activity');
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: testInfo.outputPath('375-admin-activity-ur.png'), fullPage: true });
});

test("the shop's owner replies to a review and an admin hides another: a guest sees the reply, the hidden review gone and the new average", async ({ page, browser }) => {
  // Three people's browsers in one flow.
  test.setTimeout(90_000);
  const shop = await seedShop({ shopName: uniqueName('Review Shop'), products: [{ name: uniqueName('Lamp') }] });
  const product = shop.products[0]!;
  const [happy, angry] = [await createAccount({ fullName: 'Happy Buyer' }), await createAccount({ fullName: 'Angry Buyer' })];
  await createReview(e2eEnv(), { user: happy.id, of: { product }, rating: 5, comment: 'Lovely lamp' });
  await createReview(e2eEnv(), { user: angry.id, of: { product }, rating: 1, comment: 'Rude words here' });

  const guest = await browser.newContext();
  const guestPage = await guest.newPage();
  await guestPage.goto(`/product/${product.slug}`);
  await expect(guestPage.getByText('Rude words here')).toBeVisible();
  await expect(guestPage.getByRole('img', { name: 'Rated 3.0 out of 5 from 2 reviews' })).toBeVisible();

  // The owner replies (and the delivered order makes the happy buyer a verified one).
  const owner = await browser.newContext();
  const ownerPage = await owner.newPage();
  await signInViaApi(ownerPage, shop.owner.email, shop.owner.password);
  await ownerPage.goto(`/product/${product.slug}`);
  const happyReview = ownerPage.getByRole('listitem').filter({ hasText: 'Lovely lamp' });
  await happyReview.getByRole('button', { name: 'Reply' }).click();
  await happyReview.getByLabel('Your public reply').fill('Thank you, enjoy the light!');
  await happyReview.getByRole('button', { name: 'Save reply' }).click();
  await expect(toast(ownerPage, 'Reply saved')).toBeVisible();
  await expect(happyReview).toContainText(`Reply from ${shop.name}`);
  await owner.close();

  await signInAsAdmin(page);
  await page.goto(`/product/${product.slug}`);
  const review = page.getByRole('listitem').filter({ hasText: 'Rude words here' });
  await review.getByRole('button', { name: 'Hide review' }).click();
  await expect(toast(page, 'Review hidden')).toBeVisible();
  await expect(review).toContainText('Hidden');
  await expect(review.getByRole('button', { name: 'Show review' })).toBeVisible();

  await guestPage.reload();
  await expect(guestPage.getByText('Lovely lamp')).toBeVisible();
  await expect(guestPage.getByText(`Reply from ${shop.name}`)).toBeVisible();
  await expect(guestPage.getByText('Thank you, enjoy the light!')).toBeVisible();
  await expect(guestPage.getByText('Rude words here')).toBeHidden();
  await expect(guestPage.getByRole('img', { name: 'Rated 5.0 out of 5 from 1 review' })).toBeVisible();
  await guest.close();
});

test('an admin suspends a buyer on /admin/users: the buyer is told at sign-in; unsuspended, they sign in again', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const buyer = await createAccount({ fullName: 'Suspended Buyer', roles: ['buyer'] });
  await signInAsAdmin(page);
  await page.goto('/admin/users');
  await page.getByLabel('Search users').fill(buyer.email);
  const card = page.getByRole('listitem').filter({ hasText: buyer.email });
  await card.getByRole('button', { name: 'Suspend' }).click();
  const dialog = page.getByRole('dialog', { name: 'Suspend Suspended Buyer?' });
  await dialog.getByLabel('Reason').fill('Fake orders');
  await dialog.getByRole('button', { name: 'Suspend' }).click();
  await expect(toast(page, 'Account suspended')).toBeVisible();
  await expect(card).toContainText('Fake orders');

  const context = await browser.newContext();
  const buyerPage = await context.newPage();
  await signInViaUi(buyerPage, buyer.email, buyer.password);
  await expect(buyerPage.getByText('This account is suspended. Contact support.')).toBeVisible();

  await card.getByRole('button', { name: 'Unsuspend' }).click();
  await expect(toast(page, 'Suspension ended')).toBeVisible();
  await signInViaUi(buyerPage, buyer.email, buyer.password);
  await expect(buyerPage).not.toHaveURL(/\/auth$/);
  await context.close();
});
