import { expect, type Page, test, type TestInfo } from '@playwright/test';
import { createOrder, createProduct, createShop, createUser } from '../../src/server/testing/factories';
import { e2eEnv } from './e2e-db';
import { atBothWidths, createAccount, navLinks, PASSWORD, shotAtBothWidths, signInViaApi, toast, uniqueEmail } from './fixtures';

// A shop with helpers (issue 51), walked once at 375 px (tagged @phone), each of its screens seen at 375
// and 1280 px: the owner adds a helper
// with "Orders" and the helper accepts the link in another browser; the helper ships an order and
// the owner sees "Shipped by {name}"; the helper is sent away from /shop/settings and has no Shop or
// Cash in the navigation; the owner removes the helper, whose next click is refused.

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  await shotAtBothWidths(page, (width) => testInfo.outputPath(`${width}-${name}.png`));
}

test(`an owner's helper: invited, accepted, ships an order, kept out of the owner's pages, removed @phone`, async ({ page, browser }, testInfo) => {
  test.setTimeout(150_000);
  const tag = `p${Date.now() % 100_000}`;
  const env = e2eEnv();
  const ownerEmail = uniqueEmail('owner');
  const ownerId = await createUser(env, { email: ownerEmail, password: PASSWORD, fullName: 'Sara Owner', roles: ['shopkeeper'], isPro: true });
  const shop = await createShop(env, { owner: ownerId, name: `Helper Shop ${tag}`, currency: 'PKR' });
  const product = await createProduct(env, shop, { name: `Lawn Suit ${tag}`, stock: 10 });
  const order = await createOrder(env, product, { status: 'confirmed' });
  const helper = await createAccount({ fullName: `Ali ${tag}`, roles: ['buyer'] });
  await signInViaApi(page, ownerEmail, PASSWORD);

  // The owner adds the helper from Shop → Staff; the link comes with Copy and WhatsApp.
  await page.goto('/shop/manage');
  await page.getByRole('main').getByRole('link', { name: /Staff/ }).click();
  await expect(page.getByRole('heading', { name: 'Staff', level: 1 })).toBeVisible();
  await page.getByLabel('Email').fill('not an email');
  await page.getByRole('button', { name: 'Add staff' }).click();
  await expect(page.getByText('Invalid email address')).toBeVisible();
  await page.getByLabel('Email').fill(helper.email);
  await page.getByLabel('Role').selectOption({ label: 'Orders' });
  await page.getByRole('button', { name: 'Add staff' }).click();
  const linkField = page.getByLabel(`Invitation link for ${helper.email}`);
  await expect(linkField).toHaveValue(/\/join-shop\?token=/);
  const link = new URL(await linkField.inputValue());
  expect(await page.getByRole('link', { name: 'Share on WhatsApp' }).getAttribute('href')).toMatch(/^https:\/\/wa\.me\/\?text=/);
  await expect(page.getByText('Your staff (1 of 10)')).toBeVisible();
  await shoot(page, testInfo, 'staff-en');

  // The helper, in another browser, opens the link, signs in and accepts: the shop's orders.
  const other = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const helperPage = await other.newPage();
  await helperPage.goto(`${link.pathname}${link.search}`);
  await expect(helperPage.getByText(`Helper Shop ${tag} invites you to its staff with the role "Orders".`)).toBeVisible();
  await shoot(helperPage, testInfo, 'invitation-en');
  await helperPage.getByRole('link', { name: 'Sign in or sign up' }).click();
  await helperPage.getByLabel('Email').fill(helper.email);
  await helperPage.getByLabel('Password').fill(PASSWORD);
  await helperPage.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(helperPage.getByRole('button', { name: 'Accept' })).toBeVisible();
  await helperPage.getByRole('button', { name: 'Accept' }).click();
  await expect(toast(helperPage, `You are now staff of Helper Shop ${tag}`)).toBeVisible();
  await expect(helperPage).toHaveURL(/\/shop\/orders$/);

  // Only what a helper may use: no Shop, no Cash, no Products with "Orders".
  await atBothWidths(helperPage, async () => expect(await navLinks(helperPage)).toEqual(['/shop/orders', '/browse', '/settings']));

  // The helper ships the order.
  const card = helperPage.getByRole('article', { name: `Order ${order.orderNumber}` });
  await card.getByRole('button', { name: 'Mark shipped' }).click();
  const dialog = helperPage.getByRole('dialog', { name: `Ship order ${order.orderNumber}` });
  await dialog.getByLabel('Courier').selectOption('TCS');
  await dialog.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(toast(helperPage, 'Order shipped')).toBeVisible();
  await shoot(helperPage, testInfo, 'helper-orders-en');

  // The owner's pages send the helper away.
  await helperPage.goto('/shop/settings');
  await expect(helperPage).toHaveURL(/\/shop\/orders$/);
  await helperPage.goto('/shop/cash');
  await expect(helperPage).toHaveURL(/\/shop\/orders$/);

  // The owner sees who shipped it.
  await page.goto('/shop/orders');
  const ownerCard = page.getByRole('article', { name: `Order ${order.orderNumber}` });
  await expect(ownerCard.getByText(`Shipped by Ali ${tag}`)).toBeVisible();

  // Urdu: the three screens, and an invitation still open to show its screen.
  await page.goto('/ur/shop/staff');
  await page.getByLabel('ای میل').fill(uniqueEmail('second'));
  await page.getByRole('button', { name: 'عملہ شامل کریں' }).click();
  const urduLink = new URL(await page.getByLabel(/دعوت کا لنک/).inputValue());
  await shoot(page, testInfo, 'staff-ur');
  await helperPage.goto('/ur/shop/orders');
  await expect(helperPage.getByRole('article').first()).toBeVisible();
  await shoot(helperPage, testInfo, 'helper-orders-ur');
  const guest = await (await browser.newContext({ viewport: page.viewportSize() ?? undefined })).newPage();
  await guest.goto(`${urduLink.pathname}${urduLink.search}`);
  await expect(guest.getByRole('link', { name: 'سائن اِن یا سائن اَپ کریں' })).toBeVisible();
  await shoot(guest, testInfo, 'invitation-ur');
  await guest.context().close();
  await helperPage.goto('/shop/orders');

  // The owner removes the helper; the helper's next click is refused.
  await page.goto('/shop/staff');
  await page.getByRole('listitem', { name: `Ali ${tag}` }).getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  await expect(toast(page, 'Removed from your staff')).toBeVisible();
  // Still on its orders, as a phone left open: its next click reaches the server, which refuses it.
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Mark delivered' }).click();
  await helperPage.getByRole('alertdialog').getByRole('button', { name: 'Mark delivered' }).click();
  await expect(toast(helperPage, 'Only shopkeepers can do this')).toBeVisible();
  await other.close();
});
