import { noteToasts, placeOrderSignedIn, signInViaUi, signUpViaUi, toast, uniqueEmail } from '../e2e/fixtures';
import { buyFromProductPage, expect, loadShop, newPerson, shopkeeperSession, SCALE_ADMIN, stack, test } from './scale-fixtures';

// The core flows of a person's browser through nginx in front of two instances on one PostgreSQL
// database and one bucket (global-setup.ts). Round robin without sticky sessions: consecutive requests
// of one page land on either instance, so every flow here crosses instances.

const productPath = () => `/product/${loadShop().productSlug}`;

test('a guest checks out and tracks the order by its number and by email', async ({ page }) => {
  const shop = loadShop();
  const email = uniqueEmail('guest');
  await page.goto('/browse');
  await page.getByLabel('Search products').fill(shop.productName);
  await page.getByRole('list', { name: 'Products' }).getByRole('link', { name: shop.productName }).click();
  await expect(page).toHaveURL(new RegExp(`${productPath()}$`));
  const orderNumber = await buyFromProductPage(page, productPath(), {
    fullName: 'Guest Shopper',
    email,
    phone: '+92 300 5556677',
    address: '7 Canal View',
    city: 'Lahore',
    postalCode: '54000',
  });

  await page.goto('/guest/orders');
  await page.getByLabel('Order Number').fill(orderNumber);
  await page.getByRole('button', { name: 'Search Orders' }).click();
  const found = page.getByRole('list', { name: 'Orders found' }).getByRole('article');
  await expect(found).toHaveCount(1);
  await expect(found.getByText(orderNumber)).toBeVisible();
  await expect(found.getByText('Pending', { exact: true })).toBeVisible();
  await expect(found.getByText('7 Canal View')).toBeVisible();
  await expect(found).toContainText(`${shop.productName} x 1`);

  await page.getByLabel('Order Number').fill('');
  await page.getByLabel('Email Address').fill(email);
  await page.getByRole('button', { name: 'Search Orders' }).click();
  await expect(found).toHaveCount(1);
  await expect(found.getByText(orderNumber)).toBeVisible();
});

test('a buyer signs up, checks out signed in and sees the order in My Orders', async ({ page }) => {
  const shop = loadShop();
  await signUpViaUi(page, uniqueEmail('buyer'), 'Rita Buyer');
  await expect(page).toHaveURL(/\/role-selection$/);
  await page.getByRole('button', { name: 'Continue as Buyer' }).click();
  await expect(toast(page, "Welcome! You're now a buyer.")).toBeVisible();
  await expect(page).toHaveURL(/\/browse$/);

  await page.goto(productPath());
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(toast(page, 'Added to cart')).toBeVisible();
  await placeOrderSignedIn(page, 'Rita Buyer');
  const dialog = page.getByRole('dialog', { name: 'Order placed' });
  const orderNumber = (await dialog.getByText(/^ORD-\d{8}-\d{4}-\d{6}$/).textContent())!;
  await dialog.getByRole('button', { name: 'Done' }).click();
  const order = page.getByRole('list', { name: 'Orders' }).getByRole('article').filter({ hasText: orderNumber });
  await expect(order.getByText(shop.shopName)).toBeVisible();
  await expect(order.getByText('Pending', { exact: true })).toBeVisible();
});

test("the shop's orders screen on one instance shows, without a reload, an order placed on the other", async ({ browser }) => {
  const [instanceA, instanceB] = stack().instanceUrls;
  const keeper = await newPerson(browser, { baseURL: instanceA, storageState: shopkeeperSession() });
  const guest = await newPerson(browser, { baseURL: instanceB });
  try {
    const toastsNoted = await noteToasts(keeper.page);
    // The live stream is open once its response has started: then instance A is listening.
    const streaming = keeper.page.waitForResponse((response) => new URL(response.url()).pathname === '/api/trpc/shopOrders.onActivity');
    await keeper.page.goto('/shop/orders');
    await expect(keeper.page.getByRole('heading', { level: 1 })).toBeVisible();
    expect((await streaming).status()).toBe(200);

    const orderNumber = await buyFromProductPage(guest.page, productPath(), {
      fullName: 'Live Guest',
      email: uniqueEmail('live'),
      phone: '+92 301 7654321',
      address: '12 Mall Road',
      city: 'Lahore',
      postalCode: '54000',
    });
    expect(new URL(guest.page.url()).origin).toBe(instanceB);

    await expect.poll(toastsNoted).toContain(`New order received: ${orderNumber}`);
    const card = keeper.page.getByRole('article', { name: `Order ${orderNumber}` });
    await expect(card).toBeVisible();
    await expect(card).toContainText('Live Guest');
    expect(new URL(keeper.page.url()).origin).toBe(instanceA);
  } finally {
    await keeper.context.close();
    await guest.context.close();
  }
});

test('the admin takes a product down and the public no longer sees it, from either instance', async ({ page, browser, request }) => {
  // The shopkeeper adds a product to be taken down (the others keep theirs).
  const keeper = await newPerson(browser, { storageState: shopkeeperSession() });
  const productName = 'Counterfeit Watch';
  await keeper.page.goto('/shop/products/create');
  await keeper.page.getByLabel('Product Name').fill(productName);
  await keeper.page.getByLabel('Selling Price').fill('15');
  await keeper.page.getByLabel('Stock').fill('5');
  await keeper.page.getByRole('button', { name: 'Create Product' }).click();
  await expect(toast(keeper.page, 'Product created successfully!')).toBeVisible();
  await keeper.context.close();

  // A guest sees it; both instances have answered its page (and may have cached it).
  const guest = await newPerson(browser);
  await guest.page.goto('/browse');
  await guest.page.getByLabel('Search products').fill(productName);
  await guest.page.getByRole('list', { name: 'Products' }).getByRole('link', { name: productName }).click();
  await expect(guest.page.getByRole('heading', { level: 1, name: productName })).toBeVisible();
  const path = new URL(guest.page.url()).pathname;
  for (const instance of stack().instanceUrls) expect((await request.get(`${instance}${path}`)).status(), `${instance}${path}`).toBe(200);

  await signInViaUi(page, SCALE_ADMIN.email, SCALE_ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/products');
  await page.getByLabel('Search products').fill(productName);
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: productName }) });
  await card.getByRole('button', { name: 'Deactivate' }).click();
  await expect(toast(page, 'Product deactivated successfully')).toBeVisible();
  await expect(card.getByText('Inactive', { exact: true })).toBeVisible();

  // Gone for the public at once, whichever instance answers.
  await guest.page.goto('/browse');
  await guest.page.getByLabel('Search products').fill(productName);
  await expect(guest.page.getByRole('heading', { name: 'No products found' })).toBeVisible();
  await guest.page.goto(path);
  await expect(toast(guest.page, 'Product not found')).toBeVisible();
  for (const instance of stack().instanceUrls) expect((await request.get(`${instance}${path}`)).status(), `${instance}${path}`).toBe(404);
  await guest.context.close();
});
