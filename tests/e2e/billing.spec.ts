import { expect, type Page, test } from '@playwright/test';
import { formatMoney } from '../../src/shared/money';
import { seedShop, signInAsAdmin, uniqueName } from './admin-fixtures';
import { e2eEnv } from './e2e-db';
import { signInViaApi, toast } from './fixtures';

// Pro plans and payments (issue 48), on a phone (375 px) with screenshots at 1280 px too: the admin makes
// a "Monthly" plan on /admin/billing, records a payment for a shop on /admin/shops, and the shopkeeper's
// /shop/billing says "Pro until …", with the plan's "Pay on WhatsApp" and the payment; no amount wraps
// inside itself on either page; Urdu.

/** Every amount on the page sits on one line (issue 48: "PKR 22,140." / "00"). */
async function expectAmountsWhole(page: Page) {
  const broken = await page.evaluate(() =>
    [...document.querySelectorAll('main bdi')]
      .filter((el) => /\d/.test(el.textContent ?? '') && /Rs|PKR|\$/.test(el.textContent ?? ''))
      .filter((el) => new Set([...el.getClientRects()].map((r) => Math.round(r.top))).size > 1)
      .map((el) => el.textContent),
  );
  expect(broken).toEqual([]);
}

async function shoot(page: Page, name: string, outputPath: (name: string) => string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await expectAmountsWhole(page);
    await page.screenshot({ path: outputPath(`${width}-${name}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 375, height: 812 });
}

test('the admin makes a Monthly plan and records a payment; the shopkeeper sees Pro until a month later @phone', async ({ page, browser }, testInfo) => {
  // Two people, two languages and screenshots at two widths: a whole flow, longer than one screen's test.
  test.setTimeout(120_000);
  const shop = await seedShop({ shopName: uniqueName("Sara's Boutique"), currency: 'PKR' });
  const planName = uniqueName('Monthly');

  await signInAsAdmin(page);
  await page.goto('/admin/dashboard');
  await page.getByRole('link', { name: /Billing/ }).click();
  await expect(page).toHaveURL(/\/admin\/billing$/);
  await page.getByRole('button', { name: 'New plan' }).click();
  const planDialog = page.getByRole('dialog', { name: 'New plan' });
  await planDialog.getByLabel('Name').fill(planName);
  await planDialog.getByLabel('Months').fill('25');
  await planDialog.getByRole('textbox', { name: 'Price', exact: true }).fill('1,500');
  await planDialog.getByLabel('Currency').selectOption('PKR');
  await planDialog.getByRole('button', { name: 'Save plan' }).click();
  await expect(planDialog.getByRole('alert')).toContainText('Months must be a whole number from 1 to 24');
  await planDialog.getByLabel('Months').fill('1');
  await planDialog.getByRole('button', { name: 'Save plan' }).click();
  await expect(toast(page, 'Plan saved')).toBeVisible();
  const planRow = page.getByRole('listitem').filter({ hasText: planName });
  await expect(planRow).toContainText('1 month');
  await expect(planRow).toContainText(/PKR\s1,500\.00/);

  await page.goto('/admin/shops');
  await page.getByLabel('Search shops').fill(shop.name);
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: shop.name }) });
  await card.getByRole('button', { name: 'Record payment' }).click();
  const payDialog = page.getByRole('dialog', { name: 'Record payment' });
  const option = payDialog.getByLabel('Plan').locator('option', { hasText: planName });
  await payDialog.getByLabel('Plan').selectOption((await option.getAttribute('value')) ?? '');
  await expect(payDialog.getByLabel('Amount received')).toHaveValue('1500.00');
  await payDialog.getByLabel('Reference').fill('EP-7781');
  await payDialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(toast(page, /Payment recorded\. Pro until/)).toBeVisible();

  await page.goto('/admin/billing');
  await page.getByRole('tab', { name: 'Payments' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: shop.name })).toContainText('EP-7781');
  await shoot(page, 'admin-billing', (n) => testInfo.outputPath(n));

  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const shopPage = await context.newPage();
  await signInViaApi(shopPage, shop.owner.email, shop.owner.password);
  await shopPage.goto('/shop/manage');
  await shopPage.getByRole('link', { name: /Billing/ }).click();
  await expect(shopPage).toHaveURL(/\/shop\/billing$/);
  await expect(shopPage.getByTestId('plan-status')).toContainText(/Pro until \w{3} \d{1,2}, \d{4}/);
  const offered = shopPage.getByRole('listitem').filter({ hasText: planName });
  const pay = offered.getByRole('link', { name: 'Pay on WhatsApp' });
  expect(decodeURIComponent((await pay.getAttribute('href')) ?? '')).toContain(`the ${planName} plan (${formatMoney(150_000, 'PKR')}) for my shop ${shop.name}`);
  await expect(shopPage.getByRole('region', { name: 'Payment history' })).toContainText('EP-7781');
  await shoot(shopPage, 'shop-billing', (n) => testInfo.outputPath(n));

  // Five days before the end, the dashboard says so, with "Renew on WhatsApp".
  const fiveDays = new Date(Date.now() + 5 * 86_400_000).toISOString();
  const { db } = e2eEnv();
  const { owner_id: ownerId } = await db.selectFrom('shops').select('owner_id').where('id', '=', shop.shopId).executeTakeFirstOrThrow();
  await db.updateTable('profiles').set({ pro_until: fiveDays }).where('user_id', '=', ownerId).execute();
  await shopPage.goto('/shop/dashboard');
  await expect(shopPage.getByTestId('plan-banner')).toContainText('Your Pro plan ends on');
  await expect(shopPage.getByTestId('plan-banner').getByRole('link', { name: 'Renew on WhatsApp' })).toBeVisible();
  await shoot(shopPage, 'dashboard-banner', (n) => testInfo.outputPath(n));

  await shopPage.goto('/ur/shop/billing');
  await expect(shopPage.getByTestId('plan-status')).toContainText('تک پرو');
  await shoot(shopPage, 'shop-billing-ur', (n) => testInfo.outputPath(n));
  await context.close();

  await page.goto('/ur/admin/billing');
  await expect(page.getByRole('tab', { name: 'پلان' })).toBeVisible();
  await shoot(page, 'admin-billing-ur', (n) => testInfo.outputPath(n));
});
