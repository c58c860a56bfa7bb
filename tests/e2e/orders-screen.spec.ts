import { expect, type Locator, type Page, test, type TestInfo } from '@playwright/test';
import { blockOrderPhone } from '../../src/server/orders/dispatch.service';
import { createOrder, createProduct, createShop } from '../../src/server/testing/factories';
import { e2eEnv } from './e2e-db';
import { fillGuestCheckout, signedInAs, toast } from './fixtures';
import { createShopViaUi } from './shopkeeper-fixtures';

// The orders screen's walkthrough at 375 px (issue 53), with a look at 1280 px: "Mark delivered" asks
// first, a blocked number's refusal stays beside Phone, the bulk actions follow the selection, an order
// number never breaks inside itself, and the import preview says what to do.

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`) });
}

const tag = () => `${Date.now() % 1_000_000}`;

/** How many lines the text `needle` takes inside `scope` (the rectangles of a Range over it, by their top); -1 when it runs off the screen. */
async function linesOf(scope: Locator, needle: string): Promise<number> {
  return scope.evaluate((root, text) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const nodes: Text[] = [];
    for (let n = walker.nextNode(); n; n = walker.nextNode()) nodes.push(n as Text);
    const whole = nodes.map((n) => n.data).join('');
    const at = whole.indexOf(text);
    if (at < 0) throw new Error(`"${text}" not found`);
    const range = document.createRange();
    let offset = 0;
    for (const node of nodes) {
      const end = offset + node.data.length;
      if (at >= offset && at <= end) range.setStart(node, at - offset);
      if (at + text.length >= offset && at + text.length <= end) range.setEnd(node, at + text.length - offset);
      offset = end;
    }
    const rects = [...range.getClientRects()].filter((r) => r.width > 0);
    // Whole and on screen: one line, and not running off the screen's edge instead of wrapping.
    if (rects.some((r) => r.left < 0 || r.right > document.documentElement.clientWidth + 0.5)) return -1;
    return new Set(rects.map((r) => Math.round(r.top))).size;
  }, needle);
}

/** A keeper's PKR shop with one shipped order of 2 × PKR 1,000. */
async function shippedOrder(page: Page) {
  const keeper = await signedInAs(page, 'shopkeeper', 'Delivery Keeper');
  const env = e2eEnv();
  const shop = await createShop(env, { owner: keeper.id, name: `Deliver Shop ${tag()}`, currency: 'PKR' });
  const product = await createProduct(env, shop, { name: 'Lawn Kurta', price: 100_000, stock: 10 });
  const order = await createOrder(env, [{ product, quantity: 2 }], { status: 'shipped', shipment: { courier: 'Leopards', trackingNumber: null } });
  return { order, product };
}

test('"Mark delivered" asks first with the order number and the cash collected; Cancel leaves it shipped @phone', async ({ page }, testInfo) => {
  const { order } = await shippedOrder(page);
  await page.goto('/shop/orders');
  const card = page.getByRole('article', { name: `Order ${order.orderNumber}` });
  await card.getByRole('button', { name: 'Mark delivered' }).click();
  const ask = page.getByRole('alertdialog', { name: `Mark ${order.orderNumber} delivered?` });
  await expect(ask).toContainText('The courier collected PKR 2,000.00.');
  expect(await linesOf(ask.getByRole('heading'), order.orderNumber)).toBe(1);
  await shoot(page, testInfo, '375-en-delivered-confirm');
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();
  await expect(card.getByText('Shipped', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Mark cash received' })).toHaveCount(0);

  await card.getByRole('button', { name: 'Mark delivered' }).click();
  await ask.getByRole('button', { name: 'Mark delivered' }).click();
  await expect(toast(page, 'Order delivered')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Mark cash received' })).toBeVisible();
});

for (const phone of [true, false]) {
  const width = phone ? 375 : 1280;
  test(`the delivered confirmation and the ship dialog's title in English and Urdu${phone ? ' @phone' : ''}`, async ({ page }, testInfo) => {
    const { order, product } = await shippedOrder(page);
    const confirmed = await createOrder(e2eEnv(), product, { status: 'confirmed' });
    for (const prefix of ['', '/ur']) {
      const language = prefix ? 'ur' : 'en';
      await page.goto(`${prefix}/shop/orders`);
      const card = page.getByRole('article').filter({ hasText: order.orderNumber });
      await card.getByRole('button', { name: prefix ? 'ڈیلیور شدہ کریں' : 'Mark delivered' }).click();
      const ask = page.getByRole('alertdialog');
      await expect(ask).toContainText(order.orderNumber);
      expect(await linesOf(ask.getByRole('heading'), order.orderNumber)).toBe(1);
      await shoot(page, testInfo, `${width}-${language}-delivered-confirm`);
      await page.keyboard.press('Escape');
      {
        const other = page.getByRole('article').filter({ hasText: confirmed.orderNumber });
        await other.getByRole('button', { name: prefix ? 'روانہ شدہ کریں' : 'Mark shipped' }).click();
        const dialog = page.getByRole('dialog');
        expect(await linesOf(dialog.getByRole('heading'), confirmed.orderNumber)).toBe(1);
        await shoot(page, testInfo, `${width}-${language}-ship-dialog`);
        await page.keyboard.press('Escape');
      }
    }
  });
}

