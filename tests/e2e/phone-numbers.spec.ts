import { expect, test } from '@playwright/test';
import { createProduct, createShop } from '../../src/server/testing/factories';
import { e2eEnv } from './e2e-db';
import { fillGuestCheckout, signedInAs, toast, uniqueEmail } from './fixtures';

// A buyer who types a local number can be messaged (issue 53), on a phone: a guest checks out with
// "0321 4567890", as most Pakistani buyers write it, and the shop's "Message buyer on WhatsApp" on
// /shop/orders links wa.me/923214567890; the shop's own number, saved locally, is linked the same way.

test('a guest who types a local number at checkout can be messaged on WhatsApp @phone', async ({ page, browser }, testInfo) => {
  test.setTimeout(90_000);
  const tag = `${Date.now() % 100_000}`;
  const keeper = await signedInAs(page, 'shopkeeper', 'Local Number Keeper');
  const env = e2eEnv();
  const shop = await createShop(env, { owner: keeper.id, name: `Karachi Crafts ${tag}`, currency: 'PKR', whatsapp: '0300 7654321' });
  const product = await createProduct(env, shop, { name: `Ajrak Shawl ${tag}`, price: 180_000, stock: 10 });

  // The guest, in a browser of their own at 375 px.
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  await context.route('https://wa.me/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>WhatsApp</title>' }));
  const guest = await context.newPage();
  await guest.goto(`/product/${product.slug}`);
  await guest.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(toast(guest, /Added to cart/)).toBeVisible();
  await guest.goto('/checkout');
  await fillGuestCheckout(guest, { fullName: 'Zainab Local', email: uniqueEmail('local-phone'), phone: '0321 4567890', city: 'Karachi', postalCode: '74000' });
  await guest.getByRole('button', { name: 'Place Order' }).click();
  await expect(toast(guest, 'Order placed successfully! Check WhatsApp for confirmation.')).toBeVisible();
  const placed = guest.getByRole('dialog', { name: 'Order placed' });
  await expect(placed.getByRole('link', { name: `Open WhatsApp for ${shop.name}` })).toHaveAttribute('href', /^https:\/\/wa\.me\/923007654321\?text=/);
  await guest.screenshot({ path: testInfo.outputPath('375-order-placed.png') });
  await context.close();

  // The shop messages the buyer: the number as typed on the card, in international form in the link.
  await page.goto('/shop/orders');
  const card = page.getByRole('article').filter({ hasText: 'Zainab Local' });
  await expect(card.getByText('0321 4567890')).toBeVisible();
  const message = card.getByRole('link', { name: 'Message buyer on WhatsApp' });
  await expect(message).toHaveAttribute('href', /^https:\/\/wa\.me\/923214567890\?text=/);
  await message.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('375-shop-orders-card.png') });
});
