import { expect, type Page, test, type TestInfo } from '@playwright/test';
import { createOrder, createProduct, createShop } from '../../src/server/testing/factories';
import { packingSlipsHref } from '../../src/client/features/orders/packing-slips-link';
import { e2eEnv } from './e2e-db';
import { fillGuestCheckout, shotAtBothWidths, signedInAs, toast } from './fixtures';

// Issue 53, findings 3 and 12: every text about an order names a colour by its name; a packing slip
// says the order's status and asks no cash once it is delivered, cancelled or returned; /shop/orders
// offers the Orders CSV and the Items CSV.

const BROWN = '#8b5a2b';

test.beforeEach(async ({ context }) => {
  // Never leave the test machine: the WhatsApp page opened after checkout is answered locally.
  await context.route('https://wa.me/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>WhatsApp</title>' }));
});

// Walked once at 375 px (tagged @phone); each screen it screenshots is also seen at 1280 px.
async function shoot(page: Page, testInfo: TestInfo, name: (width: number) => string) {
  await shotAtBothWidths(page, (width) => testInfo.outputPath(`${name(width)}.png`));
}

test('@phone the new-order WhatsApp message names the colour of a product with one stock: Brown, not its code', async ({ page }) => {
  const tag = Math.random().toString(36).slice(2, 8);
  const env = e2eEnv();
  const keeper = await signedInAs(page, 'shopkeeper', 'Bag Keeper');
  await page.context().clearCookies();
  const shop = await createShop(env, { owner: keeper.id, name: `Bag House ${tag}`, currency: 'PKR', whatsapp: '+92 300 1234567' });
  const bag = await createProduct(env, shop, { name: `Leather Handbag ${tag}`, price: 450_000, colors: [BROWN], stock: 5 });

  await page.goto(`/product/${bag.slug}`);
  await page.getByRole('radio', { name: 'Brown' }).click();
  await expect(page.getByText('Color: Brown')).toBeVisible();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(toast(page, 'Added to cart')).toBeVisible();
  await page.goto('/cart');
  await expect(page.getByRole('listitem').filter({ hasText: bag.name }).getByText('Color: Brown')).toBeVisible();
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await fillGuestCheckout(page, { email: `bag-${tag}@e2e.test` });
  await page.getByRole('button', { name: 'Place Order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Order placed' });
  const whatsapp = dialog.getByRole('link', { name: `Open WhatsApp for ${shop.name}` });
  await expect(whatsapp).toHaveAttribute('href', /^https:\/\/wa\.me\/923001234567\?text=/);
  const text = decodeURIComponent((await whatsapp.getAttribute('href'))!.split('text=')[1]!);
  expect(text).toContain(`- ${bag.name} (Brown) x 1 = `);
  expect(text).not.toContain(BROWN);
});

test(`a returned order's packing slip says Returned and asks no cash; /shop/orders offers both CSVs and Select all ticks only orders to pack @phone`, async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const tag = 'P';
  const env = e2eEnv();
  const keeper = await signedInAs(page, 'shopkeeper', 'Slip Keeper');
  const shop = await createShop(env, { owner: keeper.id, name: `Dupatta Corner ${tag}`, currency: 'PKR', whatsapp: '+92 321 5550000' });
  const dupatta = await createProduct(env, shop, { name: 'Chiffon Dupatta', price: 120_000, colors: ['#e64980'], sizes: ['Free'], stock: 20 });
  const shipping = { fullName: 'Ayesha Khan', phone: '+92 300 7654321', address: 'House 12, Street 4', city: 'Karachi', postalCode: '75300' };
  const line = [{ product: dupatta, quantity: 2, color: '#e64980', size: 'Free' }];
  const returned = await createOrder(env, line, { shipping, status: 'returned' });
  const pending = await createOrder(env, line, { shipping });
  const confirmed = await createOrder(env, line, { shipping, status: 'confirmed' });
  await createOrder(env, line, { shipping, status: 'delivered' });

  for (const [prefix, status, nothing, colour] of [
    ['', 'Returned', 'Returned: nothing to collect', 'Hot Pink · Size Free'],
    ['/ur', 'واپس آ گیا', 'کوئی رقم وصول نہ کریں', 'شوخ گلابی · سائز \u2068Free\u2069'],
  ] as const) {
    await page.goto(`${prefix}${packingSlipsHref([returned.id])}`);
    const slip = page.getByRole('article').first();
    await expect(slip.getByTestId('slip-status')).toHaveText(status);
    await expect(slip.getByText(nothing)).toBeVisible();
    await expect(slip.getByText(colour)).toBeVisible();
    await expect(slip).not.toContainText(/Collect:|وصول کریں:/);
    await shoot(page, testInfo, (width) => `slip-returned-${width}-${prefix ? 'ur' : 'en'}`);
  }

  for (const [prefix, orders, items, selectAll] of [
    ['', 'Orders CSV', 'Items CSV', 'Select all to pack'],
    ['/ur', /^آرڈرز کی \u2068CSV\u2069$/, /^اشیاء کی \u2068CSV\u2069$/, 'پیک ہونے والے سب منتخب کریں'],
  ] as const) {
    await page.goto(`${prefix}/shop/orders`);
    await expect(page.getByRole('link', { name: orders })).toHaveAttribute('href', /^\/api\/shop\/orders\.csv\?/);
    await expect(page.getByRole('link', { name: items })).toHaveAttribute('href', /^\/api\/shop\/order-items\.csv\?/);
    await expect(page.getByRole('article')).toHaveCount(4);
    await page.getByText(selectAll).click();
    // The pending and the confirmed order, not the delivered or the returned one.
    const print = page.locator('a[href*="/shop/orders/slips?ids="][href*=","]');
    await expect(print).toHaveCount(1);
    const ids = /ids=([\d,]+)/.exec((await print.getAttribute('href'))!)![1]!.split(',').map(Number);
    expect(ids.sort()).toEqual([pending.id, confirmed.id].sort());
    await shoot(page, testInfo, (width) => `shop-orders-${width}-${prefix ? 'ur' : 'en'}`);
    await page.getByText(selectAll).click();
  }
});