test('an order number stays on one line in the ship dialog title at 375 px @phone', async ({ page }) => {
  const keeper = await signedInAs(page, 'shopkeeper', 'Number Keeper');
  const env = e2eEnv();
  const shop = await createShop(env, { owner: keeper.id, name: `Number Shop ${tag()}`, currency: 'PKR' });
  const product = await createProduct(env, shop, { name: 'Clay Mug', price: 35_000, stock: 10 });
  const order = await createOrder(env, product, { status: 'confirmed' });
  await page.goto('/shop/orders');
  await page.getByRole('article', { name: `Order ${order.orderNumber}` }).getByRole('button', { name: 'Mark shipped' }).click();
  const dialog = page.getByRole('dialog', { name: `Ship order ${order.orderNumber}` });
  const title = dialog.getByRole('heading');
  expect(await linesOf(title, order.orderNumber)).toBe(1);
  // The number's own span: one line high, while the title around it still wraps.
  const number = title.getByText(order.orderNumber, { exact: true });
  const box = (await number.boundingBox())!;
  const lineHeight = await number.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
  expect(box.height).toBeLessThan(lineHeight * 1.5);
  expect(box.x + box.width).toBeLessThanOrEqual(375);
});

/** A guest's checkout refused by a shop that blocked the number; the shop's WhatsApp is +92 321 5550000. */
async function blockedCheckout(page: Page, browserPage: Page, prefix: string) {
  const keeper = await signedInAs(page, 'shopkeeper', 'Blocking Keeper');
  const env = e2eEnv();
  const shopName = `Sara's Boutique ${tag()}`;
  const shop = await createShop(env, { owner: keeper.id, name: shopName, currency: 'PKR', whatsapp: '+92 321 5550000' });
  const product = await createProduct(env, shop, { name: `Chiffon Dupatta ${tag()}`, price: 150_000, stock: 10 });
  const phoneNumber = `0300${String(Date.now() % 10_000_000).padStart(7, '0')}`;
  const order = await createOrder(env, product, { shipping: { phone: phoneNumber } });
  await blockOrderPhone(env.db, { orderId: order.id, shopId: shop.id, now: new Date() });

  const guest = browserPage;
  await guest.route('https://wa.me/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>WhatsApp</title>' }));
  await guest.goto(`${prefix}/product/${product.slug}`);
  await guest.getByRole('button', { name: prefix ? /کارٹ/ : 'Add to Cart' }).first().click();
  await guest.waitForTimeout(300);
  await guest.goto(`${prefix}/checkout`);
  return { shopName, phoneNumber };
}

