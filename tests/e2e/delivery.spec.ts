import { expect, type Locator, type Page, test } from '@playwright/test';
import { createProduct } from '../../src/server/testing/factories';
import { e2eEnv } from './e2e-db';
import { fillGuestCheckout, shotAtBothWidths, signedInAs, toast, uniqueEmail } from './fixtures';
import { createShopViaUi } from './shopkeeper-fixtures';

// Delivery fees per shop (issue 18), walked once at 375 px (tagged @phone), each of its screens seen at
// 375 and 1280 px: the shopkeeper sets the rule on /shop/settings, a guest's cart and checkout show it,
// and the order keeps it everywhere.

const money = (amount: string) => new RegExp(`PKR\\s?${amount.replace('.', '\\.')}`);

test.beforeEach(async ({ context }) => {
  // Never leave the test machine: the WhatsApp page opened after checkout is answered locally.
  await context.route('https://wa.me/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>WhatsApp</title>' }));
});

/** The shopkeeper's shop (created through the UI) with one product of PKR 1,000 to sell. */
async function shopWithProduct(page: Page, name: string) {
  const keeper = await signedInAs(page, 'shopkeeper', 'Delivery Keeper');
  await createShopViaUi(page, name, { currency: 'PKR' });
  const env = e2eEnv();
  const shop = await env.db.selectFrom('shops').select(['id', 'slug', 'currency']).where('name', '=', name).executeTakeFirstOrThrow();
  const product = await createProduct(env, { id: shop.id, currency: shop.currency, ownerId: keeper.id }, { name: `${name} Lamp`, price: 100_000, stock: 20 });
  return { product, slug: shop.slug };
}

async function setDelivery(page: Page, shot: (name: string, on?: Page | Locator) => Promise<void>) {
  await page.goto('/shop/settings');
  const section = page.getByRole('form', { name: 'Delivery settings' });
  await expect(section.getByRole('heading', { name: 'Delivery' })).toBeVisible();
  // Bad input: a message under its field, and nothing saved.
  await section.getByLabel('Delivery fee').fill('-5');
  await section.getByLabel('Free delivery from').fill('0');
  await section.getByRole('button', { name: 'Save Delivery' }).click();
  await expect(section.getByText('Delivery fee must be an amount of 0 or more, like 200')).toBeVisible();
  await expect(section.getByText('Free delivery from must be an amount above 0, or left empty')).toBeVisible();
  await expect(section.getByLabel('Delivery fee')).toHaveAttribute('aria-invalid', 'true');
  await shot('settings-delivery-errors', section);

  await section.getByLabel('Delivery fee').fill('200');
  await section.getByLabel('Free delivery from').fill('3,000');
  await section.getByRole('button', { name: 'Add city rate' }).click();
  const rate = section.getByRole('group', { name: 'City rate 1' });
  await rate.getByRole('combobox', { name: 'City', exact: true }).fill('Quetta');
  await rate.getByLabel('No delivery to this city').check();
  await expect(rate.getByLabel('Fee for this city')).toBeDisabled();
  await section.getByRole('button', { name: 'Save Delivery' }).click();
  await expect(toast(page, 'Delivery settings saved')).toBeVisible();
  await shot('settings-delivery', section);
  await page.reload();
  await expect(section.getByLabel('Delivery fee')).toHaveValue('200.00');
  await expect(section.getByLabel('Free delivery from')).toHaveValue('3000.00');
  await expect(section.getByRole('group', { name: 'City rate 1' }).getByRole('combobox', { name: 'City', exact: true })).toHaveValue('Quetta');
}

