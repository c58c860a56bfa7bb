import { expect, type Page, test, type TestInfo } from '@playwright/test';
import { createOrder, createProduct, createShop } from '../../src/server/testing/factories';
import { e2eEnv } from './e2e-db';
import { fillGuestCheckout, shotAtBothWidths, signedInAs, toast } from './fixtures';

// After dispatch (issue 29), walked once at 375 px (tagged @phone), each of its screens seen at 375 and
// 1280 px: the shop ships with TCS and a tracking number, guest tracking shows both, the message to the
// buyer names the tracking number; a parcel refused at the door is marked Returned and its stock comes
// back; a blocked number's checkout is refused with the shop's message.

const money = (amount: string) => new RegExp(`PKR\\s?${amount.replace('.', '\\.')}`);

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  await shotAtBothWidths(page, (width) => testInfo.outputPath(`${width}-${name}.png`));
}

test(`a COD order after dispatch: courier and tracking, the buyer's message, Returned, a blocked number @phone`, async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000);
  const tag = `p${Date.now() % 100_000}`;
  const keeper = await signedInAs(page, 'shopkeeper', 'Dispatch Keeper');
  const env = e2eEnv();
  const shopName = `Lahore Lawn ${tag}`;
  const shop = await createShop(env, { owner: keeper.id, name: shopName, currency: 'PKR' });
  const product = await createProduct(env, shop, { name: `Lawn Suit ${tag}`, price: 235_000, stock: 10 });
  const buyerPhone = `+92 300 55${String(Date.now() % 100_000).padStart(5, '0')}`;
  const order = await createOrder(env, [{ product, quantity: 2 }], {
    status: 'confirmed',
    shipping: { fullName: 'Sana Guest', email: `sana-${tag}@e2e.test`, phone: buyerPhone },
  });

  // Ship with TCS and a tracking number: the dialog checks the number with the server's rule first.
  await page.goto('/shop/orders');
  const card = page.getByRole('article', { name: `Order ${order.orderNumber}` });
  await card.getByRole('button', { name: 'Mark shipped' }).click();
  const dialog = page.getByRole('dialog', { name: `Ship order ${order.orderNumber}` });
  await dialog.getByLabel('Courier').selectOption('TCS');
  await dialog.getByLabel('Tracking number').fill('TCS/77');
  await dialog.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(dialog.getByText('Tracking number can only have letters, digits and dashes')).toBeVisible();
  await dialog.getByLabel('Tracking number').fill('TCS-7731-2209');
  await shoot(page, testInfo, 'ship-dialog');
  await dialog.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(toast(page, 'Order shipped')).toBeVisible();
  await expect(card.getByText('Courier: TCS')).toBeVisible();
  await expect(card.getByText('Tracking number: TCS-7731-2209')).toBeVisible();
  await expect(card.getByText('This number: 0 delivered · 0 returned · 0 cancelled')).toBeVisible();

  // The message to the buyer, for a shipped order, names the courier and the tracking number.
  const message = card.getByRole('link', { name: 'Message buyer on WhatsApp' });
  const href = (await message.getAttribute('href'))!;
  expect(href).toMatch(/^https:\/\/wa\.me\/9230055\d{5}\?text=/);
  const text = new URL(href).searchParams.get('text')!;
  expect(text).toContain(order.orderNumber);
  expect(text).toContain('shipped with TCS');
  expect(text).toContain('Tracking number: TCS-7731-2209');
  expect(text).toMatch(money('4,700.00'));
  await shoot(page, testInfo, 'order-card-shipped');

  // Guest tracking shows both, by order number.
  const guestContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: { width: 375, height: 812 } });
  const guest = await guestContext.newPage();
  await guest.goto('/guest/orders');
  await guest.getByLabel('Order Number').fill(order.orderNumber);
  await guest.getByRole('button', { name: 'Search Orders' }).click();
  const tracked = guest.getByRole('article', { name: `Order ${order.orderNumber}` });
  await expect(tracked.getByText('Courier: TCS')).toBeVisible();
  await expect(tracked.getByText('Tracking number: TCS-7731-2209')).toBeVisible();
  await shoot(guest, testInfo, 'guest-tracking');

  // Refused at the door: Returned, after a confirmation; the two suits go back into stock.
  const stock = async () => (await env.db.selectFrom('products').select('stock_amount').where('id', '=', product.id).executeTakeFirstOrThrow()).stock_amount;
  expect(await stock()).toBe(8);
  await card.getByRole('button', { name: 'Mark as Returned' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Mark this order as returned?' });
  await confirm.getByRole('button', { name: 'Mark as Returned' }).click();
  await expect(toast(page, 'Order marked as returned')).toBeVisible();
  await expect(card.getByText('Returned', { exact: true }).first()).toBeVisible();
  await expect(card.getByText('This number: 0 delivered · 1 returned · 0 cancelled')).toBeVisible();
  expect(await stock()).toBe(10);

  // Block the number: its next checkout from this shop is refused with the shop's message.
  await card.getByRole('button', { name: 'Block this number' }).click();
  await page.getByRole('alertdialog', { name: 'Block this number?' }).getByRole('button', { name: 'Block number' }).click();
  await expect(toast(page, 'Number blocked')).toBeVisible();
  await expect(card.getByText('This number is blocked')).toBeVisible();
  await shoot(page, testInfo, 'order-card-returned-blocked');

  await guestContext.route('https://wa.me/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>WhatsApp</title>' }));
  await guest.goto(`/product/${product.slug}`);
  await guest.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(toast(guest, /Added to cart/)).toBeVisible();
  await guest.goto('/checkout');
  await fillGuestCheckout(guest, { fullName: 'Sana Guest', email: `sana-new-${tag}@e2e.test`, phone: buyerPhone.replace('+92 ', '0').replaceAll(' ', '') });
  await guest.getByRole('button', { name: 'Place Order' }).click();
  // Beside Phone, not a toast that goes (issue 53).
  await expect(guest.getByRole('alert').filter({ hasText: `${shopName} does not take cash on delivery orders from this phone number. Contact the shop on WhatsApp.` })).toBeVisible();
  await shoot(guest, testInfo, 'checkout-blocked');
  expect(await stock()).toBe(10);

  // The shop's settings list the number, with Unblock.
  await page.goto('/shop/settings');
  const blocked = page.getByRole('region', { name: 'Blocked numbers' });
  await expect(blocked.getByText(buyerPhone)).toBeVisible();
  await expect(blocked.getByRole('button', { name: 'Unblock' })).toBeVisible();
  await shoot(page, testInfo, 'settings-blocked');
  await guestContext.close();
});
