import { expect, type Page, test } from '@playwright/test';
import { formatMoney } from '../../src/shared/money';
import { createOrder } from '../../src/server/testing/factories';
import { seedShop, signInAsAdmin, uniqueName } from './admin-fixtures';
import { e2eEnv } from './e2e-db';
import { shotAtBothWidths, signInViaApi, toast } from './fixtures';

// Commission (issue 48): with the shop's rate at 10% (its Custom rate on /admin/shops, so the
// marketplace's rate other specs meet stays 0), a delivered order appears on /admin/billing's
// Balances and on the shop's statement, a payment above the balance is refused, and one of the
// balance brings it to zero; the admin dashboard's month shows it. Walked once at 375 px; each screen
// looked at at 1280 px too; Urdu.

/** Every amount on the page sits on one line (issue 48: "PKR 22,140." / "00"). */
async function expectAmountsWhole(page: Page) {
  const broken = await page.evaluate(() =>
    [...document.querySelectorAll('main bdi')]
      .filter((el) => /\d/.test(el.textContent ?? '') && /Rs|PKR/.test(el.textContent ?? ''))
      .filter((el) => new Set([...el.getClientRects()].map((r) => Math.round(r.top))).size > 1)
      .map((el) => el.textContent),
  );
  expect(broken).toEqual([]);
}

async function look(page: Page, name: string, path: (name: string) => string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await expectAmountsWhole(page);
  }
  await shotAtBothWidths(page, (width) => path(`${width}-${name}.png`));
}

test('a delivered order at 10% is owed on /admin/billing and the shop’s statement; a payment brings it to zero @phone', async ({ page, browser }, testInfo) => {
  // Two people, two languages and screenshots at two widths: a whole flow.
  test.setTimeout(120_000);
  const shop = await seedShop({ shopName: uniqueName("Sara's Boutique"), currency: 'PKR', products: [{ price: 450_000 }] });

  await signInAsAdmin(page);
  await page.goto('/admin/shops');
  await page.getByLabel('Search shops').fill(shop.name);
  // The search's answer replaces the list: act on the card it shows.
  await expect(page.getByText('1 shop', { exact: true })).toBeVisible();
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: shop.name }) });
  await card.getByRole('button', { name: 'Custom rate' }).click();
  const rateDialog = page.getByRole('dialog', { name: 'Custom rate' });
  await rateDialog.getByRole('textbox', { name: 'Custom rate' }).fill('10.005');
  await rateDialog.getByRole('button', { name: 'Save rate' }).click();
  await expect(rateDialog.getByText('Commission rate must be a number from 0 to 50 with at most 2 decimals')).toBeVisible();
  await rateDialog.getByRole('textbox', { name: 'Custom rate' }).fill('10');
  await rateDialog.getByRole('button', { name: 'Save rate' }).click();
  await expect(toast(page, 'Commission rate saved')).toBeVisible();
  await expect(card.getByRole('button', { name: /Custom rate · 10%/ })).toBeVisible();

  // The order is placed and delivered through the services, as the shop would (not this test's subject).
  const env = e2eEnv();
  const { owner_id: ownerId } = await env.db.selectFrom('shops').select('owner_id').where('id', '=', shop.shopId).executeTakeFirstOrThrow();
  const product = { ...shop.products[0]!, shopId: shop.shopId, ownerId, images: [] };
  const order = await createOrder(env, product, { status: 'delivered' });
  const owed = formatMoney(45_000, 'PKR');

  // The dashboard's "Needs attention" lands on the list it names: this shop owes commission.
  await page.goto('/admin/dashboard');
  await page.getByRole('region', { name: 'Needs attention' }).getByRole('link', { name: 'See balances' }).click();
  await expect(page).toHaveURL(/\/admin\/billing\?tab=balances$/);
  await expect(page.getByRole('tab', { name: 'Balances' })).toHaveAttribute('aria-selected', 'true');
  const row = page.getByTestId('commission-balance-row').filter({ hasText: shop.name });
  await expect(row).toContainText(owed);
  await expect(row).toContainText('1 delivered order');
  await expect(row).toContainText('No payment yet');
  await row.getByRole('button', { name: 'Statement' }).click();
  await expect(row.getByTestId('commission-statement')).toContainText(order.orderNumber);
  await expect(row.getByTestId('commission-statement')).toContainText(`Goods ${formatMoney(450_000, 'PKR')} at 10%`);
  await look(page, 'admin-balances', (n) => testInfo.outputPath(n));

  await row.getByRole('button', { name: 'Record commission payment' }).click();
  const payDialog = page.getByRole('dialog', { name: 'Record commission payment' });
  await expect(payDialog).toContainText(`${shop.name} owes ${owed}`);
  await payDialog.getByLabel('Amount').fill('500');
  await payDialog.getByLabel('Reference').fill('EP-9001');
  await payDialog.getByRole('button', { name: 'Record commission payment' }).click();
  await expect(payDialog.getByRole('alert')).toHaveText(`${shop.name} owes ${owed}; ${formatMoney(50_000, 'PKR')} is more than that`);
  await payDialog.getByLabel('Amount').fill('450');
  await payDialog.getByRole('button', { name: 'Record commission payment' }).click();
  await expect(toast(page, 'Commission payment recorded')).toBeVisible();
  await expect(row).toContainText(formatMoney(0, 'PKR'));
  await expect(row).toContainText('Last payment');

  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const shopPage = await context.newPage();
  await signInViaApi(shopPage, shop.owner.email, shop.owner.password);
  await shopPage.goto('/shop/billing');
  const statement = shopPage.getByRole('region', { name: 'Commission statement' });
  await expect(statement).toContainText(order.orderNumber);
  await expect(statement).toContainText('EP-9001');
  await expect(statement.getByTestId('commission-balance')).toHaveText(formatMoney(0, 'PKR'));
  const download = shopPage.waitForEvent('download');
  await statement.getByRole('button', { name: 'Download statement (CSV)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^commission-statement-.+\.csv$/);
  await look(shopPage, 'shop-statement', (n) => testInfo.outputPath(n));
  await shopPage.goto('/ur/shop/billing');
  await expect(shopPage.getByRole('region', { name: 'کمیشن کا گوشوارہ' })).toContainText(order.orderNumber);
  await look(shopPage, 'shop-statement-ur', (n) => testInfo.outputPath(n));
  await context.close();

  await page.goto('/ur/admin/billing');
  await page.getByRole('tab', { name: 'بقایا جات' }).click();
  await page.getByTestId('commission-balance-row').filter({ hasText: shop.name }).getByRole('button', { name: 'گوشوارہ' }).click();
  await look(page, 'admin-balances-ur', (n) => testInfo.outputPath(n));

  // The dashboard's month: the commission this order earned is in PKR's card (other tests' orders too:
  // the figures are the whole marketplace's), no amount wraps inside itself, in both languages.
  await page.goto('/admin/dashboard');
  const month = page.getByRole('region', { name: 'This month' });
  const rupees = month.getByRole('listitem', { name: 'PKR' });
  await expect(rupees.getByText('Commission earned')).toBeVisible();
  await expect(rupees.getByText('Payments received')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Needs attention' })).toBeVisible();
  await look(page, 'admin-dashboard', (n) => testInfo.outputPath(n));
  await page.goto('/ur/admin/dashboard');
  await expect(page.getByRole('region', { name: 'اس مہینے' }).getByRole('listitem', { name: 'PKR' })).toBeVisible();
  await look(page, 'admin-dashboard-ur', (n) => testInfo.outputPath(n));
});