test(`a shopkeeper sets fee 200 and free from 3,000; a guest's cart, checkout, WhatsApp text and tracking show it @phone`, async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const shot = (name: string, on: Page | Locator = page) => shotAtBothWidths(on, (at) => testInfo.outputPath(`${at}-${name}.png`));
  const shopName = `Delivery Shop P${Date.now() % 100000}`;
  const { product, slug } = await shopWithProduct(page, shopName);
  await setDelivery(page, shot);

  // A guest in another browser context.
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: { width: 375, height: 812 } });
  await context.route('https://wa.me/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>WhatsApp</title>' }));
  const guest = await context.newPage();
  // The storefront says what delivery costs before anything is in the cart.
  await guest.goto(`/shop/${slug}`);
  await expect(guest.getByText(/^Delivery PKR\s?200\.00 · free from PKR\s?3,000\.00 · some cities differ$/)).toBeVisible();
  await shot('storefront-header', guest.locator('main header').filter({ hasText: shopName }));
  await guest.goto(`/product/${product.slug}`);
  await guest.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(toast(guest, /Added to cart/)).toBeVisible();

  // Cart: grouped under the shop, Delivery PKR 200.00 and the hint; the summary's total includes it.
  await guest.goto('/cart');
  const group = guest.getByRole('region', { name: shopName });
  await expect(group.getByRole('heading', { name: shopName })).toBeVisible();
  await expect(group.getByTestId('shop-delivery')).toContainText(money('200.00'));
  await expect(group.getByText(/^Add PKR\s?2,000\.00 more for free delivery$/)).toBeVisible();
  await expect(guest.getByTestId('summary-delivery')).toContainText(money('200.00'));
  await expect(guest.getByTestId('summary-total')).toContainText(money('1,200.00'));
  await expect(guest.getByText('Calculated at checkout')).toHaveCount(0);
  await shot('cart', guest);

  // Three lamps reach the threshold: free, no hint; two bring the fee back.
  const line = group.getByRole('listitem').filter({ hasText: product.name });
  await line.getByRole('button', { name: 'Increase quantity' }).click();
  await line.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(group.getByTestId('shop-delivery')).toContainText('Free');
  await expect(group.getByText(/more for free delivery/)).toHaveCount(0);
  await expect(guest.getByTestId('summary-total')).toContainText(money('3,000.00'));
  await line.getByRole('button', { name: 'Decrease quantity' }).click();
  await expect(group.getByTestId('shop-delivery')).toContainText(money('200.00'));
  await expect(guest.getByTestId('summary-total')).toContainText(money('2,200.00'));

  // Checkout: the city the shop refuses disables Place Order; another city brings it back.
  await guest.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await expect(guest).toHaveURL(/\/checkout$/);
  const email = uniqueEmail('delivery-guest');
  await fillGuestCheckout(guest, { email, city: 'quetta' });
  await expect(guest.getByRole('alert').getByText(`${shopName} does not deliver to quetta`)).toBeVisible();
  await expect(guest.getByRole('button', { name: 'Place Order' })).toBeDisabled();
  await guest.getByLabel('City').fill('Lahore');
  await expect(guest.getByText(/does not deliver to/)).toHaveCount(0);
  const summary = guest.getByRole('region', { name: 'Order Summary' });
  await expect(summary.getByTestId('shop-delivery')).toContainText(money('200.00'));
  await expect(summary.getByTestId('summary-total')).toContainText(money('2,200.00'));
  await shot('checkout', guest);
  await guest.getByRole('button', { name: 'Place Order' }).click();
  await expect(toast(guest, 'Order placed successfully! Check WhatsApp for confirmation.')).toBeVisible();

  // The WhatsApp text: the fee and a total that includes it.
  const dialog = guest.getByRole('dialog', { name: 'Order placed' });
  const whatsapp = dialog.getByRole('link', { name: `Open WhatsApp for ${shopName}` });
  const text = decodeURIComponent((await whatsapp.getAttribute('href'))!.split('text=')[1]!);
  expect(text).toMatch(/Subtotal: PKR\s?2,000\.00/);
  expect(text).toMatch(/Delivery: PKR\s?200\.00/);
  expect(text).toMatch(/Total: PKR\s?2,200\.00/);
  const orderNumber = (await dialog.getByText(/^ORD-\d{8}-\d{4}-\d{6}$/).textContent())!;
  await dialog.getByRole('button', { name: 'Done' }).click();

  // Guest tracking, by order number and by email: a Delivery row and the total with it.
  await guest.goto('/guest/orders');
  await guest.getByLabel('Order Number').fill(orderNumber);
  await guest.getByRole('button', { name: 'Search Orders' }).click();
  const found = guest.getByRole('list', { name: 'Orders found' }).getByRole('article');
  await expect(found).toHaveCount(1);
  await expect(found.getByText('Delivery', { exact: true })).toBeVisible();
  await expect(found.getByText(money('200.00'))).toBeVisible();
  await expect(found.getByText(money('2,200.00'))).toBeVisible();
  await shot('tracking', found);
  await guest.getByLabel('Order Number').fill('');
  await guest.getByLabel('Email Address').fill(email);
  await guest.getByRole('button', { name: 'Search Orders' }).click();
  await expect(found.getByText(money('200.00'))).toBeVisible();
  await expect(found.getByText(money('2,200.00'))).toBeVisible();
  await context.close();

  // The shop sees the same on /shop/orders.
  await page.goto('/shop/orders');
  const order = page.getByRole('article', { name: `Order ${orderNumber}` });
  await expect(order.getByText('Delivery', { exact: true })).toBeVisible();
  await expect(order.getByText(money('2,200.00'))).toBeVisible();
});

