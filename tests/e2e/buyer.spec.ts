import { expect, type Page, test } from '@playwright/test';
import { seedCatalog, seedSlider } from './buyer-fixtures';
import { fillGuestCheckout, placeOrderSignedIn, signedInAs, toast } from './fixtures';

/** The cart badge of the visible navigation (desktop top bar or phone bottom bar). */
const cartBadge = (page: Page) => page.locator('[data-testid="cart-count"]:visible').first();

const productGrid = (page: Page) => page.getByRole('list', { name: 'Products' });

test.beforeEach(async ({ context }) => {
  // Never leave the test machine: the WhatsApp page opened after checkout is answered locally.
  await context.route('https://wa.me/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>WhatsApp</title>' }));
});

test('a guest searches, filters, picks options, checks out with two shops and tracks the orders', async ({ page }) => {
  const c = await seedCatalog();

  // Search by brand, case-insensitively; the search is kept in the URL.
  await page.goto('/browse');
  await page.getByLabel('Search products').fill(`cotton tee ${c.tag.toUpperCase()}`);
  await expect(page).toHaveURL(/q=cotton/);
  await expect(productGrid(page).getByRole('article')).toHaveCount(1);
  await expect(productGrid(page).getByRole('link', { name: c.tee.name })).toBeVisible();
  await page.getByLabel('Search products').fill(`nothing-like-this-${c.tag}`);
  await expect(page.getByRole('heading', { name: 'No products found' })).toBeVisible();
  await page.getByLabel('Search products').fill('');

  // Category strip and shop filter, shareable through the URL (survives reload).
  await page.getByRole('button', { name: c.category.name }).click();
  await expect(page).toHaveURL(new RegExp(`category=${c.category.slug}`));
  await expect(productGrid(page).getByRole('article')).toHaveCount(1);
  await page.getByLabel('Shop').selectOption({ label: c.shopA.name });
  await expect(page).toHaveURL(new RegExp(`shop=${c.shopA.slug}`));
  await page.reload();
  await expect(page.getByRole('button', { name: c.category.name })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByLabel('Shop')).toHaveValue(c.shopA.slug);
  const tee = productGrid(page).getByRole('article');
  await expect(tee).toHaveCount(1);
  await expect(tee.getByText('-20%')).toBeVisible();
  await expect(tee.getByText('Low Stock')).toBeVisible();
  await page.getByRole('button', { name: 'All', exact: true }).click();
  await page.getByLabel('Shop').selectOption({ label: 'All Shops' });

  // A product with options opens its page from the card; nothing is preselected.
  await page.getByLabel('Search products').fill(c.tee.name);
  await expect(page).toHaveURL(/q=Cotton/);
  await expect(productGrid(page).getByRole('article')).toHaveCount(1);
  await productGrid(page).getByRole('button', { name: /Add to cart/ }).click();
  await expect(page).toHaveURL(new RegExp(`/product/${c.tee.slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: c.tee.name })).toBeVisible();
  await expect(page.locator('script', { hasText: '__xss' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(toast(page, 'Please select a color')).toBeVisible();
  await page.getByRole('radio', { name: 'Red' }).click();
  await expect(page.getByText('Color: Red')).toBeVisible();
  await page.getByRole('radio', { name: 'L', exact: true }).click();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(toast(page, 'Added to cart')).toBeVisible();
  await expect(cartBadge(page)).toHaveText('1');

  // A product without options goes straight in from its card.
  await page.goto(`/browse?q=${encodeURIComponent(c.lamp.name)}`);
  await productGrid(page).getByRole('button', { name: /Add to cart/ }).click();
  await expect(toast(page, 'Added to cart')).toBeVisible();
  await expect(cartBadge(page)).toHaveText('2');

  // Cart: quantity up, summary in the shop's currency.
  await page.goto('/cart');
  const teeLine = page.getByRole('listitem').filter({ hasText: c.tee.name });
  await expect(teeLine.getByText('Color: Red')).toBeVisible();
  await expect(teeLine.getByText('Size: L')).toBeVisible();
  await teeLine.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(teeLine.getByLabel('Quantity', { exact: true })).toHaveText('2');
  await expect(cartBadge(page)).toHaveText('3');
  // Shops without a delivery rule charge the marketplace default, 0 here: delivery is free.
  await expect(page.getByTestId('summary-delivery').first()).toContainText('Free');
  await expect(page.getByText(/PKR\s?8,500\.00/).first()).toBeVisible();

  // Checkout as a guest: one order per shop, each with its WhatsApp link.
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(toast(page, 'Full name is required')).toBeVisible();
  const email = `guest-${c.tag}@e2e.test`;
  await fillGuestCheckout(page, { email: email.toUpperCase(), notes: 'Call before coming' });
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(toast(page, 'Order placed successfully! Check WhatsApp for confirmation.')).toBeVisible();
  // A guest goes on to /browse at once; the confirmation stays over it with the order numbers.
  await expect(page).toHaveURL(/\/browse$/);
  const dialog = page.getByRole('dialog', { name: 'Order placed' });
  await expect(dialog).toBeVisible();
  const whatsappA = dialog.getByRole('link', { name: `Open WhatsApp for ${c.shopA.name}` });
  await expect(whatsappA).toHaveAttribute('href', /^https:\/\/wa\.me\/923001234567\?text=/);
  const text = decodeURIComponent((await whatsappA.getAttribute('href'))!.split('text=')[1]!);
  expect(text).toContain('Customer: Guest Shopper');
  expect(text).toContain('Notes: Call before coming');
  expect(text).toMatch(/Total: PKR\s?4,000\.00/);
  await expect(dialog.getByRole('link', { name: `Open WhatsApp for ${c.shopB.name}` })).toHaveAttribute('href', /^https:\/\/wa\.me\/923217654321\?/);
  const numbers = await dialog.getByText(/^ORD-\d{8}-\d{4}-\d{6}$/).allTextContents();
  expect(numbers).toHaveLength(2);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/browse$/);
  await expect(cartBadge(page)).toHaveCount(0);

  // Guest tracking: by email (case-insensitive), then by order number. By email alone an order shows
  // its city but not the address, phone or notes (product-decisions 4); the order number shows them.
  await page.goto('/guest/orders');
  await page.getByLabel('Email Address').fill(`  ${email.toUpperCase()} `);
  await expect(page.getByLabel('Order Number')).toBeDisabled();
  await page.getByRole('button', { name: 'Search Orders' }).click();
  const found = page.getByRole('list', { name: 'Orders found' }).getByRole('article');
  await expect(found).toHaveCount(2);
  await expect(found.first().getByText('Pending', { exact: true })).toBeVisible();
  await expect(found.first().getByText('Lahore', { exact: true })).toBeVisible();
  await expect(found.first().getByText('Search by order number to see the full address and phone.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Orders found' })).not.toContainText(/7 Canal View|5556677|Call before coming/);
  await page.getByLabel('Email Address').fill('');
  await page.getByLabel('Order Number').fill(` ${numbers[0]} `);
  await expect(page.getByLabel('Email Address')).toBeDisabled();
  await page.getByRole('button', { name: 'Search Orders' }).click();
  await expect(found).toHaveCount(1);
  await expect(found.getByText(numbers[0]!)).toBeVisible();
  await expect(found.getByText('7 Canal View')).toBeVisible();
  await expect(found.getByText('+92 300 5556677')).toBeVisible();
  await expect(found.getByText('Call before coming')).toBeVisible();
  await page.getByLabel('Order Number').fill('ORD-20000101-0001-000000');
  await page.getByRole('button', { name: 'Search Orders' }).click();
  await expect(page.getByRole('heading', { name: 'No Orders Found' })).toBeVisible();
  await expect(page.getByText("We couldn't find any orders matching your search criteria")).toBeVisible();
});

test('a signed-in buyer reviews a product and a shop, updates in place, orders and cancels', async ({ page }) => {
  const c = await seedCatalog();
  await signedInAs(page, 'buyer', 'Rita Reviewer');

  await page.goto(`/product/${c.mug.slug}`);
  await expect(page.getByRole('heading', { name: 'No reviews yet' })).toBeVisible();
  await page.getByRole('button', { name: 'Submit Review' }).click();
  await expect(toast(page, 'Please select a rating')).toBeVisible();
  await page.locator('label', { hasText: '4 stars' }).click();
  await page.getByLabel('Comment (optional)').fill('<img src=x onerror=alert(1)> Lovely mug');
  await page.getByRole('button', { name: 'Submit Review' }).click();
  await expect(toast(page, 'Review submitted')).toBeVisible();
  const reviews = page.getByRole('list', { name: 'Reviews' }).getByRole('listitem');
  await expect(reviews).toHaveCount(1);
  await expect(reviews.getByText('Rita Reviewer')).toBeVisible();
  await expect(reviews.getByText('<img src=x onerror=alert(1)> Lovely mug')).toBeVisible();
  await expect(page.getByRole('img', { name: /Rated 4\.0 out of 5 from 1 review/ }).first()).toBeVisible();

  await page.locator('label', { hasText: '2 stars' }).click();
  await page.getByLabel('Comment (optional)').fill('Chipped after a week');
  await page.getByRole('button', { name: 'Update Review' }).click();
  await expect(toast(page, 'Review updated')).toBeVisible();
  await expect(reviews).toHaveCount(1);
  await expect(reviews.getByText('Chipped after a week')).toBeVisible();

  await page.goto(`/shop/${c.shopA.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: c.shopA.name })).toBeVisible();
  await page.getByRole('tab', { name: /Reviews/ }).click();
  await expect(page.getByRole('heading', { name: 'No reviews yet' })).toBeVisible();
  await expect(page.getByPlaceholder('Share your experience...')).toBeVisible();
  await page.locator('label', { hasText: '5 stars' }).click();
  await page.getByRole('button', { name: 'Submit Review' }).click();
  await expect(toast(page, 'Review submitted successfully')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Reviews' }).getByRole('listitem')).toHaveCount(1);
  await page.locator('label', { hasText: '3 stars' }).click();
  await page.getByRole('button', { name: 'Update Review' }).click();
  await expect(toast(page, 'Review updated')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Reviews' }).getByRole('listitem')).toHaveCount(1);

  // Order as a signed-in buyer: the form is pre-filled, the order lands on /buyer/orders.
  await page.getByRole('tab', { name: 'Products' }).click();
  await page.getByRole('list', { name: 'Products' }).getByRole('button', { name: new RegExp(`Add to cart.*${c.mug.name}`) }).click();
  await expect(toast(page, 'Added to cart')).toBeVisible();
  await placeOrderSignedIn(page, 'Rita Reviewer');
  await page.getByRole('dialog', { name: 'Order placed' }).getByRole('button', { name: 'Done' }).click();
  const order = page.getByRole('list', { name: 'Orders' }).getByRole('article').first();
  await expect(order.getByText(c.shopA.name)).toBeVisible();
  await expect(order.getByText('Pending', { exact: true })).toBeVisible();
  await order.getByRole('button', { name: 'Cancel order' }).click();
  await page.getByRole('alertdialog', { name: 'Cancel this order?' }).getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(order.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(order.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
});

test('bad input gives a clear message or an empty result, never a crash', async ({ page }) => {
  const c = await seedCatalog();
  await page.goto('/browse');

  await page.evaluate(() => localStorage.setItem('cart', '{not json'));
  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/browse');

  await page.evaluate(
    ({ mug }) =>
      localStorage.setItem(
        'cart',
        JSON.stringify([
          { product_id: 987654, quantity: 1, price: 1, currency: 'PKR', product_name: 'Ghost', color: null, size: null, shop_id: 1 },
          { product_id: mug.id, quantity: -4, price: 1, currency: 'PKR', product_name: 'Negative', color: null, size: null, shop_id: 1 },
          { product_id: mug.id, quantity: 1e12, price: 1, currency: 'PKR', product_name: mug.name, color: null, size: null, shop_id: 1 },
          'garbage',
        ]),
      ),
    { mug: c.mug },
  );
  await page.goto('/cart');
  // Lines are listed per shop ("Items from <shop>"); the unknown product's shop is not revealed.
  await expect(page.getByRole('list', { name: /^Items from / }).getByRole('listitem')).toHaveCount(2);
  await expect(page.getByText('No longer available. Please remove it.')).toBeVisible();
  const mugLine = page.getByRole('listitem').filter({ hasText: c.mug.name });
  await expect(mugLine.getByLabel('Quantity', { exact: true })).toHaveText('999');
  await expect(mugLine.getByText('Only 30 left in stock')).toBeVisible();
  await expect(mugLine.getByText(/Price changed/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Proceed to Checkout' })).toBeDisabled();
  await page.getByRole('button', { name: 'Remove unavailable items' }).click();
  await expect(page.getByRole('list', { name: /^Items from / }).getByRole('listitem')).toHaveCount(1);

  // The server caps the units of one product per order (MAX_UNITS_PER_PRODUCT, 50 by default)...
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  const fillShipping = () =>
    fillGuestCheckout(page, { fullName: 'Greedy Guest', email: `greedy-${c.tag}@e2e.test`, phone: '+1 555 000 1234', address: '1 Road', city: 'Town', postalCode: '123' });
  await fillShipping();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(toast(page, `You can order at most 50 of "${c.mug.name}" in one order`)).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);

  // ...and refuses what the stock cannot cover, naming the product and what is left.
  await page.evaluate(() => {
    const cart = JSON.parse(localStorage.getItem('cart') ?? '[]') as Array<{ quantity: number }>;
    localStorage.setItem('cart', JSON.stringify(cart.map((line) => ({ ...line, quantity: 40 }))));
  });
  await page.reload();
  await fillShipping();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(toast(page, `Only 30 left of "${c.mug.name}": please lower the quantity`)).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);

  await page.goto('/product/no-such-product');
  await expect(toast(page, 'Product not found')).toBeVisible();
  await expect(page).toHaveURL(/\/browse$/);

  await page.goto('/shop/no-such-shop');
  await expect(page.getByRole('heading', { name: 'Shop not found' })).toBeVisible();

  await page.goto('/guest/orders');
  await page.getByRole('button', { name: 'Search Orders' }).click();
  await expect(toast(page, 'Please enter your email or order number')).toBeVisible();
  await page.getByLabel('Order Number').fill("GUEST-1700000000' or 1=1 --");
  await page.getByRole('button', { name: 'Search Orders' }).click();
  await expect(page.getByRole('heading', { name: 'No Orders Found' })).toBeVisible();
});

test('the product page answers link previews without JavaScript', async ({ request }) => {
  const c = await seedCatalog();
  const html = await (await request.get(`/product/${c.tee.slug}`)).text();
  // The page's own title (issue 20 made it "<product> · <shop> · Marketplace").
  expect(html).toContain(`<title>${c.tee.name} · ${c.shopA.name} · Marketplace</title>`);
  expect(html).toMatch(/<meta property="og:image" content="http:\/\/[^"]+\/uploads\/share\/[a-f0-9]+\.jpg" \/>/);
  expect(html).toContain('<meta property="og:image:width" content="1200" />');
  expect(html).not.toContain('__xss');
  const image = /property="og:image" content="http:\/\/[^/]+(\/uploads\/share\/[^"]+)"/.exec(html)?.[1];
  const response = await request.get(image!);
  expect(response.ok()).toBe(true);
  expect(response.headers()['content-type']).toBe('image/jpeg');
});

test('@phone a phone user browses a two-column grid and the cart badge updates at once', async ({ page }) => {
  const c = await seedCatalog();
  await page.goto(`/browse?shop=${c.shopA.slug}`);
  const cards = productGrid(page).getByRole('article');
  await expect(cards).toHaveCount(2);
  const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
  expect(Math.abs((first?.y ?? 0) - (second?.y ?? 1))).toBeLessThan(2);
  await productGrid(page).getByRole('button', { name: new RegExp(`Add to cart.*${c.mug.name}`) }).click();
  await expect(toast(page, 'Added to cart')).toBeVisible();
  await expect(cartBadge(page)).toHaveText('1');
});

test('the banner carousel links inside the app and opens other sites in a new tab', async ({ page }) => {
  const c = await seedCatalog();
  await seedSlider(`Sale ${c.tag}`, `/product/${c.mug.slug}`);
  await seedSlider(`Partner ${c.tag}`, 'https://partner.example/offer');
  await page.goto('/browse');
  const carousel = page.getByRole('region', { name: 'Featured' });
  await carousel.getByRole('button', { name: 'Pause banners' }).click();
  const slides = carousel.locator('[aria-roledescription="slide"]');
  const labelOf = async (title: string) => slides.filter({ has: page.locator(`a[aria-label^="${title}"]`) }).getAttribute('aria-label');
  const partner = Number((await labelOf(`Partner ${c.tag}`))!.split(' of ')[0]);
  await carousel.getByRole('button', { name: `Show banner ${partner}`, exact: true }).click();
  await expect(carousel.getByRole('link', { name: `Partner ${c.tag} (opens in a new tab)` })).toHaveAttribute('target', '_blank');
  const sale = Number((await labelOf(`Sale ${c.tag}`))!.split(' of ')[0]);
  await carousel.getByRole('button', { name: `Show banner ${sale}`, exact: true }).click();
  await carousel.getByRole('link', { name: `Sale ${c.tag}`, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/product/${c.mug.slug}$`));
});

test('the banner carousel fetches a slide\'s image only once the slide before it has been shown', async ({ page, browser }) => {
  const c = await seedCatalog();
  for (const n of [1, 2, 3, 4]) await seedSlider(`Deferred ${n} ${c.tag}`, '/shops');
  // The server's page (no JavaScript): the first two slides carry their images, the rest none.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noScript.newPage();
  await plain.goto('/browse');
  const plainSlides = plain.getByRole('region', { name: 'Featured' }).locator('[aria-roledescription="slide"]');
  expect(await plainSlides.count()).toBeGreaterThanOrEqual(4);
  expect(await plainSlides.evaluateAll((slides) => slides.map((slide) => slide.querySelectorAll('img').length))).toEqual([1, 1, ...Array((await plainSlides.count()) - 2).fill(0)]);
  await noScript.close();

  const fetched: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'image' && request.url().includes('/uploads/')) fetched.push(new URL(request.url()).pathname);
  });
  await page.goto('/browse');
  const carousel = page.getByRole('region', { name: 'Featured' });
  await carousel.getByRole('button', { name: 'Pause banners' }).click();
  await page.waitForLoadState('load');
  const slides = carousel.locator('[aria-roledescription="slide"]');
  const drawn = () => slides.evaluateAll((list) => list.map((slide) => (slide.querySelector('img') as HTMLImageElement | null)?.currentSrc ?? null));
  const atLoad = await drawn();
  expect(atLoad.slice(2).every((src) => src === null), JSON.stringify(atLoad)).toBe(true);
  // Showing the second brings the third's image, which is then fetched.
  await carousel.getByRole('button', { name: 'Next banner' }).click();
  await expect(slides.nth(2).locator('img')).toHaveJSProperty('complete', true);
  const third = (await drawn())[2]!;
  expect(third).toMatch(/\/uploads\//);
  expect(fetched).toContain(new URL(third).pathname);
  expect((await drawn()).slice(3).every((src) => src === null)).toBe(true);
});

test('the cart badge follows changes made in another tab', async ({ page, context }) => {
  const c = await seedCatalog();
  const other = await context.newPage();
  await page.goto('/browse');
  await other.goto(`/product/${c.lamp.slug}`);
  await other.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(toast(other, 'Added to cart')).toBeVisible();
  await expect(cartBadge(page)).toHaveText('1');
  await other.goto('/cart');
  await other.getByRole('button', { name: 'Clear Cart' }).click();
  await other.getByRole('alertdialog').getByRole('button', { name: 'Clear Cart' }).click();
  await expect(other.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  await expect(cartBadge(page)).toHaveCount(0);
});

test('a checkout whose answer is lost is placed once, even after a reload', async ({ page }) => {
  const c = await seedCatalog();
  await page.goto(`/product/${c.lamp.slug}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(toast(page, 'Added to cart')).toBeVisible();
  await page.goto('/checkout');
  const email = `lost-answer-${c.tag}@e2e.test`;
  await fillGuestCheckout(page, { fullName: 'Lena Retry', email, phone: '+92 300 5550000', address: '3 River Road' });

  // The server places the order, but its answer never reaches the browser (the network drops).
  let placed = 0;
  await page.route('**/api/trpc/orders.checkout*', async (route) => {
    const answer = await route.fetch();
    if (answer.ok()) placed += 1;
    await route.abort('connectionreset');
  });
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(toast(page, 'You appear to be offline. Check your connection.')).toBeVisible();
  expect(placed).toBe(1);
  await page.unroute('**/api/trpc/orders.checkout*');

  // The buyer reloads and places the order again, with an impatient double click: the same attempt,
  // answered with the order already placed.
  await page.reload();
  await expect(page.getByLabel('Full Name')).toHaveValue('Lena Retry');
  await page.getByRole('button', { name: 'Place Order' }).dblclick();
  await expect(toast(page, 'Order placed successfully! Check WhatsApp for confirmation.').first()).toBeVisible();
  const dialog = page.getByRole('dialog', { name: 'Order placed' });
  await expect(dialog.getByText(/^ORD-\d{8}-\d{4}-\d{6}$/)).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Done' }).click();

  await page.goto('/guest/orders');
  await page.getByLabel('Email Address').fill(email);
  await page.getByRole('button', { name: 'Search Orders' }).click();
  await expect(page.getByRole('list', { name: 'Orders found' }).getByRole('article')).toHaveCount(1);
});