for (const phone of [true, false]) {
  const width = phone ? 375 : 1280;
  test(`a blocked number's refusal stays beside Phone with the shop's WhatsApp until the number changes${phone ? ' @phone' : ''}`, async ({ page, browser }, testInfo) => {
    test.setTimeout(90_000);
    const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: { width, height: phone ? 812 : 800 } });
    const guest = await context.newPage();
    const { shopName, phoneNumber } = await blockedCheckout(page, guest, '');
    await fillGuestCheckout(guest, { email: `blocked-${tag()}@e2e.test`, phone: phoneNumber });
    await guest.getByRole('button', { name: 'Place Order' }).click();
    const message = `${shopName} does not take cash on delivery orders from this phone number. Contact the shop on WhatsApp.`;
    const field = guest.getByLabel('Phone');
    await expect(field).toHaveAccessibleDescription(new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    const alert = guest.getByRole('alert').filter({ hasText: message });
    await expect(alert).toBeVisible();
    await expect(alert.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute('href', /^https:\/\/wa\.me\/923215550000/);
    await guest.waitForTimeout(6_000);
    await expect(alert).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    // Nothing to scroll sideways: a long shop name wraps.
    expect(await guest.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await alert.scrollIntoViewIfNeeded();
    await shoot(guest, testInfo, `${width}-en-checkout-blocked`);
    await field.fill('03001112233');
    await expect(guest.getByText(message)).toHaveCount(0);
    await expect(field).not.toHaveAttribute('aria-invalid', 'true');

    // In Urdu: the server's message in Urdu, beside Phone.
    await guest.goto('/ur/checkout');
    const fields = { fullName: 'Sara Guest', email: `blocked-${tag()}@e2e.test`, phone: phoneNumber, address: '7 Canal View', city: 'Lahore', postalCode: '54000' };
    for (const [name, value] of Object.entries(fields)) await guest.locator(`input[name="${name}"]`).fill(value);
    await guest.locator('form button[type="submit"]').click();
    await expect(guest.locator('[role="alert"] a[href^="https://wa.me/923215550000"]')).toBeVisible();
    await shoot(guest, testInfo, `${width}-ur-checkout-blocked`);
    await context.close();
  });
}

/** A keeper's PKR shop with `count` delivered orders, on /shop/orders (in `prefix`'s language). */
async function manyOrders(page: Page, count: number) {
  const keeper = await signedInAs(page, 'shopkeeper', 'Bulk Keeper');
  const env = e2eEnv();
  const shop = await createShop(env, { owner: keeper.id, name: `Bulk Shop ${tag()}`, currency: 'PKR' });
  const product = await createProduct(env, shop, { name: 'Khaddar Shawl', price: 220_000, stock: 50 });
  const orders = [];
  for (let i = 0; i < count; i += 1) {
    orders.push(await createOrder(env, [{ product, quantity: 1 }], { status: 'delivered', at: new Date(Date.now() - (count - i) * 60_000) }));
  }
  return orders;
}

async function expectBarInView(page: Page, phone: boolean) {
  const bar = page.getByRole('region', { name: 'Selected orders' });
  await expect(bar).toBeInViewport();
  const box = (await bar.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  if (phone) {
    const nav = (await page.getByRole('navigation', { name: 'Main' }).boundingBox())!;
    // Above the bottom navigation, touching it at most: neither covers the other.
    expect(box.y + box.height).toBeLessThanOrEqual(nav.y + 0.5);
    expect(nav.y + nav.height).toBeLessThanOrEqual(viewport.height + 0.5);
    expect(box.y + box.height).toBeGreaterThan(nav.y - 24);
  } else {
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height + 0.5);
    expect(box.y + box.height).toBeGreaterThan(viewport.height - 40);
  }
  return bar;
}

for (const phone of [true, false]) {
  const width = phone ? 375 : 1280;
  test(`the bulk actions follow the selection: a bar with the count above the bottom navigation${phone ? ' @phone' : ''}`, async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const orders = await manyOrders(page, 8);
    await page.goto('/shop/orders');
    await expect(page.getByRole('article')).toHaveCount(8);
    await expect(page.getByRole('region', { name: 'Selected orders' })).toHaveCount(0);
    // The oldest orders are at the bottom of the list.
    const last = page.getByRole('article', { name: `Order ${orders[0]!.orderNumber}` });
    const before = page.getByRole('article', { name: `Order ${orders[1]!.orderNumber}` });
    await last.getByRole('checkbox').check();
    let bar = await expectBarInView(page, phone);
    await expect(bar).toContainText('1 selected');
    await before.getByRole('checkbox').check();
    bar = await expectBarInView(page, phone);
    await expect(bar).toContainText('2 selected');
    await expect(bar.getByRole('link', { name: 'Print 2 packing slips' })).toBeVisible();
    await expect(bar.getByRole('button', { name: 'Mark cash received (2 orders)' })).toBeEnabled();
    await shoot(page, testInfo, `${width}-en-bulk-bar`);
    // The last card's own buttons can still be reached: the bar does not hide the end of the list.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const lastButton = last.getByRole('link', { name: /packing slip/i }).last();
    const buttonBox = (await lastButton.boundingBox())!;
    const barBox = (await bar.boundingBox())!;
    expect(buttonBox.y + buttonBox.height).toBeLessThanOrEqual(barBox.y + 0.5);

    await page.goto('/ur/shop/orders');
    await page.getByRole('article').last().getByRole('checkbox').check();
    await page.getByRole('article').nth(6).getByRole('checkbox').check();
    await expect(page.getByText(/2 منتخب/)).toBeInViewport();
    await shoot(page, testInfo, `${width}-ur-bulk-bar`);
  });
}

