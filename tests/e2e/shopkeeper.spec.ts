import { expect, test } from '@playwright/test';
import { expireTrial } from './e2e-db';
import { signedInAs, toast } from './fixtures';
import { createShopViaUi, placeGuestOrder, pngFile } from './shopkeeper-fixtures';

test('a new shopkeeper creates a shop and a product, edits it, receives a live order, confirms and ships it', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  await signedInAs(page, 'shopkeeper', 'Sana Seller');

  // Create the shop: the URL follows the name.
  await page.goto('/shop/create');
  await page.getByLabel('Shop Name').fill('Sana Fabrics & Co');
  await expect(page.getByLabel('Shop URL')).toHaveValue('sana-fabrics-co');
  await page.getByLabel('WhatsApp Number').fill('+92 300 1234567');
  await page.getByLabel('Currency').selectOption({ label: 'USD — US Dollar' });
  await expect(page.getByLabel('Currency')).toHaveValue('USD');
  await page.getByLabel('Tax Rate (%)').fill('5');
  await page.getByRole('button', { name: 'Create Shop' }).click();
  await expect(toast(page, 'Shop created successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/shop\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sana Fabrics & Co' })).toBeVisible();

  // Create a product with two images, colors, sizes, a custom field and a discount.
  await page.getByRole('link', { name: 'Add Product' }).first().click();
  await expect(page).toHaveURL(/\/shop\/products\/create$/);
  await page.getByLabel('Product Name').fill('Lawn Kurta');
  await page.getByLabel('Brand').fill('Sana');
  await page.getByRole('button', { name: 'New category' }).click();
  await page.getByRole('button', { name: 'Create category' }).click();
  await expect(toast(page, 'Please enter a category name')).toBeVisible();
  await page.getByLabel('New category name').fill('Kurtas');
  await page.getByRole('button', { name: 'Create category' }).click();
  await expect(toast(page, 'Category created successfully')).toBeVisible();
  await expect(page.getByLabel('Category')).toHaveValue(/\d+/);
  await page.getByRole('textbox', { name: 'Description' }).click();
  await page.keyboard.type('Soft summer lawn.');
  await page.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type(' Hand stitched.');

  await page.getByLabel('Add images').setInputFiles([await pngFile('red.png', '#cc0000'), await pngFile('blue.png', '#0000cc')]);
  await expect(page.getByRole('img', { name: 'Product image 2' })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('listitem').filter({ has: page.getByRole('img', { name: 'Product image 2' }) }).getByLabel('Primary').check();

  await page.getByLabel('Selling Price').fill('40');
  await page.getByLabel('Stock').fill('20');
  await page.getByLabel('Discount Type').selectOption({ label: 'Percentage' });
  await page.getByLabel('Discount (%)').fill('25');
  await expect(page.getByText('Buyers pay $30.00')).toBeVisible();

  await page.getByLabel('Colors', { exact: true }).fill('#ff0000');
  await page.getByRole('button', { name: 'Add color' }).click();
  await page.getByLabel('Colors', { exact: true }).fill('#0000ff');
  await page.getByRole('button', { name: 'Add color' }).click();
  await expect(page.getByRole('list', { name: 'Chosen colors' }).getByRole('listitem')).toHaveCount(2);
  await page.getByLabel('Sizes', { exact: true }).fill('M');
  await page.getByLabel('Sizes', { exact: true }).press('Enter');
  await page.getByLabel('Sizes', { exact: true }).fill('L');
  await page.getByLabel('Sizes', { exact: true }).press('Enter');
  await expect(page.getByRole('list', { name: 'Chosen sizes' }).getByRole('listitem')).toHaveText(['M', 'L']);
  await page.getByRole('button', { name: 'Add field' }).click();
  await page.getByLabel('Field 1 name').fill('Material');
  await page.getByLabel('Field 1 value').fill('Cotton lawn');

  await page.getByRole('button', { name: 'Create Product' }).click();
  await expect(toast(page, 'Product created successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/shop\/products$/);
  const row = page.getByRole('listitem').filter({ hasText: 'Lawn Kurta' });
  await expect(row).toContainText('$30.00');
  await expect(row).toContainText('$40.00');
  await expect(row).toContainText('Stock: 20');

  // Edit it: the form holds what was saved.
  await row.getByRole('link', { name: 'Edit Lawn Kurta' }).click();
  await expect(page).toHaveURL(/\/shop\/products\/edit\/\d+$/);
  const productId = Number(page.url().split('/').pop());
  await expect(page.getByLabel('Selling Price')).toHaveValue('40.00');
  await expect(page.getByRole('img', { name: 'Product image 2' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Chosen sizes' }).getByRole('listitem')).toHaveText(['M', 'L']);
  await expect(page.getByRole('textbox', { name: 'Description' })).toContainText('Hand stitched.');
  await page.getByLabel('Product Name').fill('Lawn Kurta Deluxe');
  await page.getByLabel('Selling Price').fill('50');
  await page.getByRole('button', { name: 'Update Product' }).click();
  await expect(toast(page, 'Product updated successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/shop\/products$/);
  const edited = page.getByRole('listitem').filter({ hasText: 'Lawn Kurta Deluxe' });
  await expect(edited).toContainText('$37.50');
  await expect(edited.locator('img')).toHaveAttribute('src', /-thumb\.webp$/);

  // A new order arrives live on the dashboard, without a reload.
  await page.getByRole('link', { name: 'Home' }).first().click();
  await expect(page).toHaveURL(/\/shop\/dashboard$/);
  const stats = page.getByRole('region', { name: 'Shop statistics' });
  await expect(stats).toContainText('Total Orders0');
  await page.waitForTimeout(500); // the event stream connects
  const orderNumber = await placeGuestOrder(baseURL!, productId, { quantity: 2, color: '#ff0000', size: 'M' });
  await expect(toast(page, `New order received: ${orderNumber}`)).toBeVisible({ timeout: 3_000 });
  await expect(stats).toContainText('Total Orders1');
  await expect(stats).toContainText('Pending Orders1');

  // Confirm and ship it on /shop/orders.
  await page.getByRole('link', { name: /Orders/ }).first().click();
  await expect(page).toHaveURL(/\/shop\/orders$/);
  const order = page.getByRole('article', { name: `Order ${orderNumber}` });
  await expect(order).toContainText('Guest Buyer');
  await expect(order).toContainText('12 Mall Road');
  await expect(order).toContainText('Please call first');
  await expect(order).toContainText('Lawn Kurta Deluxe x 2');
  await expect(order).toContainText('$75.00');
  await expect(order.getByRole('link', { name: 'Message buyer on WhatsApp' })).toHaveAttribute('href', /^https:\/\/wa\.me\/923017654321\?text=/);
  await expect(order.getByRole('button', { name: 'Mark delivered' })).toHaveCount(0);
  await order.getByRole('button', { name: 'Confirm' }).click();
  await expect(toast(page, 'Order confirmed')).toBeVisible();
  await expect(order.getByText('Confirmed', { exact: true })).toBeVisible();
  await order.getByRole('button', { name: 'Mark shipped' }).click();
  const ship = page.getByRole('dialog', { name: `Ship order ${orderNumber}` });
  await ship.getByLabel('Courier').selectOption('Leopards');
  await ship.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(toast(page, 'Order shipped')).toBeVisible();
  await expect(order.getByText('Courier: Leopards')).toBeVisible();
  await expect(order.getByText('Shipped', { exact: true })).toBeVisible();
  await expect(order.getByRole('button', { name: 'Mark delivered' })).toBeVisible();
});

test('a second order arrives live on the orders screen too', async ({ page, baseURL }) => {
  await signedInAs(page, 'shopkeeper');
  await createShopViaUi(page, 'Live Orders Shop');
  const created = await page.request.post('/api/trpc/products.create', {
    data: { name: 'Tea', sellingPrice: '3.50', currency: 'USD', stockAmount: '9', unit: 'pieces' },
  });
  const productId = ((await created.json()) as { result: { data: { id: number } } }).result.data.id;
  await page.goto('/shop/orders');
  await expect(page.getByRole('heading', { name: 'No orders yet' })).toBeVisible();
  await page.waitForTimeout(500);
  const orderNumber = await placeGuestOrder(baseURL!, productId);
  await expect(page.getByRole('article', { name: `Order ${orderNumber}` })).toBeVisible({ timeout: 3_000 });
  await expect(toast(page, `New order received: ${orderNumber}`)).toBeVisible();
});

test("a buyer's cancellation shows on the shop's orders screen without a reload", async ({ page, browser }) => {
  await signedInAs(page, 'shopkeeper');
  await createShopViaUi(page, 'Cancel Watch Shop');
  const created = await page.request.post('/api/trpc/products.create', {
    data: { name: 'Candle', sellingPrice: '4', currency: 'USD', stockAmount: '9', unit: 'pieces' },
  });
  const productId = ((await created.json()) as { result: { data: { id: number } } }).result.data.id;

  const buyerPage = await browser.newPage();
  await signedInAs(buyerPage, 'buyer', 'Bea Buyer');
  const placed = await buyerPage.request.post('/api/trpc/orders.checkout', {
    data: {
      items: [{ productId, quantity: 1, color: null, size: null }],
      shipping: { fullName: 'Bea Buyer', email: 'bea@e2e.test', phone: '+15550002222', address: '1 Wax Lane', city: 'Wick', postalCode: '10001', notes: '' },
    },
  });
  const order = ((await placed.json()) as { result: { data: { orders: Array<{ id: number; orderNumber: string }> } } }).result.data.orders[0]!;

  await page.goto('/shop/orders');
  const card = page.getByRole('article', { name: `Order ${order.orderNumber}` });
  await expect(card.getByText('Pending', { exact: true })).toBeVisible();
  await page.waitForTimeout(500);
  const cancelled = await buyerPage.request.post('/api/trpc/orders.cancel', { data: { orderId: order.id } });
  expect(cancelled.ok(), await cancelled.text()).toBeTruthy();
  await expect(card.getByText('Cancelled', { exact: true })).toBeVisible({ timeout: 3_000 });
  await expect(card.getByRole('button', { name: 'Confirm' })).toHaveCount(0);
  await buyerPage.close();
});

test('bad input gets clear messages: bad prices and stock, oversized, non-image and corrupt uploads, a fifth image, a second shop', async ({ page }) => {
  await signedInAs(page, 'shopkeeper');
  // Uploads are for a shop: without one the server refuses before reading the file.
  const early = await page.request.post('/api/uploads', { multipart: { file: await pngFile('early.png', '#123456') } });
  expect(early.status()).toBe(403);
  expect(await early.json()).toEqual({ message: 'Create your shop before uploading images' });
  await createShopViaUi(page, 'Careful Shop');

  await page.goto('/shop/products/create');
  await page.getByLabel('Product Name').fill('Widget');
  await page.getByLabel('Selling Price').fill('-5');
  await page.getByLabel('Stock').fill('3');
  await page.getByRole('button', { name: 'Create Product' }).click();
  await expect(toast(page, 'Selling price must be an amount of 0 or more, like 12.99')).toBeVisible();
  // Prices are bounded so that every order's amounts stay exact.
  await page.getByLabel('Selling Price').fill('100000000');
  await page.getByRole('button', { name: 'Create Product' }).click();
  await expect(toast(page, 'Selling price must be at most $99,999,999.99')).toBeVisible();
  await page.getByLabel('Selling Price').fill('10');
  await page.getByLabel('Stock').fill('many');
  await page.getByRole('button', { name: 'Create Product' }).click();
  await expect(toast(page, 'Stock must be a whole number of 0 or more')).toBeVisible();
  await page.getByLabel('Stock').fill('3');
  await page.getByLabel('Discount Type').selectOption({ label: 'Fixed Amount' });
  await page.getByLabel('Discount (USD)').fill('12');
  await page.getByRole('button', { name: 'Create Product' }).click();
  await expect(toast(page, 'A fixed discount cannot be larger than the selling price')).toBeVisible();

  await page.getByLabel('Add images').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(toast(page, 'Please upload an image file')).toBeVisible();
  await page.getByLabel('Add images').setInputFiles({ name: 'broken.png', mimeType: 'image/png', buffer: Buffer.from('not really a png') });
  await expect(toast(page, 'Please upload an image file')).toBeVisible();
  await page.getByLabel('Add images').setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 1) });
  await expect(toast(page, 'Image size should be less than 5MB')).toBeVisible();
  // The server checks too, whatever the browser says.
  const sneaky = await page.request.post('/api/uploads', {
    multipart: { file: { name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') } },
  });
  expect(sneaky.status()).toBe(400);
  expect(await sneaky.text()).toContain('Please upload an image file');
  await page.getByLabel('Add images').setInputFiles([
    await pngFile('1.png', '#111111'),
    await pngFile('2.png', '#222222'),
    await pngFile('3.png', '#333333'),
    await pngFile('4.png', '#444444'),
    await pngFile('5.png', '#555555'),
  ]);
  await expect(toast(page, 'Maximum 4 images allowed')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Product images' })).toHaveCount(0);

  // Nothing was saved by any of it.
  await page.goto('/shop/products');
  await expect(page.getByRole('heading', { name: 'No products found' })).toBeVisible();

  // The one-shop rule and a taken URL, through the API the form uses.
  const again = await page.request.post('/api/trpc/shops.create', {
    data: { name: 'Second', slug: 'second-shop', whatsappNumber: '+15550001234', currency: 'USD' },
  });
  expect(await again.text()).toContain('You already have a shop. Only one shop per user is allowed.');
});

test('a taken shop URL is refused, and another shop\'s product cannot be edited', async ({ page, browser }) => {
  const first = await browser.newPage();
  const stamp = Date.now();
  const takenSlug = `taken-${stamp}`;
  await signedInAs(first, 'shopkeeper');
  await createShopViaUi(first, `Taken ${stamp}`);
  const theirs = await first.request.post('/api/trpc/products.create', {
    data: { name: 'Not Yours', sellingPrice: '5', currency: 'USD', stockAmount: '5', unit: 'pieces' },
  });
  const theirId = ((await theirs.json()) as { result: { data: { id: number } } }).result.data.id;
  await first.close();

  await signedInAs(page, 'shopkeeper');
  await page.goto('/shop/create');
  await page.getByLabel('Shop Name').fill('Anything');
  await page.getByLabel('Shop URL').fill(takenSlug);
  await page.getByLabel('WhatsApp Number').fill('+92 300 1234567');
  await page.getByRole('button', { name: 'Create Shop' }).click();
  await expect(toast(page, 'This shop URL is already taken. Please choose another.')).toBeVisible();
  await page.getByLabel('Shop URL').fill('dashboard');
  await page.getByRole('button', { name: 'Create Shop' }).click();
  await expect(toast(page, 'This shop URL is reserved. Please choose another.')).toBeVisible();
  await expect(page).toHaveURL(/\/shop\/create$/);

  // Another shop's product cannot be opened for editing, nor changed through the API.
  await page.getByLabel('Shop URL').fill(`mine-${stamp}`);
  await page.getByRole('button', { name: 'Create Shop' }).click();
  await expect(toast(page, 'Shop created successfully!')).toBeVisible();
  await page.goto(`/shop/products/edit/${theirId}`);
  await expect(toast(page, 'Product not found')).toBeVisible();
  await expect(page).toHaveURL(/\/shop\/products$/);
  const hijack = await page.request.post('/api/trpc/products.update', {
    data: { id: theirId, product: { name: 'Hijacked', sellingPrice: '1', currency: 'USD', stockAmount: '1', unit: 'pieces' } },
  });
  expect(hijack.status()).toBe(404);
});

test('a shopkeeper adds a product with an image on a phone @phone', async ({ page }) => {
  await signedInAs(page, 'shopkeeper');
  await createShopViaUi(page, 'Pocket Shop', { currency: 'PKR' });
  await page.getByRole('link', { name: 'Add Product' }).first().click();
  await page.getByLabel('Product Name').fill('Clay Pot');
  await page.getByLabel('Add images').setInputFiles(await pngFile('pot.png', '#a0522d'));
  await expect(page.getByRole('img', { name: 'Product image 1' })).toBeVisible({ timeout: 15_000 });
  await page.getByLabel('Selling Price').fill('1250');
  await page.getByLabel('Stock').fill('7');
  await page.getByRole('button', { name: 'Create Product' }).click();
  await expect(toast(page, 'Product created successfully!')).toBeVisible();
  const row = page.getByRole('listitem').filter({ hasText: 'Clay Pot' });
  await expect(row).toContainText('Stock: 7');
  await expect(row).toContainText('Low Stock');
  await expect(row).toContainText(/Rs|PKR/);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
});

test('settings save, Cancel returns to the dashboard, products can be deleted after confirming', async ({ page }) => {
  await signedInAs(page, 'shopkeeper');
  await createShopViaUi(page, 'Settings Shop');
  await page.goto('/shop/settings');
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/shop\/dashboard$/);

  await page.goto('/shop/settings');
  await page.getByLabel('Shop Name').fill('Settings Shop Renamed');
  await page.getByLabel('Upload logo').setInputFiles(await pngFile('logo.png', '#0d7a6f'));
  await expect(page.getByRole('img', { name: 'Logo preview' })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(toast(page, 'Shop settings updated successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/shop\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings Shop Renamed' })).toBeVisible();

  await page.request.post('/api/trpc/products.create', {
    data: { name: 'Disposable', sellingPrice: '1', currency: 'USD', stockAmount: '1', unit: 'pieces' },
  });
  await page.goto('/shop/products');
  await page.getByRole('button', { name: 'Delete Disposable' }).click();
  await expect(page.getByText('Are you sure you want to delete this product?')).toBeVisible();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Product deleted successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No products found' })).toBeVisible();
});

test('an expired trial shows the blocking dialog with a WhatsApp support link and refuses writes @phone', async ({ page }) => {
  const account = await signedInAs(page, 'shopkeeper');
  await createShopViaUi(page, 'Trial Shop');
  await expireTrial(account.email);
  await page.goto('/shop/dashboard');
  const dialog = page.getByRole('alertdialog', { name: 'Free Trial Expired' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Your 10-minute free trial has expired.');
  await expect(dialog).toContainText('To continue using the product as a shopkeeper, please contact our support team.');
  const support = dialog.getByRole('link', { name: /WhatsApp/ });
  await expect(support).toHaveAttribute('href', /^https:\/\/wa\.me\/15550001111/);
  await expect(page.getByText('15550001111')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  const write = await page.request.post('/api/trpc/products.create', {
    data: { name: 'Late', sellingPrice: '1', currency: 'USD', stockAmount: '1', unit: 'pieces' },
  });
  expect(write.status()).toBe(403);
  expect(await write.text()).toContain('Your 10-minute free trial has expired.');
  // A typed URL does not step around it.
  await page.goto('/shop/products/create');
  await expect(page.getByRole('alertdialog', { name: 'Free Trial Expired' })).toBeVisible();
});

test('a shopkeeper whose trial expired before creating a shop sees the dialog on /shop/create', async ({ page }) => {
  const account = await signedInAs(page, 'shopkeeper');
  await expireTrial(account.email);
  await page.goto('/shop/create');
  await expect(page.getByRole('alertdialog', { name: 'Free Trial Expired' })).toBeVisible();
});
