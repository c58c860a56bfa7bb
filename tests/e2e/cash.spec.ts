import fs from 'node:fs';
import { expect, type Page, test, type TestInfo } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { createOrder, createProduct, createShop } from '../../src/server/testing/factories';
import { e2eEnv } from './e2e-db';
import { ADMIN, shotAtBothWidths, signedInAs, signInViaApi, toast } from './fixtures';

// Cash received and the admin's order lookup (issue 30), walked once at 375 px (tagged @phone), each of
// its screens seen at 375 and 1280 px: the shop delivers an order, sees it under "Awaiting from
// courier", marks its cash received with a reference and sees the sums move; an admin finds the guest's
// order by phone.

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  await shotAtBothWidths(page, (width) => testInfo.outputPath(`${width}-${name}.png`));
}

test(`cash from the courier, and the admin's order lookup @phone`, async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000);
  const tag = `p${Date.now() % 100_000}`;
  const keeper = await signedInAs(page, 'shopkeeper', 'Cash Keeper');
  const env = e2eEnv();
  const shop = await createShop(env, { owner: keeper.id, name: `Cash Shop ${tag}`, currency: 'PKR' });
  const product = await createProduct(env, shop, { name: `Kurta ${tag}`, price: 250_000, stock: 10 });
  const buyerPhone = `+92 301 77${String(Date.now() % 100_000).padStart(5, '0')}`;
  const order = await createOrder(env, [{ product, quantity: 2 }], {
    status: 'shipped',
    at: new Date(Date.now() - 2 * 86_400_000),
    shipment: { courier: 'Leopards', trackingNumber: 'LE-5511' },
    shipping: { fullName: 'Hina Guest', email: `hina-${tag}@e2e.test`, phone: buyerPhone },
  });

  // Deliver it: its cash is now awaited from Leopards.
  await page.goto('/shop/orders');
  const card = page.getByRole('article', { name: `Order ${order.orderNumber}` });
  await card.getByRole('button', { name: 'Mark delivered' }).click();
  await page.getByRole('alertdialog', { name: `Mark ${order.orderNumber} delivered?` }).getByRole('button', { name: 'Mark delivered' }).click();
  await expect(toast(page, 'Order delivered')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Mark cash received' })).toBeVisible();

  await page.goto('/shop/cash');
  const awaiting = page.getByRole('region', { name: 'Cash in PKR' });
  await expect(awaiting.getByText('Awaiting from courier')).toBeVisible();
  await expect(awaiting).toContainText('PKR 5,000.00');
  await expect(awaiting).toContainText('1 order');
  await expect(page.getByRole('heading', { name: 'Leopards' })).toBeVisible();
  await expect(page.getByText(order.orderNumber)).toBeVisible();
  await shoot(page, testInfo, 'cash-awaiting');

  // Mark it received with the courier's slip number: a future date is refused first.
  await page.getByRole('link', { name: 'Mark cash received on the Orders page' }).click();
  await card.getByRole('button', { name: 'Mark cash received' }).click();
  const dialog = page.getByRole('dialog', { name: `Cash received for ${order.orderNumber}` });
  await dialog.getByLabel('Date received').fill('2099-01-01');
  await dialog.getByLabel('Reference').fill('LEO-REM-3391');
  await dialog.getByRole('button', { name: 'Mark received' }).click();
  await expect(toast(page, 'The date the cash was received cannot be in the future')).toBeVisible();
  const today = await dialog.getByLabel('Date received').getAttribute('max');
  await dialog.getByLabel('Date received').fill(today!);
  await shoot(page, testInfo, 'cash-dialog');
  await dialog.getByRole('button', { name: 'Mark received' }).click();
  await expect(toast(page, 'Cash marked received')).toBeVisible();
  await expect(card.getByText(/Cash received on/)).toBeVisible();
  await expect(card.getByText('LEO-REM-3391')).toBeVisible();

  // The sums moved: nothing awaited, the order's total received this month.
  await page.goto('/shop/cash');
  const figures = page.getByRole('region', { name: 'Cash in PKR' });
  await expect(figures.getByText('Received this month').locator('..')).toContainText('PKR 5,000.00');
  await expect(figures.getByText('Awaiting from courier').locator('..')).toContainText('PKR 0.00');
  await expect(page.getByText('Nothing awaited: the cash of every delivered order is received.')).toBeVisible();
  await shoot(page, testInfo, 'cash-received');

  // The orders as CSV, delivered ones of this month: read back, with the cash received and its reference.
  await page.goto('/shop/orders');
  await page.getByLabel('Status', { exact: true }).selectOption('delivered');
  const exporting = page.getByRole('region', { name: 'Export orders as CSV' });
  await exporting.getByLabel('From').fill(new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10));
  await shoot(page, testInfo, 'orders-export');
  const [download] = await Promise.all([page.waitForEvent('download'), exporting.getByRole('link', { name: 'Orders CSV' }).click()]);
  const text = fs.readFileSync((await download.path())!, 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const [header, ...rows] = parse(text, { bom: true }) as string[][];
  const row = rows.find((r) => r[0] === order.orderNumber)!;
  const cell = (name: string) => row[header!.indexOf(name)];
  expect([cell('Status'), cell('Buyer name'), cell('Items'), cell('Order total'), cell('Courier'), cell('Reference')]).toEqual([
    'delivered',
    'Hina Guest',
    `Kurta ${tag} x 2`,
    '5000.00',
    'Leopards',
    'LEO-REM-3391',
  ]);
  expect(cell('Cash received')).toBe(today);

  // The admin finds the guest's order by phone, written another way.
  const adminContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: { width: 375, height: 812 } });
  const admin = await adminContext.newPage();
  await signInViaApi(admin, ADMIN.email, ADMIN.password);
  await admin.goto('/admin/dashboard');
  await admin.getByRole('link', { name: /Look up an order/ }).click();
  await admin.getByLabel('Order number, email or phone').fill(`0${buyerPhone.replace(/\D/g, '').slice(-10)}`);
  await admin.getByRole('button', { name: 'Search' }).click();
  const found = admin.getByRole('article', { name: `Order ${order.orderNumber}` });
  await expect(found).toBeVisible();
  await expect(found).toContainText(`Cash Shop ${tag}`);
  await expect(found).toContainText('Courier: Leopards');
  await expect(found).toContainText('Hina Guest');
  await expect(found).toContainText('LEO-REM-3391');
  await expect(found.getByRole('button')).toHaveCount(0);
  await shoot(admin, testInfo, 'admin-lookup');
  await adminContext.close();
});
