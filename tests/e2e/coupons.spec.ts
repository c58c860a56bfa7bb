import { expect, type Locator, type Page, test } from '@playwright/test';
import { createProduct, createShop, createUser } from '../../src/server/testing/factories';
import { e2eEnv } from './e2e-db';
import { fillGuestCheckout, shotAtBothWidths, signedInAs, toast, uniqueEmail } from './fixtures';
import { createShopViaUi } from './shopkeeper-fixtures';

// Shop coupons (issue 32), walked once at 375 px (tagged @phone), each of its screens seen at 375 and
// 1280 px: a shopkeeper makes EID500 (Amount off 500, minimum 2,000) on /shop/coupons; a guest's cart
// holding that shop and another applies it to the right group only; checkout, the WhatsApp text and
// guest tracking show the discount and the lower total. Screenshots of /shop/coupons and of the cart
// with the coupon, in English and Urdu.

const money = (amount: string) => new RegExp(`PKR\\s?${amount.replace('.', '\\.')}`);

test.beforeEach(async ({ context }) => {
  await context.route('https://wa.me/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>WhatsApp</title>' }));
});

async function makeCoupon(page: Page, shotPath: (name: string) => string) {
  await page.goto('/shop/coupons');
  await expect(page.getByRole('heading', { name: 'Coupons', level: 1 })).toBeVisible();
  await expect(page.getByText('No coupons yet')).toBeVisible();
  await page.getByRole('button', { name: 'New coupon' }).click();
  const form = page.getByRole('form', { name: 'New coupon' });
  // Bad input: a message under its field, nothing saved.
  await form.getByLabel('Code').fill('EID/500');
  await form.getByLabel('Type').selectOption('amount');
  await form.getByLabel('Amount off (PKR)').fill('0');
  await form.getByRole('button', { name: 'Save coupon' }).click();
  await expect(form.getByText('Code must be 3-20 letters, digits or dashes')).toBeVisible();
  await expect(form.getByText('Amount off must be an amount above 0, like 500')).toBeVisible();
  await expect(form.getByLabel('Code')).toHaveAttribute('aria-invalid', 'true');
  await shotAtBothWidths(form, (width) => shotPath(`${width}-coupon-form-errors`));

  await form.getByLabel('Code').fill('eid500');
  await form.getByLabel('Amount off (PKR)').fill('500');
  await form.getByLabel('Minimum order (PKR, optional)').fill('2,000');
  await expect(form.getByRole('switch', { name: 'Once per buyer' })).toBeChecked();
  await form.getByRole('button', { name: 'Save coupon' }).click();
  await expect(toast(page, 'Coupon saved')).toBeVisible();
  const item = page.getByRole('list', { name: 'Your coupons' }).getByRole('listitem').filter({ hasText: 'EID500' });
  await expect(item.getByText('Active')).toBeVisible();
  await expect(item.getByText(/PKR\s?500\.00 off/)).toBeVisible();
  await expect(item.getByTestId('coupon-uses')).toHaveText('0 used');
}