test("a signed-in buyer's cart uses their saved city: a city rate, and a shop that does not deliver there named", async ({ page, browser }, testInfo) => {
  test.setTimeout(90_000);
  const env = e2eEnv();
  const keeper = await signedInAs(page, 'shopkeeper', 'City Keeper');
  const shopName = `City Shop ${Date.now() % 100000}`;
  await createShopViaUi(page, shopName, { currency: 'PKR' });
  const shop = await env.db.selectFrom('shops').select(['id', 'currency']).where('name', '=', shopName).executeTakeFirstOrThrow();
  const product = await createProduct(env, { id: shop.id, currency: shop.currency, ownerId: keeper.id }, { name: `${shopName} Mug`, price: 50_000 });
  await page.goto('/shop/settings');
  const section = page.getByRole('form', { name: 'Delivery settings' });
  await section.getByLabel('Delivery fee').fill('250');
  for (const [index, city] of ['Lahore', 'Quetta'].entries()) {
    await section.getByRole('button', { name: 'Add city rate' }).click();
    const rate = section.getByRole('group', { name: `City rate ${index + 1}` });
    await rate.getByRole('combobox', { name: 'City', exact: true }).fill(city);
    if (city === 'Lahore') await rate.getByLabel('Fee for this city').fill('100');
    else await rate.getByLabel('No delivery to this city').check();
  }
  await section.getByRole('button', { name: 'Save Delivery' }).click();
  await expect(toast(page, 'Delivery settings saved')).toBeVisible();

  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const buyerPage = await context.newPage();
  const buyer = await signedInAs(buyerPage, 'buyer', 'Saved City Buyer');
  const setCity = (city: string) => env.db.updateTable('profiles').set({ ship_city: city }).where('user_id', '=', buyer.id).execute();
  await setCity('Quetta');
  await buyerPage.goto(`/product/${product.slug}`);
  await buyerPage.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(toast(buyerPage, /Added to cart/)).toBeVisible();

  // Without a saved city the cart shows "From" the lowest fee the shop could charge.
  await setCity('');
  await buyerPage.goto('/cart');
  const group = buyerPage.getByRole('region', { name: shopName });
  await expect(group.getByTestId('shop-delivery')).toContainText(money('100.00'));
  await expect(group.getByTestId('shop-delivery')).toContainText('From');
  await expect(buyerPage.getByTestId('summary-total')).toContainText(/From PKR\s?600\.00/);

  await setCity(' lahore ');
  await buyerPage.reload();
  await expect(group.getByTestId('shop-delivery')).toHaveText(/Delivery\s*PKR\s?100\.00/);
  await expect(buyerPage.getByTestId('summary-total')).toContainText(money('600.00'));

  await setCity('Quetta');
  await buyerPage.reload();
  await expect(group.getByText(`${shopName} does not deliver to Quetta`)).toBeVisible();
  await context.close();
});

test('a city typed in Urdu meets the shop\'s rates: "کوئٹہ" is refused like Quetta, "لاہور" pays the Lahore rate (issue 53) @phone', async ({ page, browser }, testInfo) => {
  test.setTimeout(90_000);
  const shopName = `Urdu Town Shop ${Date.now() % 100000}`;
  const { product } = await shopWithProduct(page, shopName);
  await page.goto('/shop/settings');
  const section = page.getByRole('form', { name: 'Delivery settings' });
  await section.getByLabel('Delivery fee').fill('200');
  for (const [index, city] of ['Lahore', 'Quetta'].entries()) {
    await section.getByRole('button', { name: 'Add city rate' }).click();
    const rate = section.getByRole('group', { name: `City rate ${index + 1}` });
    const field = rate.getByRole('combobox', { name: 'City', exact: true });
    // The City field suggests Pakistan's cities.
    await expect(field).toHaveAttribute('list', 'delivery-cities');
    await field.fill(city);
    if (city === 'Lahore') await rate.getByLabel('Fee for this city').fill('150');
    else await rate.getByLabel('No delivery to this city').check();
  }
  await expect(page.locator('#delivery-cities option[value="Quetta"]')).toHaveAttribute('label', 'کوئٹہ');
  await section.getByRole('button', { name: 'Save Delivery' }).click();
  await expect(toast(page, 'Delivery settings saved')).toBeVisible();

  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  await context.route('https://wa.me/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>WhatsApp</title>' }));
  const guest = await context.newPage();
  await guest.goto(`/product/${product.slug}`);
  await guest.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(toast(guest, /Added to cart/)).toBeVisible();
  await guest.goto('/checkout');
  const email = uniqueEmail('urdu-city');
  await fillGuestCheckout(guest, { email, city: 'کوئٹہ' });
  await expect(guest.getByRole('alert').getByText(`${shopName} does not deliver to کوئٹہ`)).toBeVisible();
  await expect(guest.getByRole('button', { name: 'Place Order' })).toBeDisabled();
  await expect(guest.locator('#checkout-cities option[value="Lahore"]')).toHaveAttribute('label', 'لاہور');

  await guest.getByLabel('City').fill('لاہور');
  await expect(guest.getByText(/does not deliver to/)).toHaveCount(0);
  const summary = guest.getByRole('region', { name: 'Order Summary' });
  await expect(summary.getByTestId('shop-delivery')).toContainText(money('150.00'));
  await expect(summary.getByTestId('summary-total')).toContainText(money('1,150.00'));
  await guest.getByRole('button', { name: 'Place Order' }).click();
  await expect(toast(guest, 'Order placed successfully! Check WhatsApp for confirmation.')).toBeVisible();
  const order = await e2eEnv().db.selectFrom('orders').select(['ship_city', 'ship_city_id', 'delivery_fee']).where('buyer_email', '=', email).executeTakeFirstOrThrow();
  expect(order).toEqual({ ship_city: 'لاہور', ship_city_id: 'lahore', delivery_fee: 15_000 });
  await context.close();
});