const CSV_START = '\ufeffHandle,Name,Price,Stock\r\n';

for (const phone of [true, false]) {
  const width = phone ? 375 : 1280;
  test(`the import preview with errors says what to do, with a price example in the shop's currency${phone ? ' @phone' : ''}`, async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    await signedInAs(page, 'shopkeeper', 'Import Keeper');
    const stamp = `${phone ? 'p' : 'd'}${tag()}`;
    await createShopViaUi(page, `Import Shop ${stamp}`, { currency: 'PKR' });
    const rows = [`a-${stamp},Lawn Kurta,1500,3`, `b-${stamp},Shawl,900,2`, `c-${stamp},Mug,350,9`, `d-${stamp},Scarf,abc,1`, `e-${stamp},Cap,twelve,1`];
    const csv = `${CSV_START}${rows.join('\r\n')}\r\n`;
    for (const prefix of ['', '/ur']) {
      await page.goto(`${prefix}/shop/products`);
      await page.getByRole('button', { name: prefix ? 'پروڈکٹس امپورٹ کریں' : 'Import products' }).first().click();
      const dialog = page.getByRole('dialog');
      await dialog.locator('input[type="file"]').setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
      if (!prefix) {
        await expect(dialog.getByText('3 new, 0 updated (by Handle), 0 unchanged, 2 with errors')).toBeVisible();
        await expect(dialog.getByRole('button', { name: 'Fix the 2 rows above to import' })).toBeDisabled();
        await expect(dialog.getByRole('button', { name: /Import 3 products/ })).toHaveCount(0);
        await expect(dialog).not.toContainText('Nothing was imported');
        await expect(dialog).toContainText('like 1,500');
        await expect(dialog).not.toContainText('12.99');
      } else {
        await expect(dialog).toContainText('1,500');
        await expect(dialog).not.toContainText('12.99');
      }
      await dialog.getByRole('button').last().scrollIntoViewIfNeeded();
      await shoot(page, testInfo, `${width}-${prefix ? 'ur' : 'en'}-import-errors`);
      await page.keyboard.press('Escape');
    }
  });
}