test(`a shopkeeper makes EID500; a guest applies it to that shop's group only; checkout, WhatsApp and tracking show it @phone`, async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const shot = (name: string, on: Page | Locator = page) => shotAtBothWidths(on, (at) => testInfo.outputPath(`${at}-${name}.png`));
  const env = e2eEnv();
  const suffix = `P${Date.now() % 100000}`;
  const shopName = `Eid Bazaar ${suffix}`;
  const keeper = await signedInAs(page, 'shopkeeper', 'Coupon Keeper');
  await createShopViaUi(page, shopName, { currency: 'PKR' });
  const shop = await env.db.selectFrom('shops').select(['id', 'currency']).where('name', '=', shopName).executeTakeFirstOrThrow();
  const lamp = await createProduct(env, { id: shop.id, currency: shop.currency, ownerId: keeper.id }, { name: `Eid Lamp ${suffix}`, price: 100_000, stock: 20 });
  const otherName = `Other Shop ${suffix}`;
  const other = await createShop(env, { owner: await createUser(env, { roles: ['shopkeeper'] }), name: otherName, currency: 'PKR' });
  const mug = await createProduct(env, other, { name: `Other Mug ${suffix}`, price: 50_000, stock: 20 });
  await makeCoupon(page, (name) => testInfo.outputPath(`${name}.png`));
  await shot('shop-coupons');

  // A guest with both shops in the cart.
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: { width: 375, height: 812 } });
  await context.route('https://wa.me/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>WhatsApp</title>' }));
  const guest = await context.newPage();
  for (const product of [lamp, mug]) {
    await guest.goto(`/product/${product.slug}`);
    await guest.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(toast(guest, /Added to cart/)).toBeVisible();
  }
  await guest.goto('/cart');
  const group = guest.getByRole('region', { name: shopName });
  const otherGroup = guest.getByRole('region', { name: otherName });

  // The code typed into the other shop's group is refused there, under the field.
  await otherGroup.getByRole('button', { name: 'Have a coupon?' }).click();
  await otherGroup.getByLabel('Coupon code').fill('EID500');
  await otherGroup.getByRole('button', { name: 'Apply' }).click();
  await expect(otherGroup.getByText(`There is no coupon EID500 at ${otherName}`)).toBeVisible();

  // In its own group: applied, but the goods (PKR 1,000) are below its minimum.
  await group.getByRole('button', { name: 'Have a coupon?' }).click();
  await group.getByLabel('Coupon code').fill('eid500');
  await group.getByRole('button', { name: 'Apply' }).click();
  await expect(group.getByText(new RegExp(`^Coupon EID500 needs an order of PKR\\s?2,000\\.00 from ${shopName}$`))).toBeVisible();
  const line = group.getByRole('listitem').filter({ hasText: lamp.name });
  await line.getByRole('button', { name: 'Increase quantity' }).click();
  await line.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(group.getByTestId('shop-coupon')).toContainText('Coupon EID500');
  await expect(group.getByTestId('shop-coupon')).toContainText(/−PKR\s?500\.00/);
  await expect(otherGroup.getByTestId('shop-coupon')).toHaveCount(0);
  await expect(guest.getByTestId('summary-coupons')).toContainText(/−PKR\s?500\.00/);
  // 3,000 - 500 + 500 from the other shop; delivery is free here.
  await expect(guest.getByTestId('summary-total')).toContainText(money('3,000.00'));
  // Kept with the cart: a reload keeps it.
  await guest.reload();
  await expect(group.getByTestId('shop-coupon')).toContainText(/−PKR\s?500\.00/);
  await shot('cart-coupon', guest);
  await guest.goto('/ur/cart');
  await expect(guest.getByTestId('shop-coupon')).toContainText('EID500');
  await shot('cart-coupon-ur', guest);
  await guest.goto('/cart');

  // Checkout: the coupon row and the lower total; placed, the WhatsApp text shows them.
  await guest.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await expect(guest).toHaveURL(/\/checkout$/);
  const email = uniqueEmail('coupon-guest');
  await fillGuestCheckout(guest, { email, phone: '+92 300 5550032' });
  const summary = guest.getByRole('region', { name: 'Order Summary' });
  await expect(summary.getByTestId('shop-coupon')).toContainText(/−PKR\s?500\.00/);
  await expect(summary.getByTestId('summary-total')).toContainText(money('3,000.00'));
  await shot('checkout-coupon', guest);
  await guest.getByRole('button', { name: 'Place Order' }).click();
  await expect(toast(guest, 'Order placed successfully! Check WhatsApp for confirmation.')).toBeVisible();
  const dialog = guest.getByRole('dialog', { name: 'Order placed' });
  const whatsapp = dialog.getByRole('link', { name: `Open WhatsApp for ${shopName}` });
  const text = decodeURIComponent((await whatsapp.getAttribute('href'))!.split('text=')[1]!);
  expect(text).toMatch(/Subtotal: PKR\s?3,000\.00/);
  expect(text).toMatch(/Coupon EID500: −PKR\s?500\.00/);
  expect(text).toMatch(/Total: PKR\s?2,500\.00/);
  const otherText = decodeURIComponent((await dialog.getByRole('link', { name: `Open WhatsApp for ${otherName}` }).getAttribute('href'))!.split('text=')[1]!);
  expect(otherText).not.toContain('Coupon');
  const orderNumber = (await dialog.locator('li').filter({ hasText: shopName }).getByText(/^ORD-\d{8}-\d{4}-\d{6}$/).textContent())!;
  await dialog.getByRole('button', { name: 'Done' }).click();

  // Guest tracking shows the coupon row and the lower total.
  await guest.goto('/guest/orders');
  await guest.getByLabel('Order Number').fill(orderNumber);
  await guest.getByRole('button', { name: 'Search Orders' }).click();
  const found = guest.getByRole('list', { name: 'Orders found' }).getByRole('article');
  await expect(found).toHaveCount(1);
  await expect(found.getByTestId('order-coupon')).toContainText('Coupon EID500');
  await expect(found.getByTestId('order-coupon')).toContainText(/−PKR\s?500\.00/);
  await expect(found.getByText(money('2,500.00'))).toBeVisible();
  await shot('tracking-coupon', found);
  await context.close();

  // The shop: its order shows the coupon, the list counts the use, and Urdu reads the same screen.
  await page.goto('/shop/orders');
  await expect(page.getByRole('article', { name: `Order ${orderNumber}` }).getByTestId('order-coupon')).toContainText('EID500');
  await page.goto('/shop/coupons');
  await expect(page.getByTestId('coupon-uses')).toHaveText('1 used');
  await page.goto('/shop/dashboard');
  const stats = page.getByRole('region', { name: 'Coupons, last 30 days' });
  await expect(stats.getByText('EID500')).toBeVisible();
  await expect(stats.getByText('1 use', { exact: true })).toBeVisible();
  await expect(stats.getByText(/PKR\s?500\.00 given/)).toBeVisible();
  await shot('dashboard-coupons', stats);
  await page.goto('/ur/shop/coupons');
  await expect(page.getByRole('heading', { name: 'کوپن', level: 1 })).toBeVisible();
  await shot('shop-coupons-ur');
  await page.getByRole('button', { name: 'نیا کوپن' }).click();
  await expect(page.getByRole('form', { name: 'نیا کوپن' })).toBeVisible();
  await shot('coupon-form-ur');
});
