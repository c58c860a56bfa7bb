import { expect, type Page, test } from '@playwright/test';
import { createOrder, createProduct, createShop } from '../../src/server/testing/factories';
import { e2eEnv } from './e2e-db';
import { signedInAs } from './fixtures';

// Issue 48, items 7 and 8: the shop's pages beyond the spec's five are reached from "Shop" (/shop/manage),
// and no amount on a card breaks inside itself on a 375 px phone ("PKR 22,140." over "00").

/** The amounts (each a <bdi>) inside `page`'s main region that are laid out on more than one line. */
async function brokenAmounts(page: Page): Promise<string[]> {
  return page
    .getByRole('main')
    .locator('bdi')
    .evaluateAll((nodes) => nodes.filter((n) => /\d/.test(n.textContent ?? '') && n.getClientRects().length > 1).map((n) => n.textContent ?? ''));
}

test('no amount on /shop/cash or the dashboard breaks inside itself on a phone, in English and Urdu @phone', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const tag = `a${Date.now() % 100_000}`;
  const keeper = await signedInAs(page, 'shopkeeper', 'Amount Keeper');
  const env = e2eEnv();
  const shop = await createShop(env, { owner: keeper.id, name: `Amount Shop ${tag}`, currency: 'PKR' });
  const product = await createProduct(env, shop, { name: `Lawn suit ${tag}`, price: 1_107_000, stock: 40 });
  // Delivered orders of 22,140 and more: the awaited cash and the revenue run to five digits with decimals.
  await createOrder(env, [{ product, quantity: 2 }], { status: 'delivered', at: new Date(Date.now() - 86_400_000) });
  await createOrder(env, [{ product, quantity: 3 }], { status: 'returned', at: new Date(Date.now() - 86_400_000) });
  for (const prefix of ['', '/ur']) {
    await page.goto(`${prefix}/shop/cash`);
    await expect(page.getByRole('main').getByText(/22,140/).first()).toBeVisible();
    expect(await brokenAmounts(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`cash${prefix.replace('/', '-') || '-en'}.png`), fullPage: true });
    await page.goto(`${prefix}/shop/dashboard`);
    await expect(page.getByRole('main').getByText(/22,140/).first()).toBeVisible();
    expect(await brokenAmounts(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`dashboard${prefix.replace('/', '-') || '-en'}.png`), fullPage: true });
  }
});

test('the Shop page lists the shop’s other pages, and each opens', async ({ page }, testInfo) => {
  const keeper = await signedInAs(page, 'shopkeeper', 'Manage Keeper');
  await createShop(e2eEnv(), { owner: keeper.id, name: `Manage Shop ${Date.now() % 100_000}` });
  await page.goto('/shop/manage');
  await expect(page.getByRole('heading', { name: 'Your shop', level: 1 })).toBeVisible();
  const pages = page.getByRole('main').getByRole('navigation', { name: 'Your shop' });
  expect(await pages.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual([
    '/shop/settings',
    '/shop/coupons',
    '/shop/cash',
    '/shop/billing',
    '/shop/products',
    '/shop/staff',
  ]);
  await page.screenshot({ path: testInfo.outputPath('manage-1280.png'), fullPage: true });
  await pages.getByRole('link', { name: /Settings/ }).click();
  await expect(page).toHaveURL(/\/shop\/settings$/);
  // Shop stays lit on its own pages.
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shop' })).toHaveAttribute('aria-current', 'page');
});
