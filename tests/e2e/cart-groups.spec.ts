import { expect, type Page, test } from '@playwright/test';
import { createProduct, createShop } from '../../src/server/testing/factories';
import { e2eEnv } from './e2e-db';
import { atBothWidths, fillGuestCheckout, shotAtBothWidths } from './fixtures';

// Issue 50, item 6: a cart of two shops becomes two orders, two parcels and two couriers; each shop's
// group in the cart and each shop's block at checkout shows its own total, the cash its courier collects.
// Walked once at 375 px (tagged @phone); each screen's totals are read at 375 and 1280 px.

async function twoShopsInCart(page: Page) {
  const env = e2eEnv();
  const tag = Date.now() % 100_000;
  const lines = [];
  for (const [name, fee, price] of [[`Bangles ${tag}`, '200', 100_000], [`Shawls ${tag}`, '150', 250_000]] as const) {
    const shop = await createShop(env, { name, currency: 'PKR', delivery: { fee, freeFrom: '', cities: [] } });
    const product = await createProduct(env, shop, { name: `${name} item`, price, stock: 10 });
    lines.push({ product_id: product.id, color: null, size: null, quantity: 1, price, currency: 'PKR', product_name: product.name, image_url: null, shop_id: shop.id, slug: product.slug });
  }
  await page.goto('/browse');
  await page.evaluate((items) => localStorage.setItem('cart', JSON.stringify(items)), lines);
}

test(`each shop's group shows the cash its courier collects, in the cart and at checkout @phone`, async ({ page }, testInfo) => {
  await twoShopsInCart(page);
  for (const path of ['/cart', '/checkout']) {
    await page.goto(path);
    if (path === '/checkout') await fillGuestCheckout(page, { email: 'two-couriers@e2e.test' });
    await atBothWidths(page, async (width) => {
      const totals = page.getByTestId('shop-total');
      await expect(totals).toHaveCount(2);
      // Goods + delivery per shop: 1,000 + 200 and 2,500 + 150; the two add up to the summary's total.
      await expect(totals.nth(0)).toContainText('PKR 1,200.00');
      await expect(totals.nth(1)).toContainText('PKR 2,650.00');
      await expect(totals.nth(0)).toContainText("Cash to pay this shop's courier");
      await expect(totals.nth(0)).toBeVisible();
      await expect(page.getByTestId('summary-total')).toContainText('PKR 3,850.00');
      await expect(page.getByTestId('summary-total')).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`${width}${path.replace('/', '-')}.png`), fullPage: true, scale: width < 640 ? 'device' : 'css' });
    });
  }
  await page.goto('/ur/cart');
  await expect(page.getByTestId('shop-total').first()).toContainText('اس دکان کے کوریئر کو ادا کی جانے والی رقم');
  await shotAtBothWidths(page, (width) => testInfo.outputPath(`${width}-ur-cart.png`));
});
